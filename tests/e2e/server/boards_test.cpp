// Analysis boards on the real server with real clients: play judged along the path, goto and cut, watchers, copies
// of finished and live games (not for their own players), SGF import and export with variations, the caps, the
// score estimate, the tree kept across a restart, and an idle board leaving memory and coming back.
#include <catch2/catch.hpp>

#include <map>
#include <thread>

#include "engine/sgf_parser.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"
#include "tools/client/http_get.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

Json create(Player& owner, Json fields) {
  fields["type"] = "board.create";
  return owner.ok(fields)["board"];
}

Json play(Player& owner, std::int64_t board, std::int64_t from, const std::string& vertex) {
  return owner.ok({{"type", "board.play"}, {"board", board}, {"from", from}, {"vertex", vertex}})["node"];
}

Json refused_move(Player& owner, std::int64_t board, std::int64_t from, const std::string& vertex) {
  return owner.fails({{"type", "board.play"}, {"board", board}, {"from", from}, {"vertex", vertex}});
}

// Plays the moves one after the other from `from`; returns the last node's id.
std::int64_t play_line(Player& owner, std::int64_t board, std::int64_t from, const std::vector<std::string>& moves) {
  for (const std::string& move : moves) from = play(owner, board, from, move)["id"];
  return from;
}

// "id<parent:color vertex" for each node but the root, to compare trees whatever else they carry.
std::vector<std::string> shape(const Json& tree) {
  std::vector<std::string> out;
  for (const Json& node : tree["nodes"]) {
    if (node["parent"].is_null()) continue;
    out.push_back(std::to_string(node["id"].get<int>()) + "<" + std::to_string(node["parent"].get<int>()) + ":" +
                  node["color"].get<std::string>() + " " + node["vertex"].get<std::string>());
  }
  return out;
}

Json watch(Player& p, std::int64_t board) { return p.ok({{"type", "board.watch"}, {"board", board}}); }

bool starts_with(const Json& error, const std::string& reason) {
  return error["message"].get<std::string>().rfind(reason, 0) == 0;
}

}  // namespace

