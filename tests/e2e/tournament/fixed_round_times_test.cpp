// Fixed round times on the real server: each round starts at its time, neither before nor (beyond the polling)
// after, also after a restart while round 2 waits. Only the order of the times is checked: the test and the server
// read one machine's clock.
#include <catch2/catch.hpp>

#include "tests/e2e/tournament/tournament_support.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

TEST_CASE("rounds at fixed times start at their times, also after a restart", "[tournament][e2e]") {
  RankedServer ranked;
  Player admin = ranked.admin();
  const std::int64_t first = now_ms() + 4000;
  const std::int64_t second = first + 8000;  // room for round 1 and a restart before it
  const auto tournament = admin
                              .ok({{"type", "admin.tournament.create"},
                                   {"name", "Fixed times"},
                                   {"settings", quick_settings()},
                                   {"rounds", 2},
                                   {"round_start", "fixed"},
                                   {"round_times_ms", Json::array({first, second})},
                                   {"no_show_s", 60}})["tournament"]
                              .get<std::int64_t>();
  Field field = enter_field(ranked, tournament, {{"ft_a", "2k"}, {"ft_b", "3k"}, {"ft_c", "4k"}, {"ft_d", "5k"}});
  const Json created = tournament_info(admin, tournament);
  CHECK(created["round_start"] == "fixed");
  CHECK(created["round_times_ms"] == Json::array({first, second}));
  admin.ok({{"type", "admin.tournament.start"}, {"tournament", tournament}});

  // Round 1 is paired at the start and waits for its time.
  const Json paired = wait_round(admin, tournament, 1, any_pairing);
  CHECK(paired.size() == 2);
  const Json round1 = wait_start_at(admin, tournament, 1, first);
  for (Player& p : field.players) {
    // Told when paired, with the round's time and no game yet; then again with the game as it starts.
    const Json told = p.wait_event("tournament.pairing", [](const Json& e) { return e["round"] == 1; });
    CHECK(told["game"].is_null());
    CHECK(told["starts_ms"] == first);
    const Json own = p.wait_event("tournament.pairing", [](const Json& e) { return e["round"] == 1; });
    CHECK_FALSE(own["game"].is_null());
    CHECK(own["opponent"] == told["opponent"]);
    CHECK(own["starts_ms"].get<std::int64_t>() >= first);
  }
  play_round(field, admin, tournament, 1, earlier_name_wins);

  // Round 2 is paired as round 1 ends, for its own time; the server goes down and comes back meanwhile.
  const Json waiting = wait_round(admin, tournament, 2, any_pairing);
  REQUIRE(waiting.size() == 2);
  CHECK(none_started(waiting));
  CHECK(tournament_info(admin, tournament)["next_round_ms"] == second);
  REQUIRE(ranked.server.stop());
  REQUIRE(ranked.server.start());
  reconnect(ranked, field, admin);
  REQUIRE(now_ms() < second);  // else the restart took the whole wait and the timer is not what is tested
  const Json restored = round_pairings(admin, tournament, 2);
  REQUIRE(restored.size() == waiting.size());
  for (std::size_t i = 0; i < restored.size(); ++i) {
    CHECK(restored[i]["black"] == waiting[i]["black"]);
    CHECK(restored[i]["white"] == waiting[i]["white"]);
  }
  const Json round2 = wait_start_at(admin, tournament, 2, second);
  for (const Json& p : round2) {
    for (const Json& q : round1) {
      CHECK(std::minmax(p["black"].get<std::string>(), p["white"].get<std::string>()) !=
            std::minmax(q["black"].get<std::string>(), q["white"].get<std::string>()));
    }
  }
  play_round(field, admin, tournament, 2, earlier_name_wins);
  const Json info = wait_finished(admin, tournament);
  CHECK(info["round"] == 2);
}
