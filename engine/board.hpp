// The board: stones on a square grid of 2x2..25x25 with their chains, pseudo-liberties (an exact atari test) and an
// incremental Zobrist hash. It knows the rules of one move alone (occupied, suicide, captures); ko and repetition
// belong to Game. Points are indices into a padded 1-D array, so neighbours are always +-1 and +-stride: hot loops
// (playouts, Game) use the indices, everyone else Vertex (engine/README.md explains the layout).
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "core/expected.hpp"
#include "engine/types.hpp"

namespace yunzi::engine {

enum class Cell : std::uint8_t { empty = 0, black = 1, white = 2, wall = 3 };

constexpr Cell cell_of(Color c) { return static_cast<Cell>(c); }

namespace detail {

// A chain's pseudo-liberties: one entry per (stone, empty neighbour) pair,
// so a liberty next to two of the chain's stones counts twice. Keeping the
// count, the sum and the sum of squares of the entries' indices lets
// placing, merging and capturing add and subtract without telling shared
// liberties apart, and still answers "exactly one liberty" exactly: all
// entries are equal iff count * sum_squares == sum * sum (Cauchy-Schwarz).
struct ChainInfo {
  std::int16_t pseudo = 0;
  std::int16_t stones = 0;
  std::int32_t sum = 0;
  std::uint32_t sum_squares = 0;

  void add(int index) {
    ++pseudo;
    sum += index;
    sum_squares += static_cast<std::uint32_t>(index * index);
  }
  void take(int index) {
    --pseudo;
    sum -= index;
    sum_squares -= static_cast<std::uint32_t>(index * index);
  }
  bool in_atari() const {
    return static_cast<std::int64_t>(pseudo) * sum_squares == static_cast<std::int64_t>(sum) * sum;
  }
};

// The per-point arrays of one board in a single heap block sized to that board (421 points on 19x19, where the
// largest board needs 703: engine/README.md). Copying allocates once; moving takes the block, and a moved-from
// board may only be assigned to or destroyed. The block may hold the cells alone (keep_cells_only), one byte a
// point: what a board keeps between the moves of a live game.
class PointArrays {
 public:
  using Index = std::int16_t;

  explicit PointArrays(int points);
  PointArrays(const PointArrays& other);
  PointArrays& operator=(const PointArrays& other);
  PointArrays(PointArrays&& other) noexcept = default;
  PointArrays& operator=(PointArrays&& other) noexcept = default;
  ~PointArrays() = default;

  int points() const { return points_; }
  bool has_chains() const { return chain_ != nullptr; }

 protected:
  // Pointers into block_, widest type first so that each stays aligned.
  ChainInfo* chain_ = nullptr;  // valid at heads only
  Index* head_ = nullptr;       // chain head of each stone
  Index* next_ = nullptr;       // circular list of a chain's stones
  Index* empty_list_ = nullptr;
  Index* empty_pos_ = nullptr;  // position of a point in empty_list_
  // The four neighbours of each point counted by what they hold, 4 bits
  // each: empty, black or wall, white or wall (a wall borders an eye of
  // either colour). The eye test and a move with an empty neighbour (most
  // moves) then read one number instead of four cells.
  std::uint16_t* around_ = nullptr;
  Cell* cells_ = nullptr;

  // Moves the cells into a block of their own and frees the other arrays.
  void keep_cells_only();
  // Gives every array its place again, uninitialised, and returns the block
  // that held the cells until now.
  std::unique_ptr<std::byte[]> make_room_for_chains();

 private:
  static std::size_t bytes_for(int points, bool chains);
  void point_into_block(bool chains);

  int points_;
  std::unique_ptr<std::byte[]> block_;
};

}  // namespace detail

class Board : private detail::PointArrays {
 public:
  // Array layout for the largest board: 27 rows of stride 26, plus one.
  static constexpr int max_stride = max_board_size + 1;
  static constexpr int max_points = (max_board_size + 2) * max_stride + 1;
  using Index = std::int16_t;

  // size must lie in [min_board_size, max_board_size]; anything else is a
  // programming error (std::invalid_argument). Validate user input first.
  explicit Board(int size = 19);

  // Between the moves of a live game the board may keep its stones alone
  // (drop_chains): 421 bytes on 19x19 instead of 9.7 KB. Such a board
  // answers at(), color_at(), cell(), chain(), stone_count(), hash(),
  // ko_shape_point() and empty_count(); anything else needs
  // restore_chains() first, which rebuilds the chains from the stones (a
  // few microseconds on a full 19x19 board).
  using PointArrays::has_chains;
  void drop_chains() noexcept;
  void restore_chains() {
    if (!has_chains()) rebuild_chains();
  }

  int size() const { return size_; }
  int stride() const { return stride_; }

  // --- Vertex interface -------------------------------------------------
  Cell at(Vertex v) const { return cells_[index_of(v)]; }
  std::optional<Color> color_at(Vertex v) const;
  bool contains(Vertex v) const { return on_board(v, size_); }
  // Liberties (counted from the chain's stones) and stones of the chain
  // through v; 0 on an empty point.
  int liberties(Vertex v) const;
  int chain_size(Vertex v) const;
  // Every stone of the chain through v (empty when v is empty).
  std::vector<Vertex> chain(Vertex v) const;

