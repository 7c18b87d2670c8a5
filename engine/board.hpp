// The board: stones on a square grid of 2x2..25x25 with their chains, exact
// liberty counts kept up to date on every placement and capture, and an
// incremental Zobrist hash of the stones. It knows the rules that concern one
// move alone (occupied, suicide, captures); ko and repetition belong to Game.
//
// Points are stored in a padded 1-D array (one wall row above and below, one
// wall column shared by the left and right edges), so the four neighbours of
// a point are always index +-1 and +-stride. Hot loops (playouts, Game) use
// these indices; everyone else uses Vertex.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/expected.hpp"
#include "engine/types.hpp"

namespace yunzi::engine {

enum class Cell : std::uint8_t { empty = 0, black = 1, white = 2, wall = 3 };

constexpr Cell cell_of(Color c) { return static_cast<Cell>(c); }

class Board {
 public:
  // Array layout for the largest board: 27 rows of stride 26, plus one.
  static constexpr int max_stride = max_board_size + 1;
  static constexpr int max_points = (max_board_size + 2) * max_stride + 1;
  using Index = std::int16_t;

  // size must lie in [min_board_size, max_board_size]; anything else is a
  // programming error (std::invalid_argument). Validate user input first.
  explicit Board(int size = 19);

  int size() const { return size_; }
  int stride() const { return stride_; }

  // --- Vertex interface -------------------------------------------------
  Cell at(Vertex v) const { return cells_[index_of(v)]; }
  std::optional<Color> color_at(Vertex v) const;
  bool contains(Vertex v) const { return on_board(v, size_); }
  // Liberties and stones of the chain through v; 0 on an empty point.
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
  Vertex vertex_of(int index) const { return Vertex{index % stride_ - 1, index / stride_ - 1}; }
  Cell cell(int index) const { return cells_[index]; }
  // The vertices of these indices, sorted row by row from the top.
  std::vector<Vertex> to_vertices(const std::vector<Index>& indices) const;
  int liberties_at(int index) const;
  Expected<Done, MoveError> check_at(Color c, int index) const;
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
  Index empty_point(int i) const { return empty_list_[i]; }

  // True when every on-board neighbour of index holds a stone of colour c.
  bool is_single_point_eye(Color c, int index) const;

  // Recounts every chain from scratch and compares with the incremental
  // bookkeeping (heads, stone counts, liberty counts, hash, empty list).
  bool is_consistent() const;

 private:
  struct ChainInfo {
    std::int16_t liberties = 0;
    std::int16_t stones = 0;
  };

  void set_empty(int index);
  void set_stone(Color c, int index);
  int merge_chains(int head_a, int head_b);  // returns the surviving head
  int remove_chain(int head, std::vector<Index>* captured);
  int count_liberties_from_scratch(int head, std::vector<std::uint32_t>& marks, std::uint32_t mark) const;

  int size_;
  int stride_;
  int end_;  // one past the last on-board index
  std::array<int, 4> offsets_;
  std::uint64_t hash_ = 0;
  int ko_shape_point_ = -1;
  int empty_count_ = 0;
  // Generation mark for liberty deduplication while merging.
  mutable std::uint32_t mark_generation_ = 0;

  std::array<Cell, max_points> cells_;
  std::array<Index, max_points> head_;       // chain head of each stone
  std::array<Index, max_points> next_;       // circular list of a chain's stones
  std::array<ChainInfo, max_points> chain_;  // valid at heads only
  std::array<Index, max_points> empty_list_;
  std::array<Index, max_points> empty_pos_;  // position of a point in empty_list_
  mutable std::array<std::uint32_t, max_points> marks_;
};

}  // namespace yunzi::engine