TEST_CASE("an owner plays on an empty board and a watcher follows", "[server][boards]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  Player visitor = fx.player("visitor");
  visitor.connect();

  const Json board = create(alice, {{"size", 9}, {"title", "joseki"}});
  CHECK(board["owner"] == "alice");
  CHECK(board["title"] == "joseki");
  CHECK(board["size"] == 9);
  CHECK(board["komi"] == 7.5);
  CHECK(board["handicap"] == 0);
  CHECK(board["nodes"] == 1);
  CHECK(board["game"].is_null());
  const std::int64_t id = board["id"];

  const Json watched = watch(visitor, id);
  CHECK(watched["board"]["id"] == id);
  CHECK(watched["tree"]["nodes"] == Json::array({{{"id", 0}, {"parent", nullptr}}}));
  CHECK(watched["tree"]["current"] == 0);

  const Json d4 = play(alice, id, 0, "d4");
  CHECK(d4 == Json{{"id", 1}, {"parent", 0}, {"color", "black"}, {"vertex", "D4"}, {"number", 1}});
  CHECK(visitor.wait_event("board.node")["node"] == d4);
  CHECK(visitor.wait_event("board.current")["node"] == 1);

  // The same move from the same node reuses the child: no new node, only the current one moves.
  CHECK(play(alice, id, 0, "D4")["id"] == 1);
  CHECK(visitor.wait_event("board.current")["node"] == 1);
  CHECK(visitor.no_event("board.node", 200ms));

  // White answers after Black; a second variation from the root is Black's again.
  CHECK(play(alice, id, 1, "E5")["color"] == "white");
  const Json variation = play(alice, id, 0, "C3");
  CHECK(variation["color"] == "black");
  CHECK(variation["number"] == 1);
  CHECK(variation["parent"] == 0);

  CHECK(starts_with(refused_move(alice, id, 1, "D4"), "occupied"));
  const Json off = refused_move(alice, id, 0, "J10");
  CHECK(off["code"] == "illegal_move");
  CHECK(starts_with(off, "off_board"));
  CHECK(refused_move(alice, id, 99, "A1")["code"] == "not_found");
  CHECK(bob.fails({{"type", "board.play"}, {"board", id}, {"from", 0}, {"vertex", "A1"}})["code"] == "forbidden");
  CHECK(visitor.fails({{"type", "board.play"}, {"board", id}, {"from", 0}, {"vertex", "A1"}})["code"] ==
        "unauthenticated");
  CHECK(bob.fails({{"type", "board.goto"}, {"board", id}, {"node", 0}})["code"] == "forbidden");
  CHECK(bob.fails({{"type", "board.cut"}, {"board", id}, {"node", 1}})["code"] == "forbidden");
  CHECK(bob.fails({{"type", "board.delete"}, {"board", id}})["code"] == "forbidden");
  CHECK(alice.fails({{"type", "board.watch"}, {"board", id + 100}})["code"] == "not_found");

  alice.ok({{"type", "board.goto"}, {"board", id}, {"node", 1}});
  CHECK(visitor.wait_event("board.current", [](const Json& e) { return e["node"] == 1; })["board"] == id);
  CHECK(alice.fails({{"type", "board.goto"}, {"board", id}, {"node", 42}})["code"] == "not_found");

  // Cutting D4 takes E5 with it; the current node was inside, so it goes to the root.
  play(alice, id, 1, "E5");
  CHECK(alice.ok({{"type", "board.cut"}, {"board", id}, {"node", 1}})["removed"] == 2);
  CHECK(visitor.wait_event("board.cut") == Json{{"type", "board.cut"}, {"board", id}, {"node", 1}, {"current", 0}});
  const Json after = watch(bob, id);
  CHECK(shape(after["tree"]) == std::vector<std::string>{"3<0:black C3"});
  CHECK(after["tree"]["current"] == 0);
  CHECK(after["board"]["nodes"] == 2);

  const Json listed = visitor.ok({{"type", "board.list"}, {"user", "alice"}})["boards"];
  REQUIRE(listed.size() == 1);
  CHECK(listed[0]["id"] == id);
  CHECK(listed[0]["nodes"] == 2);
  CHECK(bob.ok({{"type", "board.list"}})["boards"] == Json::array());
  CHECK(visitor.fails({{"type", "board.list"}})["code"] == "bad_request");

  // Unwatched, bob hears nothing more; the visitor still does.
  bob.ok({{"type", "board.unwatch"}, {"board", id}});
  play(alice, id, 0, "G7");
  visitor.wait_event("board.node", [](const Json& e) { return e["node"]["vertex"] == "G7"; });
  CHECK(bob.no_event("board.node", 200ms));

  alice.ok({{"type", "board.delete"}, {"board", id}});
  CHECK(visitor.wait_event("board.deleted") == Json{{"type", "board.deleted"}, {"board", id}});
  CHECK(visitor.fails({{"type", "board.watch"}, {"board", id}})["code"] == "not_found");
  CHECK(alice.ok({{"type", "board.list"}})["boards"] == Json::array());
}

TEST_CASE("moves are judged along their own path: ko, superko across passes, suicide", "[server][boards]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  const std::int64_t id = create(alice, {{"size", 9}})["id"];
  // A ko at E5/D5: Black takes at E5 (move 9).
  const std::int64_t before_ko = play_line(alice, id, 0, {"D6", "E6", "C5", "D5", "D4", "F5", "J9", "E4"});
  const Json take = alice.ok({{"type", "board.play"}, {"board", id}, {"from", before_ko}, {"vertex", "E5"}});
  CHECK(take["captured"] == Json{"D5"});
  const std::int64_t taken = take["node"]["id"];
  CHECK(starts_with(refused_move(alice, id, taken, "D5"), "ko"));
  // After a pass each the retake repeats the position after move 8: positional superko.
  const std::int64_t passed = play_line(alice, id, taken, {"pass", "pass"});
  const Json superko = refused_move(alice, id, passed, "D5");
  CHECK(superko["code"] == "illegal_move");
  CHECK(starts_with(superko, "superko"));
  // White may still play elsewhere from there.
  CHECK(play(alice, id, passed, "A1")["color"] == "white");

  // Only the path counts: a transposition of another variation's position is a move like any other.
  play_line(alice, id, 0, {"C3", "G7", "D4"});
  const std::int64_t transposed = play_line(alice, id, 0, {"D4", "G7"});
  CHECK(play(alice, id, transposed, "C3")["number"] == 3);

  // A variation from the root: a white stone in the corner Black closed is suicide.
  const std::int64_t corner = play_line(alice, id, 0, {"A2", "J7", "B1"});
  CHECK(starts_with(refused_move(alice, id, corner, "A1"), "suicide"));
}

