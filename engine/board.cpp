#include "engine/board.hpp"

#include <algorithm>
#include <cstring>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "engine/zobrist.hpp"

namespace yunzi::engine {
namespace {

bool is_stone(Cell c) { return c == Cell::black || c == Cell::white; }
Color color_of(Cell c) { return static_cast<Color>(c); }

// Collects the distinct chain heads among up to four neighbours.
struct HeadSet {
  Board::Index heads[4];
  int count = 0;
  bool add(Board::Index head) {
    for (int i = 0; i < count; ++i) {
      if (heads[i] == head) return false;
    }
    heads[count++] = head;
    return true;
  }
};

}  // namespace

namespace detail {

// Board's constructor fills every array, so the block is not zeroed first.
PointArrays::PointArrays(int points)
    : points_(points), block_(std::make_unique_for_overwrite<std::byte[]>(bytes_for(points, true))) {
  point_into_block(true);
}

PointArrays::PointArrays(const PointArrays& other)
    : points_(other.points_),
      block_(std::make_unique_for_overwrite<std::byte[]>(bytes_for(other.points_, other.has_chains()))) {
  std::memcpy(block_.get(), other.block_.get(), bytes_for(points_, other.has_chains()));
  point_into_block(other.has_chains());
}

PointArrays& PointArrays::operator=(const PointArrays& other) {
  if (this == &other) return *this;
  const bool chains = other.has_chains();
  if (!block_ || points_ != other.points_ || has_chains() != chains) {
    points_ = other.points_;
    block_ = std::make_unique_for_overwrite<std::byte[]>(bytes_for(points_, chains));
    point_into_block(chains);
  }
  std::memcpy(block_.get(), other.block_.get(), bytes_for(points_, chains));
  return *this;
}

void PointArrays::keep_cells_only() {
  auto cells = std::make_unique_for_overwrite<std::byte[]>(bytes_for(points_, false));
  std::memcpy(cells.get(), cells_, bytes_for(points_, false));
  block_ = std::move(cells);
  point_into_block(false);
}

std::unique_ptr<std::byte[]> PointArrays::make_room_for_chains() {
  auto cells = std::exchange(block_, std::make_unique_for_overwrite<std::byte[]>(bytes_for(points_, true)));
  point_into_block(true);
  return cells;
}

std::size_t PointArrays::bytes_for(int points, bool chains) {
  const auto n = static_cast<std::size_t>(points);
  if (!chains) return n * sizeof(Cell);
  return n * (sizeof(ChainInfo) + 4 * sizeof(Index) + sizeof(std::uint16_t) + sizeof(Cell));
}

void PointArrays::point_into_block(bool chains) {
  const auto n = static_cast<std::size_t>(points_);
  std::byte* at = block_.get();
  const auto take = [&](auto*& array) {
    using Element = std::remove_reference_t<decltype(*array)>;
    static_assert(alignof(ChainInfo) % alignof(Element) == 0);
    array = reinterpret_cast<Element*>(at);
    at += n * sizeof(Element);
  };
  if (chains) {
    take(chain_);
    take(head_);
    take(next_);
    take(empty_list_);
    take(empty_pos_);
    take(around_);
  } else {
    chain_ = nullptr;
    head_ = next_ = empty_list_ = empty_pos_ = nullptr;
    around_ = nullptr;
  }
  take(cells_);
}

}  // namespace detail

int Board::points_for(int size) {
  if (size < min_board_size || size > max_board_size) throw std::invalid_argument("board size out of range");
  return (size + 2) * (size + 1) + 1;
}

Board::Board(int size)
    : PointArrays(points_for(size)), size_(size), stride_(size + 1), row_reciprocal_((1 << row_shift) / stride_ + 1) {
  end_ = size_ * stride_ + size_ + 1;
  offsets_ = {-stride_, -1, 1, stride_};
  clear();
}

void Board::clear() {
  const int n = points();
  std::fill_n(cells_, n, Cell::wall);
  std::fill_n(head_, n, Index{0});
  std::fill_n(next_, n, Index{0});
  std::fill_n(chain_, n, ChainInfo{});
  std::fill_n(empty_list_, n, Index{0});
  std::fill_n(empty_pos_, n, Index{-1});
  std::fill_n(around_, n, std::uint16_t{0});
  hash_ = 0;
  ko_shape_point_ = -1;
  empty_count_ = 0;
  for (int y = 0; y < size_; ++y) {
    for (int x = 0; x < size_; ++x) {
      const Index i = index_of(Vertex{x, y});
      cells_[i] = Cell::empty;
      empty_pos_[i] = static_cast<Index>(empty_count_);
      empty_list_[empty_count_++] = i;
    }
  }
  for (int i = 0; i < end_; ++i) {
    if (cells_[i] == Cell::empty) around_[i] = count_around(i);
  }
}

// Called from destructors (a room's guard): out of memory, the board keeps
// its chains, which costs memory only.
void Board::drop_chains() noexcept {
  if (!has_chains()) return;
  try {
    keep_cells_only();
  } catch (const std::bad_alloc&) {
  }
}

// Placing the stones one by one on an empty board gives the same chains,
// pseudo-liberties and hash whatever the order: none of them is captured,
// since every chain of a position reached by legal moves has a liberty.
void Board::rebuild_chains() {
  const std::unique_ptr<std::byte[]> before = make_room_for_chains();
  const auto* stones = reinterpret_cast<const Cell*>(before.get());
  const int ko_shape_point = ko_shape_point_;
  clear();
  for (int i = 0; i < end_; ++i) {
    if (is_stone(stones[i])) place(color_of(stones[i]), i);
  }
  ko_shape_point_ = ko_shape_point;
}

std::optional<Color> Board::color_at(Vertex v) const {
  if (!contains(v)) return std::nullopt;
  const Cell c = at(v);
  if (!is_stone(c)) return std::nullopt;
  return color_of(c);
}

int Board::liberties_at(int index) const {
  assert(has_chains());
  if (!is_stone(cells_[index])) return 0;
  std::vector<std::uint32_t> marks(points(), 0);
  return count_liberties_from_scratch(head_[index], marks, 1);
}

int Board::liberties(Vertex v) const { return contains(v) ? liberties_at(index_of(v)) : 0; }

int Board::chain_size(Vertex v) const {
  assert(has_chains());
  if (!contains(v)) return 0;
  const Index i = index_of(v);
  return is_stone(cells_[i]) ? chain_[head_[i]].stones : 0;
}

std::vector<Vertex> Board::chain(Vertex v) const {
  std::vector<Vertex> stones;
  if (!contains(v) || !is_stone(at(v))) return stones;
  if (!has_chains()) return flood_chain(v);
  const int start = index_of(v);
  int s = start;
  do {
    stones.push_back(vertex_of(s));
    s = next_[s];
  } while (s != start);
  return stones;
}

std::vector<Vertex> Board::flood_chain(Vertex v) const {
  const Cell colour = at(v);
  std::vector<bool> seen(static_cast<std::size_t>(points()), false);
  std::vector<int> stack{index_of(v)};
  seen[static_cast<std::size_t>(stack.back())] = true;
  std::vector<Vertex> stones;
  while (!stack.empty()) {
    const int s = stack.back();
    stack.pop_back();
    stones.push_back(vertex_of(s));
    for (int offset : offsets_) {
      const int n = s + offset;
      if (cells_[n] == colour && !seen[static_cast<std::size_t>(n)]) {
        seen[static_cast<std::size_t>(n)] = true;
        stack.push_back(n);
      }
    }
  }
  return stones;
}

Expected<Done, MoveError> Board::check(Color c, Vertex v) const {
  if (!contains(v)) return unexpected(MoveError::off_board);
  return check_at(c, index_of(v));
}

Expected<Done, MoveError> Board::check_surrounded_at(Color c, int index) const {
  const Cell own = cell_of(c);
  for (int offset : offsets_) {
    const int n = index + offset;
    const Cell cell = cells_[n];
    if (cell == Cell::wall) continue;
    // A friendly chain with another liberty keeps the stone alive; an enemy
    // chain in atari is captured and frees a liberty.
    if ((cell == own) != chain_[head_[n]].in_atari()) return Done{};
  }
  return unexpected(MoveError::suicide);
}

std::uint64_t Board::hash_after_at(Color c, int index) const {
  assert(has_chains());
  std::uint64_t h = hash_ ^ zobrist::stone_key(c, index);
  const Cell enemy = cell_of(opponent(c));
  // Nothing can be captured without an enemy stone next to the point.
  if (neighbours_holding(enemy, index) == 0) return h;
  HeadSet seen;
  for (int offset : offsets_) {
    const int n = index + offset;
    if (cells_[n] != enemy) continue;
    const Index head = head_[n];
    if (!chain_[head].in_atari() || !seen.add(head)) continue;
    int s = head;
    do {
      h ^= zobrist::stone_key(opponent(c), s);
      s = next_[s];
    } while (s != head);
  }
  return h;
}

Expected<std::vector<Vertex>, MoveError> Board::play(Color c, Vertex v) {
  if (auto legal = check(c, v); !legal) return unexpected(legal.error());
  std::vector<Index> captured;
  play_at(c, index_of(v), &captured);
  return to_vertices(captured);
}

std::vector<Vertex> Board::to_vertices(const std::vector<Index>& indices) const {
  std::vector<Vertex> out;
  out.reserve(indices.size());
  for (Index i : indices) out.push_back(vertex_of(i));
  std::sort(out.begin(), out.end(), [](Vertex a, Vertex b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
  return out;
}

void Board::set_stone(Color c, int index) {
  cells_[index] = cell_of(c);
  const int change = (1 << around_shift(cell_of(c))) - (1 << around_shift(Cell::empty));
  for (int offset : offsets_) around_[index + offset] = static_cast<std::uint16_t>(around_[index + offset] + change);
  hash_ ^= zobrist::stone_key(c, index);
  const Index pos = empty_pos_[index];
  const Index last = empty_list_[--empty_count_];
  empty_list_[pos] = last;
  empty_pos_[last] = pos;
  empty_pos_[index] = -1;
}

void Board::set_empty(int index) {
  hash_ ^= zobrist::stone_key(color_of(cells_[index]), index);
  const int change = (1 << around_shift(cells_[index])) - (1 << around_shift(Cell::empty));
  for (int offset : offsets_) around_[index + offset] = static_cast<std::uint16_t>(around_[index + offset] - change);
  cells_[index] = Cell::empty;
  empty_pos_[index] = static_cast<Index>(empty_count_);
  empty_list_[empty_count_++] = static_cast<Index>(index);
}

int Board::place(Color c, int index) {
  set_stone(c, index);
  head_[index] = static_cast<Index>(index);
  next_[index] = static_cast<Index>(index);
  ChainInfo mine;
  mine.stones = 1;
  for (int offset : offsets_) {
    const int n = index + offset;
    const Cell cell = cells_[n];
    if (cell == Cell::empty) {
      mine.add(n);
    } else if (cell != Cell::wall) {
      chain_[head_[n]].take(index);
    }
  }
  chain_[index] = mine;
  const Cell own = cell_of(c);
  int head = index;
  for (int offset : offsets_) {
    const int n = index + offset;
    if (cells_[n] == own && head_[n] != head) head = merge_chains(head, head_[n]);
  }
  return head;
}

int Board::play_at(Color c, int index, std::vector<Index>* captured) {
  assert(has_chains());
  const int head = place(c, index);
  const Cell enemy = cell_of(opponent(c));
  int taken = 0;
  int last_taken = -1;
  for (int offset : offsets_) {
    const int n = index + offset;
    if (cells_[n] != enemy || chain_[head_[n]].pseudo != 0) continue;
    last_taken = head_[n];
    taken += remove_chain(last_taken, captured);
  }
  const ChainInfo& mine = chain_[head];
  ko_shape_point_ = (taken == 1 && mine.stones == 1 && mine.pseudo == 1) ? last_taken : -1;
  return taken;
}

int Board::merge_chains(int head_a, int head_b) {
  if (chain_[head_a].stones < chain_[head_b].stones) std::swap(head_a, head_b);
  int s = head_b;
  do {
    head_[s] = static_cast<Index>(head_a);
    s = next_[s];
  } while (s != head_b);
  std::swap(next_[head_a], next_[head_b]);
  ChainInfo& a = chain_[head_a];
  const ChainInfo& b = chain_[head_b];
  a.pseudo = static_cast<std::int16_t>(a.pseudo + b.pseudo);
  a.stones = static_cast<std::int16_t>(a.stones + b.stones);
  a.sum += b.sum;
  a.sum_squares += b.sum_squares;
  return head_a;
}

int Board::remove_chain(int head, std::vector<Index>* captured) {
  int count = 0;
  int s = head;
  do {
    set_empty(s);
    if (captured) captured->push_back(static_cast<Index>(s));
    ++count;
    s = next_[s];
  } while (s != head);
  // Each freed point is a pseudo-liberty of every stone next to it (all of
  // the capturer's colour: the chain's own stones are empty now).
  s = head;
  do {
    for (int offset : offsets_) {
      const int n = s + offset;
      if (is_stone(cells_[n])) chain_[head_[n]].add(s);
    }
    s = next_[s];
  } while (s != head);
  return count;
}

Expected<Done, MoveError> Board::add_stone(Color c, Vertex v) {
  if (!contains(v)) return unexpected(MoveError::off_board);
  assert(has_chains());
  const int index = index_of(v);
  if (cells_[index] != Cell::empty) return unexpected(MoveError::occupied);
  place(c, index);
  ko_shape_point_ = -1;
  return Done{};
}

bool Board::has_chain_without_liberties() const {
  assert(has_chains());
  for (int i = 0; i < end_; ++i) {
    if (is_stone(cells_[i]) && chain_[head_[i]].pseudo == 0) return true;
  }
  return false;
}

int Board::stone_count(Color c) const { return static_cast<int>(std::count(cells_, cells_ + end_, cell_of(c))); }

int Board::count_liberties_from_scratch(int head, std::vector<std::uint32_t>& marks, std::uint32_t mark) const {
  int liberties = 0;
  int s = head;
  do {
    for (int offset : offsets_) {
      const int n = s + offset;
      if (cells_[n] == Cell::empty && marks[n] != mark) {
        marks[n] = mark;
        ++liberties;
      }
    }
    s = next_[s];
  } while (s != head);
  return liberties;
}

Board::ChainInfo Board::count_pseudo_liberties(int head) const {
  ChainInfo info;
  int s = head;
  do {
    ++info.stones;
    for (int offset : offsets_) {
      if (cells_[s + offset] == Cell::empty) info.add(s + offset);
    }
    s = next_[s];
  } while (s != head);
  return info;
}

std::uint16_t Board::count_around(int index) const {
  int counts = 0;
  for (int offset : offsets_) {
    const Cell cell = cells_[index + offset];
    if (cell == Cell::wall) {
      counts += (1 << around_shift(Cell::black)) + (1 << around_shift(Cell::white));
    } else {
      counts += 1 << around_shift(cell);
    }
  }
  return static_cast<std::uint16_t>(counts);
}

bool Board::is_consistent() const {
  assert(has_chains());
  std::uint64_t hash = 0;
  int empties = 0;
  std::vector<std::uint32_t> marks(points(), 0);
  std::vector<int> chain_of(points(), -1);
  std::vector<int> stack;
  std::uint32_t mark = 0;
  for (int i = 0; i < end_; ++i) {
    const Cell cell = cells_[i];
    if (cell != Cell::wall && around_[i] != count_around(i)) return false;
    if (cell == Cell::empty) {
      ++empties;
      if (empty_pos_[i] < 0 || empty_pos_[i] >= empty_count_ || empty_list_[empty_pos_[i]] != i) return false;
      continue;
    }
    if (!is_stone(cell)) continue;
    hash ^= zobrist::stone_key(color_of(cell), i);
    if (chain_of[i] >= 0) continue;
    // Flood-fill the chain by adjacency, independent of the linked lists.
    int members = 0;
    stack.assign(1, i);
    chain_of[i] = i;
    while (!stack.empty()) {
      const int s = stack.back();
      stack.pop_back();
      ++members;
      if (head_[s] != head_[i]) return false;
      for (int offset : offsets_) {
        const int n = s + offset;
        if (cells_[n] == cell && chain_of[n] < 0) {
          chain_of[n] = i;
          stack.push_back(n);
        }
      }
    }
    const int head = head_[i];
    int listed = 0;
    int s = head;
    do {
      if (chain_of[s] != i || ++listed > members) return false;
      s = next_[s];
    } while (s != head);
    if (listed != members || chain_[head].stones != members) return false;
    const ChainInfo counted = count_pseudo_liberties(head);
    const ChainInfo& kept = chain_[head];
    if (kept.pseudo != counted.pseudo || kept.sum != counted.sum || kept.sum_squares != counted.sum_squares)
      return false;
    const bool one_liberty = count_liberties_from_scratch(head, marks, ++mark) == 1;
    if (kept.in_atari() != one_liberty) return false;
  }
  return hash == hash_ && empties == empty_count_;
}

}  // namespace yunzi::engine
