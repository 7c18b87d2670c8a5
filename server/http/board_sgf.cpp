#include "server/http/board_sgf.hpp"

#include <charconv>
#include <map>
#include <sstream>

#include "engine/game.hpp"
#include "engine/sgf_writer.hpp"
#include "server/boards/board_tree.hpp"
#include "server/http/http_answer.hpp"
#include "server/http/http_reading.hpp"

namespace yunzi::http {
namespace {

std::string number_text(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

void add(engine::SgfNode& node, std::string id, std::vector<std::string> values) {
  node.properties.push_back(engine::SgfProperty{std::move(id), std::move(values), {}});
}

std::optional<BoardId> board_id_of(const std::string& path) {
  constexpr std::string_view prefix = "/boards/";
  constexpr std::string_view suffix = ".sgf";
  if (!path.starts_with(prefix) || !path.ends_with(suffix)) return std::nullopt;
  const std::string_view digits =
      std::string_view(path).substr(prefix.size(), path.size() - prefix.size() - suffix.size());
  if (digits.empty() || digits.front() == '0') return std::nullopt;
  BoardId id = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
  if (ec != std::errc() || end != digits.data() + digits.size() || id <= 0) return std::nullopt;
  return id;
}

}  // namespace

std::string board_sgf(const db::BoardRecord& board) {
  engine::SgfTree tree;
  const std::size_t root = tree.add_node();
  engine::SgfNode& r = tree.nodes[root];
  add(r, "FF", {"4"});
  add(r, "CA", {"UTF-8"});
  add(r, "GM", {"1"});
  add(r, "SZ", {std::to_string(board.size)});
  add(r, "KM", {number_text(board.komi)});
  if (board.handicap >= 2) add(r, "HA", {std::to_string(board.handicap)});
  if (!board.title.empty()) add(r, "GN", {board.title});
  if (!board.black_name.empty()) add(r, "PB", {board.black_name});
  if (!board.white_name.empty()) add(r, "PW", {board.white_name});
  if (!board.result.empty()) add(r, "RE", {board.result});
  if (auto start = engine::Game::create(boards::board_setup(board))) {
    std::vector<std::string> black, white;
    for (const engine::SetupStone& stone : start->start_stones()) {
      (stone.color == engine::Color::black ? black : white).push_back(engine::to_sgf(stone.vertex));
    }
    if (!black.empty()) add(tree.nodes[root], "AB", std::move(black));
    if (!white.empty()) add(tree.nodes[root], "AW", std::move(white));
  }
  tree.roots.push_back(root);
  std::map<std::int64_t, std::size_t> placed{{0, root}};
  for (const db::BoardNodeRecord& node : board.nodes) {
    const std::size_t at = tree.add_child(placed.at(node.parent));
    placed[node.id] = at;
    add(tree.nodes[at], std::string(1, to_letter(node.move.color)),
        {node.move.vertex ? engine::to_sgf(*node.move.vertex) : std::string()});
  }
  for (const auto& [node, comment] : board.comments) {
    if (const auto at = placed.find(node); at != placed.end()) add(tree.nodes[at->second], "C", {comment});
  }
  return engine::write_sgf(tree);
}

bool board_record_route(db::ReadPool& reads, const net::HttpRequest& request, const net::HttpResponder& respond) {
  if (request.method != "GET" && request.method != "HEAD") return false;
  const auto id = board_id_of(request.path());
  if (!id) return false;
  read_and_respond<std::optional<db::BoardRecord>>(
      reads, [id = *id](db::Stores& stores) { return stores.boards().find(id); },
      [id = *id](db::DbResult<std::optional<db::BoardRecord>> stored) {
        if (!stored) return http_answer(503, "the database could not be read\n", "no-store");
        if (!*stored) return http_answer(404, "no board " + std::to_string(id) + "\n", "no-store");
        return http_answer(200, board_sgf(**stored), "no-store", "application/x-go-sgf; charset=utf-8");
      },
      respond);
  return true;
}

}  // namespace yunzi::http
