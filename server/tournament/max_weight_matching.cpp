#include "server/tournament/max_weight_matching.hpp"

#include <algorithm>
#include <deque>

namespace yunzi::tournament {

namespace {

// Indices 1..n are the graph's vertices, n+1..2n the blossoms made while
// searching; 0 stands for "none" throughout.
class BlossomMatcher {
 public:
  explicit BlossomMatcher(std::size_t n)
      : n_(n),
        size_(2 * n + 1),
        edge_(size_ * size_),
        dual_(size_, 0),
        mate_(size_, 0),
        slack_(size_, 0),
        top_(size_, 0),
        parent_(size_, 0),
        label_(size_, unlabelled),
        seen_(size_, 0),
        holder_(size_ * (n + 1), 0),
        children_(size_) {
    for (std::size_t u = 1; u <= n_; ++u) {
      for (std::size_t v = 1; v <= n_; ++v) at(u, v) = Edge{u, v, 0};
    }
  }

  void add(std::size_t u, std::size_t v, MatchWeight weight) {
    at(u, v).weight = std::max(at(u, v).weight, weight);
    at(v, u).weight = at(u, v).weight;
  }

  std::vector<std::optional<std::size_t>> solve() {
    blossoms_end_ = n_;
    MatchWeight heaviest = 0;
    for (std::size_t u = 1; u <= n_; ++u) {
      top_[u] = u;
      children_[u].clear();
      for (std::size_t v = 1; v <= n_; ++v) {
        holder(u, v) = u == v ? u : 0;
        heaviest = std::max(heaviest, at(u, v).weight);
      }
    }
    for (std::size_t u = 1; u <= n_; ++u) dual_[u] = heaviest;
    while (augment_once()) {
    }
    std::vector<std::optional<std::size_t>> mates(n_);
    for (std::size_t u = 1; u <= n_; ++u) {
      if (mate_[u] != 0) mates[u - 1] = mate_[u] - 1;
    }
    return mates;
  }

 private:
  struct Edge {
    std::size_t from = 0;
    std::size_t to = 0;
    MatchWeight weight = 0;
  };
  static constexpr int unlabelled = -1;
  static constexpr int outer = 0;
  static constexpr int inner = 1;

  Edge& at(std::size_t u, std::size_t v) { return edge_[u * size_ + v]; }
  std::size_t& holder(std::size_t blossom, std::size_t vertex) { return holder_[blossom * (n_ + 1) + vertex]; }

  // Twice the reduced cost of an edge: zero when it is tight.
  MatchWeight tightness(const Edge& e) const { return dual_[e.from] + dual_[e.to] - e.weight * 2; }

  void offer_slack(std::size_t u, std::size_t x) {
    if (slack_[x] == 0 || tightness(at(u, x)) < tightness(at(slack_[x], x))) slack_[x] = u;
  }

  void recompute_slack(std::size_t x) {
    slack_[x] = 0;
    for (std::size_t u = 1; u <= n_; ++u) {
      if (at(u, x).weight > 0 && top_[u] != x && label_[top_[u]] == outer) offer_slack(u, x);
    }
  }

  void enqueue(std::size_t x) {
    if (x <= n_) {
      queue_.push_back(x);
      return;
    }
    for (std::size_t child : children_[x]) enqueue(child);
  }

  void set_top(std::size_t x, std::size_t blossom) {
    top_[x] = blossom;
    if (x > n_) {
      for (std::size_t child : children_[x]) set_top(child, blossom);
    }
  }

  // Position of `child` in the blossom's cycle, after turning the cycle so
  // that the way from the base to it has an even length.
  std::size_t even_position(std::size_t blossom, std::size_t child) {
    auto& cycle = children_[blossom];
    const auto position = static_cast<std::size_t>(std::find(cycle.begin(), cycle.end(), child) - cycle.begin());
    if (position % 2 == 1) {
      std::reverse(cycle.begin() + 1, cycle.end());
      return cycle.size() - position;
    }
    return position;
  }

