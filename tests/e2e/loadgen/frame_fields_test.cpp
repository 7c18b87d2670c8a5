#include <catch2/catch.hpp>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "engine/types.hpp"
#include "protocol/events.hpp"
#include "protocol/replies.hpp"
#include "tools/yunzi-loadgen/frame_fields.hpp"

using namespace yunzi;
using namespace yunzi::loadgen;

namespace {

engine::Vertex vertex(std::string_view gtp) { return *engine::parse_gtp(gtp, 19); }

protocol::MovePlayed white_takes_two_at_q16() {
  protocol::MovePlayed move;
  move.color = engine::Color::white;
  move.vertex = vertex("Q16");
  move.captured = {vertex("Q17"), vertex("R16")};
  move.clock.black.main_ms = 600000;
  move.clock.black.periods = 3;
  move.clock.black.period_ms = 30000;
  move.clock.white.main_ms = 598000;
  move.clock.white.periods = 3;
  move.clock.white.period_ms = 30000;
  move.clock.running = engine::Color::black;
  move.move_number = 30;
  return move;
}

protocol::UserInfo loadgen_user() {
  protocol::UserInfo user;
  user.name = "loadgen-a-0";
  return user;
}

// What the scenario accepted before it read fields: a whole tree whose root
// is an object with a string `type`.
bool readable_as_tree(std::string_view text) {
  const nlohmann::json frame = nlohmann::json::parse(text, nullptr, false);
  return !frame.is_discarded() && frame.is_object() && frame.contains("type") && frame["type"].is_string();
}

}  // namespace

TEST_CASE("frame fields: a game.move event as the server encodes it") {
  const protocol::Frame frame = protocol::game_move(42, 31, 19, white_takes_two_at_q16());
  const auto fields = read_frame_fields(*frame);
  REQUIRE(fields);
  CHECK(fields->type == "game.move");
  CHECK(fields->game == 42);
  CHECK(fields->move_number == 30);
  CHECK(fields->vertex == "Q16");
  CHECK_FALSE(fields->re);
  CHECK_FALSE(fields->code);

  protocol::MovePlayed pass = white_takes_two_at_q16();
  pass.vertex.reset();
  pass.captured.clear();
  const auto passed = read_frame_fields(*protocol::game_move(42, 32, 19, pass));
  REQUIRE(passed);
  CHECK(passed->vertex == "pass");
}

TEST_CASE("frame fields: replies as the server encodes them") {
  const auto accepted = read_frame_fields(*protocol::reply_game(17, 42));
  REQUIRE(accepted);
  CHECK(accepted->type == "ok");
  CHECK(accepted->re == 17);
  CHECK(accepted->game == 42);

  const auto session = read_frame_fields(*protocol::reply_session(1, "token", loadgen_user()));
  REQUIRE(session);
  CHECK(session->type == "ok");
  CHECK(session->re == 1);
  CHECK_FALSE(session->game);

  const auto refused =
      read_frame_fields(*protocol::encode_error(9, protocol::ErrorCode::not_your_turn, "wait for white"));
  REQUIRE(refused);
  CHECK(refused->type == "error");
  CHECK(refused->re == 9);
  CHECK(refused->code == "not_your_turn");

  const auto without_re =
      read_frame_fields(*protocol::encode_error(std::nullopt, protocol::ErrorCode::bad_request, ""));
  REQUIRE(without_re);
  CHECK_FALSE(without_re->re);
  CHECK(without_re->code == "bad_request");
}

TEST_CASE("frame fields: a challenge event keeps its nested id to itself") {
  protocol::ChallengeInfo challenge;
  challenge.id = 12;
  const auto fields = read_frame_fields(*protocol::challenge_received(challenge));
  REQUIRE(fields);
  CHECK(fields->type == "challenge");
  CHECK_FALSE(fields->re);
  CHECK_FALSE(fields->game);
}

TEST_CASE("frame fields: key order does not matter") {
  const auto fields = read_frame_fields(R"({"vertex":"D4","move_number":3,"game":7,"seq":4,"type":"game.move"})");
  REQUIRE(fields);
  CHECK(fields->type == "game.move");
  CHECK(fields->game == 7);
  CHECK(fields->move_number == 3);
  CHECK(fields->vertex == "D4");
}

TEST_CASE("frame fields: nested objects and arrays are skipped, whatever keys they hold") {
  const auto fields = read_frame_fields(
      R"({"captured":[{"type":"x","re":1},["game",2]],"type":"ok",)"
      R"("clock":{"game":5,"re":[1,{"re":2,"code":"c"}],"vertex":{"type":"y"}},"re":4,"empty":{},"none":[]})");
  REQUIRE(fields);
  CHECK(fields->type == "ok");
  CHECK(fields->re == 4);
  CHECK_FALSE(fields->game);
  CHECK_FALSE(fields->code);
  CHECK_FALSE(fields->vertex);
}