TEST_CASE("boards copied from games: finished, live for a spectator, never for a player of a live game",
          "[server][boards]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  Player carol = fx.registered("carol");
  const std::int64_t game = start_game(alice, bob);
  play_moves(alice, bob, game, {"E5", "C3", "G7"}, {&alice, &bob});

  const Json refused = alice.fails({{"type", "board.create"}, {"game", game}});
  CHECK(refused["code"] == "forbidden");
  CHECK(bob.fails({{"type", "board.create"}, {"game", game}})["code"] == "forbidden");
  CHECK(carol.fails({{"type", "board.create"}, {"game", game + 100}})["code"] == "not_found");

  const Json live = create(carol, {{"game", game}});
  CHECK(live["game"] == game);
  CHECK(live["size"] == 9);
  CHECK(live["nodes"] == 4);
  const Json tree = watch(carol, live["id"])["tree"];
  CHECK(shape(tree) == std::vector<std::string>{"1<0:black E5", "2<1:white C3", "3<2:black G7"});
  CHECK(tree["current"] == 3);
  const Json first_two = create(carol, {{"game", game}, {"move", 2}, {"title", "opening"}});
  CHECK(first_two["nodes"] == 3);
  CHECK(first_two["title"] == "opening");
  // The copy is carol's: she tries another move than the game's.
  CHECK(play(carol, first_two["id"], 2, "G3")["number"] == 3);

  alice.ok({{"type", "game.resign"}, {"game", game}});
  bob.wait_game_event(game, "game.end");
  const Json finished = create(alice, {{"game", game}});
  CHECK(finished["nodes"] == 4);
  CHECK(finished["owner"] == "alice");
}

TEST_CASE("a board from SGF keeps its variations and the SGF route gives them back", "[server][boards]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  const std::string sgf =
      "(;GM[1]FF[4]SZ[9]KM[6.5]GN[Gennan's hand]PB[Honinbo Shusaku]PW[Gennan Inseki]AB[cc]AW[gg]"
      ";B[ee](;W[ec];B[dc](;W[tt])(;W[cd]))(;W[ce]))";
  const Json board = create(alice, {{"sgf", sgf}});
  CHECK(board["title"] == "Gennan's hand");
  CHECK(board["komi"] == 6.5);
  CHECK(board["nodes"] == 7);
  const std::int64_t id = board["id"];
  const Json tree = watch(alice, id)["tree"];
  CHECK(shape(tree) == std::vector<std::string>{"1<0:black E5", "2<1:white E7", "3<2:black D7", "4<3:white pass",
                                                "5<3:white C6", "6<1:white C5"});
  CHECK(tree["setup"] == Json{{"black", {"C7"}}, {"white", {"G3"}}});
  CHECK(tree["current"] == 0);
  // The owner's own title wins over GN.
  CHECK(create(alice, {{"sgf", sgf}, {"title", "mine"}})["title"] == "mine");

  const Json illegal = alice.fails({{"type", "board.create"}, {"sgf", "(;SZ[9];B[ee](;W[ee])(;W[dd]))"}});
  CHECK(illegal["code"] == "bad_request");
  CHECK(illegal["message"].get<std::string>().find("move 2") != std::string::npos);
  CHECK(alice.fails({{"type", "board.create"}, {"sgf", "(;SZ[9];B[ee]"}})["code"] == "bad_request");
  CHECK(alice.fails({{"type", "board.create"}, {"sgf", "(;SZ[7];B[ee])"}})["code"] == "bad_request");

  // Served back with every variation: read again, it makes the same tree.
  play(alice, id, 6, "F4");
  auto served = yunzi::client::http_get("127.0.0.1", fx.server.port(), "/boards/" + std::to_string(id) + ".sgf");
  REQUIRE(served);
  CHECK(served->status == 200);
  INFO(served->body);
  CHECK(served->body.find("PB[Honinbo Shusaku]") != std::string::npos);
  CHECK(served->body.find("CA[UTF-8]") != std::string::npos);
  const Json again = create(alice, {{"sgf", served->body}});
  const Json again_tree = watch(alice, again["id"])["tree"];
  CHECK(shape(again_tree) == shape(watch(alice, id)["tree"]));
  CHECK(again_tree["setup"] == tree["setup"]);
  CHECK(again["komi"] == 6.5);
  auto missing = yunzi::client::http_get("127.0.0.1", fx.server.port(), "/boards/987654.sgf");
  REQUIRE(missing);
  CHECK(missing->status == 404);
}

