// The life-and-death solver: the fate of one group (the target) in a bounded region, with one side to move and both
// sides playing their best, proven by search. Moves are played only on the region's empty points; stones outside it
// never move, so a chain with a liberty outside the region cannot be captured (it has escaped). The rules are the
// engine's (no suicide, captures); repetition is positional superko along the searched line. Ko is settled by
// searching twice, once with each side allowed to retake at once (as if it always had a ko threat): a group that
// lives only when its owner wins the ko is `ko`. tsumego/README.md describes the search.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/board.hpp"
#include "engine/types.hpp"

namespace yunzi::tsumego {

// The target's fate, best for its owner first. `unknown`: the node budget ran out before a proof.
enum class Status : std::uint8_t { alive, seki, ko, dead, unknown };
std::string_view to_string(Status status);  // "alive" / "seki" / "ko" / "dead" / "unknown"
std::optional<Status> parse_status(std::string_view text);

struct LifeQuestion {
  engine::Board board;
  engine::Color to_move = engine::Color::black;
  engine::Vertex target;  // a stone of the group whose fate is asked
  // Where either side may play. Empty: every empty point of the smallest rectangle holding all the stones.
  std::vector<engine::Vertex> region;
  // The point the side to move may not take back at once (the previous move took a ko), if any.
  std::optional<engine::Vertex> ko_ban;
};

struct SolverLimits {
  std::uint64_t node_budget = 2'000'000;  // positions visited per question, every search included
  // Positions a solver remembers; past it the tables start afresh, so that one solver kept for many questions
  // (a server's, for the day's problem) holds bounded memory.
  std::size_t table_entries = 1 << 16;
};

// A move of the side to move; nullopt is a pass (playing elsewhere).
using Play = std::optional<engine::Vertex>;

struct LifeAnswer {
  Status status = Status::unknown;  // with the side to move playing first
  // Every move that reaches `status` for the side to move (empty when unknown, or when the target is not on the
  // board). A pass among them means the group's fate does not need a move here.
  std::vector<Play> best_moves;
  // For a ko: whether the side to move's best move itself takes the ko (its opponent then needs the first threat).
  bool takes_ko_first = false;
  // False when the budget ran out before every move of the side to move was judged: best_moves may then miss some.
  bool every_move_judged = true;
  std::uint64_t nodes = 0;  // positions visited
};

class LifeSolver {
 public:
  explicit LifeSolver(SolverLimits limits = {});
  ~LifeSolver();
  LifeSolver(const LifeSolver&) = delete;
  LifeSolver& operator=(const LifeSolver&) = delete;
  LifeSolver(LifeSolver&&) noexcept;
  LifeSolver& operator=(LifeSolver&&) noexcept;

  // The status and every best move. What it proves is kept, so questions about the same problem (one answer after
  // another) get faster; a new problem should get a new solver.
  LifeAnswer solve(const LifeQuestion& question);
  // The status alone (no search of the alternatives).
  LifeAnswer status(const LifeQuestion& question);

  const SolverLimits& limits() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace yunzi::tsumego
