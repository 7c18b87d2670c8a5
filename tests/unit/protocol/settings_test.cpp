// `settings` and `time`: the contract's defaults and the bounds.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol/decode.hpp"

using namespace yunzi;
using namespace yunzi::protocol;
using nlohmann::json;
using yunzi::ColorChoice;
using yunzi::GameSettings;
using yunzi::TimeControl;

namespace {

yunzi::Expected<RequestedSettings, DecodeError> requested_of(const json& settings) {
  json message = {{"type", "seek.create"}, {"id", 7}, {"settings", settings}};
  auto decoded = decode_request(message.dump());
  if (!decoded) return yunzi::unexpected(decoded.error());
  return std::get<req::SeekCreate>(decoded->request).settings;
}

// The settings with "none" standing in for the server's default clock, so
// a clock read from the request shows as itself.
yunzi::Expected<GameSettings, DecodeError> settings_of(const json& settings) {
  auto requested = requested_of(settings);
  if (!requested) return yunzi::unexpected(requested.error());
  return requested->with_default_time(TimeControl::none());
}

void check_refused(const json& settings, const std::string& path) {
  INFO(settings.dump());
  const auto result = settings_of(settings);
  REQUIRE_FALSE(result.has_value());
  CHECK(result.error().code == ErrorCode::bad_request);
  CHECK(result.error().id == 7);
  CHECK_THAT(result.error().message, Catch::Contains("'" + path + "'"));
}

}  // namespace

TEST_CASE("absent settings take every default of the contract and leave the clock to the server",
          "[protocol][settings]") {
  const auto decoded = decode_request(R"({"type":"seek.create"})");
  REQUIRE(decoded.has_value());
  const RequestedSettings& requested = std::get<req::SeekCreate>(decoded->request).settings;
  const GameSettings& s = requested.rest;
  CHECK(s.size == 19);
  CHECK(s.rated);
  CHECK(s.handicap == 0);
  CHECK(s.komi == 7.5);
  CHECK(s.color == ColorChoice::automatic);
  CHECK(s.ko == yunzi::engine::KoRule::situational);
  CHECK_FALSE(requested.time.has_value());
  CHECK(requested_of(json::object()).value() == requested);
  CHECK_FALSE(requested_of({{"size", 9}})->time.has_value());
  CHECK(requested.with_default_time(TimeControl::absolute(60'000)).time == TimeControl::absolute(60'000));
  CHECK(requested_of({{"time", {{"system", "byoyomi"}}}})->with_default_time(TimeControl::absolute(60'000)).time ==
        TimeControl::byoyomi(1'200'000, 3, 30'000));
}

TEST_CASE("every settings field is read", "[protocol][settings]") {
  const auto s = settings_of({{"size", 9},
                              {"rated", false},
                              {"handicap", 3},
                              {"komi", -2.5},
                              {"color", "white"},
                              {"ko", "positional"},
                              {"time", {{"system", "absolute"}, {"main_s", 900}}}});
  REQUIRE(s.has_value());
  CHECK(s->size == 9);
  CHECK_FALSE(s->rated);
  CHECK(s->handicap == 3);
  CHECK(s->komi == -2.5);
  CHECK(s->color == ColorChoice::white);
  CHECK(s->ko == yunzi::engine::KoRule::positional);
  CHECK(s->time == TimeControl::absolute(900'000));
  CHECK(settings_of({{"komi", 6}})->komi == 6.0);
}

TEST_CASE("komi defaults to 0.5 in handicap games", "[protocol][settings]") {
  CHECK(settings_of({{"handicap", 1}})->komi == 0.5);
  CHECK(settings_of({{"handicap", 9}})->komi == 0.5);
  CHECK(settings_of({{"handicap", 0}})->komi == 7.5);
}

TEST_CASE("time systems fill in their own defaults", "[protocol][settings]") {
  CHECK(settings_of({{"time", {{"system", "byoyomi"}, {"periods", 5}}}})->time ==
        TimeControl::byoyomi(1'200'000, 5, 30'000));
  CHECK(settings_of({{"time", {{"system", "fischer"}}}})->time == TimeControl::fischer(600'000, 10'000, 1'200'000));
  CHECK(settings_of({{"time", {{"system", "fischer"}, {"main_s", 900}}}})->time ==
        TimeControl::fischer(900'000, 10'000, 1'800'000));
  CHECK(settings_of({{"time", {{"system", "canadian"}, {"stones", 10}}}})->time ==
        TimeControl::canadian(600'000, 10, 300'000));
  CHECK(settings_of({{"time", {{"system", "none"}}}})->time == TimeControl::none());
  CHECK(settings_of({{"time", {{"system", "byoyomi"}, {"main_s", 0}}}})->time == TimeControl::byoyomi(0, 3, 30'000));
}

TEST_CASE("settings out of range are refused with the field's path", "[protocol][settings]") {
  for (int size : {2, 7, 18, 21, 25, 0, -19}) check_refused({{"size", size}}, "settings.size");
  check_refused({{"size", "19"}}, "settings.size");
  check_refused({{"handicap", 10}}, "settings.handicap");
  check_refused({{"handicap", -1}}, "settings.handicap");
  for (double komi : {7.25, 150.5, -151.0, 0.1}) check_refused({{"komi", komi}}, "settings.komi");
  CHECK(settings_of({{"komi", 150}}).has_value());
  CHECK(settings_of({{"komi", -150.0}}).has_value());
  check_refused({{"komi", "7.5"}}, "settings.komi");
  check_refused({{"rated", 1}}, "settings.rated");
  check_refused({{"color", "red"}}, "settings.color");
  check_refused({{"ko", "japanese"}}, "settings.ko");
  check_refused({{"time", "fast"}}, "settings.time");
  check_refused({{"time", json::object()}}, "settings.time.system");
  check_refused({{"time", {{"system", "hourglass"}}}}, "settings.time.system");
  check_refused({{"time", {{"system", "byoyomi"}, {"periods", 0}}}}, "settings.time.periods");
  check_refused({{"time", {{"system", "byoyomi"}, {"period_s", 3601}}}}, "settings.time.period_s");
  check_refused({{"time", {{"system", "byoyomi"}, {"main_s", 36001}}}}, "settings.time.main_s");
  check_refused({{"time", {{"system", "fischer"}, {"main_s", 600}, {"max_s", 300}}}}, "settings.time.max_s");
  check_refused({{"time", {{"system", "canadian"}, {"stones", 0}}}}, "settings.time.stones");
  check_refused({{"time", {{"system", "absolute"}, {"main_s", 0}}}}, "settings.time.main_s");
  check_refused({{"time", {{"system", "absolute"}, {"main_s", 60.5}}}}, "settings.time.main_s");
}

TEST_CASE("a challenge carries its settings too", "[protocol][settings]") {
  const auto decoded = decode_request(R"({"type":"challenge","to":"bob","settings":{"size":13,"rated":false}})");
  REQUIRE(decoded.has_value());
  const auto& challenge = std::get<req::Challenge>(decoded->request);
  CHECK(challenge.to == "bob");
  CHECK(challenge.settings.rest.size == 13);
  CHECK_FALSE(challenge.settings.rest.rated);
  CHECK_FALSE(challenge.settings.time.has_value());
}