TEST_CASE("a commented record keeps its result and notes, through a cut, a restart and the SGF route",
          "[server][boards]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player watcher = fx.registered("watcher");
  const std::string sgf =
      "(;GM[1]FF[4]CA[UTF-8]SZ[9]RE[黑中盘胜]C[复盘：开局]"
      ";B[ee]C[天元]"
      ";C[这一手之后]"
      "(;W[ec]C[white's answer \\] bracket];B[dc])"
      "(;W[ce]C[变化图]))";
  const Json board = create(alice, {{"sgf", sgf}});
  CHECK(board["result"] == "黑中盘胜");
  const std::int64_t id = board["id"];
  const auto comments_of = [](const Json& tree) {
    std::map<int, std::string> out;
    for (const Json& node : tree["nodes"]) {
      if (node.contains("comment")) out[node["id"].get<int>()] = node["comment"];
    }
    return out;
  };
  const Json watched = watch(watcher, id);
  CHECK(watched["board"]["result"] == "黑中盘胜");
  CHECK(comments_of(watched["tree"]) ==
        std::map<int, std::string>{
            {0, "复盘：开局"}, {1, "天元\n\n这一手之后"}, {2, "white's answer ] bracket"}, {4, "变化图"}});

  // A new move carries no note, and a cut takes the cut nodes' notes with it.
  const Json played = play(alice, id, 3, "D6");
  CHECK_FALSE(played.contains("comment"));
  alice.ok({{"type", "board.cut"}, {"board", id}, {"node", 4}});
  CHECK_FALSE(comments_of(watch(alice, id)["tree"]).contains(4));

  REQUIRE(fx.server.stop());
  REQUIRE(fx.server.start());
  Player again = fx.player("alice");
  again.connect();
  again.login();
  const Json after = watch(again, id);
  CHECK(after["board"]["result"] == "黑中盘胜");
  CHECK(comments_of(after["tree"]) ==
        std::map<int, std::string>{{0, "复盘：开局"}, {1, "天元\n\n这一手之后"}, {2, "white's answer ] bracket"}});

  // Written back as C[] and RE[], escaped, and read again to the same notes.
  auto served = yunzi::client::http_get("127.0.0.1", fx.server.port(), "/boards/" + std::to_string(id) + ".sgf");
  REQUIRE(served);
  INFO(served->body);
  CHECK(served->body.find("RE[黑中盘胜]") != std::string::npos);
  CHECK(served->body.find("C[white's answer \\] bracket]") != std::string::npos);
  const Json copy = create(again, {{"sgf", served->body}});
  CHECK(copy["result"] == "黑中盘胜");
  CHECK(comments_of(watch(again, copy["id"])["tree"]) == comments_of(after["tree"]));

  // A board copied from a finished game carries the game's result.
  Player bob = fx.registered("bob");
  const std::int64_t game = start_game(again, bob);
  again.ok({{"type", "game.resign"}, {"game", game}});
  bob.wait_game_event(game, "game.end");
  CHECK(create(bob, {{"game", game}})["result"] == "W+R");
}

