#include "engine/estimate.hpp"

#include <algorithm>
#include <cstdlib>
#include <numeric>

namespace yunzi::engine {

namespace {

// Influence spreads this far (Manhattan distance) from a stone, halving with
// each step: 16 on the stone, 8 next to it, ... 1 at distance 4.
constexpr int influence_radius = 4;
constexpr int influence_weight[influence_radius + 1] = {16, 8, 4, 2, 1};
// A weak group is taken off when the influence of the other stones on its
// stones favours the opponent by more than this, on average, in units of one
// stone's own weight (0.1: a tenth of a stone lying on the group; a small
// margin so that evenly contested groups stay on).
constexpr double dead_dominance = 0.1;
// An open point counts as a group's eye space when its colour's influence
// there reaches this (a stone two points away gives 4)...
constexpr int eye_space_influence = 6;
// ...and a group with this much eye space can make two eyes.
constexpr int eye_space_for_two_eyes = 6;
// The guess stops after this many rounds of taking groups off (each round
// recounts eyes and influence without the stones taken off so far).
constexpr int max_rounds = 12;

struct Offset {
  int dx;
  int dy;
  int weight;
};

std::vector<Offset> influence_ball() {
  std::vector<Offset> ball;
  for (int dy = -influence_radius; dy <= influence_radius; ++dy) {
    for (int dx = -influence_radius; dx <= influence_radius; ++dx) {
      const int d = std::abs(dx) + std::abs(dy);
      if (d <= influence_radius) ball.push_back({dx, dy, influence_weight[d]});
    }
  }
  return ball;
}

int sign_of(Cell color) { return color == Cell::black ? 1 : -1; }
Cell other(Cell color) { return color == Cell::black ? Cell::white : Cell::black; }

// Groups: chains of one colour joined when they share a liberty (they can
// connect at will), judged alive or dead together.
class DeadStoneGuess {
 public:
  explicit DeadStoneGuess(const Board& board)
      : size_(board.size()),
        points_(size_ * size_),
        cells_(static_cast<std::size_t>(points_)),
        group_of_(static_cast<std::size_t>(points_), -1),
        region_of_(static_cast<std::size_t>(points_), -1),
        influence_(static_cast<std::size_t>(points_), 0),
        own_(static_cast<std::size_t>(points_), 0),
        marks_(static_cast<std::size_t>(points_), 0),
        ball_(influence_ball()) {
    for (int p = 0; p < points_; ++p) cells_[at(p)] = board.at(Vertex{p % size_, p / size_});
    build_groups();
  }

  std::vector<Vertex> run() {
    for (int round = 0; round < max_rounds; ++round) {
      find_regions();
      spread_influence();
      count_eyes();
      if (!take_off_dead_groups()) break;
    }
    std::vector<Vertex> dead;
    for (const Group& group : groups_) {
      if (!group.dead) continue;
      for (int p : group.stones) dead.push_back(Vertex{p % size_, p / size_});
    }
    std::sort(dead.begin(), dead.end());
    return dead;
  }

 private:
  struct Group {
    Cell color = Cell::empty;
    std::vector<int> stones;
    int liberties = 0;
    int eyes = 0;  // 0, 1 or 2 (two or more)
    bool dead = false;
  };
  struct Region {
    int points = 0;
    bool black = false;  // bordered by a black stone still on the board
    bool white = false;
  };

  static std::size_t at(int p) { return static_cast<std::size_t>(p); }

  template <class F>
  void for_each_neighbour(int p, F f) const {
    const int x = p % size_;
    const int y = p / size_;
    if (x > 0) f(p - 1);
    if (x + 1 < size_) f(p + 1);
    if (y > 0) f(p - size_);
    if (y + 1 < size_) f(p + size_);
  }

  bool is_stone(int p) const { return cells_[at(p)] == Cell::black || cells_[at(p)] == Cell::white; }
  bool still_on(int p) const { return !groups_[at(group_of_[at(p)])].dead; }  // for stones only
  // Empty, or a stone taken off as dead.
  bool is_open(int p) const { return !is_stone(p) || !still_on(p); }

  int find(std::vector<int>& parent, int c) {
    while (parent[at(c)] != c) c = parent[at(c)] = parent[at(parent[at(c)])];
    return c;
  }

