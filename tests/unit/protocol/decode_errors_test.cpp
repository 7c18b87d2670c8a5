// Every kind of bad input gives the contract's code, a message naming the
// field, and keeps the request id whenever it could be read.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol/decode.hpp"
#include "request_examples.hpp"

using namespace yunzi;
using namespace yunzi::protocol;
using nlohmann::json;

namespace {

DecodeError failure(const std::string& text) {
  auto decoded = decode_request(text);
  if (decoded) FAIL("decoded although invalid: " << text);
  return decoded.error();
}

// A value of a JSON type no field of the given name accepts.
json wrong_type_for(const std::string& field) {
  if (field == "settings") return "fast";
  if (field == "t") return "noon";
  return json::object();
}

void check_bad_field(const std::string& text, const std::string& field) {
  INFO(text);
  const DecodeError error = failure(text);
  CHECK(error.code == ErrorCode::bad_request);
  CHECK(error.id == 7);
  CHECK_THAT(error.message, Catch::Contains("'" + field));
}

std::string with_field(const std::string& base, const std::string& field, const json& value) {
  json message = json::parse(base);
  message[field] = value;
  return message.dump();
}

}  // namespace

TEST_CASE("each required field missing is a bad_request naming it", "[protocol][decode]") {
  for (const auto& example : request_examples()) {
    for (const auto& field : example.fields) {
      if (!field.required) continue;
      json message = json::parse(example.json);
      message.erase(field.name);
      check_bad_field(message.dump(), field.name);
    }
  }
}

TEST_CASE("each field of the wrong JSON type is a bad_request naming it", "[protocol][decode]") {
  for (const auto& example : request_examples()) {
    for (const auto& field : example.fields) {
      check_bad_field(with_field(example.json, field.name, wrong_type_for(field.name)), field.name);
      check_bad_field(with_field(example.json, field.name, nullptr), field.name);
    }
  }
}

TEST_CASE("optional fields may be left out", "[protocol][decode]") {
  for (const auto& example : request_examples()) {
    json message = json::parse(example.json);
    for (const auto& field : example.fields) {
      if (!field.required) message.erase(field.name);
    }
    INFO(message.dump());
    CHECK(decode_request(message.dump()).has_value());
  }
}

TEST_CASE("the admins' rank requests refuse bad lists, states and revocation targets", "[protocol][decode]") {
  const std::string keep = R"({"type":"admin.keep_short_games","id":7,"user":"q","reason":"r"})";
  check_bad_field(with_field(keep, "games", json::array()), "games");
  check_bad_field(with_field(keep, "games", json{1, 2, "3"}), "games[2]");
  check_bad_field(with_field(keep, "games", json{0}), "games[0]");
  check_bad_field(with_field(keep, "games", json{1.5}), "games[0]");
  check_bad_field(with_field(keep, "games", json{json::parse("9007199254740992")}), "games[0]");
  check_bad_field(with_field(keep, "games", json(std::vector<int>(101, 1))), "games");
  const std::string listing = R"({"type":"admin.recommendations","id":7})";
  check_bad_field(with_field(listing, "status", "waiting"), "status");
  const std::string revoke = R"({"type":"admin.revoke_recommendation","id":7,"user":"r","reason":"r"})";
  check_bad_field(with_field(revoke, "to", "2d"), "to");
  check_bad_field(with_field(revoke, "to", "former rank"), "to");
  check_bad_field(with_field(R"({"type":"admin.review","id":7})", "after", "no spaces"), "after");
}

TEST_CASE("out-of-range values are refused", "[protocol][decode]") {
  const std::string move = R"({"type":"game.move","id":7,"game":1,"vertex":"D4"})";
  check_bad_field(with_field(move, "game", 0), "game");
  check_bad_field(with_field(move, "game", -4), "game");
  check_bad_field(with_field(move, "game", 1.5), "game");
  check_bad_field(with_field(move, "game", 42.0), "game");
  check_bad_field(with_field(move, "game", json::parse("18446744073709551615")), "game");
  for (const char* vertex : {"I5", "Z26", "A0", "D04", "A100", "", "D", "44", "passs", "D4 "}) {
    check_bad_field(with_field(move, "vertex", vertex), "vertex");
  }
  const std::string dead = R"({"type":"game.dead","id":7,"game":1,"vertex":"D4","dead":true})";
  check_bad_field(with_field(dead, "vertex", "pass"), "vertex");
  check_bad_field(with_field(dead, "dead", 1), "dead");

  // An acceptance names the marking it agrees to: a version a client can
  // hold exactly, never a guess.
  const std::string accept = R"({"type":"game.score.accept","id":7,"game":1})";
  check_bad_field(accept, "marking_version");
  check_bad_field(with_field(accept, "marking_version", -1), "marking_version");
  check_bad_field(with_field(accept, "marking_version", json::parse("9007199254740992")), "marking_version");
  check_bad_field(with_field(accept, "marking_version", 15.5), "marking_version");
  check_bad_field(with_field(accept, "marking_version", "15"), "marking_version");
  check_bad_field(with_field(accept, "marking_version", nullptr), "marking_version");

  const std::string games = R"({"type":"user.games","id":7,"name":"a"})";
  check_bad_field(with_field(games, "limit", 101), "limit");
  check_bad_field(with_field(games, "limit", 0), "limit");
  CHECK(decode_request(with_field(games, "limit", 100)).has_value());

  const std::string reg = R"({"type":"register","id":7,"name":"a","password":"p"})";
  check_bad_field(with_field(reg, "rank", "11k"), "rank");  // registration takes 10k..1d
  check_bad_field(with_field(reg, "rank", "2d"), "rank");
  for (const char* rank : {"19k", "0k", "10d", "5p", "k", "05k", "1dd"}) {
    check_bad_field(with_field(reg, "rank", rank), "rank");
  }
  CHECK(decode_request(with_field(reg, "rank", "10k")).has_value());

  const std::string mute = R"({"type":"admin.mute","id":7,"user":"a","reason":"r"})";
  check_bad_field(with_field(mute, "minutes", 0), "minutes");
  const std::string watch = R"({"type":"game.watch","id":7,"game":1})";
  check_bad_field(with_field(watch, "since", -1), "since");
}