  void match_through(std::size_t u, std::size_t v) {
    mate_[u] = at(u, v).to;
    if (u <= n_) return;
    const Edge e = at(u, v);
    const std::size_t entry = holder(u, e.from);
    const std::size_t position = even_position(u, entry);
    for (std::size_t i = 0; i < position; ++i) match_through(children_[u][i], children_[u][i ^ 1]);
    match_through(entry, v);
    std::rotate(children_[u].begin(), children_[u].begin() + static_cast<std::ptrdiff_t>(position), children_[u].end());
  }

  void augment_path(std::size_t u, std::size_t v) {
    for (;;) {
      const std::size_t next = top_[mate_[u]];
      match_through(u, v);
      if (next == 0) return;
      match_through(next, top_[parent_[next]]);
      u = top_[parent_[next]];
      v = next;
    }
  }

  std::size_t common_ancestor(std::size_t u, std::size_t v) {
    ++stamp_;
    while (u != 0 || v != 0) {
      if (u != 0) {
        if (seen_[u] == stamp_) return u;
        seen_[u] = stamp_;
        u = top_[mate_[u]];
        if (u != 0) u = top_[parent_[u]];
      }
      std::swap(u, v);
    }
    return 0;
  }

  void make_blossom(std::size_t u, std::size_t base, std::size_t v) {
    std::size_t b = n_ + 1;
    while (b <= blossoms_end_ && top_[b] != 0) ++b;
    if (b > blossoms_end_) ++blossoms_end_;
    dual_[b] = 0;
    label_[b] = outer;
    mate_[b] = mate_[base];
    auto& cycle = children_[b];
    cycle.assign(1, base);
    for (std::size_t x = u; x != base;) {
      const std::size_t y = top_[mate_[x]];
      cycle.push_back(x);
      cycle.push_back(y);
      enqueue(y);
      x = top_[parent_[y]];
    }
    std::reverse(cycle.begin() + 1, cycle.end());
    for (std::size_t x = v; x != base;) {
      const std::size_t y = top_[mate_[x]];
      cycle.push_back(x);
      cycle.push_back(y);
      enqueue(y);
      x = top_[parent_[y]];
    }
    set_top(b, b);
    for (std::size_t x = 1; x <= blossoms_end_; ++x) at(b, x).weight = at(x, b).weight = 0;
    for (std::size_t x = 1; x <= n_; ++x) holder(b, x) = 0;
    for (std::size_t child : cycle) {
      for (std::size_t x = 1; x <= blossoms_end_; ++x) {
        if (at(b, x).weight == 0 || tightness(at(child, x)) < tightness(at(b, x))) {
          at(b, x) = at(child, x);
          at(x, b) = at(x, child);
        }
      }
      for (std::size_t x = 1; x <= n_; ++x) {
        if (holder(child, x) != 0) holder(b, x) = child;
      }
    }
    recompute_slack(b);
  }

  void open_blossom(std::size_t b) {
    for (std::size_t child : children_[b]) set_top(child, child);
    const std::size_t entry = holder(b, at(b, parent_[b]).from);
    const std::size_t position = even_position(b, entry);
    for (std::size_t i = 0; i < position; i += 2) {
      const std::size_t first = children_[b][i];
      const std::size_t second = children_[b][i + 1];
      parent_[first] = at(second, first).from;
      label_[first] = inner;
      label_[second] = outer;
      slack_[first] = 0;
      recompute_slack(second);
      enqueue(second);
    }
    label_[entry] = inner;
    parent_[entry] = parent_[b];
    for (std::size_t i = position + 1; i < children_[b].size(); ++i) {
      const std::size_t child = children_[b][i];
      label_[child] = unlabelled;
      recompute_slack(child);
    }
    top_[b] = 0;
  }

  // A tight edge reached from an outer vertex: grows the tree, closes a
  // blossom, or finds an augmenting path (true).
  bool follow(const Edge& e) {
    const std::size_t u = top_[e.from];
    const std::size_t v = top_[e.to];
    if (label_[v] == unlabelled) {
      parent_[v] = e.from;
      label_[v] = inner;
      const std::size_t next = top_[mate_[v]];
      slack_[v] = slack_[next] = 0;
      label_[next] = outer;
      enqueue(next);
    } else if (label_[v] == outer) {
      const std::size_t base = common_ancestor(u, v);
      if (base == 0) {
        augment_path(u, v);
        augment_path(v, u);
        return true;
      }
      make_blossom(u, base, v);
    }
    return false;
  }

