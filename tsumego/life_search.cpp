#include "tsumego/life_search.hpp"

#include <algorithm>
#include <limits>

#include "engine/zobrist.hpp"

namespace yunzi::tsumego {

using engine::Board;
using engine::Cell;
using engine::Color;

namespace {

constexpr int pass_move = -1;
constexpr int no_repetition = std::numeric_limits<int>::max();
constexpr std::uint64_t after_pass_key = 0x6A09E667F3BCC909ULL;
constexpr std::uint64_t ko_ban_key = 0xBB67AE8584CAA73BULL;

bool captures_at(const Board& board, Color player, int index, const Neighbours& around) {
  const Cell enemy = engine::cell_of(engine::opponent(player));
  for (int offset : around.offsets) {
    if (board.cell(index + offset) == enemy && board.liberties_at(index + offset) == 1) return true;
  }
  return false;
}

// Cheap hints of a move's worth: captures first, then saving a stone in atari, then moves next to many stones.
int move_score(const Board& board, Color player, int index, const Neighbours& around) {
  const Cell own = engine::cell_of(player);
  const Cell enemy = engine::cell_of(engine::opponent(player));
  int score = 0;
  for (int offset : around.offsets) {
    const Cell cell = board.cell(index + offset);
    if (cell == enemy) score += board.liberties_at(index + offset) == 1 ? 100 : 4 / board.liberties_at(index + offset);
    if (cell == own && board.liberties_at(index + offset) == 1) score += 50;
    if (cell == Cell::empty) score += 2;
    if (cell == own) score += 1;
  }
  return score;
}

// The empty points next to the chain through `index`, each once.
std::vector<int> chain_liberties(const Board& board, int index, const Neighbours& around) {
  std::vector<int> out;
  for (const engine::Vertex stone : board.chain(board.vertex_of(index))) {
    const int at = board.index_of(stone);
    for (int offset : around.offsets) {
      const int next = at + offset;
      if (board.cell(next) == Cell::empty && std::find(out.begin(), out.end(), next) == out.end()) out.push_back(next);
    }
  }
  return out;
}

// The only moves that can save a chain in atari: its liberty, and the liberty of each chain of the other colour
// next to it that is in atari too (taking it gives the chain liberties). Any other move leaves the one liberty
// for the opponent to take the chain.
std::vector<int> atari_escapes(const Board& board, int index, const Neighbours& around) {
  const Cell own = board.cell(index);
  std::vector<int> out;
  const auto add = [&out](int point) {
    if (std::find(out.begin(), out.end(), point) == out.end()) out.push_back(point);
  };
  for (const engine::Vertex stone : board.chain(board.vertex_of(index))) {
    const int at = board.index_of(stone);
    for (int offset : around.offsets) {
      const int next = at + offset;
      const Cell cell = board.cell(next);
      if (cell == Cell::empty) {
        add(next);
      } else if (cell != own && cell != Cell::wall && board.liberties_at(next) == 1) {
        for (const int liberty : chain_liberties(board, next, around)) add(liberty);
      }
    }
  }
  return out;
}

}  // namespace

LifeSearch::LifeSearch(bool seki_is_enough, bool owner_is_master)
    : seki_is_enough_(seki_is_enough),
      owner_is_master_(owner_is_master),
      history_(static_cast<std::size_t>(Board::max_points) * 2, 0) {}

std::uint64_t LifeSearch::key(const SearchPosition& position) const {
  std::uint64_t k = position.board.hash();
  if (position.to_move == Color::white) k ^= engine::zobrist::detail::keys.white_to_move;
  if (position.after_pass) k ^= after_pass_key;
  if (position.ko_ban >= 0) k ^= ko_ban_key * static_cast<std::uint64_t>(position.ko_ban + 1);
  return k;
}

std::vector<int> LifeSearch::moves(SearchScope& scope, const SearchPosition& position,
                                   const std::vector<std::uint64_t>& line, int* repeated_at) const {
  const Board& board = position.board;
  const Color player = position.to_move;
  const bool master = (player == scope.owner) == owner_is_master_;
  const Neighbours around(board);
  const bool target_standing = board.cell(scope.target) == engine::cell_of(scope.owner);
  const int target_liberties = target_standing ? board.liberties_at(scope.target) : 0;
  // The target in atari, its owner to move: a move that neither extends it nor takes a chain next to it loses it
  // at once. That answer is legal while no stone has been taken on the line: every earlier position then lacks a
  // stone on the target's liberty, so taking the target repeats none of them.
  const bool only_escapes = player == scope.owner && target_liberties == 1 && !position.taken_since_start;
  const std::vector<int> escapes = only_escapes ? atari_escapes(board, scope.target, around) : std::vector<int>{};
  // Two liberties, the attacker to move: an atari first, the move that chases a ladder.
  const std::vector<int> ataris = player != scope.owner && target_liberties == 2
                                      ? chain_liberties(board, scope.target, around)
                                      : std::vector<int>{};
  std::vector<std::pair<int, int>> scored;
  for (const Board::Index index : scope.region->points()) {
    if (board.cell(index) != Cell::empty || !board.check_at(player, index)) continue;
    if (only_escapes && std::find(escapes.begin(), escapes.end(), index) == escapes.end()) continue;
    const bool retake = index == position.ko_ban;
    if (retake && !master) continue;
    // Filling one's own one-point eye never saves a group; the owner is spared trying it.
    if (player == scope.owner && board.is_single_point_eye(player, index) &&
        !captures_at(board, player, index, around)) {
      continue;
    }
    const std::uint64_t next = board.hash_after_at(player, index);
    if (!retake) {
      // The latest place on the line of the position the move would repeat: the line from there on is the part
      // this result depends on.
      const auto seen = std::find(line.rbegin(), line.rend(), next);
      if (seen != line.rend()) {
        if (repeated_at != nullptr) *repeated_at = std::min(*repeated_at, static_cast<int>(line.rend() - seen) - 1);
        continue;
      }
    }
    const int chase = std::find(ataris.begin(), ataris.end(), index) != ataris.end() ? 40 : 0;
    scored.emplace_back(-move_score(board, player, index, around) - chase, index);
  }
  std::stable_sort(scored.begin(), scored.end());
  std::vector<int> out;
  out.reserve(scored.size() + 1);
  for (const auto& [score, index] : scored) out.push_back(index);
  if (!only_escapes) out.push_back(pass_move);
  return out;
}

SearchPosition LifeSearch::after(const SearchScope& scope, const SearchPosition& position, int move) {
  SearchPosition next{position.board, engine::opponent(position.to_move), -1, move == pass_move,
                      false,          position.taken_since_start};
  if (move == pass_move) return next;
  if (next.board.play_at(position.to_move, move) > 0) next.taken_since_start = true;
  next.ko_ban = next.board.ko_shape_point();
  next.target_taken = next.board.cell(scope.target) != engine::cell_of(scope.owner);
  return next;
}

std::size_t LifeSearch::history_slot(Color player, int move) {
  return static_cast<std::size_t>(move) * 2 + (player == Color::white ? 1 : 0);
}

void LifeSearch::order_by_history(Color player, std::vector<int>& candidates) const {
  // The pass stays last; among the points, those that proved something most often and deepest go first.
  const auto points_end =
      !candidates.empty() && candidates.back() == pass_move ? candidates.end() - 1 : candidates.end();
  std::stable_sort(candidates.begin(), points_end,
                   [&](int a, int b) { return history_[history_slot(player, a)] > history_[history_slot(player, b)]; });
}

Proof LifeSearch::prove(SearchScope& scope, const SearchPosition& position, std::vector<std::uint64_t>& line) {
  // First with a position reached again taken as unproven as before, then, if that proves nothing, without: a
  // repetition along another line may decide it where it did not before (the non-master's retake of a ko barred).
  for (const bool cut : {true, false}) {
    cut_unproven_ = cut;
    const Proof proof = deepen(scope, position, line);
    if (proof != Proof::unknown || scope.nodes >= scope.node_budget) return proof;
  }
  return Proof::unknown;
}

Proof LifeSearch::deepen(SearchScope& scope, const SearchPosition& position, std::vector<std::uint64_t>& line) {
  const int longest = std::min(2 * static_cast<int>(scope.region->points().size()) + 8, 160);
  Proof proof = Proof::unknown;
  for (int depth = std::min(4, longest); proof == Proof::unknown; depth = std::min(depth + 2, longest)) {
    int repeated_at = no_repetition;
    proof = search(scope, position, line, depth, repeated_at);
    if (depth == longest || scope.nodes >= scope.node_budget) break;
  }
  return proof;
}

Proof LifeSearch::search(SearchScope& scope, const SearchPosition& position, std::vector<std::uint64_t>& line,
                         int depth, int& repeated_at) {
  if (position.target_taken) return Proof::loss;
  if (scope.nodes >= scope.node_budget) return Proof::unknown;
  ++scope.nodes;
  if (scope.life.holds(position.board, scope.owner, scope.target, *scope.region)) return Proof::win;
  const std::uint64_t here = key(position);
  Entry* known = nullptr;
  if (auto found = table_.find(here); found != table_.end()) {
    if (found->second.proof != Proof::unknown) return found->second.proof;
    // Reached again by other moves: no less deep a search proves it, unless another line bars other moves.
    if (cut_unproven_ && found->second.searched >= depth) return Proof::unknown;
    known = &found->second;
  }
  if (depth == 0) return Proof::unknown;

  const bool owner_moves = position.to_move == scope.owner;
  const Proof wanted = owner_moves ? Proof::win : Proof::loss;
  // This position's place on the line: a repetition of it or of a later position is part of its own subtree,
  // met on whatever line leads here; only one of an earlier position makes the result hold on this line alone.
  const int here_on_line = static_cast<int>(line.size()) - 1;
  int repeated_below = no_repetition;
  std::vector<int> candidates = moves(scope, position, line, &repeated_below);
  order_by_history(position.to_move, candidates);
  if (known != nullptr && known->move >= -1) {
    auto hinted = std::find(candidates.begin(), candidates.end(), known->move);
    if (hinted != candidates.end()) std::rotate(candidates.begin(), hinted, hinted + 1);
  }

  int first_open = -2;
  for (const int move : candidates) {
    Proof proof;
    int child_repeated_at = no_repetition;
    if (move == pass_move && position.after_pass && !owner_moves) {
      // The attacker passes after the owner did, the target standing and not yet safe: a seki. Only the attacker
      // ends play so: after an attacker's pass a dead group's owner could otherwise pass and call it a seki.
      proof = seki_is_enough_ ? Proof::win : Proof::loss;
    } else {
      const SearchPosition next = after(scope, position, move);
      if (move != pass_move) line.push_back(next.board.hash());
      proof = search(scope, next, line, depth - 1, child_repeated_at);
      if (move != pass_move) line.pop_back();
    }
    if (proof == wanted) {
      if (move != pass_move)
        history_[history_slot(position.to_move, move)] += static_cast<std::uint64_t>(depth * depth);
      repeated_at = std::min(repeated_at, child_repeated_at);
      if (child_repeated_at >= here_on_line) table_[here] = Entry{proof, static_cast<std::int16_t>(move)};
      return proof;
    }
    repeated_below = std::min(repeated_below, child_repeated_at);
    if (proof == Proof::unknown && first_open == -2) first_open = move;
  }
  repeated_at = std::min(repeated_at, repeated_below);
  const bool line_decided = repeated_below < here_on_line;
  if (first_open != -2) {
    // Unproven for now: the next, deeper iteration tries the most promising move first.
    // Cut short by the budget, it was not searched to that depth: a later question with a budget of its own must
    // not take it as done.
    const bool cut_short = scope.nodes >= scope.node_budget;
    const auto searched = static_cast<std::int16_t>(line_decided || cut_short ? -1 : depth);
    table_[here] = Entry{Proof::unknown, static_cast<std::int16_t>(first_open), searched};
    return Proof::unknown;
  }
  const Proof proof = owner_moves ? Proof::loss : Proof::win;
  if (!line_decided) table_[here] = Entry{proof, -2};
  return proof;
}

}  // namespace yunzi::tsumego
