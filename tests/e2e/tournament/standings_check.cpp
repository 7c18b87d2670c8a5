#include "tests/e2e/tournament/standings_check.hpp"

#include <tuple>

#include <catch2/catch.hpp>

namespace yunzi::e2e {

std::map<std::string, int> check_standings(const Json& standings,
                                           const std::map<std::string, ExpectedStanding>& expected) {
  REQUIRE(standings.size() == expected.size());
  std::map<std::string, int> place_of;
  for (const Json& s : standings) {
    const std::string name = s["name"];
    INFO(s.dump());
    REQUIRE(expected.count(name) == 1);
    const ExpectedStanding& e = expected.at(name);
    CHECK(s["score"] == e.score);
    CHECK(s["wins"] == e.wins);
    CHECK(s["sos"] == e.sos);
    CHECK(s["sosos"] == e.sosos);
    CHECK(s["sodos"] == e.sodos);
    place_of[name] = s["place"];
  }
  const auto key = [](const Json& s) {
    return std::tuple{s["score"].get<double>(), s["sos"].get<double>(), s["sosos"].get<double>(),
                      s["sodos"].get<double>()};
  };
  for (const Json& a : standings) {
    for (const Json& b : standings) {
      if (a["group"] == b["group"] && key(a) > key(b)) CHECK(a["place"].get<int>() < b["place"].get<int>());
    }
  }
  return place_of;
}

}  // namespace yunzi::e2e