TEST_CASE("strings are checked for length and content", "[protocol][decode]") {
  const std::string login = R"({"type":"login","id":7,"password":"p"})";
  CHECK(decode_request(with_field(login, "name", std::string(20, 'a'))).has_value());
  check_bad_field(with_field(login, "name", std::string(21, 'a')), "name");
  // 20 Chinese characters are 60 bytes but only 20 code points.
  std::string twenty_han;
  for (int i = 0; i < 20; ++i) twenty_han += "棋";
  CHECK(decode_request(with_field(login, "name", twenty_han)).has_value());
  check_bad_field(with_field(login, "name", twenty_han + "棋"), "name");
  for (const char* name : {"", "two words", "tab\there", "semi;colon", "quote\"", "nbsp\u00a0x", "zero\u200bwidth"}) {
    check_bad_field(with_field(login, "name", name), "name");
  }
  CHECK(decode_request(with_field(login, "name", "Go_player-1.x")).has_value());

  const std::string with_name = R"({"type":"login","id":7,"name":"a"})";
  check_bad_field(with_field(with_name, "password", std::string(129, 'p')), "password");
  check_bad_field(with_field(with_name, "password", ""), "password");
  CHECK(decode_request(with_field(with_name, "password", std::string(128, 'p'))).has_value());

  const std::string chat = R"({"type":"game.chat","id":7,"game":1})";
  CHECK(decode_request(with_field(chat, "text", std::string(300, 'x'))).has_value());
  check_bad_field(with_field(chat, "text", std::string(301, 'x')), "text");
  check_bad_field(with_field(chat, "text", ""), "text");
  check_bad_field(with_field(chat, "text", "bell\x07"), "text");
  check_bad_field(with_field(chat, "text", "new\nline"), "text");
  check_bad_field(with_field(with_field(chat, "text", "hi"), "channel", "everyone"), "channel");

  const std::string lobby_chat = R"({"type":"lobby.chat","id":7})";
  CHECK(decode_request(with_field(lobby_chat, "text", std::string(300, 'x'))).has_value());
  check_bad_field(with_field(lobby_chat, "text", std::string(301, 'x')), "text");
  check_bad_field(with_field(lobby_chat, "text", ""), "text");
  check_bad_field(with_field(lobby_chat, "text", "new\nline"), "text");

  // A private message may run to 1000 code points over several lines.
  const std::string message = R"({"type":"message.send","id":7,"to":"bob"})";
  CHECK(decode_request(with_field(message, "text", std::string(1000, 'x'))).has_value());
  CHECK(decode_request(with_field(message, "text", "two\nlines")).has_value());
  check_bad_field(with_field(message, "text", std::string(1001, 'x')), "text");
  check_bad_field(with_field(message, "text", "bell\x07"), "text");
  check_bad_field(with_field(with_field(message, "text", "hi"), "to", "two words"), "to");
  const std::string history = R"({"type":"message.history","id":7,"with":"bob"})";
  check_bad_field(with_field(history, "limit", 101), "limit");
  check_bad_field(with_field(history, "before", 0), "before");

  const std::string resume = R"({"type":"resume","id":7})";
  check_bad_field(with_field(resume, "token", "has space"), "token");
  check_bad_field(with_field(resume, "token", std::string(129, 't')), "token");

  const std::string broadcast = R"({"type":"admin.broadcast","id":7})";
  CHECK(decode_request(with_field(broadcast, "text", std::string(500, 'n'))).has_value());
  check_bad_field(with_field(broadcast, "text", std::string(501, 'n')), "text");
}