TEST_CASE("a board's caps: boards held, boards made within the hour, nodes", "[server][boards]") {
  ServerFixture fx(ServerOptions{{"--max-boards-per-user", "2", "--boards-per-hour", "3", "--max-board-nodes", "3"}});
  Player alice = fx.registered("alice");
  const std::int64_t first = create(alice, {{"size", 9}})["id"];
  create(alice, {{"size", 9}});
  CHECK(alice.fails({{"type", "board.create"}})["code"] == "limit_reached");
  alice.ok({{"type", "board.delete"}, {"board", first}});
  const std::int64_t third = create(alice, {{"size", 9}})["id"];
  alice.ok({{"type", "board.delete"}, {"board", third}});
  // Two held, but three made this hour, deleted ones included.
  CHECK(alice.fails({{"type", "board.create"}})["code"] == "limit_reached");

  Player bob = fx.registered("bob");
  const std::int64_t board = create(bob, {{"size", 9}})["id"];
  play_line(bob, board, 0, {"D4", "E5"});
  CHECK(refused_move(bob, board, 2, "F6")["code"] == "limit_reached");
  CHECK(refused_move(bob, board, 0, "C3")["code"] == "limit_reached");
  CHECK(play(bob, board, 0, "D4")["id"] == 1);  // reusing a node adds none
  CHECK(bob.fails({{"type", "board.create"}, {"sgf", "(;SZ[9];B[ee];W[dd];B[cc])"}})["code"] == "limit_reached");
}

TEST_CASE("a board's tree and current node survive a restart", "[server][boards]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  const std::int64_t id = create(alice, {{"size", 13}, {"handicap", 2}, {"title", "让子"}})["id"];
  const Json first = play(alice, id, 0, "G7");
  CHECK(first["color"] == "white");  // with a handicap White moves first
  play_line(alice, id, first["id"], {"C3", "pass"});
  play(alice, id, 0, "F9");
  alice.ok({{"type", "board.goto"}, {"board", id}, {"node", 2}});
  const Json before = watch(alice, id);
  CHECK(before["tree"]["setup"]["black"].size() == 2);

  REQUIRE(fx.server.stop());
  REQUIRE(fx.server.start());
  Player again = fx.player("alice");
  again.connect();
  again.login();
  const Json after = watch(again, id);
  CHECK(after["tree"] == before["tree"]);
  CHECK(after["board"] == before["board"]);
  CHECK(after["board"]["title"] == "让子");
  CHECK(play(again, id, 3, "L12")["number"] == 4);
}

