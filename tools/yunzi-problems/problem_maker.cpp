#include "tools/yunzi-problems/problem_maker.hpp"

#include <algorithm>
#include <cmath>

#include "tools/yunzi-problems/capture_position.hpp"
#include "tsumego/attempt.hpp"
#include "tsumego/line_position.hpp"

namespace yunzi::problems {

using engine::Color;
using engine::Vertex;
using tsumego::Play;

namespace {

tsumego::Problem position_of(const EnclosedGroup& group, bool owner_to_move, int symmetry, bool owner_is_black) {
  const Color owner = owner_is_black ? Color::black : Color::white;
  const Color attacker = engine::opponent(owner);
  tsumego::Problem problem;
  problem.size = board_size;
  auto place = [&](const std::vector<Vertex>& points, Color color) {
    for (Vertex v : points) problem.stones.push_back({turned(v, symmetry), color});
  };
  place(group.group, owner);
  place(group.extra_owner, owner);
  place(group.wall, attacker);
  place(group.extra_attacker, attacker);
  for (Vertex v : group.region) problem.region.push_back(turned(v, symmetry));
  problem.to_move = owner_to_move ? owner : attacker;
  problem.goal = owner_to_move ? tsumego::Goal::live : tsumego::Goal::kill;
  // The question is about the group's largest chain, stated so that a ko (which meets neither goal) is still
  // found to be one.
  const engine::Board board = tsumego::board_of(problem);
  int largest = 0;
  for (Vertex v : group.group) {
    const Vertex at = turned(v, symmetry);
    if (const int size = board.chain_size(at); size > largest) {
      largest = size;
      problem.target = at;
    }
  }
  return problem;
}

bool has_liberty_for_every_chain(const tsumego::Problem& problem) { return tsumego::replay(problem, {}).has_value(); }

std::optional<std::size_t> add_node(tsumego::Problem& problem, std::size_t parent, Color color, const Play& move) {
  if (problem.tree.size() >= 200) return std::nullopt;
  problem.tree.push_back(tsumego::AnswerNode{color, move, tsumego::Mark::none, {}, {}});
  const std::size_t index = problem.tree.size() - 1;
  problem.tree[parent].children.push_back(index);
  return index;
}

// Plies of a right line: a chase of several ataris ends within it.
constexpr int longest_right_line = 24;

// The right line: the player's right move, the opponent's answer the solver finds hardest, until the solver
// calls it solved. nullopt when the line goes wrong (it should not) or runs long.
std::optional<std::size_t> right_line(tsumego::Problem& problem, const tsumego::Problem& bare, Play first,
                                      tsumego::LifeSolver& solver) {
  std::vector<Play> line;
  std::size_t at = 0;
  Play move = first;
  for (int plies = 0; plies < longest_right_line; plies += 2) {
    auto step = tsumego::judge_move(bare, line, move, solver);
    if (!step || step->outcome == tsumego::Outcome::failed) return std::nullopt;
    const std::optional<std::size_t> node = add_node(problem, at, problem.to_move, move);
    if (!node) return std::nullopt;
    at = *node;
    line.push_back(move);
    if (step->outcome == tsumego::Outcome::solved) {
      problem.tree[at].mark = tsumego::Mark::right;
      problem.tree[at].comment = "Right. 正解。";
      return plies / 2 + 1;
    }
    const std::optional<std::size_t> reply = add_node(problem, at, engine::opponent(problem.to_move), *step->reply);
    if (!reply) return std::nullopt;
    at = *reply;
    line.push_back(*step->reply);
    const std::optional<Play> next = tsumego::hint(bare, line, solver);
    if (!next) return std::nullopt;
    move = *next;
  }
  return std::nullopt;
}

// Tempting wrong first moves (next to the stones of both sides) with the solver's refutation.
void wrong_tries(tsumego::Problem& problem, const tsumego::Problem& bare, const std::vector<Play>& right,
                 tsumego::LifeSolver& solver, std::mt19937_64& rng, int count) {
  std::vector<Vertex> candidates;
  const engine::Board board = tsumego::board_of(bare);
  for (Vertex v : tsumego::problem_region(bare)) {
    if (board.at(v) != engine::Cell::empty || std::find(right.begin(), right.end(), Play{v}) != right.end()) continue;
    candidates.push_back(v);
  }
  std::shuffle(candidates.begin(), candidates.end(), rng);
  int added = 0;
  for (Vertex v : candidates) {
    if (added == count) break;
    auto step = tsumego::judge_move(bare, {}, Play{v}, solver);
    if (!step || step->outcome != tsumego::Outcome::failed || !step->reply || !*step->reply) continue;
    const std::optional<std::size_t> node = add_node(problem, 0, problem.to_move, Play{v});
    if (!node) return;
    const std::optional<std::size_t> reply = add_node(problem, *node, engine::opponent(problem.to_move), *step->reply);
    if (!reply) return;
    problem.tree[*reply].mark = tsumego::Mark::wrong;
    problem.tree[*reply].comment = "Wrong. 失败。";
    ++added;
  }
}

std::vector<std::string> themes_of(const Naming& naming, const tsumego::Problem& problem, tsumego::Status status,
                                   const Play& first) {
  const bool owns = tsumego::player_owns_target(problem);
  std::vector<std::string> themes{naming.where, *problem.goal == tsumego::Goal::capture ? "capturing"
                                                : owns                                  ? "living"
                                                                                        : "killing"};
  if (status == tsumego::Status::ko) themes.push_back("ko");
  if (status == tsumego::Status::seki) themes.push_back("seki");
  if (!naming.shape_theme.empty()) themes.push_back(naming.shape_theme);
  if (naming.from_game) themes.push_back("from a game");
  engine::Board board = tsumego::board_of(problem);
  const Vertex at = *first;
  const int enemy_before = static_cast<int>(board.stone_count(engine::opponent(problem.to_move)));
  if (board.play(problem.to_move, at)) {
    if (board.stone_count(engine::opponent(problem.to_move)) < enemy_before) themes.push_back("capture");
    if (board.liberties(at) == 1) themes.push_back("throw-in");
  }
  for (std::string& theme : capture_themes(problem)) themes.push_back(std::move(theme));
  return themes;
}

// The goal in English and in Chinese: "to live" and "活", and so on.
std::pair<std::string, std::string> goal_words(tsumego::Goal goal) {
  switch (goal) {
    case tsumego::Goal::live: return {"to live", "活"};
    case tsumego::Goal::kill: return {"to kill", "杀"};
    case tsumego::Goal::ko: return {"to make a ko", "劫"};
    case tsumego::Goal::capture: return {"to capture", "吃子"};
  }
  return {};
}

std::string title_of(const Naming& naming, const tsumego::Problem& problem) {
  const std::string side = problem.to_move == Color::black ? "Black" : "White";
  const std::string goal = goal_words(*problem.goal).first;
  if (!naming.shape_name.empty()) return side + " " + goal + " (" + naming.shape_name + ")";
  const std::string where = naming.where == "corner" ? "in the corner"
                            : naming.where == "side" ? "on the side"
                                                     : "in the centre";
  const std::string game = naming.source.empty() ? "a game" : naming.source;
  return side + " " + goal + " " + where + (naming.from_game ? ", from " + game : "");
}

std::string comment_of(const tsumego::Problem& problem) {
  const bool black = problem.to_move == Color::black;
  const auto [english, chinese] = goal_words(*problem.goal);
  return std::string(black ? "Black " : "White ") + english + ". " + (black ? "黑先" : "白先") + chinese + "。";
}

}  // namespace

std::optional<Made> finish_problem(tsumego::Problem bare, const Naming& naming, std::mt19937_64& rng,
                                   const MakerOptions& options) {
  if (!has_liberty_for_every_chain(bare)) return std::nullopt;
  tsumego::Verification first_check = tsumego::verify(bare, options.limits);
  // A group whose best is a ko makes a ko problem: the goal says so, and outright life or death would not meet it.
  if (!first_check.accepted && first_check.status == tsumego::Status::ko) {
    bare.goal = tsumego::Goal::ko;
    first_check = tsumego::verify(bare, options.limits);
  }
  const std::vector<Play>& firsts = first_check.first_moves;
  if (!first_check.accepted || firsts.empty() || firsts.size() > options.most_right_first_moves ||
      std::find(firsts.begin(), firsts.end(), Play{}) != firsts.end()) {
    return std::nullopt;
  }
  tsumego::LifeSolver solver(options.limits);
  tsumego::Problem problem = bare;
  problem.tree.assign(1, tsumego::AnswerNode{});
  std::optional<std::size_t> line_moves;
  for (const Play& first : firsts) {
    const std::optional<std::size_t> moves = right_line(problem, bare, first, solver);
    if (!moves) return std::nullopt;
    if (!line_moves) line_moves = moves;
  }
  wrong_tries(problem, bare, first_check.first_moves, solver, rng, options.wrong_tries);
  const tsumego::Verification checked = tsumego::verify(problem, options.limits);
  if (!checked.accepted) return std::nullopt;
  problem.title = title_of(naming, problem);
  problem.comment = comment_of(problem);
  problem.themes = themes_of(naming, problem, checked.status, first_check.first_moves.front());
  Made made{std::move(problem), 0};
  made.difficulty = std::log2(1.0 + static_cast<double>(first_check.nodes)) + 1.5 * static_cast<double>(*line_moves);
  return made;
}

std::optional<Made> make_problem(const EnclosedGroup& group, bool owner_to_move, int symmetry, bool owner_is_black,
                                 std::mt19937_64& rng, const MakerOptions& options) {
  const Naming naming{group.in_corner ? "corner" : "side", group.shape_name, group.shape_theme, false, ""};
  return finish_problem(position_of(group, owner_to_move, symmetry, owner_is_black), naming, rng, options);
}

}  // namespace yunzi::problems
