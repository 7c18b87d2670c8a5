#include "server/boards/board_sources.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/sgf_record.hpp"
#include "server/boards/board_replay.hpp"
#include "server/boards/board_tree.hpp"
#include "server/game/clock_codec.hpp"

namespace yunzi::boards {
namespace {

using protocol::ErrorCode;

BoardSourceError bad(std::string message) { return BoardSourceError{ErrorCode::bad_request, std::move(message)}; }

BoardSourceError too_many_nodes(std::size_t max_nodes) {
  return BoardSourceError{ErrorCode::limit_reached,
                          "a board holds at most " + std::to_string(max_nodes) + " nodes; the record has more"};
}

// The B or W of an SGF node: nullopt when it has neither; an error for a point off the board.
Expected<std::optional<engine::Move>, std::string> move_of(const engine::SgfNode& node, int size) {
  for (const engine::Color color : {engine::Color::black, engine::Color::white}) {
    const engine::SgfProperty* property = node.find(std::string(1, to_letter(color)));
    if (property == nullptr) continue;
    const std::string value = property->values.empty() ? std::string() : property->values.front();
    // "tt" is the old spelling of a pass on boards up to 19x19.
    if (value.empty() || (value == "tt" && size <= 19))
      return std::optional<engine::Move>(engine::Move{color, std::nullopt});
    const auto point = engine::parse_sgf_point(value, size);
    if (!point) return unexpected("'" + value.substr(0, 8) + "' is not a point of the board");
    return std::optional<engine::Move>(engine::Move{color, *point});
  }
  return std::optional<engine::Move>();
}

// A record's text as a board keeps it: control characters other than line
// breaks and tabs dropped, and at most `max_bytes`, cut between characters.
std::string kept_text(std::string_view text, std::size_t max_bytes) {
  std::string out;
  out.reserve(std::min(text.size(), max_bytes));
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if ((byte < 0x20 && c != '\n' && c != '\t') || byte == 0x7f) continue;
    out.push_back(c);
  }
  if (out.size() <= max_bytes) return out;
  std::size_t end = max_bytes;
  while (end > 0 && (static_cast<unsigned char>(out[end]) & 0xC0) == 0x80) --end;  // not inside a character
  out.resize(end);
  return out + "…";
}

// A node's comment joined to what its board node already holds (a node
// without a move gives its comment to the move above it).
void add_comment(db::NewBoard& board, std::int64_t node, const engine::SgfNode& sgf, std::size_t& budget) {
  const engine::SgfProperty* property = sgf.find("C");
  if (property == nullptr || property->values.empty()) return;
  std::string text = kept_text(property->values.front(), kMaxCommentBytes);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  if (text.empty() || text.size() > budget) return;
  budget -= text.size();
  std::string& comment = board.comments[node];
  comment += comment.empty() ? text : "\n\n" + text;
}

}  // namespace

Expected<db::NewBoard, BoardSourceError> empty_board(int size, double komi, int handicap) {
  db::NewBoard board;
  board.size = size;
  board.komi = komi;
  board.handicap = handicap;
  if (auto start = engine::Game::create(board_setup(board)); !start) {
    return unexpected(bad("handicap " + std::to_string(handicap) + " is not available on " + std::to_string(size) +
                          "x" + std::to_string(size)));
  }
  return board;
}

