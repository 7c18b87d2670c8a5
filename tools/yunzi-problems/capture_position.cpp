#include "tools/yunzi-problems/capture_position.hpp"

#include <algorithm>
#include <set>

#include "tools/yunzi-problems/enclosed_group.hpp"
#include "tsumego/line_position.hpp"

namespace yunzi::problems {

using engine::Color;
using engine::Vertex;

namespace {

constexpr int square_side = 7;

int draw(int low, int high, std::mt19937_64& rng) { return std::uniform_int_distribution<int>(low, high)(rng); }

// Empty points of the square within `reach` (king's moves) of a stone of `near`.
std::vector<Vertex> free_points_near(const std::set<Vertex>& near, const std::set<Vertex>& taken, int reach) {
  std::vector<Vertex> out;
  for (int x = 0; x < square_side; ++x) {
    for (int y = 0; y < square_side; ++y) {
      const Vertex v{x, y};
      if (taken.contains(v)) continue;
      const bool close = std::any_of(near.begin(), near.end(), [&](Vertex s) {
        return std::max(std::abs(s.x - v.x), std::abs(s.y - v.y)) <= reach;
      });
      if (close) out.push_back(v);
    }
  }
  return out;
}

// Nothing hangs already (every chain keeps two liberties) and the target has two or three: a position where the
// first move matters, not one where a stone is simply taken. The scan covers the top-left square, where positions
// are drawn, on the turned board: for the turns that move the position elsewhere only the target's liberties are
// looked at. Screening every turn makes the crowded stretches that give snapbacks several times rarer, and the
// maker proves every position it keeps either way, so the committed library was made with this screen.
bool worth_asking(const engine::Board& board, Vertex target) {
  const int target_liberties = board.liberties(target);
  if (target_liberties < 2 || target_liberties > 3) return false;
  for (int x = 0; x < square_side; ++x) {
    for (int y = 0; y < square_side; ++y) {
      if (board.color_at({x, y}) && board.liberties({x, y}) < 2) return false;
    }
  }
  return true;
}

// A position drawn in the top-left corner, before it is turned and coloured.
struct Drawn {
  std::vector<Vertex> players;
  std::vector<Vertex> opponents;  // the target's stones first
  std::vector<Vertex> region;
};

Vertex pick(const std::vector<Vertex>& from, std::mt19937_64& rng) {
  return from[static_cast<std::size_t>(draw(0, static_cast<int>(from.size()) - 1, rng))];
}

std::vector<Vertex> rectangle(int width, int height) {
  std::vector<Vertex> out;
  for (int x = 0; x < width; ++x) {
    for (int y = 0; y < height; ++y) out.push_back({x, y});
  }
  return out;
}

// The drawn position turned, coloured and checked: nullopt unless the player to move catches the target and the
// opponent to move would save it.
std::optional<CapturePosition> capture_problem(const Drawn& drawn, std::mt19937_64& rng) {
  const Color player = std::bernoulli_distribution(0.5)(rng) ? Color::black : Color::white;
  const Color opponent = engine::opponent(player);
  const int symmetry = draw(0, 7, rng);
  tsumego::Problem problem;
  problem.size = board_size;
  for (Vertex v : drawn.players) problem.stones.push_back({turned(v, symmetry), player});
  for (Vertex v : drawn.opponents) problem.stones.push_back({turned(v, symmetry), opponent});
  problem.to_move = player;
  problem.goal = tsumego::Goal::capture;
  problem.target = turned(drawn.opponents.front(), symmetry);
  for (const Vertex v : drawn.region) problem.region.push_back(turned(v, symmetry));
  std::sort(problem.region.begin(), problem.region.end());
  const engine::Board board = tsumego::board_of(problem);
  if (!worth_asking(board, *problem.target)) return std::nullopt;

  // A cheap first look before the maker's full proof: most drawn positions are not problems.
  tsumego::LifeSolver quick(tsumego::SolverLimits{20'000});
  const auto ask = [&](Color to_move) {
    return quick.status(tsumego::LifeQuestion{board, to_move, *problem.target, problem.region, std::nullopt}).status;
  };
  if (ask(player) != tsumego::Status::dead || ask(opponent) != tsumego::Status::alive) return std::nullopt;
  return CapturePosition{std::move(problem), Naming{"corner", "", "", false, ""}};
}

}  // namespace

std::vector<tsumego::Play> main_line(const tsumego::Problem& problem) {
  std::vector<tsumego::Play> line;
  for (std::size_t at = 0; !problem.tree.empty() && !problem.tree[at].children.empty();) {
    at = problem.tree[at].children.front();
    line.push_back(problem.tree[at].move);
  }
  return line;
}

std::optional<CapturePosition> random_capture(std::mt19937_64& rng) {
  Drawn drawn;
  std::set<Vertex> target{{draw(1, 3, rng), draw(1, 3, rng)}};
  if (std::bernoulli_distribution(0.4)(rng)) {
    const Vertex first = *target.begin();
    const Vertex steps[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    const Vertex step = steps[draw(0, 3, rng)];
    target.insert({first.x + step.x, first.y + step.y});
  }
  std::set<Vertex> taken = target;
  drawn.opponents.assign(target.begin(), target.end());
  for (int stones = draw(2, 5, rng); stones > 0; --stones) {
    const std::vector<Vertex> free = free_points_near(target, taken, 1);
    if (free.empty()) break;
    drawn.players.push_back(pick(free, rng));
    taken.insert(drawn.players.back());
  }
  for (int stones = draw(0, 2, rng); stones > 0; --stones) {
    const std::vector<Vertex> free = free_points_near(target, taken, 3);
    if (free.empty()) break;
    drawn.opponents.push_back(pick(free, rng));
    taken.insert(drawn.opponents.back());
  }
  // The region is the ground within two points of the target: what lies beyond is open, and a search over the
  // whole square would not end.
  drawn.region = free_points_near(target, {}, 2);
  return capture_problem(drawn, rng);
}

std::optional<CapturePosition> tight_capture(std::mt19937_64& rng) {
  // A small, crowded stretch of the edge: the shapes where stones are given up to be taken back live here.
  const int width = draw(4, 6, rng);
  Drawn drawn;
  drawn.region = rectangle(width, 3);
  std::vector<Vertex> opponents;
  for (Vertex v : drawn.region) {
    const int roll = draw(0, 99, rng);
    if (roll < 40) {
      drawn.players.push_back(v);
    } else if (roll < 70) {
      opponents.push_back(v);
    }
  }
  if (opponents.empty()) return std::nullopt;
  // The target is the opponent's largest chain: its first stone leads the list.
  engine::Board board(board_size);
  for (Vertex v : opponents) board.add_stone(Color::white, v);
  std::stable_sort(opponents.begin(), opponents.end(),
                   [&](Vertex a, Vertex b) { return board.chain_size(a) > board.chain_size(b); });
  drawn.opponents = std::move(opponents);
  return capture_problem(drawn, rng);
}

std::optional<CapturePosition> ladder_capture(std::mt19937_64& rng) {
  const int x = draw(3, 6, rng);
  const int y = draw(3, 6, rng);
  Drawn drawn;
  // The stone's liberties face the corner; the stones behind it make every escape run into another atari.
  drawn.opponents = {{x, y}};
  drawn.players = {{x + 1, y}, {x, y + 1}, {x + 1, y - 1}};
  // The track: the four diagonals the chased stones and their liberties stand on, up to the stones behind. A
  // chain that gets a third liberty reaches beyond it, into open ground: the ladder has failed.
  for (int px = 0; px <= x + 1; ++px) {
    for (int py = 0; py <= y + 1; ++py) {
      if (px - py >= x - y - 1 && px - py <= x - y + 2) drawn.region.push_back({px, py});
    }
  }
  std::set<Vertex> taken(drawn.players.begin(), drawn.players.end());
  taken.insert(drawn.opponents.front());
  for (int stones = draw(0, 2, rng); stones > 0; --stones) {
    const Vertex v = pick(drawn.region, rng);
    if (!taken.insert(v).second) continue;
    (std::bernoulli_distribution(0.5)(rng) ? drawn.players : drawn.opponents).push_back(v);
  }
  return capture_problem(drawn, rng);
}

std::vector<std::string> capture_themes(const tsumego::Problem& problem) {
  if (!problem.target || !problem.goal || *problem.goal != tsumego::Goal::capture) return {};
  const std::vector<tsumego::Play> line = main_line(problem);
  const Vertex target = *problem.target;
  const Color player = problem.to_move;
  auto game = tsumego::replay(problem, {});
  if (!game) return {};
  const engine::Board start = game->board();
  std::vector<engine::Board> after;  // the board after each move of the line
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (!tsumego::play_on(*game, line[i], i)) return {};
    after.push_back(game->board());
  }
  if (after.empty()) return {};
  const auto taken = [&](const engine::Board& board) { return !board.color_at(target); };
  // Snapback: the opponent takes the player's first stone, and the player's next move takes the target.
  if (after.size() >= 3 && after[1].stone_count(player) < after[0].stone_count(player) && !taken(after[1]) &&
      taken(after[2])) {
    return {"snapback"};
  }
  // Ladder: three ataris or more in a row, each answered by running, until the target is taken.
  int ataris = 0;
  bool every_move_atari = true;
  for (std::size_t n = 0; n < after.size(); n += 2) {
    if (taken(after[n])) break;
    if (after[n].liberties(target) == 1) {
      ++ataris;
    } else {
      every_move_atari = false;
    }
  }
  if (every_move_atari && ataris >= 3) return {"ladder"};
  // Net: the first move is no atari, yet the target cannot get out.
  if (!taken(after[0]) && after[0].liberties(target) >= 2 && start.liberties(target) >= 2) return {"net"};
  return {};
}

}  // namespace yunzi::problems