  bool augment_once() {
    std::fill(label_.begin(), label_.begin() + static_cast<std::ptrdiff_t>(blossoms_end_ + 1), unlabelled);
    std::fill(slack_.begin(), slack_.begin() + static_cast<std::ptrdiff_t>(blossoms_end_ + 1), 0);
    queue_.clear();
    for (std::size_t x = 1; x <= blossoms_end_; ++x) {
      if (top_[x] == x && mate_[x] == 0) {
        parent_[x] = 0;
        label_[x] = outer;
        enqueue(x);
      }
    }
    if (queue_.empty()) return false;
    for (;;) {
      while (!queue_.empty()) {
        const std::size_t u = queue_.front();
        queue_.pop_front();
        if (label_[top_[u]] == inner) continue;
        for (std::size_t v = 1; v <= n_; ++v) {
          if (at(u, v).weight <= 0 || top_[u] == top_[v]) continue;
          if (tightness(at(u, v)) == 0) {
            if (follow(at(u, v))) return true;
          } else {
            offer_slack(u, top_[v]);
          }
        }
      }
      if (!adjust_duals()) return false;
      queue_.clear();
      for (std::size_t x = 1; x <= blossoms_end_; ++x) {
        if (top_[x] == x && slack_[x] != 0 && top_[slack_[x]] != x && tightness(at(slack_[x], x)) == 0) {
          if (follow(at(slack_[x], x))) return true;
        }
      }
      for (std::size_t b = n_ + 1; b <= blossoms_end_; ++b) {
        if (top_[b] == b && label_[b] == inner && dual_[b] == 0) open_blossom(b);
      }
    }
  }

  // Moves the duals by the largest step that keeps them feasible; false
  // when an outer vertex's dual reaches zero (no augmenting path pays).
  bool adjust_duals() {
    std::optional<MatchWeight> step;
    auto consider = [&step](MatchWeight value) {
      if (!step || value < *step) step = value;
    };
    for (std::size_t b = n_ + 1; b <= blossoms_end_; ++b) {
      if (top_[b] == b && label_[b] == inner) consider(dual_[b] / 2);
    }
    for (std::size_t x = 1; x <= blossoms_end_; ++x) {
      if (top_[x] != x || slack_[x] == 0) continue;
      if (label_[x] == unlabelled) consider(tightness(at(slack_[x], x)));
      if (label_[x] == outer) consider(tightness(at(slack_[x], x)) / 2);
    }
    for (std::size_t u = 1; u <= n_; ++u) {
      if (label_[top_[u]] == outer) {
        if (!step || dual_[u] <= *step) return false;
      }
    }
    for (std::size_t u = 1; u <= n_; ++u) {
      if (label_[top_[u]] == outer) dual_[u] -= *step;
      if (label_[top_[u]] == inner) dual_[u] += *step;
    }
    for (std::size_t b = n_ + 1; b <= blossoms_end_; ++b) {
      if (top_[b] != b) continue;
      if (label_[b] == outer) dual_[b] += *step * 2;
      if (label_[b] == inner) dual_[b] -= *step * 2;
    }
    return true;
  }

  std::size_t n_;
  std::size_t size_;
  std::size_t blossoms_end_ = 0;
  std::vector<Edge> edge_;
  std::vector<MatchWeight> dual_;
  std::vector<std::size_t> mate_;
  std::vector<std::size_t> slack_;
  std::vector<std::size_t> top_;
  std::vector<std::size_t> parent_;
  std::vector<int> label_;
  std::vector<unsigned> seen_;
  unsigned stamp_ = 0;
  std::vector<std::size_t> holder_;
  std::vector<std::vector<std::size_t>> children_;
  std::deque<std::size_t> queue_;
};

}  // namespace

std::vector<std::optional<std::size_t>> max_weight_matching(std::size_t vertices,
                                                            const std::vector<WeightedEdge>& edges) {
  if (vertices == 0) return {};
  BlossomMatcher matcher(vertices);
  for (const WeightedEdge& e : edges) {
    if (e.a != e.b && e.a < vertices && e.b < vertices && e.weight > 0) matcher.add(e.a + 1, e.b + 1, e.weight);
  }
  return matcher.solve();
}

}  // namespace yunzi::tournament
