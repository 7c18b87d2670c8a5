#include "server/boards/board_replay.hpp"

#include <algorithm>
#include <memory>
#include <unordered_map>

namespace yunzi::boards {

Expected<Done, engine::MoveError> play_board_move(engine::Game& game, const engine::Move& move,
                                                  std::vector<engine::Vertex>* captured) {
  if (game.phase() == engine::Phase::scoring) game.resume_play();
  if (!move.vertex) return game.pass(move.color);
  auto played = game.play(move.color, *move.vertex);
  if (!played) return unexpected(played.error());
  if (captured) *captured = std::move(*played);
  return Done{};
}

Expected<Done, ReplayFailure> replay_tree(engine::Game start, const std::vector<db::BoardNodeRecord>& nodes,
                                          const PositionVisitor& visit) {
  if (visit) visit(0, start);
  std::unordered_map<std::int64_t, std::vector<std::size_t>> children;  // by parent id: indices into nodes
  for (std::size_t i = 0; i < nodes.size(); ++i) children[nodes[i].parent].push_back(i);

  // Subtree sizes, children before parents: a node's id is not bound to come after its parent's.
  std::unordered_map<std::int64_t, std::size_t> size;
  std::vector<std::pair<std::int64_t, bool>> order{{0, false}};
  while (!order.empty()) {
    auto [id, expanded] = order.back();
    order.pop_back();
    const auto below = children.find(id);
    if (!expanded) {
      order.emplace_back(id, true);
      if (below != children.end()) {
        for (std::size_t i : below->second) order.emplace_back(nodes[i].id, false);
      }
      continue;
    }
    std::size_t total = 1;
    if (below != children.end()) {
      for (std::size_t i : below->second) total += size[nodes[i].id];
    }
    size[id] = total;
  }

  // A pending child shares its parent's position until it is taken up.
  struct Pending {
    std::size_t index;  // into nodes
    std::shared_ptr<engine::Game> parent_position;
    int number;
  };
  std::vector<Pending> stack;
  auto push_children = [&](std::int64_t id, std::shared_ptr<engine::Game> position, int number) {
    const auto below = children.find(id);
    if (below == children.end()) return;
    std::vector<std::size_t> ordered = below->second;
    // The largest subtree is pushed first, so it is taken up last.
    std::stable_sort(ordered.begin(), ordered.end(),
                     [&](std::size_t a, std::size_t b) { return size[nodes[a].id] > size[nodes[b].id]; });
    for (std::size_t i : ordered) stack.push_back(Pending{i, position, number});
  };
  push_children(0, std::make_shared<engine::Game>(std::move(start)), 0);
  while (!stack.empty()) {
    Pending pending = std::move(stack.back());
    stack.pop_back();
    // The last child to take a position up takes it over instead of copying it.
    auto position = pending.parent_position.use_count() == 1 ? std::move(pending.parent_position)
                                                             : std::make_shared<engine::Game>(*pending.parent_position);
    pending.parent_position.reset();
    const db::BoardNodeRecord& node = nodes[pending.index];
    const int number = pending.number + 1;
    if (auto played = play_board_move(*position, node.move); !played) {
      return unexpected(ReplayFailure{node.id, number, played.error()});
    }
    if (visit) visit(node.id, *position);
    push_children(node.id, std::move(position), number);
  }
  return Done{};
}

}  // namespace yunzi::boards