  // Checks placement rules that need no history: off_board, occupied, suicide.
  Expected<Done, MoveError> check(Color c, Vertex v) const;
  // Checks like check(), then places the stone; returns the captured stones.
  Expected<std::vector<Vertex>, MoveError> play(Color c, Vertex v);

  // Puts a setup stone (SGF AB/AW, handicap) without capturing anything.
  // Fails on an occupied point. A setup may leave chains without liberties
  // for a moment; has_chain_without_liberties() tells the caller.
  Expected<Done, MoveError> add_stone(Color c, Vertex v);
  bool has_chain_without_liberties() const;

  // Zobrist hash of the stones alone (no side to move).
  std::uint64_t hash() const { return hash_; }
  // The hash the board would have after c plays at v (a legal move),
  // computed without touching the board.
  std::uint64_t hash_after(Color c, Vertex v) const { return hash_after_at(c, index_of(v)); }

  int stone_count(Color c) const;

  // --- Index interface (hot paths) --------------------------------------
  Index index_of(Vertex v) const { return static_cast<Index>((v.y + 1) * stride_ + v.x + 1); }
  Vertex vertex_of(int index) const {
    const int row = (index * row_reciprocal_) >> row_shift;
    return Vertex{index - row * stride_ - 1, row - 1};
  }
  Cell cell(int index) const { return cells_[index]; }
  // The vertices of these indices, sorted row by row from the top.
  std::vector<Vertex> to_vertices(const std::vector<Index>& indices) const;
  int liberties_at(int index) const;
  Expected<Done, MoveError> check_at(Color c, int index) const {
    assert(has_chains());
    if (cells_[index] != Cell::empty) return unexpected(MoveError::occupied);
    if (neighbours_holding(Cell::empty, index) > 0) return Done{};
    return check_surrounded_at(c, index);
  }
  std::uint64_t hash_after_at(Color c, int index) const;
  // Places a stone that check_at() accepted (anything else corrupts the
  // board); appends captured indices to *captured when given.
  // Returns the number of stones captured.
  int play_at(Color c, int index, std::vector<Index>* captured = nullptr);
  // The single captured stone's point when the last play_at captured exactly
  // one stone with a lone stone left in atari (the ko shape), else -1.
  int ko_shape_point() const { return ko_shape_point_; }

  // Empty points, in no particular order, kept incrementally.
  int empty_count() const { return empty_count_; }
  Index empty_point(int i) const {
    assert(has_chains());
    return empty_list_[i];
  }

  // True when every on-board neighbour of index holds a stone of colour c.
  bool is_single_point_eye(Color c, int index) const {
    assert(has_chains());
    return neighbours_holding(cell_of(c), index) == 4;
  }

  // Recounts every chain from scratch and compares with the incremental
  // bookkeeping (heads, stone counts, pseudo-liberties, hash, empty list).
  bool is_consistent() const;

 private:
  using ChainInfo = detail::ChainInfo;

  // The board size's points, checked first: std::invalid_argument outside
  // [min_board_size, max_board_size].
  static int points_for(int size);
  // The empty board: walls around, every array filled.
  void clear();
  void rebuild_chains();
  std::vector<Vertex> flood_chain(Vertex v) const;

  static constexpr int around_shift(Cell cell) { return 4 * static_cast<int>(cell); }
  // How many of the four neighbours hold `cell` (a wall counts as both colours).
  int neighbours_holding(Cell cell, int index) const { return (around_[index] >> around_shift(cell)) & 0xF; }
  // check_at() for a point without an empty neighbour.
  Expected<Done, MoveError> check_surrounded_at(Color c, int index) const;

  void set_empty(int index);
  void set_stone(Color c, int index);
  // Places a stone, takes its point from the chains around and joins it to
  // its own colour's chains; returns the head of its chain.
  int place(Color c, int index);
  int merge_chains(int head_a, int head_b);  // returns the surviving head
  int remove_chain(int head, std::vector<Index>* captured);
  int count_liberties_from_scratch(int head, std::vector<std::uint32_t>& marks, std::uint32_t mark) const;
  ChainInfo count_pseudo_liberties(int head) const;
  std::uint16_t count_around(int index) const;

  // index / stride_ as a multiply and a shift (vertex_of runs for every move
  // recorded): with the reciprocal rounded up, the error stays below
  // max_points / 2^row_shift, under 1 / stride_, so the quotient is exact.
  static constexpr int row_shift = 16;
  static_assert(max_points * max_stride < (1 << row_shift));

  int size_;
  int stride_;
  int row_reciprocal_;
  int end_;  // one past the last on-board index
  std::array<int, 4> offsets_;
  std::uint64_t hash_ = 0;
  int ko_shape_point_ = -1;
  int empty_count_ = 0;
};

}  // namespace yunzi::engine
