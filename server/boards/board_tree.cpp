#include "server/boards/board_tree.hpp"

#include <algorithm>
#include <set>
#include <utility>

#include "server/boards/board_replay.hpp"

namespace yunzi::boards {

engine::GameSetup board_setup(const db::NewBoard& board) {
  engine::GameSetup setup;
  setup.size = board.size;
  setup.komi = board.komi;
  setup.ko_rule = board.ko_rule;
  setup.alternate = false;
  const bool placed = !board.setup_black.empty() || !board.setup_white.empty();
  setup.handicap = placed ? 0 : board.handicap;
  for (const engine::Vertex v : board.setup_black) setup.setup_stones.push_back({v, engine::Color::black});
  for (const engine::Vertex v : board.setup_white) setup.setup_stones.push_back({v, engine::Color::white});
  return setup;
}

BoardTree::BoardTree(db::BoardRecord record) : record_(std::move(record)) { reindex(); }

void BoardTree::reindex() {
  index_.clear();
  for (std::size_t i = 0; i < record_.nodes.size(); ++i) {
    index_[record_.nodes[i].id] = i;
    next_id_ = std::max(next_id_, record_.nodes[i].id + 1);
  }
  record_.node_count = node_count();
}

Expected<BoardTree, std::string> BoardTree::from_record(db::BoardRecord record) {
  BoardTree tree(std::move(record));
  auto start = engine::Game::create(board_setup(tree.record_));
  if (!start) return unexpected("the board cannot be set up: " + std::string(engine::describe(start.error())));
  if (!tree.has(tree.record_.current)) tree.record_.current = 0;
  if (auto replayed = replay_tree(std::move(*start), tree.record_.nodes); !replayed) {
    return unexpected("node " + std::to_string(replayed.error().node) + " does not replay");
  }
  return tree;
}

std::vector<const db::BoardNodeRecord*> BoardTree::path_to(std::int64_t node) const {
  std::vector<const db::BoardNodeRecord*> path;
  while (node != 0) {
    const auto it = index_.find(node);
    if (it == index_.end()) break;
    const db::BoardNodeRecord& record = record_.nodes[it->second];
    path.push_back(&record);
    node = record.parent;
  }
  std::reverse(path.begin(), path.end());
  return path;
}

engine::Color BoardTree::to_move_at(std::int64_t node) const {
  if (node != 0) {
    if (const auto it = index_.find(node); it != index_.end())
      return engine::opponent(record_.nodes[it->second].move.color);
  }
  for (const auto& child : record_.nodes) {
    if (child.parent == 0) return child.move.color;
  }
  return record_.handicap >= 2 ? engine::Color::white : engine::Color::black;
}

int BoardTree::number_of(std::int64_t node) const { return static_cast<int>(path_to(node).size()); }

std::optional<std::int64_t> BoardTree::parent_of(std::int64_t node) const {
  const auto it = index_.find(node);
  if (it == index_.end()) return std::nullopt;
  return record_.nodes[it->second].parent;
}

bool BoardTree::is_within(std::int64_t node, std::int64_t ancestor) const {
  for (;;) {
    if (node == ancestor) return true;
    const auto parent = parent_of(node);
    if (!parent) return false;
    node = *parent;
  }
}

Expected<engine::Game, std::string> BoardTree::game_at(std::int64_t node) const {
  auto game = engine::Game::create(board_setup(record_));
  if (!game) return unexpected("the board cannot be set up: " + std::string(engine::describe(game.error())));
  int number = 0;
  for (const db::BoardNodeRecord* step : path_to(node)) {
    ++number;
    if (!play_board_move(*game, step->move)) {
      return unexpected("move " + std::to_string(number) + " (node " + std::to_string(step->id) + ") does not replay");
    }
  }
  return std::move(*game);
}

Expected<PlannedMove, engine::MoveError> BoardTree::plan_move(std::int64_t from,
                                                              std::optional<engine::Vertex> vertex) const {
  PlannedMove plan;
  const engine::Move move{to_move_at(from), vertex};
  auto game = game_at(from);
  if (!game) return unexpected(engine::MoveError::game_over);
  if (auto played = play_board_move(*game, move, &plan.captured); !played) return unexpected(played.error());
  plan.number = number_of(from) + 1;
  const auto existing = std::find_if(record_.nodes.begin(), record_.nodes.end(),
                                     [&](const db::BoardNodeRecord& n) { return n.parent == from && n.move == move; });
  if (existing != record_.nodes.end()) {
    plan.node = *existing;
    return plan;
  }
  plan.node = db::BoardNodeRecord{next_id_, from, move};
  plan.added = true;
  return plan;
}

void BoardTree::add(const db::BoardNodeRecord& node) {
  index_[node.id] = record_.nodes.size();
  record_.nodes.push_back(node);
  next_id_ = std::max(next_id_, node.id + 1);
  record_.node_count = node_count();
}

std::int64_t BoardTree::cut(std::int64_t node) {
  // Parents come before their children, so one pass in order finds the whole subtree.
  std::set<std::int64_t> removed{node};
  for (const auto& n : record_.nodes) {
    if (removed.contains(n.parent)) removed.insert(n.id);
  }
  std::erase_if(record_.nodes, [&](const db::BoardNodeRecord& n) { return removed.contains(n.id); });
  // Ids of cut nodes are given again to later moves, which must not inherit a note.
  std::erase_if(record_.comments, [&](const auto& comment) { return removed.contains(comment.first); });
  reindex();
  return static_cast<std::int64_t>(removed.size());
}

protocol::BoardSummary board_summary(const db::BoardRecord& b) {
  return protocol::BoardSummary{b.id,         b.owner_name, b.title,       b.size,       b.komi,
                                b.handicap,   b.node_count, b.source_game, b.created_ms, b.updated_ms,
                                b.black_name, b.white_name, b.result};
}

protocol::BoardSummary BoardTree::summary() const { return board_summary(record_); }

protocol::BoardNode BoardTree::wire_node(const db::BoardNodeRecord& node) const {
  return protocol::BoardNode{node.id, node.parent, node.move, number_of(node.id), {}};
}

protocol::BoardTree BoardTree::wire_tree() const {
  protocol::BoardTree out;
  out.size = record_.size;
  out.current = record_.current;
  out.nodes.push_back(protocol::BoardNode{0, std::nullopt, std::nullopt, 0, {}});
  std::map<std::int64_t, int> numbers{{0, 0}};
  for (const auto& node : record_.nodes) {
    const int number = numbers[node.parent] + 1;
    numbers[node.id] = number;
    out.nodes.push_back(protocol::BoardNode{node.id, node.parent, node.move, number, {}});
  }
  for (protocol::BoardNode& node : out.nodes) {
    if (const auto comment = record_.comments.find(node.id); comment != record_.comments.end())
      node.comment = comment->second;
  }
  if (auto start = engine::Game::create(board_setup(record_))) {
    for (const engine::SetupStone& stone : start->start_stones()) {
      (stone.color == engine::Color::black ? out.black_setup : out.white_setup).push_back(stone.vertex);
    }
  }
  return out;
}

}  // namespace yunzi::boards
