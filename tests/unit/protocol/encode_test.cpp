// Replies and events carry exactly the contract's field names: each is
// parsed back and its keys compared with the expected set.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <set>

#include "protocol/board_messages.hpp"
#include "protocol/chat_messages.hpp"
#include "protocol/events.hpp"
#include "protocol/replies.hpp"

using namespace yunzi;
using namespace yunzi::protocol;
using nlohmann::json;
using yunzi::GameSettings;
using yunzi::engine::Color;
using yunzi::engine::Vertex;

namespace {

json parsed(const Frame& frame) {
  REQUIRE(frame != nullptr);
  return json::parse(*frame);
}

std::set<std::string> keys(const json& object) {
  std::set<std::string> out;
  for (const auto& [key, value] : object.items()) out.insert(key);
  return out;
}

const UserInfo alice{"alice", *Rank::from_index(20), Role::user};
const UserInfo bob{"bob", *Rank::from_index(19), Role::bot};

ClockState byoyomi_clock() {
  ClockState clock;
  clock.black = SideClock{60'000, 3, 30'000, std::nullopt};
  clock.white = SideClock{0, 2, 12'500, std::nullopt};
  clock.running = Color::white;
  return clock;
}

GameSnapshot sample_snapshot() {
  GameSnapshot s;
  s.game = 42;
  s.seq = 5;
  s.settings.handicap = 2;
  s.settings.komi = 0.5;
  s.black = alice;
  s.white = bob;
  s.handicap_stones = {Vertex{15, 3}, Vertex{3, 15}};
  s.moves = {Vertex{16, 16}, std::nullopt};
  s.to_move = Color::white;
  s.clock = byoyomi_clock();
  s.captures = {1, 0};
  s.spectators = 3;
  return s;
}

}  // namespace

TEST_CASE("ok and error replies carry re only with an id", "[protocol][encode]") {
  const json ok = parsed(encode_ok(17, {{"sgf", "(;)"}}));
  CHECK(keys(ok) == std::set<std::string>{"type", "re", "sgf"});
  CHECK(ok["type"] == "ok");
  CHECK(ok["re"] == 17);
  CHECK(keys(parsed(encode_ok(std::nullopt))) == std::set<std::string>{"type"});

  const json error = parsed(encode_error(17, ErrorCode::illegal_move, "ko"));
  CHECK(keys(error) == std::set<std::string>{"type", "re", "code", "message"});
  CHECK(error["code"] == "illegal_move");
  CHECK(error["message"] == "ko");
  CHECK_FALSE(parsed(encode_error(std::nullopt, ErrorCode::bad_request, "x")).contains("re"));
  // A result field named like the envelope cannot overwrite it.
  CHECK(parsed(encode_ok(3, {{"type", "spoof"}}))["type"] == "ok");
}

TEST_CASE("error codes have their contract tokens", "[protocol][encode]") {
  const std::vector<std::pair<ErrorCode, std::string>> tokens{{ErrorCode::bad_request, "bad_request"},
                                                              {ErrorCode::unknown_type, "unknown_type"},
                                                              {ErrorCode::unsupported_protocol, "unsupported_protocol"},
                                                              {ErrorCode::unauthenticated, "unauthenticated"},
                                                              {ErrorCode::forbidden, "forbidden"},
                                                              {ErrorCode::name_taken, "name_taken"},
                                                              {ErrorCode::bad_credentials, "bad_credentials"},
                                                              {ErrorCode::banned, "banned"},
                                                              {ErrorCode::muted, "muted"},
                                                              {ErrorCode::rate_limited, "rate_limited"},
                                                              {ErrorCode::not_found, "not_found"},
                                                              {ErrorCode::not_your_turn, "not_your_turn"},
                                                              {ErrorCode::illegal_move, "illegal_move"},
                                                              {ErrorCode::wrong_phase, "wrong_phase"},
                                                              {ErrorCode::not_rated_eligible, "not_rated_eligible"},
                                                              {ErrorCode::conflict, "conflict"},
                                                              {ErrorCode::limit_reached, "limit_reached"},
                                                              {ErrorCode::unavailable, "unavailable"},
                                                              {ErrorCode::internal, "internal"}};
  for (const auto& [code, token] : tokens) {
    CHECK(to_string(code) == token);
    CHECK(parse_error_code(token) == code);
  }
  const DecodeError decode_error{ErrorCode::unknown_type, "unknown request type", 9};
  const json reply = parsed(encode_error(decode_error));
  CHECK(reply["re"] == 9);
  CHECK(reply["code"] == "unknown_type");
}

TEST_CASE("session replies", "[protocol][encode]") {
  const json hello = parsed(reply_hello(1, 1700000000123));
  CHECK(keys(hello) == std::set<std::string>{"type", "re", "server", "protocol", "time_ms"});
  CHECK(hello["protocol"] == 1);
  CHECK(hello["server"] == "yunzi/0.1.0");

  const json login = parsed(reply_session(2, "tok", alice));
  CHECK(keys(login) == std::set<std::string>{"type", "re", "token", "user"});
  CHECK(login["user"] == json{{"name", "alice"}, {"rank", "2d"}, {"role", "user"}});

  const json resume = parsed(reply_resume(3, bob, {42, 43}));
  CHECK(resume["games"] == json{42, 43});
  CHECK(resume["user"]["role"] == "bot");

  CHECK(parsed(reply_ping(4, ClientTime{std::int64_t{123}}, 9))["t"].is_number_integer());
  CHECK(parsed(reply_ping(4, ClientTime{1.5}, 9))["t"] == 1.5);
  CHECK(keys(parsed(reply_ping(4, std::nullopt, 9))) == std::set<std::string>{"type", "re", "time_ms"});
}

TEST_CASE("lobby replies and events", "[protocol][encode]") {
  SeekInfo seek{11, alice, GameSettings{}};
  seek.settings.time = yunzi::TimeControl::fischer(600'000, 10'000, 1'200'000);
  ChallengeInfo challenge{12, alice, bob, GameSettings{}};
  LobbyGame game{42, alice, bob, 19, 0, 7.5, true, 30, 2};

  const json seek_json = parsed(lobby_seek(seek))["seek"];
  CHECK(keys(seek_json) == std::set<std::string>{"id", "from", "settings"});
  CHECK(keys(seek_json["settings"]) ==
        std::set<std::string>{"size", "rated", "handicap", "komi", "color", "time", "ko"});
  CHECK(seek_json["settings"]["time"] ==
        json{{"system", "fischer"}, {"main_s", 600}, {"increment_s", 10}, {"max_s", 1200}});
  CHECK(keys(parsed(lobby_game(game))) == std::set<std::string>{"type", "game", "black", "white", "size", "handicap",
                                                                "komi", "rated", "move_number", "spectators",
                                                                "anonymous_spectators"});

  CHECK(parsed(reply_seek(2, seek))["seek"]["id"] == 11);
  CHECK(keys(parsed(reply_challenge(3, challenge))["challenge"]) ==
        std::set<std::string>{"id", "from", "to", "settings"});
  CHECK(parsed(reply_game(4, 42))["game"] == 42);

  CHECK(parsed(lobby_user_left("alice")) == json{{"type", "lobby.user_left"}, {"name", "alice"}});
  CHECK(parsed(lobby_seek(seek))["seek"]["from"]["name"] == "alice");
  CHECK(parsed(lobby_seek_removed(11)) == json{{"type", "lobby.seek_removed"}, {"seek", 11}});
  const json lobby_game_event = parsed(lobby_game(game));
  CHECK(lobby_game_event["type"] == "lobby.game");
  CHECK(lobby_game_event["game"] == 42);  // always the integer id
  CHECK(lobby_game_event["move_number"] == 30);
  CHECK(parsed(lobby_game_removed(42)) == json{{"type", "lobby.game_removed"}, {"game", 42}});
}

TEST_CASE("lobby chat and private message events", "[protocol][encode]") {
  CHECK(parsed(lobby_chat(LobbyChatLine{"alice", "hi all", 1700000000000})) ==
        json{{"type", "lobby.chat"}, {"from", "alice"}, {"text", "hi all"}, {"at", 1700000000000}});
  const PrivateMessage message{9, "alice", "bob", "good game", 1700000000001, false};
  CHECK(parsed(message_received(message)) == json{{"type", "message"},
                                                  {"id", 9},
                                                  {"from", "alice"},
                                                  {"to", "bob"},
                                                  {"text", "good game"},
                                                  {"at", 1700000000001},
                                                  {"read", false}});
  CHECK(to_json(Conversation{"bob", message, 2}) == json{{"with", "bob"}, {"unread", 2}, {"last", to_json(message)}});
}

TEST_CASE("a game snapshot has every field the contract lists", "[protocol][encode]") {
  GameSnapshot snapshot = sample_snapshot();
  const json state = parsed(reply_game_state(5, snapshot))["state"];
  CHECK(keys(state) == std::set<std::string>{"game",
                                             "seq",
                                             "size",
                                             "komi",
                                             "handicap",
                                             "rated",
                                             "ko",
                                             "time",
                                             "black",
                                             "white",
                                             "moves",
                                             "handicap_stones",
                                             "to_move",
                                             "phase",
                                             "clock",
                                             "captures",
                                             "dead",
                                             "marking_version",
                                             "spectators",
                                             "anonymous_spectators",
                                             "spectator_names"});
  CHECK(state["moves"] == json{"R3", "pass"});
  CHECK(state["handicap_stones"] == json{"Q16", "D4"});
  CHECK(state["to_move"] == "white");
  CHECK(state["phase"] == "play");
  CHECK(state["captures"] == json{{"black", 1}, {"white", 0}});
  CHECK(state["clock"]["running"] == "white");
  CHECK(state["clock"]["black"] == json{{"main_ms", 60000}, {"periods", 3}, {"period_ms", 30000}});
  CHECK(state["marking_version"] == 0);  // no marking outside scoring

  snapshot.phase = Phase::scoring;
  snapshot.dead = {Vertex{3, 3}};
  snapshot.marking_version = 1012;
  const json counting = parsed(reply_game_state(5, snapshot))["state"];
  CHECK(counting["dead"] == json{"D16"});
  CHECK(counting["marking_version"] == 1012);
  CHECK_FALSE(counting.contains("count"));
  snapshot.count = AreaCount{180.5, 180.5, 7.5, "W+7.5", {Vertex{0, 0}}, {Vertex{3, 3}, Vertex{18, 18}}};
  const json with_count = parsed(reply_game_state(5, snapshot))["state"];
  CHECK(with_count["count"] == json{{"black", 180.5},
                                    {"white", 180.5},
                                    {"komi", 7.5},
                                    {"result", "W+7.5"},
                                    {"territory", {{"black", {"A19"}}, {"white", {"D16", "T1"}}}}});
  snapshot.count.reset();

  snapshot.phase = Phase::ended;
  snapshot.result = yunzi::win_by(Color::white, yunzi::EndReason::resignation);
  snapshot.clock.running.reset();
  const json ended = parsed(reply_game_state(5, snapshot))["state"];
  CHECK(ended["result"] == "W+R");
  CHECK(ended["clock"]["running"].is_null());

  const json start = parsed(game_start(sample_snapshot()));
  CHECK(start["type"] == "game.start");
  CHECK(start["game"] == 42);
  CHECK(start.contains("black"));
}

TEST_CASE("game events carry game, seq and the contract's fields", "[protocol][encode]") {
  MovePlayed move{Color::black, Vertex{3, 15}, {Vertex{4, 15}}, byoyomi_clock(), 7};
  const json moved = parsed(game_move(42, 8, 19, move));
  CHECK(keys(moved) ==
        std::set<std::string>{"type", "game", "seq", "color", "vertex", "captured", "clock", "move_number"});
  CHECK(moved["vertex"] == "D4");
  CHECK(moved["captured"] == json{"E4"});
  CHECK(moved["seq"] == 8);

  const json passed = parsed(game_move(42, 9, 19, MovePlayed{Color::white, std::nullopt, {}, {}, 8}));
  CHECK(passed["vertex"] == "pass");
  CHECK(passed["captured"] == json::array());

  CHECK(keys(parsed(game_clock(42, 10, byoyomi_clock()))) == std::set<std::string>{"type", "game", "seq", "clock"});

  const json scoring =
      parsed(game_scoring(42, 11, 9, ScoringState{{Vertex{0, 0}}, 9, true, false, 180000, std::nullopt}));
  CHECK(keys(scoring) ==
        std::set<std::string>{"type", "game", "seq", "dead", "marking_version", "accepted", "deadline_ms"});
  CHECK(scoring["dead"] == json{"A9"});
  CHECK(scoring["marking_version"] == 9);  // an acceptance keeps the version of the marking it accepted
  CHECK(scoring["accepted"] == json{{"black", true}, {"white", false}});

  // The server's count of the marking, for clients to show instead of counting.
  ScoringState counted{{Vertex{0, 0}}, 9, false, false, 180000, std::nullopt};
  counted.count = AreaCount{45, 36, 7.5, "B+1.5", {Vertex{0, 0}, Vertex{1, 0}}, {Vertex{8, 8}}};
  const json with_count = parsed(game_scoring(42, 11, 9, counted));
  CHECK(keys(with_count) ==
        std::set<std::string>{"type", "game", "seq", "dead", "marking_version", "accepted", "deadline_ms", "count"});
  CHECK(with_count["count"] == json{{"black", 45.0},
                                    {"white", 36.0},
                                    {"komi", 7.5},
                                    {"result", "B+1.5"},
                                    {"territory", {{"black", {"A9", "B9"}}, {"white", {"J1"}}}}});

  GameEnd end{yunzi::counted_result(3.5),
              Score{184, 173, 7.5},
              {RankChange{"alice", *Rank::from_index(20), *Rank::from_index(21), "promotion", 42}}};
  const json ended = parsed(game_end(42, 12, end));
  CHECK(keys(ended) == std::set<std::string>{"type", "game", "seq", "result", "reason", "score", "rank_changes"});
  CHECK(ended["result"] == "B+3.5");
  CHECK(ended["reason"] == "count");
  CHECK(ended["score"] == json{{"black", 184.0}, {"white", 173.0}, {"komi", 7.5}});
  CHECK(ended["rank_changes"][0] ==
        json{{"name", "alice"}, {"from", "2d"}, {"to", "3d"}, {"reason", "promotion"}, {"game", 42}});
  const json resigned =
      parsed(game_end(42, 3, GameEnd{yunzi::win_by(Color::white, yunzi::EndReason::resignation), std::nullopt, {}}));
  CHECK(resigned["result"] == "W+R");
  CHECK(resigned["reason"] == "resignation");
  CHECK_FALSE(resigned.contains("score"));
  CHECK(resigned["rank_changes"] == json::array());

  const json chat = parsed(game_chat(42, ChatLine{"alice", "gl hf", ChatChannel::spectators}));
  CHECK(chat ==
        json{{"type", "game.chat"}, {"game", 42}, {"from", "alice"}, {"text", "gl hf"}, {"channel", "spectators"}});

  CHECK(parsed(game_spectators(42, SpectatorList{3, 1, {"carol", "dave"}})) ==
        json{{"type", "game.spectators"},
             {"game", 42},
             {"spectators", 3},
             {"anonymous_spectators", 1},
             {"spectator_names", {"carol", "dave"}}});

  CHECK(parsed(game_undo_requested(42, 13, Color::black)) ==
        json{{"type", "game.undo_requested"}, {"game", 42}, {"seq", 13}, {"color", "black"}});
  CHECK(keys(parsed(game_undone(42, 14, UndoDone{2, Color::black, {}}))) ==
        std::set<std::string>{"type", "game", "seq", "moves_removed", "to_move", "clock"});
  CHECK(parsed(game_undo_declined(42, 15, Color::white))["type"] == "game.undo_declined");
  CHECK(parsed(game_opponent_gone(42, 16, Color::white, 120000)) ==
        json{{"type", "game.opponent_gone"}, {"game", 42}, {"seq", 16}, {"color", "white"}, {"deadline_ms", 120000}});
  CHECK(parsed(game_opponent_back(42, 17, Color::white))["type"] == "game.opponent_back");
}

TEST_CASE("game.watch with since splices the missed events unchanged", "[protocol][encode]") {
  const std::vector<Frame> missed{game_clock(42, 6, byoyomi_clock()), game_opponent_back(42, 7, Color::black)};
  const json reply = parsed(reply_game_events(8, missed));
  CHECK(keys(reply) == std::set<std::string>{"type", "re", "events", "chat"});
  REQUIRE(reply["events"].size() == 2);
  CHECK(reply["events"][0] == json::parse(*missed[0]));
  CHECK(reply["events"][1]["seq"] == 7);
  CHECK(reply["chat"] == json::array());
  CHECK(parsed(reply_game_events(std::nullopt, {}))["events"] == json::array());
}

TEST_CASE("game.watch replies carry the chat so far", "[protocol][encode]") {
  const std::vector<ChatLine> chat{{"alice", "good luck", ChatChannel::players},
                                   {"carol", "nice \"move\"", ChatChannel::spectators}};
  const json lines = json::array({{{"from", "alice"}, {"text", "good luck"}, {"channel", "players"}},
                                  {{"from", "carol"}, {"text", "nice \"move\""}, {"channel", "spectators"}}});
  CHECK(parsed(reply_game_events(3, {}, chat))["chat"] == lines);
  CHECK(parsed(reply_game_state(4, sample_snapshot(), chat))["chat"] == lines);
}

TEST_CASE("user and admin replies", "[protocol][encode]") {
  const json info = parsed(reply_user_info(1, UserProfile{alice, 30, 20, RankProgress{5, 3, 2, 20, 14, 15, ""}, true}));
  CHECK(keys(info) == std::set<std::string>{"type", "re", "user", "wins", "losses", "rank_progress", "online"});
  CHECK(keys(info["rank_progress"]) == std::set<std::string>{"games", "wins", "losses", "block_size", "wins_to_promote",
                                                             "losses_to_demote", "summary"});

  const json games = parsed(reply_user_games(2, {GameSummary{42,
                                                             {"alice", *Rank::from_index(20)},
                                                             {"bob", *Rank::from_index(19)},
                                                             19,
                                                             true,
                                                             yunzi::win_by(Color::black, yunzi::EndReason::resignation),
                                                             1700000000000}}));
  CHECK(keys(games["games"][0]) ==
        std::set<std::string>{"game", "black", "white", "size", "rated", "result", "ended_at"});
  CHECK(games["games"][0]["white"] == json{{"name", "bob"}, {"rank", "1d"}});
  CHECK(games["games"][0]["result"] == "B+R");
  const json playing = parsed(reply_user_games(
      2,
      {GameSummary{43, {"alice", *Rank::from_index(20)}, {"bob", *Rank::from_index(19)}, 19, true, std::nullopt, 0}}));
  CHECK(playing["games"][0]["result"] == "");

  const json history = parsed(reply_user_history(
      3, {RankEvent{1, *Rank::from_index(19), *Rank::from_index(20), "promotion", std::nullopt, 5}}));
  CHECK(keys(history["history"][0]) == std::set<std::string>{"id", "from", "to", "reason", "at"});
  const json reports = parsed(reply_reports(4, {ReportEntry{1, "bob", "alice", 42, "bot", 9}}));
  CHECK(keys(reports["reports"][0]) == std::set<std::string>{"id", "reporter", "user", "game", "reason", "created_at"});
  const json audit = parsed(reply_audit(5, {AuditEntry{1, "root", "admin.ban", "troll", "abuse", 9, "60 minutes"}}));
  CHECK(keys(audit["entries"][0]) ==
        std::set<std::string>{"id", "admin", "action", "target", "reason", "at", "detail"});
  CHECK(audit["entries"][0]["detail"] == "60 minutes");
  const json review = parsed(reply_review(6, {ReviewEntry{{"alice", *Rank::from_index(20)}, {40, 41, 42}}}, "alice"));
  CHECK(review["players"][0]["short_games"] == json{40, 41, 42});
  CHECK(review["next"] == "alice");
  CHECK_FALSE(parsed(reply_review(6, {}, std::nullopt)).contains("next"));
  RecommendationEntry waiting{7,
                              "ninedan",
                              {"rising", *Rank::from_index(21)},
                              *Rank::from_index(21),
                              RecommendationState::pending,
                              9,
                              std::nullopt,
                              std::nullopt,
                              {}};
  const json pending = parsed(reply_recommendations(8, {waiting}))["recommendations"][0];
  CHECK(keys(pending) ==
        std::set<std::string>{"id", "recommender", "user", "former_rank", "status", "asked_at", "warnings"});
  CHECK(pending["status"] == "pending");
  CHECK(pending["former_rank"] == "3d");
  CHECK(pending["warnings"] == json::array());
  RecommendationEntry revoked{
      7,  "ninedan", {"rising", *Rank::from_index(19)}, *Rank::from_index(21), RecommendationState::revoked, 9,
      10, 11,        {"few_wins_in_first_five"}};
  const json taken_back = parsed(reply_recommendations(8, {revoked}))["recommendations"][0];
  CHECK(taken_back["decided_at"] == 10);
  CHECK(taken_back["revoked_at"] == 11);
  CHECK(taken_back["warnings"] == json{"few_wins_in_first_five"});
  CHECK(parsed(reply_sgf(7, "(;GM[1])"))["sgf"] == "(;GM[1])");
}

TEST_CASE("events to one user", "[protocol][encode]") {
  const json challenge = parsed(challenge_received(ChallengeInfo{12, alice, bob, GameSettings{}}));
  CHECK(challenge["type"] == "challenge");
  CHECK(challenge["challenge"]["to"]["name"] == "bob");
  CHECK(parsed(challenge_declined(12, "bob")) ==
        json{{"type", "challenge.declined"}, {"challenge", 12}, {"by", "bob"}});
  CHECK(parsed(challenge_declined(12, "gnugo", std::string("I do not play 19x19"))) ==
        json{{"type", "challenge.declined"}, {"challenge", 12}, {"by", "gnugo"}, {"reason", "I do not play 19x19"}});
  const json rank =
      parsed(rank_changed(RankChange{"alice", *Rank::from_index(20), *Rank::from_index(19), "admin", std::nullopt}));
  CHECK(keys(rank) == std::set<std::string>{"type", "name", "from", "to", "reason"});
  CHECK(rank["to"] == "1d");
  CHECK(parsed(notice("maintenance")) == json{{"type", "notice"}, {"text", "maintenance"}});
  CHECK(parsed(kicked("stalling")) == json{{"type", "kicked"}, {"reason", "stalling"}});
}

TEST_CASE("text that is not UTF-8 is repaired instead of breaking the encoder", "[protocol][encode]") {
  const json out = parsed(notice("bad \xFF byte"));
  CHECK(out["text"].get<std::string>().find("bad ") == 0);
}

TEST_CASE("board replies and events", "[protocol][encode][board]") {
  BoardSummary summary{3, "alice", "joseki", 9, 7.5, 0, 2, std::nullopt, 1700000000000, 1700000000500, "", "", ""};
  const json created = parsed(reply_board(5, summary));
  CHECK(keys(created["board"]) == std::set<std::string>{"id", "owner", "title", "size", "komi", "handicap", "nodes",
                                                        "game", "created_at", "updated_at", "black", "white",
                                                        "result"});
  CHECK(created["board"]["result"] == "");
  CHECK(created["board"]["game"].is_null());
  CHECK(created["board"]["black"] == "");
  summary.black = "Honinbo";
  CHECK(parsed(reply_board(5, summary))["board"]["black"] == "Honinbo");
  summary.game = 12;
  CHECK(parsed(reply_board(5, summary))["board"]["game"] == 12);

  BoardTree tree;
  tree.size = 9;
  tree.nodes = {BoardNode{0, std::nullopt, std::nullopt, 0, "the record's note"},
                BoardNode{1, 0, yunzi::engine::Move{Color::black, Vertex{3, 5}}, 1, {}}};
  tree.current = 1;
  tree.white_setup = {Vertex{2, 2}};
  const json watched = parsed(reply_board_watch(6, summary, tree));
  CHECK(watched["tree"]["nodes"][0] == json{{"id", 0}, {"parent", nullptr}, {"comment", "the record's note"}});
  CHECK(watched["tree"]["nodes"][1] ==
        json{{"id", 1}, {"parent", 0}, {"color", "black"}, {"vertex", "D4"}, {"number", 1}});
  CHECK(watched["tree"]["current"] == 1);
  CHECK(watched["tree"]["setup"] == json{{"black", json::array()}, {"white", {"C7"}}});

  const json played = parsed(reply_board_play(7, tree.nodes[1], 9, {Vertex{0, 0}}));
  CHECK(played["captured"] == json{"A9"});
  CHECK(parsed(board_node(3, BoardNode{2, 1, yunzi::engine::Move{Color::white, std::nullopt}, 2, {}}, 9)) ==
        json{{"type", "board.node"},
             {"board", 3},
             {"node", {{"id", 2}, {"parent", 1}, {"color", "white"}, {"vertex", "pass"}, {"number", 2}}}});
  CHECK(parsed(board_current(3, 1)) == json{{"type", "board.current"}, {"board", 3}, {"node", 1}});
  CHECK(parsed(board_cut(3, 1, 0)) == json{{"type", "board.cut"}, {"board", 3}, {"node", 1}, {"current", 0}});
  CHECK(parsed(board_deleted(3)) == json{{"type", "board.deleted"}, {"board", 3}});
  CHECK(parsed(reply_board_cut(8, 4))["removed"] == 4);

  PositionEstimate estimate{9, 45, 36, 1.5, yunzi::counted_result(1.5), {Vertex{0, 0}}, {Vertex{1, 1}}, {}};
  const json estimated = parsed(reply_estimate(9, estimate))["estimate"];
  CHECK(keys(estimated) == std::set<std::string>{"black", "white", "margin", "result", "dead", "territory"});
  CHECK(estimated["result"] == "B+1.5");
  CHECK(estimated["dead"] == json{"A9"});
  CHECK(estimated["territory"]["black"] == json{"B8"});
}