TEST_CASE("invalid UTF-8 is a bad_request that keeps the id and names the field", "[protocol][decode]") {
  check_bad_field("{\"type\":\"game.chat\",\"id\":7,\"game\":1,\"text\":\"bad \xC3\x28 byte\"}", "text");
  check_bad_field("{\"type\":\"login\",\"id\":7,\"name\":\"\xED\xA0\x80\",\"password\":\"p\"}", "name");  // surrogate
  check_bad_field("{\"type\":\"login\",\"id\":7,\"name\":\"\xC0\xAF\",\"password\":\"p\"}", "name");      // overlong
  check_bad_field("{\"type\":\"login\",\"id\":7,\"name\":\"a\",\"password\":\"\xFF\"}", "password");
  const DecodeError lone = failure(R"({"type":"game.chat","id":7,"game":1,"text":"\ud800"})");
  CHECK(lone.code == ErrorCode::bad_request);
}

TEST_CASE("malformed JSON and non-objects are bad_request without an id", "[protocol][decode]") {
  for (const char* text : {"", "{", "{\"type\":\"ping\",}", "nonsense", "[1,2]", "\"ping\"", "42", "null",
                           "{\"type\":\"ping\"} trailing"}) {
    INFO(text);
    const DecodeError error = failure(text);
    CHECK(error.code == ErrorCode::bad_request);
    CHECK_FALSE(error.id.has_value());
  }
  CHECK_THAT(failure("[1]").message, Catch::Contains("object"));
}

TEST_CASE("type missing or mistyped is bad_request, unknown is unknown_type, keeping the id", "[protocol][decode]") {
  const DecodeError missing = failure(R"({"id":7,"game":1})");
  CHECK(missing.code == ErrorCode::bad_request);
  CHECK(missing.id == 7);
  CHECK_THAT(missing.message, Catch::Contains("'type'"));

  const DecodeError mistyped = failure(R"({"id":7,"type":5})");
  CHECK(mistyped.code == ErrorCode::bad_request);
  CHECK(mistyped.id == 7);

  const DecodeError unknown = failure(R"({"id":7,"type":"game.teleport"})");
  CHECK(unknown.code == ErrorCode::unknown_type);
  CHECK(unknown.id == 7);
  CHECK_THAT(unknown.message, Catch::Contains("game.teleport"));

  CHECK(failure(R"({"id":7,"type":"GAME.MOVE"})").code == ErrorCode::unknown_type);
}

TEST_CASE("an id that is not an integer is bad_request without re", "[protocol][decode]") {
  for (const char* id : {"\"7\"", "7.5", "7.0", "null", "true", "[7]", "18446744073709551615"}) {
    const std::string text = std::string(R"({"type":"logout","id":)") + id + "}";
    INFO(text);
    const DecodeError error = failure(text);
    CHECK(error.code == ErrorCode::bad_request);
    CHECK_FALSE(error.id.has_value());
    CHECK_THAT(error.message, Catch::Contains("'id'"));
  }
}

TEST_CASE("hello with another protocol version is unsupported_protocol", "[protocol][decode]") {
  for (const char* version : {"2", "0", "-1", "99999999999999999999"}) {
    const std::string text = std::string(R"({"type":"hello","id":7,"protocol":)") + version + "}";
    INFO(text);
    const DecodeError error = failure(text);
    CHECK(error.id == 7);
    // A number too large for an integer is not an integer at all.
    CHECK(error.code == (std::string(version).size() > 10 ? ErrorCode::bad_request : ErrorCode::unsupported_protocol));
  }
  CHECK(failure(R"({"type":"hello","id":7,"protocol":"1"})").code == ErrorCode::bad_request);
  CHECK(failure(R"({"type":"hello","id":7,"protocol":1.0})").code == ErrorCode::bad_request);
}

TEST_CASE("board requests refuse a second source, odd sizes and handicaps, long titles and the root cut",
          "[protocol][decode][board]") {
  const std::string create = R"({"type":"board.create","id":7})";
  check_bad_field(with_field(with_field(create, "game", 4), "sgf", "(;SZ[9])"), "sgf");
  check_bad_field(with_field(create, "move", 3), "move");
  check_bad_field(with_field(create, "sgf", 5), "sgf");
  check_bad_field(with_field(create, "size", 7), "size");
  check_bad_field(with_field(create, "handicap", 1), "handicap");
  check_bad_field(with_field(create, "handicap", 10), "handicap");
  check_bad_field(with_field(create, "komi", 6.3), "komi");
  check_bad_field(with_field(create, "title", std::string(81, 't')), "title");
  check_bad_field(with_field(create, "title", "tab\there"), "title");
  CHECK(decode_request(with_field(create, "title", "")).has_value());
  std::string eighty_chinese;
  for (int i = 0; i < 80; ++i) eighty_chinese += "\xE5\xAE\x9A";  // 定: the limit counts code points
  CHECK(decode_request(with_field(create, "title", eighty_chinese)).has_value());
  check_bad_field(R"({"type":"board.cut","id":7,"board":3,"node":0})", "node");
  check_bad_field(R"({"type":"board.play","id":7,"board":3,"from":-1,"vertex":"D4"})", "from");
  check_bad_field(R"({"type":"board.play","id":7,"board":3,"from":0,"vertex":"Z99"})", "vertex");
  check_bad_field(R"({"type":"board.list","id":7,"user":"two words"})", "user");
}