Expected<db::NewBoard, BoardSourceError> board_from_game(const db::GameWithMoves& game,
                                                         std::optional<std::int64_t> moves, std::size_t max_nodes,
                                                         std::optional<std::int64_t> at) {
  const db::GameRecord& row = game.game;
  db::NewBoard board;
  board.size = row.settings.size;
  board.komi = row.settings.komi;
  board.handicap = row.settings.handicap;
  board.ko_rule = row.settings.ko;
  board.source_game = row.id;
  board.black_name = row.black_name;
  board.white_name = row.white_name;
  const std::size_t kept =
      std::min<std::size_t>(game.moves.size(), moves ? static_cast<std::size_t>(*moves) : SIZE_MAX);
  if (kept + 1 > max_nodes) return unexpected(too_many_nodes(max_nodes));
  for (std::size_t i = 0; i < kept; ++i) {
    const auto id = static_cast<std::int64_t>(i + 1);
    board.nodes.push_back(db::BoardNodeRecord{id, id - 1, game.moves[i].move});
  }
  board.current = std::min(static_cast<std::int64_t>(kept), at.value_or(std::numeric_limits<std::int64_t>::max()));
  if (row.result) board.result = to_sgf(*row.result);
  return board;
}

Expected<db::NewBoard, BoardSourceError> board_from_sgf(std::string_view text, std::size_t max_nodes) {
  engine::SgfLimits limits;
  // Comment-only nodes are skipped, so the parser may see a few more nodes than the board keeps.
  limits.max_nodes = 2 * max_nodes + 16;
  auto tree = engine::parse_sgf(text, limits);
  if (!tree) {
    return unexpected(bad("the SGF record cannot be read at byte " + std::to_string(tree.error().offset) + ": " +
                          tree.error().reason));
  }
  if (tree->roots.empty()) return unexpected(bad("the SGF record holds no game"));
  auto record = engine::record_from_tree(*tree, 0);
  if (!record) return unexpected(bad("the SGF record cannot be read: " + record.error().reason));
  const engine::SgfGameInfo& info = record->info;
  if (info.size != 9 && info.size != 13 && info.size != 19) {
    return unexpected(bad("the board size must be 9, 13 or 19; the record has " + std::to_string(info.size)));
  }

  db::NewBoard board;
  board.size = info.size;
  board.komi = std::clamp(std::round(info.komi * 2) / 2, -150.0, 150.0);
  board.handicap = std::clamp(info.handicap, 0, 9);
  board.title = info.game_name;
  board.black_name = info.black_name;
  board.white_name = info.white_name;
  board.setup_black = record->black_stones;
  board.setup_white = record->white_stones;
  board.result = kept_text(info.result, kMaxResultBytes);
  if (board.handicap == 1) board.handicap = 0;
  auto start = engine::Game::create(board_setup(board));
  if (!start)
    return unexpected(
        bad("the record's start position cannot be set up: " + std::string(engine::describe(start.error()))));

  // Depth first, the first child first, so node ids follow the order the record gives (the first child is
  // the main line); the moves are judged afterwards, all together.
  struct Pending {
    std::size_t sgf;
    std::int64_t parent;
    int number;
  };
  std::vector<Pending> stack{{tree->roots.front(), 0, 0}};
  std::int64_t next_id = 1;
  std::size_t comment_budget = kMaxRecordCommentBytes;
  while (!stack.empty()) {
    Pending pending = stack.back();
    stack.pop_back();
    const engine::SgfNode& node = tree->nodes[pending.sgf];
    std::int64_t here = pending.parent;
    auto move = move_of(node, board.size);
    if (!move) return unexpected(bad("move " + std::to_string(pending.number + 1) + ": " + move.error()));
    if (*move) {
      ++pending.number;
      if (board.nodes.size() + 2 > max_nodes) return unexpected(too_many_nodes(max_nodes));
      board.nodes.push_back(db::BoardNodeRecord{next_id, pending.parent, **move});
      here = next_id++;
    }
    add_comment(board, here, node, comment_budget);
    for (std::size_t i = node.children.size(); i-- > 0;)
      stack.push_back(Pending{node.children[i], here, pending.number});
  }
  if (auto replayed = replay_tree(std::move(*start), board.nodes); !replayed) {
    return unexpected(bad("move " + std::to_string(replayed.error().number) +
                          " is illegal: " + std::string(engine::to_string(replayed.error().error))));
  }
  return board;
}

}  // namespace yunzi::boards