TEST_CASE("frame fields: escapes are decoded in keys and values") {
  const auto fields =
      read_frame_fields(R"({"\u0074ype":"game.\u006dove","vertex":"Q\u00316","code":"a\"b\\c\/\u00e9\ud83d\ude00"})");
  REQUIRE(fields);
  CHECK(fields->type == "game.move");
  CHECK(fields->vertex == "Q16");
  CHECK(fields->code == "a\"b\\c/\xc3\xa9\xf0\x9f\x98\x80");
}

TEST_CASE("frame fields: a field of another type reads as absent") {
  const auto fields =
      read_frame_fields(R"({"type":"game.move","re":"1","game":42.0,"move_number":null,"vertex":["Q16"],"code":7})");
  REQUIRE(fields);
  CHECK_FALSE(fields->re);
  CHECK_FALSE(fields->game);
  CHECK_FALSE(fields->move_number);
  CHECK_FALSE(fields->vertex);
  CHECK_FALSE(fields->code);
  CHECK_FALSE(read_frame_fields(R"({"game":1e2,"type":"ok"})")->game);
  CHECK_FALSE(read_frame_fields(R"({"game":true,"type":"ok"})")->game);
}

TEST_CASE("frame fields: of a repeated key the last value counts") {
  CHECK(read_frame_fields(R"({"type":"ok","re":1,"re":2})")->re == 2);
  CHECK_FALSE(read_frame_fields(R"({"type":"ok","re":1,"re":"2"})")->re);
  CHECK_FALSE(read_frame_fields(R"({"type":"ok","vertex":"A1","vertex":{"x":1}})")->vertex);
  CHECK(read_frame_fields(R"({"type":5,"type":"ok"})")->type == "ok");
  CHECK_FALSE(read_frame_fields(R"({"type":"ok","type":5})"));
  CHECK_FALSE(read_frame_fields(R"({"type":"ok","type":["ok"]})"));
}

TEST_CASE("frame fields: integers that do not fit read as absent") {
  CHECK(read_frame_fields(R"({"type":"ok","re":9223372036854775807})")->re == INT64_MAX);
  CHECK(read_frame_fields(R"({"type":"ok","re":-9223372036854775808})")->re == INT64_MIN);
  CHECK_FALSE(read_frame_fields(R"({"type":"ok","re":9223372036854775808})")->re);
  CHECK_FALSE(read_frame_fields(R"({"type":"ok","re":18446744073709551615})")->re);
  CHECK_FALSE(read_frame_fields(R"({"type":"ok","re":18446744073709551616})")->re);
  CHECK_FALSE(read_frame_fields(R"({"type":"ok","game":-9223372036854775809})")->game);
  CHECK(read_frame_fields(R"({"type":"game.move","move_number":2147483647})")->move_number == 2147483647);
  CHECK(read_frame_fields(R"({"type":"game.move","move_number":-2147483648})")->move_number == -2147483648LL);
  CHECK_FALSE(read_frame_fields(R"({"type":"game.move","move_number":2147483648})")->move_number);
  CHECK_FALSE(read_frame_fields(R"({"type":"game.move","move_number":-2147483649})")->move_number);
}

TEST_CASE("frame fields: malformed frames are refused, as a whole parse refuses them") {
  const std::string invalid_utf8 = "{\"type\":\"ok\",\"message\":\"\xff\"}";
  const std::string control_in_string = std::string("{\"type\":\"o") + '\x01' + "k\"}";
  const std::string_view malformed[] = {
      "",
      " ",
      "{",
      R"({"type":"ok")",
      R"({"type":"ok"}x)",
      R"({"type":"ok"} {"type":"ok"})",
      R"({"type":"ok",})",
      R"({'type':'ok'})",
      R"({type:"ok"})",
      R"({"type":"ok","a":[1,2}})",
      R"({"type":"ok","a":{"b":1]})",
      R"({"type":"ok"/* why */})",
      R"({"type":"ok","re":01})",
      R"({"type":"ok","re":1.})",
      R"({"type":"ok","re":+1})",
      R"({"type":"ok","re":NaN})",
      R"({"type":"o\k"})",
      R"({"type":"\ud83d"})",
      invalid_utf8,
      control_in_string,
  };
  for (const std::string_view text : malformed) {
    INFO(text);
    CHECK_FALSE(read_frame_fields(text));
    CHECK_FALSE(readable_as_tree(text));
  }
}

TEST_CASE("frame fields: only an object with a string type is a frame") {
  const std::string_view refused[] = {
      "[]",
      R"(["type","ok"])",
      R"([{"type":"ok"}])",
      R"("ok")",
      "42",
      "null",
      "{}",
      R"({"re":1})",
      R"({"type":1})",
      R"({"type":null})",
      R"({"type":{"type":"ok"}})",
      R"({"message":{"type":"ok"}})",
  };
  for (const std::string_view text : refused) {
    INFO(text);
    CHECK_FALSE(read_frame_fields(text));
    CHECK_FALSE(readable_as_tree(text));
  }
  const std::string_view accepted[] = {R"({"type":""})", " \n{ \"type\" : \"ok\" }\t", R"({"type":"no.such.event"})"};
  for (const std::string_view text : accepted) {
    INFO(text);
    CHECK(read_frame_fields(text));
    CHECK(readable_as_tree(text));
  }
}
