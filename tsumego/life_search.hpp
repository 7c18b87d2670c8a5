// One proof search of the solver: can the target's owner reach at least `goal` (seki or alive) with one side as
// ko master? Three-valued: proven, refuted, or unknown (depth or node budget). Proven results are kept in the
// search's table across calls, except those that a repetition of a position before them on the line decided (they
// hold only on that line).
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "engine/board.hpp"
#include "tsumego/region.hpp"
#include "tsumego/unconditional_life.hpp"

namespace yunzi::tsumego {

enum class Proof : std::uint8_t { win, loss, unknown };

// A position of the search: the board, the side to move, the point it may not take back at once (a ko), whether
// the last move was a pass, whether the target has been taken, and whether any stone has been taken since the
// question's position (until then every earlier position of the line holds a subset of this one's stones).
struct SearchPosition {
  engine::Board board;
  engine::Color to_move = engine::Color::black;
  int ko_ban = -1;
  bool after_pass = false;
  bool target_taken = false;
  bool taken_since_start = false;
};

// What every search of one question shares: the region, whose group is asked about, the nodes spent.
struct SearchScope {
  const Region* region = nullptr;
  engine::Color owner = engine::Color::black;
  int target = 0;  // the index of one stone of the target
  std::uint64_t node_budget = 0;
  std::uint64_t nodes = 0;
  UnconditionalLife life;
};

class LifeSearch {
 public:
  // seki_is_enough: the owner wins with a seki too; owner_is_master: the owner may retake a ko at once.
  LifeSearch(bool seki_is_enough, bool owner_is_master);

  // From `position`, with `line` the board hashes since the question's position (repetition is checked there).
  Proof prove(SearchScope& scope, const SearchPosition& position, std::vector<std::uint64_t>& line);

  // The moves of the side to move there, best first; -1 is a pass. Skips what the rules or the line forbid and,
  // the target in atari with its owner to move, every move that cannot save it (see atari_escapes).
  std::vector<int> moves(SearchScope& scope, const SearchPosition& position, const std::vector<std::uint64_t>& line,
                         int* repeated_at) const;
  // The position after `move` (an entry of moves()).
  static SearchPosition after(const SearchScope& scope, const SearchPosition& position, int move);

  std::size_t remembered() const { return table_.size(); }

 private:
  struct Entry {
    Proof proof = Proof::unknown;
    std::int16_t move = -2;  // the move that decided it, -2 when none
    // Unproven: the depth to which it was searched in vain, apart from any line (-1 when a repetition had a say or
    // the budget ran out).
    std::int16_t searched = -1;
  };

  // Iterative deepening up to the longest line the region allows.
  Proof deepen(SearchScope& scope, const SearchPosition& position, std::vector<std::uint64_t>& line);
  Proof search(SearchScope& scope, const SearchPosition& position, std::vector<std::uint64_t>& line, int depth,
               int& repeated_at);
  std::uint64_t key(const SearchPosition& position) const;
  static std::size_t history_slot(engine::Color player, int move);
  void order_by_history(engine::Color player, std::vector<int>& candidates) const;

  bool seki_is_enough_;
  bool owner_is_master_;
  bool cut_unproven_ = true;
  std::unordered_map<std::uint64_t, Entry> table_;
  // Per colour and point: how often and how deep a move of it proved its side's point (the history heuristic).
  std::vector<std::uint64_t> history_;
};

}  // namespace yunzi::tsumego
