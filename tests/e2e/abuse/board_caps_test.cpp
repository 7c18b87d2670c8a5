// One user against the analysis boards: board.create from every connection
// at once stops at `max_boards_per_user`, and deleting does not get round
// `boards_per_hour`; moves from several connections at once stop at
// `max_board_nodes`; hostile SGF records (variations nested past the
// parser's depth, more nodes than a board holds, huge numbers in every
// field, broken text) and odd Unicode in titles get a clear refusal or are
// kept exactly, and the server goes on answering everybody.
#include <catch2/catch.hpp>

#include "tests/e2e/abuse/crowd_support.hpp"
#include "tests/e2e/server/server_fixture.hpp"
#include "tools/client/http_get.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

constexpr std::size_t boards_per_user = 3;
constexpr std::size_t boards_per_hour = 5;
constexpr std::size_t board_nodes = 5;

ServerOptions lowered_caps() {
  ServerOptions options;
  options.extra_args = {"--max-boards-per-user", std::to_string(boards_per_user),
                        "--boards-per-hour",     std::to_string(boards_per_hour),
                        "--max-board-nodes",     std::to_string(board_nodes)};
  return options;
}

Json new_board(Json fields = Json::object()) {
  fields["type"] = "board.create";
  if (!fields.contains("sgf") && !fields.contains("size")) fields["size"] = 9;
  return fields;
}

std::string repeated(const std::string& piece, std::size_t times) {
  std::string out;
  for (std::size_t i = 0; i < times; ++i) out += piece;
  return out;
}

// Whoever else is there still makes and plays a board.
void others_still_play(ServerFixture& fx) {
  Player other = fx.registered("bystander");
  const std::int64_t id = other.ok(new_board())["board"]["id"];
  CHECK(other.ok({{"type", "board.play"}, {"board", id}, {"from", 0}, {"vertex", "E5"}})["node"]["id"] == 1);
}

}  // namespace

TEST_CASE("boards made from every connection at once stop at the caps, deleted ones counted for the hour",
          "[abuse][boards]") {
  ServerFixture fx(lowered_caps());
  Player hoarder = fx.registered("hoarder");
  const Connections crowd = resumed_connections(fx.server.port(), hoarder.token(), 4);
  const std::vector<Json> replies = send_everywhere_then_collect(crowd, std::vector<Json>(2, new_board()));
  REQUIRE(replies.size() == 8);
  CHECK(count_ok(replies) == boards_per_user);
  CHECK(count_code(replies, "limit_reached") == 8 - boards_per_user);
  CHECK(first_with_code(replies, "limit_reached")["message"].get<std::string>().find("delete one") !=
        std::string::npos);
  Json held = hoarder.ok({{"type", "board.list"}})["boards"];
  REQUIRE(held.size() == boards_per_user);

  // Deleting makes room among the boards held, not among those made this hour.
  hoarder.ok({{"type", "board.delete"}, {"board", held[0]["id"]}});
  hoarder.ok({{"type", "board.delete"}, {"board", held[1]["id"]}});
  hoarder.ok(new_board());
  hoarder.ok(new_board());
  held = hoarder.ok({{"type", "board.list"}})["boards"];
  hoarder.ok({{"type", "board.delete"}, {"board", held[0]["id"]}});
  const Json hourly = hoarder.fails(new_board());
  CHECK(hourly["code"] == "limit_reached");
  CHECK(hourly["message"].get<std::string>().find("an hour") != std::string::npos);
  // A restart does not forget it either: the count comes from the stored boards.
  REQUIRE(fx.server.stop());
  REQUIRE(fx.server.start());
  hoarder.set_port(fx.server.port());
  hoarder.connect();
  hoarder.resume();
  CHECK(hoarder.fails(new_board())["code"] == "limit_reached");
  others_still_play(fx);
}

TEST_CASE("moves from six connections at once stop at the node cap", "[abuse][boards]") {
  ServerFixture fx(lowered_caps());
  Player owner = fx.registered("owner");
  const std::int64_t id = owner.ok(new_board())["board"]["id"];
  const std::vector<std::string> vertices = {"A1", "B2", "C3", "D4", "E5", "F6"};
  const Connections crowd = resumed_connections(fx.server.port(), owner.token(), vertices.size());
  std::vector<client::WsClient*> sockets;
  std::vector<Json> moves;
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    sockets.push_back(crowd[i].get());
    moves.push_back({{"type", "board.play"}, {"board", id}, {"from", 0}, {"vertex", vertices[i]}});
  }
  const std::vector<Json> replies = send_side_by_side(sockets, moves);
  CHECK(count_ok(replies) == board_nodes - 1);
  CHECK(count_code(replies, "limit_reached") == vertices.size() - (board_nodes - 1));
  const Json tree = owner.ok({{"type", "board.watch"}, {"board", id}})["tree"];
  CHECK(tree["nodes"].size() == board_nodes);
  // A longer record cannot come in through SGF either.
  CHECK(owner.fails(new_board({{"sgf", "(;SZ[9];B[aa];W[bb];B[cc];W[dd];B[ee])"}}))["code"] == "limit_reached");
  others_still_play(fx);
}