TEST_CASE("the score estimate of a clear position, on a board and of a game", "[server][boards]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  Player carol = fx.registered("carol");
  Player visitor = fx.player("visitor");
  visitor.connect();
  const CountedRecord& record = counted_record();

  // Walls on E and F, one stone dropped into each side's area: both dead.
  const std::int64_t id = create(carol, {{"size", 9}})["id"];
  const std::int64_t last = play_line(carol, id, 0, record.moves);
  const Json estimate = visitor.ok({{"type", "board.estimate"}, {"board", id}, {"node", last}})["estimate"];
  CHECK(sorted_vertices(estimate["dead"]) == std::vector<std::string>{"B5", "H5"});
  CHECK(estimate["black"] == 45.0);
  CHECK(estimate["white"] == 36.0);
  CHECK(estimate["margin"] == 1.5);
  CHECK(estimate["result"] == "B+1.5");
  CHECK(estimate["territory"]["black"].size() == 45 - 9);
  CHECK(estimate["territory"]["white"].size() == 36 - 9);
  const Json start = visitor.ok({{"type", "board.estimate"}, {"board", id}, {"node", 0}})["estimate"];
  CHECK(start["result"] == "W+7.5");
  CHECK(start["dead"] == Json::array());
  CHECK(visitor.fails({{"type", "board.estimate"}, {"board", id}, {"node", last + 1}})["code"] == "not_found");

  // The same record played as a game: in scoring it is still in progress, so not for its players.
  const std::int64_t game = start_game(alice, bob);
  play_moves(alice, bob, game, record.moves, {&alice, &bob});
  CHECK(alice.fails({{"type", "game.estimate"}, {"game", game}})["code"] == "forbidden");
  CHECK(bob.fails({{"type", "game.estimate"}, {"game", game}})["code"] == "forbidden");
  const Json watched = carol.ok({{"type", "game.estimate"}, {"game", game}})["estimate"];
  CHECK(watched == estimate);
  CHECK(carol.ok({{"type", "game.estimate"}, {"game", game}, {"move", 0}})["estimate"] == start);
  CHECK(carol.fails({{"type", "game.estimate"}, {"game", game + 100}})["code"] == "not_found");
  CHECK(visitor.fails({{"type", "game.estimate"}, {"game", game}})["code"] == "unauthenticated");
}

namespace {

double boards_open(ServerFixture& fx) {
  auto metrics = yunzi::client::http_get("127.0.0.1", fx.server.port(), "/metrics");
  REQUIRE(metrics);
  const std::string name = "\nyunzi_boards_open ";
  const auto at = metrics->body.find(name);
  REQUIRE(at != std::string::npos);
  return std::stod(metrics->body.substr(at + name.size()));
}

}  // namespace

TEST_CASE("a board nobody watches leaves memory and is read back on its next use", "[server][boards]") {
  ServerFixture fx(ServerOptions{{"--board-idle-s", "1"}});
  Player alice = fx.registered("alice");
  const std::int64_t id = create(alice, {{"size", 9}})["id"];
  CHECK(boards_open(fx) == 0);  // made, not yet used
  play(alice, id, 0, "E5");
  watch(alice, id);
  CHECK(boards_open(fx) == 1);
  alice.ok({{"type", "board.unwatch"}, {"board", id}});
  for (int attempt = 0; attempt < 200 && boards_open(fx) != 0; ++attempt) std::this_thread::sleep_for(50ms);
  CHECK(boards_open(fx) == 0);
  // Read back from the database as it was left.
  CHECK(play(alice, id, 1, "D4")["number"] == 2);
  CHECK(boards_open(fx) == 1);
  // A watcher keeps it in memory however long it stays idle.
  watch(alice, id);
  std::this_thread::sleep_for(2500ms);
  CHECK(boards_open(fx) == 1);
}

TEST_CASE("changes queued behind a board's deletion are all answered", "[server][boards]") {
  ServerFixture fx;
  Player first = fx.registered("alice");
  Player second = fx.player("alice");
  second.login();
  Player third = fx.player("alice");
  third.login();
  for (int round = 0; round < 5; ++round) {
    const std::int64_t board = create(first, {{"size", 9}})["id"];
    const std::int64_t deleting = first.send({{"type", "board.delete"}, {"board", board}});
    const std::int64_t playing = second.send({{"type", "board.play"}, {"board", board}, {"from", 0}, {"vertex", "E5"}});
    const std::int64_t going = third.send({{"type", "board.goto"}, {"board", board}, {"node", 0}});
    CHECK(first.reply_to(deleting)["type"] == "ok");
    // Each is answered: played or moved before the deletion, or not_found after it.
    for (const Json& reply : {second.reply_to(playing), third.reply_to(going)}) {
      INFO(reply.dump());
      CHECK((reply["type"] == "ok" || reply["code"] == "not_found"));
    }
    CHECK(second.fails({{"type", "board.watch"}, {"board", board}})["code"] == "not_found");
  }
}

