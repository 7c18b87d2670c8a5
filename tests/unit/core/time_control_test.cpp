#include <catch2/catch.hpp>

#include "core/time_control.hpp"

using namespace yunzi;

TEST_CASE("the default control is byo-yomi 20 minutes and 3 x 30 s", "[core][control]") {
  const TimeControl c;
  CHECK(c == TimeControl::byoyomi(1'200'000, 3, 30'000));
  CHECK(validate(c).has_value());
  CHECK(to_spec(c) == "byoyomi:1200/3/30");
}

TEST_CASE("time control specs parse into milliseconds", "[core][control]") {
  CHECK(parse_time_control("byoyomi:1200/3/30").value() == TimeControl::byoyomi(1'200'000, 3, 30'000));
  CHECK(parse_time_control("fischer:600/10/1200").value() == TimeControl::fischer(600'000, 10'000, 1'200'000));
  CHECK(parse_time_control("canadian:600/25/300").value() == TimeControl::canadian(600'000, 25, 300'000));
  CHECK(parse_time_control("absolute:1800").value() == TimeControl::absolute(1'800'000));
  CHECK(parse_time_control("none").value() == TimeControl::none());
  CHECK(parse_time_control("byoyomi:0/5/0.5").value() == TimeControl::byoyomi(0, 5, 500));
  CHECK(parse_time_control("absolute:1.25").value() == TimeControl::absolute(1250));
}

TEST_CASE("specs survive a round trip through text", "[core][control]") {
  for (const auto& c : {TimeControl::byoyomi(1'200'000, 3, 30'000), TimeControl::fischer(600'000, 10'500, 0),
                        TimeControl::canadian(0, 25, 300'000), TimeControl::absolute(1), TimeControl::none()}) {
    INFO(to_spec(c));
    CHECK(parse_time_control(to_spec(c)).value() == c);
  }
}

TEST_CASE("bad specs are refused with a reason", "[core][control]") {
  const auto error_of = [](std::string_view text) {
    auto parsed = parse_time_control(text);
    REQUIRE_FALSE(parsed.has_value());
    return parsed.error();
  };
  CHECK_THAT(error_of("hourglass:60"), Catch::Contains("does not name a time system"));
  CHECK_THAT(error_of("byoyomi:1200/3"), Catch::Contains("byoyomi:MAIN/PERIODS/PERIOD"));
  CHECK_THAT(error_of("none:5"), Catch::Contains("should look like none"));
  CHECK_THAT(error_of("absolute:ten"), Catch::Contains("\"ten\" is not a number of seconds"));
  CHECK_THAT(error_of("absolute:-5"), Catch::Contains("is not a number of seconds"));
  CHECK_THAT(error_of("absolute:1.2345"), Catch::Contains("is not a number of seconds"));
  CHECK_THAT(error_of("byoyomi:1200/x/30"), Catch::Contains("\"x\" is not a whole number"));
  CHECK_THAT(error_of("byoyomi:1200/0/30"), Catch::Contains("periods must be between 1 and 100"));
  CHECK_THAT(error_of("byoyomi:1200/3/0"), Catch::Contains("period must be more than zero"));
  CHECK_THAT(error_of("absolute:0"), Catch::Contains("main time must be more than zero"));
  CHECK_THAT(error_of("absolute:99999999999"), Catch::Contains("at most 30 days"));
  CHECK_THAT(error_of("fischer:600/10/300"), Catch::Contains("at least the main time"));
  CHECK_THAT(error_of("canadian:600/0/300"), Catch::Contains("stones must be between 1 and 1000"));
  CHECK_THAT(error_of(""), Catch::Contains("does not name a time system"));
}

TEST_CASE("validate names negative durations", "[core][control]") {
  auto c = TimeControl::fischer(600'000, -1, 0);
  REQUIRE_FALSE(validate(c).has_value());
  CHECK_THAT(validate(c).error(), Catch::Contains("increment must not be negative"));
}

TEST_CASE("time system names", "[core][control]") {
  for (auto s :
       {TimeSystem::none, TimeSystem::absolute, TimeSystem::byoyomi, TimeSystem::fischer, TimeSystem::canadian}) {
    CHECK(parse_time_system(to_string(s)) == s);
  }
  CHECK_FALSE(parse_time_system("Byoyomi").has_value());
}