  void build_groups() {
    // Chains first (flood fill), then union the chains around each empty point.
    std::vector<int> chain_of(at(points_), -1);
    std::vector<int> stack;
    int chains = 0;
    for (int p = 0; p < points_; ++p) {
      if (!is_stone(p) || chain_of[at(p)] >= 0) continue;
      chain_of[at(p)] = chains;
      stack.assign(1, p);
      while (!stack.empty()) {
        const int q = stack.back();
        stack.pop_back();
        for_each_neighbour(q, [&](int n) {
          if (cells_[at(n)] == cells_[at(p)] && chain_of[at(n)] < 0) {
            chain_of[at(n)] = chains;
            stack.push_back(n);
          }
        });
      }
      ++chains;
    }
    std::vector<int> parent(at(chains));
    std::iota(parent.begin(), parent.end(), 0);
    for (int p = 0; p < points_; ++p) {
      if (is_stone(p)) continue;
      int first[3] = {-1, -1, -1};  // by Cell value
      for_each_neighbour(p, [&](int n) {
        if (!is_stone(n)) return;
        int& seen = first[static_cast<int>(cells_[at(n)])];
        const int c = find(parent, chain_of[at(n)]);
        if (seen < 0) seen = c;
        else if (seen != c) parent[at(c)] = seen = find(parent, seen);
      });
    }
    std::vector<int> group_of_chain(at(chains), -1);
    for (int p = 0; p < points_; ++p) {
      if (!is_stone(p)) continue;
      const int root = find(parent, chain_of[at(p)]);
      if (group_of_chain[at(root)] < 0) {
        group_of_chain[at(root)] = static_cast<int>(groups_.size());
        groups_.push_back(Group{cells_[at(p)], {}, 0, 0, false});
      }
      const int g = group_of_chain[at(root)];
      group_of_[at(p)] = g;
      groups_[at(g)].stones.push_back(p);
    }
    for (Group& group : groups_) {
      ++generation_;
      for (int s : group.stones) {
        for_each_neighbour(s, [&](int n) {
          if (is_stone(n) || marks_[at(n)] == generation_) return;
          marks_[at(n)] = generation_;
          ++group.liberties;
        });
      }
    }
  }

  // The empty areas once the dead stones are off, and who borders them.
  void find_regions() {
    regions_.clear();
    std::fill(region_of_.begin(), region_of_.end(), -1);
    std::vector<int> stack;
    for (int p = 0; p < points_; ++p) {
      if (!is_open(p) || region_of_[at(p)] >= 0) continue;
      const int r = static_cast<int>(regions_.size());
      regions_.push_back({});
      region_of_[at(p)] = r;
      stack.assign(1, p);
      while (!stack.empty()) {
        const int q = stack.back();
        stack.pop_back();
        ++regions_[at(r)].points;
        for_each_neighbour(q, [&](int n) {
          if (is_open(n)) {
            if (region_of_[at(n)] < 0) {
              region_of_[at(n)] = r;
              stack.push_back(n);
            }
          } else if (cells_[at(n)] == Cell::black) {
            regions_[at(r)].black = true;
          } else {
            regions_[at(r)].white = true;
          }
        });
      }
    }
  }

  // A one-point eye whose diagonals the opponent holds (one on the edge, two
  // in the middle) can be filled: it is no eye.
  bool is_false_eye(int p, Cell color) const {
    const int x = p % size_;
    const int y = p / size_;
    int off_board = 0;
    int hostile = 0;
    for (const auto& [dx, dy] : {std::pair{-1, -1}, std::pair{1, -1}, std::pair{-1, 1}, std::pair{1, 1}}) {
      const int nx = x + dx;
      const int ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= size_ || ny >= size_) {
        ++off_board;
        continue;
      }
      const int n = ny * size_ + nx;
      if (cells_[at(n)] == other(color) && still_on(n)) ++hostile;
    }
    return off_board > 0 ? hostile >= 1 : hostile >= 2;
  }

  // Eyes: the regions next to a group that only its colour borders. A region
  // of three points or more counts as two (room for two eyes, or territory).
  void count_eyes() {
    for (Group& group : groups_) {
      if (group.dead) continue;
      group.eyes = 0;
      ++generation_;
      for (int s : group.stones) {
        for_each_neighbour(s, [&](int n) {
          if (!is_open(n) || group.eyes >= 2) return;
          const int r = region_of_[at(n)];
          if (marks_[at(r)] == generation_) return;  // regions never outnumber points
          marks_[at(r)] = generation_;
          const Region& region = regions_[at(r)];
          const bool own_only = group.color == Cell::black ? !region.white : !region.black;
          if (!own_only) return;
          if (region.points >= 3) group.eyes += 2;
          else if (region.points == 2 || !is_false_eye(n, group.color)) group.eyes += 1;
        });
      }
      if (group.eyes < 2 && eye_space(group) >= eye_space_for_two_eyes) group.eyes = 2;
      group.eyes = std::min(group.eyes, 2);
    }
  }

  // The open points the group's colour controls, reached from the group's
  // liberties through such points (counted up to eye_space_for_two_eyes):
  // room to make eyes in an area not yet closed off.
  int eye_space(const Group& group) {
    const int sign = sign_of(group.color);
    auto controlled = [&](int p) { return is_open(p) && sign * influence_[at(p)] >= eye_space_influence; };
    ++generation_;
    std::vector<int>& stack = stack_;
    stack.clear();
    int space = 0;
    for (int s : group.stones) {
      for_each_neighbour(s, [&](int n) {
        if (!controlled(n) || marks_[at(n)] == generation_) return;
        marks_[at(n)] = generation_;
        stack.push_back(n);
      });
    }
    while (!stack.empty() && space < eye_space_for_two_eyes) {
      const int p = stack.back();
      stack.pop_back();
      ++space;
      for_each_neighbour(p, [&](int n) {
        if (!controlled(n) || marks_[at(n)] == generation_) return;
        marks_[at(n)] = generation_;
        stack.push_back(n);
      });
    }
    return space;
  }