TEST_CASE("one connection watches at most 10 boards at once", "[server][boards]") {
  ServerFixture fx;
  Player owner = fx.registered("alice");
  std::vector<std::int64_t> boards;
  for (int i = 0; i < 11; ++i) boards.push_back(create(owner, {{"size", 9}})["id"]);
  Player visitor = fx.player("visitor");
  for (int i = 0; i < 10; ++i) watch(visitor, boards[i]);
  watch(visitor, boards[3]);  // watching again costs nothing
  const Json refused = visitor.fails({{"type", "board.watch"}, {"board", boards[10]}});
  CHECK(refused["code"] == "limit_reached");
  visitor.ok({{"type", "board.unwatch"}, {"board", boards[0]}});
  watch(visitor, boards[10]);
  // Another connection has its own allowance.
  Player other = fx.player("other");
  watch(other, boards[0]);
}

TEST_CASE("no analysis board or estimate of one's own game in progress, however it comes back", "[server][boards]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  Player carol = fx.registered("carol");
  const std::int64_t game = start_game(alice, bob);
  const std::vector<std::string> moves{"E5", "C3", "G7", "C7", "G3", "E3", "E7", "C5", "G5", "D4", "F4", "D6"};
  play_moves(alice, bob, game, moves, {&alice, &bob});

  auto record = yunzi::client::http_get("127.0.0.1", fx.server.port(), "/games/" + std::to_string(game) + ".sgf");
  REQUIRE(record);
  REQUIRE(record->status == 200);
  const auto refused = [&](Player& p, const std::string& sgf) {
    const Json error = p.fails({{"type", "board.create"}, {"sgf", sgf}});
    INFO(sgf);
    CHECK(error["code"] == "forbidden");
    CHECK(error["message"].get<std::string>().find("repeats your game " + std::to_string(game)) != std::string::npos);
  };
  // The game's own record, for either player; a spectator may have it.
  refused(alice, record->body);
  refused(bob, record->body);
  CHECK(create(carol, {{"sgf", record->body}})["nodes"] == 13);
  // Its stones set up, and the game with a candidate move played on.
  refused(alice, "(;SZ[9]KM[7.5]AB[ee][gc][gg][ec][ge][ff]AW[cg][cc][eg][ce][df][dd])");
  const std::string candidate = record->body.substr(0, record->body.rfind(')')) + ";B[hh];W[bb])";
  refused(alice, candidate);
  // Another game's moves are no copy.
  CHECK(create(alice,
               {{"sgf",
                 "(;SZ[9];B[cc];W[gg];B[cg];W[gc];B[ee];W[dd];B[fd];W[df];B[ff];W[fg];B[gf];W[hh])"}})["nodes"] == 13);

  // Played out by hand on an empty board: the board is the owner's, its estimate is not.
  const std::int64_t by_hand = create(alice, {{"size", 9}})["id"];
  const std::int64_t last = play_line(alice, by_hand, 0, moves);
  const Json estimate_refused = alice.fails({{"type", "board.estimate"}, {"board", by_hand}, {"node", last}});
  CHECK(estimate_refused["code"] == "forbidden");
  CHECK(estimate_refused["message"].get<std::string>().find("your game " + std::to_string(game)) != std::string::npos);
  const std::int64_t tried = play(alice, by_hand, last, "H8")["id"];
  CHECK(alice.fails({{"type", "board.estimate"}, {"board", by_hand}, {"node", tried}})["code"] == "forbidden");
  // An early position of the game (8 stones short of it) and anyone else's estimate are answered.
  CHECK(alice.ok({{"type", "board.estimate"}, {"board", by_hand}, {"node", 4}}).contains("estimate"));
  CHECK(carol.ok({{"type", "board.estimate"}, {"board", by_hand}, {"node", last}}).contains("estimate"));

  // Once the game has ended, all of it is allowed.
  alice.ok({{"type", "game.resign"}, {"game", game}});
  bob.wait_game_event(game, "game.end");
  CHECK(create(alice, {{"sgf", record->body}})["nodes"] == 13);
  CHECK(alice.ok({{"type", "board.estimate"}, {"board", by_hand}, {"node", last}}).contains("estimate"));
}