TEST_CASE("hostile SGF records and odd titles get a clear answer", "[abuse][boards]") {
  ServerFixture fx(ServerOptions{{"--frame-limit", "65536"}});
  Player attacker = fx.registered("attacker");

  // Variations nested deeper than the parser follows.
  const std::string deep = "(;SZ[9]" + repeated("(;C[x]", 3000) + repeated(")", 3000) + ")";
  const Json too_deep = attacker.fails(new_board({{"sgf", deep}}));
  CHECK(too_deep["code"] == "bad_request");
  CHECK(too_deep["message"].get<std::string>().find("byte") != std::string::npos);

  // More nodes than a board holds (2000), as one long line of passes.
  const std::string long_line = "(;SZ[19]" + repeated(";B[];W[]", 1050) + ")";
  CHECK(attacker.fails(new_board({{"sgf", long_line}}))["code"] == "limit_reached");

  // Huge numbers everywhere: refused where they matter, ignored where they do not.
  CHECK(attacker.fails(new_board({{"sgf", "(;SZ[99999999999999999999];B[aa])"}}))["code"] == "bad_request");
  CHECK(attacker.fails(new_board({{"sgf", "(;SZ[9]HA[99999999999];B[aa])"}}))["code"] == "bad_request");
  const Json komi = attacker.fails(new_board({{"sgf", "(;SZ[9]KM[1e308];B[ee])"}}));
  CHECK(komi["code"] == "bad_request");
  CHECK(komi["message"].get<std::string>().find("KM") != std::string::npos);
  const Json numbered = attacker.ok(new_board(
      {{"sgf", "(;SZ[9]KM[6.5]MN[99999999999999999999];B[ee]MN[-99999999999999999999];W[dd]MN[1e999])"}}))["board"];
  CHECK(numbered["nodes"] == 3);
  CHECK(numbered["komi"] == 6.5);
  CHECK(attacker.fails(new_board({{"sgf", "(;SZ[9];B[zz])"}}))["code"] == "bad_request");
  CHECK(attacker.fails(new_board({{"sgf", ""}}))["code"] == "bad_request");
  CHECK(attacker.fails(new_board({{"sgf", "not a record at all"}}))["code"] == "bad_request");
  CHECK(attacker.fails(
            {{"type", "board.play"}, {"board", numbered["id"]}, {"from", 99999999999}, {"vertex", "A1"}})["code"] ==
        "not_found");

  // Titles: any script, emoji sequences, combining marks and direction marks are kept exactly;
  // control characters and more than 80 code points are refused; SGF's own escapes survive the route.
  const std::string odd =
      "\xE2\x80\xAE\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9 Z\xCC\x88\xCC\x81 ]\\ \xE5\xAE\x9A\xE5\xBC\x8F";
  const Json titled = attacker.ok(new_board({{"title", odd}}))["board"];
  CHECK(titled["title"] == odd);
  CHECK(attacker.fails(new_board({{"title", "bell\x07"}}))["code"] == "bad_request");
  CHECK(attacker.fails(new_board({{"title", repeated("\xF0\xA0\x80\x80", 81)}}))["code"] == "bad_request");
  auto served =
      client::http_get("127.0.0.1", fx.server.port(), "/boards/" + std::to_string(titled["id"].get<int>()) + ".sgf");
  REQUIRE(served);
  CHECK(served->status == 200);
  Player other = fx.registered("reader");
  CHECK(other.ok(new_board({{"sgf", served->body}}))["board"]["title"] == odd);
  // A GN the title rules refuse is left out rather than refusing the record.
  CHECK(other.ok(new_board({{"sgf", "(;SZ[9]GN[" + repeated("x", 200) + "];B[ee])"}}))["board"]["title"] == "");

  CHECK(attacker.ok({{"type", "board.list"}})["boards"].size() == 2);
  others_still_play(fx);
}
