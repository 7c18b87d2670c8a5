#include "protocol/board_messages.hpp"

namespace yunzi::protocol {

using nlohmann::json;

json to_json(const BoardSummary& board) {
  return {{"id", board.id},
          {"owner", board.owner},
          {"title", board.title},
          {"size", board.size},
          {"komi", board.komi},
          {"handicap", board.handicap},
          {"nodes", board.nodes},
          {"game", board.game ? json(*board.game) : json(nullptr)},
          {"created_at", board.created_at},
          {"updated_at", board.updated_at},
          {"black", board.black},
          {"white", board.white},
          {"result", board.result}};
}

json to_json(const BoardNode& node, int size) {
  json out = {{"id", node.id}, {"parent", node.parent ? json(*node.parent) : json(nullptr)}};
  if (node.move) {
    out["color"] = engine::to_string(node.move->color);
    out["vertex"] = vertex_json(node.move->vertex, size);
    out["number"] = node.number;
  }
  if (!node.comment.empty()) out["comment"] = node.comment;
  return out;
}

json to_json(const BoardTree& tree) {
  json nodes = json::array();
  for (const BoardNode& node : tree.nodes) nodes.push_back(to_json(node, tree.size));
  return {
      {"nodes", std::move(nodes)},
      {"current", tree.current},
      {"setup",
       {{"black", vertices_json(tree.black_setup, tree.size)}, {"white", vertices_json(tree.white_setup, tree.size)}}}};
}

json to_json(const PositionEstimate& e) {
  return {{"black", e.black},
          {"white", e.white},
          {"margin", e.margin},
          {"result", to_sgf(e.result)},
          {"dead", vertices_json(e.dead, e.size)},
          {"territory",
           {{"black", vertices_json(e.black_territory, e.size)}, {"white", vertices_json(e.white_territory, e.size)}}}};
}

Frame reply_board(RequestId id, const BoardSummary& board) { return encode_ok(id, {{"board", to_json(board)}}); }

Frame reply_board_watch(RequestId id, const BoardSummary& board, const BoardTree& tree) {
  return encode_ok(id, {{"board", to_json(board)}, {"tree", to_json(tree)}});
}

Frame reply_board_play(RequestId id, const BoardNode& node, int size, const std::vector<engine::Vertex>& captured) {
  return encode_ok(id, {{"node", to_json(node, size)}, {"captured", vertices_json(captured, size)}});
}

Frame reply_board_cut(RequestId id, std::int64_t removed) { return encode_ok(id, {{"removed", removed}}); }

Frame reply_boards(RequestId id, const std::vector<BoardSummary>& boards) {
  return encode_ok(id, {{"boards", list_json(boards)}});
}

Frame reply_estimate(RequestId id, const PositionEstimate& estimate) {
  return encode_ok(id, {{"estimate", to_json(estimate)}});
}

Frame board_node(std::int64_t board, const BoardNode& node, int size) {
  return make_frame({{"type", "board.node"}, {"board", board}, {"node", to_json(node, size)}});
}

Frame board_current(std::int64_t board, std::int64_t node) {
  return make_frame({{"type", "board.current"}, {"board", board}, {"node", node}});
}

Frame board_cut(std::int64_t board, std::int64_t node, std::int64_t current) {
  return make_frame({{"type", "board.cut"}, {"board", board}, {"node", node}, {"current", current}});
}

Frame board_deleted(std::int64_t board) { return make_frame({{"type", "board.deleted"}, {"board", board}}); }

}  // namespace yunzi::protocol
