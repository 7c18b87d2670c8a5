// The clock on the wire: core's TimeControl (milliseconds) encodes to the
// contract's `time` object in whole seconds and decodes back unchanged.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol/payload_json.hpp"
#include "protocol/settings.hpp"

using namespace yunzi::protocol;
using nlohmann::json;
using yunzi::GameSettings;
using yunzi::TimeControl;

TEST_CASE("each time system keeps its wire fields and values", "[protocol][time]") {
  CHECK(to_json(TimeControl::byoyomi(1'200'000, 3, 30'000)).dump() ==
        R"({"main_s":1200,"period_s":30,"periods":3,"system":"byoyomi"})");
  CHECK(to_json(TimeControl::fischer(600'000, 10'000, 1'200'000)).dump() ==
        R"({"increment_s":10,"main_s":600,"max_s":1200,"system":"fischer"})");
  CHECK(to_json(TimeControl::canadian(600'000, 25, 300'000)).dump() ==
        R"({"main_s":600,"period_s":300,"stones":25,"system":"canadian"})");
  CHECK(to_json(TimeControl::absolute(1'800'000)).dump() == R"({"main_s":1800,"system":"absolute"})");
  CHECK(to_json(TimeControl::none()).dump() == R"({"system":"none"})");
}

TEST_CASE("the default settings encode as the contract spells them", "[protocol][time]") {
  CHECK(to_json(GameSettings{}).dump() ==
        R"({"color":"auto","handicap":0,"ko":"situational","komi":7.5,"rated":true,"size":19,)"
        R"("time":{"main_s":1200,"period_s":30,"periods":3,"system":"byoyomi"}})");
}

TEST_CASE("a clock survives a round trip through the wire", "[protocol][time]") {
  for (const TimeControl& c :
       {TimeControl{}, TimeControl::byoyomi(0, 100, 3'600'000), TimeControl::fischer(1'000, 0, 1'000),
        TimeControl::fischer(36'000'000, 3'600'000, 72'000'000), TimeControl::canadian(0, 100, 7'200'000),
        TimeControl::absolute(36'000'000), TimeControl::none()}) {
    INFO(to_json(c).dump());
    CHECK(decode_time_control(to_json(c)).value() == c);
  }
}

TEST_CASE("decode_time_control fills defaults and names the field it refuses", "[protocol][time]") {
  CHECK(decode_time_control(json{{"system", "fischer"}, {"main_s", 900}}).value() ==
        TimeControl::fischer(900'000, 10'000, 1'800'000));
  CHECK(decode_time_control(json{{"system", "absolute"}}).value() == TimeControl::absolute(1'800'000));
  CHECK_THAT(decode_time_control(json{{"system", "fischer"}, {"main_s", 600}, {"max_s", 300}}).error(),
             Catch::Contains("'time.max_s'"));
  CHECK_THAT(decode_time_control(json{{"system", "sand"}}).error(), Catch::Contains("'time.system'"));
  CHECK_THAT(decode_time_control(json::object()).error(), Catch::Contains("'time.system'"));
  CHECK_THAT(decode_time_control(json("byoyomi")).error(), Catch::Contains("'time'"));
}
