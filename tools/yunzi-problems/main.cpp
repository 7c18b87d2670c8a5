// yunzi-problems: makes the starter library of life-and-death problems (tools/PROBLEMS.md), or mines a server's
// finished games for new ones. Every problem is one the solver proves one move decides, with its answer tree; the
// collection goes to stdout.
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>

#include "engine/sgf_record.hpp"
#include "tools/yunzi-problems/capture_position.hpp"
#include "tools/yunzi-problems/game_mining.hpp"
#include "tools/yunzi-problems/problem_maker.hpp"
#include "tools/yunzi-problems/stored_games.hpp"

using namespace yunzi;
using namespace yunzi::problems;

namespace {

struct Options {
  std::uint64_t seed = 1;
  std::size_t count = 320;
  MakerOptions maker;
  std::vector<std::string> games;  // records to mine
  std::string database;            // a yunzi database whose finished games to mine
  GameId games_after = 0;          // of those, the games with a larger id
  bool mined_only = false;         // no made problems: the mined ones alone, graded by their imports
  std::size_t most_from_games = 60;
  std::size_t captures = 40;  // capture problems (nets, snapbacks, ladders) among the rest
  // Positions cut out of games hold more open points than the made groups, so their proofs get a larger budget.
  MakerOptions mining{tsumego::SolverLimits{300'000}, 2};
};

std::optional<Options> read_options(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--mined-only") {
      options.mined_only = true;
      continue;
    }
    if (i + 1 >= argc) return std::nullopt;
    if (arg == "--mine") {
      while (i + 1 < argc && std::string(argv[i + 1]).rfind("--", 0) != 0) options.games.emplace_back(argv[++i]);
      continue;
    }
    try {
      if (arg == "--mine-db") {
        options.database = argv[++i];
      } else if (arg == "--games-after") {
        options.games_after = std::stoll(argv[++i]);
      } else if (arg == "--captures") {
        options.captures = std::stoul(argv[++i]);
      } else if (arg == "--most-from-games") {
        options.most_from_games = std::stoul(argv[++i]);
      } else if (arg == "--seed") {
        options.seed = std::stoull(argv[++i]);
      } else if (arg == "--count") {
        options.count = std::stoul(argv[++i]);
      } else if (arg == "--budget") {
        options.maker.limits.node_budget = std::stoull(argv[++i]);
      } else {
        return std::nullopt;
      }
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  return options;
}

// What makes two groups the same problem, before they are turned and coloured.
std::string key_of(const tsumego::Problem& bare) {
  std::vector<engine::SetupStone> stones = bare.stones;
  std::sort(stones.begin(), stones.end(),
            [](const auto& a, const auto& b) { return std::pair(a.vertex, a.color) < std::pair(b.vertex, b.color); });
  std::string key = bare.to_move == engine::Color::black ? "B" : "W";
  for (const auto& stone : stones) {
    key += std::to_string(stone.vertex.x) + ',' + std::to_string(stone.vertex.y) +
           (stone.color == engine::Color::black ? 'b' : 'w');
  }
  return key;
}

std::optional<engine::SgfRecord> read_record(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  auto game = engine::read_sgf_game(text.str());
  if (!in || !game) {
    std::cerr << "yunzi-problems: cannot read the game " << path << '\n';
    return std::nullopt;
  }
  return std::move(game->record);
}

std::string key_of(const EnclosedGroup& group, bool owner_to_move) {
  std::string key = owner_to_move ? "o" : "a";
  for (const auto* points : {&group.group, &group.wall, &group.extra_owner, &group.extra_attacker}) {
    std::vector<engine::Vertex> sorted = *points;
    std::sort(sorted.begin(), sorted.end());
    key += '|';
    for (engine::Vertex v : sorted) key += std::to_string(v.x) + ',' + std::to_string(v.y) + ';';
  }
  return key;
}

// Problems from games alone keep the grade their import's verification estimates: grading a handful by their
// order would say nothing.
int write_mined(const std::vector<Made>& made) {
  for (const Made& one : made) std::cout << tsumego::write_problem(one.problem) << '\n';
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::optional<Options> options = read_options(argc, argv);
  if (!options) {
    std::cerr << "usage: yunzi-problems [--seed N] [--count N] [--budget NODES] [--captures N] [--mine GAME.sgf...] "
                 "[--mine-db DATABASE [--games-after ID]] [--most-from-games N] [--mined-only] > problems.sgf\n";
    return 2;
  }
  std::mt19937_64 rng(options->seed);
  std::vector<Made> made;
  std::set<std::string> seen;
  auto offer = [&](const EnclosedGroup& group, bool owner_to_move, const MakerOptions& maker) {
    if (!seen.insert(key_of(group, owner_to_move)).second) return;
    const int symmetry = std::uniform_int_distribution<int>(0, 7)(rng);
    const bool owner_is_black = std::bernoulli_distribution(0.5)(rng);
    if (auto problem = make_problem(group, owner_to_move, symmetry, owner_is_black, rng, maker)) {
      made.push_back(std::move(*problem));
      std::cerr << "\rproblems: " << made.size() << std::flush;
    }
  };
  std::size_t from_games = 0;
  // False once enough problems came from games.
  auto mine = [&](const engine::SgfRecord& record, const std::string& source) {
    for (MinedPosition& mined : mine_game(record)) {
      if (from_games == options->most_from_games) return false;
      if (!seen.insert(key_of(mined.bare)).second) continue;
      mined.naming.source = source;
      if (auto problem = finish_problem(std::move(mined.bare), mined.naming, rng, options->mining)) {
        made.push_back(std::move(*problem));
        ++from_games;
        std::cerr << "\rproblems: " << made.size() << std::flush;
      }
    }
    return from_games < options->most_from_games;
  };
  for (const std::string& path : options->games) {
    const std::optional<engine::SgfRecord> record = read_record(path);
    if (!record) return 2;
    if (!mine(*record, "")) break;
  }
  if (!options->database.empty()) {
    GameId last = options->games_after;
    const auto mined = for_each_finished_game(options->database, options->games_after,
                                              [&](GameId id, const engine::SgfRecord& record) {
                                                last = id;
                                                return mine(record, "game " + std::to_string(id));
                                              });
    if (!mined) {
      std::cerr << "yunzi-problems: " << mined.error() << '\n';
      return 2;
    }
    // Where the next run starts (--games-after), so that a regular run mines each game once.
    std::cerr << "\nmined the games up to id " << last << '\n';
  }
  if (options->mined_only) return write_mined(made);
  for (const NamedShape& shape : classic_shapes()) {
    for (const bool in_corner : {true, false}) {
      std::vector<engine::Vertex> cells;
      for (engine::Vertex v : shape.cells) cells.push_back(engine::Vertex{v.x + (in_corner ? 0 : 8), v.y});
      EnclosedGroup group = enclose(cells, in_corner);
      group.shape_name = shape.name;
      group.shape_theme = "eye shape";
      offer(group, true, options->maker);
      offer(group, false, options->maker);
    }
  }
  // Capture problems: a quarter drawn for snapbacks and a quarter for ladders (each kept only when its right line
  // shows one), the rest any capture.
  auto make_captures = [&](auto draw, const std::string& shape, std::size_t wanted) {
    std::size_t kept = 0;
    for (std::size_t tries = 0; kept < wanted && tries < 20'000 * wanted; ++tries) {
      std::optional<CapturePosition> position = draw(rng);
      if (!position || !seen.insert(key_of(position->bare)).second) continue;
      auto problem = finish_problem(std::move(position->bare), position->naming, rng, options->maker);
      if (!problem) continue;
      const auto& themes = problem->problem.themes;
      if (!shape.empty() && std::find(themes.begin(), themes.end(), shape) == themes.end()) continue;
      made.push_back(std::move(*problem));
      ++kept;
      std::cerr << "\rproblems: " << made.size() << std::flush;
    }
  };
  const std::size_t per_shape = options->captures / 4;
  make_captures(tight_capture, "snapback", per_shape);
  make_captures(ladder_capture, "ladder", per_shape);
  make_captures(random_capture, "", options->captures - 2 * per_shape);
  for (const EnclosedGroup& row : second_line_rows()) {
    offer(row, true, options->maker);
    offer(row, false, options->maker);
  }
  // The named corner shapes are larger than the rest: each gets the budget a server's import checks with.
  MakerOptions corner = options->maker;
  corner.limits.node_budget = std::max(corner.limits.node_budget, tsumego::SolverLimits{}.node_budget);
  corner.most_right_first_moves = 3;
  // Every wrong first move with its refutation: judging one off the tree would take a server's solver past the
  // budget it allows a move.
  corner.wrong_tries = 16;
  for (const EnclosedGroup& shape : corner_shapes()) {
    offer(shape, true, corner);
    offer(shape, false, corner);
  }
  for (std::size_t tries = 0; made.size() < options->count && tries < 200 * options->count; ++tries) {
    offer(random_group(rng), std::bernoulli_distribution(0.5)(rng), options->maker);
  }
  std::cerr << '\n';
  // Grades from 18k to 9d by the order of difficulty, an even share at each: a first estimate that the problems'
  // ratings then correct.
  std::stable_sort(made.begin(), made.end(), [](const Made& a, const Made& b) { return a.difficulty < b.difficulty; });
  constexpr int grades = Rank::highest_index;
  for (std::size_t i = 0; i < made.size(); ++i) {
    tsumego::Problem& problem = made[i].problem;
    problem.grade = Rank::from_index(1 + static_cast<int>(i * grades / made.size()));
    problem.title = "Problem " + std::to_string(i + 1) + ": " + problem.title;
    std::cout << tsumego::write_problem(problem) << '\n';
  }
  return made.size() >= options->count ? 0 : 1;
}