  void add_stone_influence(std::vector<int>& map, int p, int sign) const {
    const int x = p % size_;
    const int y = p / size_;
    for (const Offset& o : ball_) {
      const int nx = x + o.dx;
      const int ny = y + o.dy;
      if (nx < 0 || ny < 0 || nx >= size_ || ny >= size_) continue;
      map[at(ny * size_ + nx)] += sign * o.weight;
    }
  }

  void spread_influence() {
    std::fill(influence_.begin(), influence_.end(), 0);
    for (const Group& group : groups_) {
      if (group.dead) continue;
      for (int s : group.stones) add_stone_influence(influence_, s, sign_of(group.color));
    }
  }

  // How strongly the other stones' influence on the group's stones favours
  // the opponent, per stone, in units of a stone's own weight.
  double dominance(const Group& group) {
    for (int s : group.stones) add_stone_influence(own_, s, 1);
    const int sign = sign_of(group.color);
    long total = 0;
    for (int s : group.stones) total += -sign * (influence_[at(s)] - sign * own_[at(s)]);
    for (int s : group.stones) add_stone_influence(own_, s, -1);
    return static_cast<double>(total) / static_cast<double>(group.stones.size()) / influence_weight[0];
  }

  // A weak group next to another weak group that has no more liberties is in
  // seki or winning the race: it stays.
  bool holds_a_weak_neighbour(const Group& group) {
    bool holds = false;
    for (int s : group.stones) {
      for_each_neighbour(s, [&](int n) {
        if (!is_stone(n) || cells_[at(n)] == group.color) return;
        const Group& neighbour = groups_[at(group_of_[at(n)])];
        if (!neighbour.dead && neighbour.eyes < 2 && neighbour.liberties <= group.liberties) holds = true;
      });
    }
    return holds;
  }

  // Takes off the weak groups deep in the opponent's influence, the most
  // surely dead first. A group next to one taken off in this round waits for
  // the next round: it may be the stronger side, about to gain eyes from the
  // stones just taken off. Returns whether anything was taken off.
  bool take_off_dead_groups() {
    std::vector<std::pair<double, int>> candidates;
    for (int g = 0; g < static_cast<int>(groups_.size()); ++g) {
      Group& group = groups_[at(g)];
      if (group.dead || group.eyes >= 2) continue;
      const double d = dominance(group);
      if (d > dead_dominance && !holds_a_weak_neighbour(group)) candidates.push_back({d, g});
    }
    std::sort(candidates.begin(), candidates.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    // Regions and stones next to the groups taken off in this round.
    std::vector<char> near_region(regions_.size(), 0);
    std::vector<char> near_stone(at(points_), 0);
    bool took = false;
    for (const auto& [d, g] : candidates) {
      Group& group = groups_[at(g)];
      bool waits = false;
      for (int s : group.stones) {
        if (near_stone[at(s)]) waits = true;
        for_each_neighbour(s, [&](int n) {
          if (region_of_[at(n)] >= 0 && near_region[at(region_of_[at(n)])]) waits = true;
        });
      }
      if (waits) continue;
      group.dead = true;
      took = true;
      for (int s : group.stones) {
        for_each_neighbour(s, [&](int n) {
          if (is_stone(n)) near_stone[at(n)] = 1;
          // The region is looked up from the round's map, where s was still a stone.
          if (region_of_[at(n)] >= 0) near_region[at(region_of_[at(n)])] = 1;
        });
      }
    }
    return took;
  }

  int size_;
  int points_;
  std::vector<Cell> cells_;
  std::vector<Group> groups_;
  std::vector<int> group_of_;  // per stone, -1 on empty points
  std::vector<Region> regions_;
  std::vector<int> region_of_;   // per open point, -1 on stones still on
  std::vector<int> influence_;   // Black positive, White negative
  std::vector<int> own_;         // scratch: one group's own influence
  std::vector<unsigned> marks_;  // generation marks, by point or by region
  unsigned generation_ = 0;
  std::vector<int> stack_;
  std::vector<Offset> ball_;
};

}  // namespace

std::vector<Vertex> guess_dead_stones(const Board& board) { return DeadStoneGuess(board).run(); }

Estimate estimate_score(const Board& board, double komi, int handicap) {
  Estimate estimate;
  estimate.dead = guess_dead_stones(board);
  // The dead stones are stones of this board, so neither count can fail.
  estimate.territory = territory(board, estimate.dead).value();
  estimate.score = score_area(board, estimate.dead, komi, handicap).value();
  return estimate;
}

}  // namespace yunzi::engine
