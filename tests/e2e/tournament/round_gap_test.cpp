// The pause between rounds on the real server. With a gap (3 s here; 60 s
// when a tournament names none) each round is paired at once and waits with
// no games until the gap is over: `tournament.info` names its start, and
// each player is told their pairing with that start ahead of it, then again
// with the game as it starts. With `round_gap_s` 0 the next round's games
// come as the round before ends, and nobody is told of a pairing without its
// game.
#include <catch2/catch.hpp>

#include <functional>

#include "tests/e2e/tournament/tournament_support.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// Four players, so no byes; the names sort by rank.
const std::vector<std::pair<std::string, std::string>> four = {
    {"rg_a", "2k"}, {"rg_b", "3k"}, {"rg_c", "4k"}, {"rg_d", "5k"}};

std::int64_t create(Player& admin, const std::string& name, int gap_s) {
  return admin
      .ok({{"type", "admin.tournament.create"},
           {"name", name},
           {"settings", quick_settings()},
           {"rounds", 2},
           {"round_gap_s", gap_s},
           {"no_show_s", 60}})["tournament"]
      .get<std::int64_t>();
}

// Each player's next tournament.pairing of `round` names the game and colour the pairings give them.
void check_told(Field& field, const Json& list, int round, const std::function<void(const Json& told)>& more) {
  for (const Json& p : list) {
    for (const std::string color : {"black", "white"}) {
      Player& player = *field.by_name.at(p[color]);
      const Json told = player.wait_event("tournament.pairing", [&](const Json& e) { return e["round"] == round; });
      INFO(player.name() << ": " << told.dump());
      CHECK(told["game"] == p["game"]);
      CHECK(told["color"] == color);
      CHECK(told["opponent"] == p[color == "black" ? "white" : "black"]);
      CHECK_FALSE(told["bye"].get<bool>());
      more(told);
    }
  }
}

}  // namespace

TEST_CASE("with a gap each round waits, its start told, and its games come only when the gap is over",
          "[tournament][e2e]") {
  RankedServer ranked;
  Player admin = ranked.admin();
  const auto unnamed = admin
                           .ok({{"type", "admin.tournament.create"},
                                {"name", "No gap named"},
                                {"settings", quick_settings()},
                                {"rounds", 1}})["tournament"]
                           .get<std::int64_t>();
  CHECK(tournament_info(admin, unnamed)["round_gap_ms"] == 60'000);

  const auto tournament = create(admin, "Gap of three", 3);
  CHECK(tournament_info(admin, tournament)["round_gap_ms"] == 3000);
  Field field = enter_field(ranked, tournament, four);
  std::int64_t gap_from = now_ms();
  admin.ok({{"type", "admin.tournament.start"}, {"tournament", tournament}});
  for (int round = 1; round <= 2; ++round) {
    INFO("round " << round);
    // Paired at once (at the start, or as the last game of the round before ended), with no games yet.
    const Json waiting = wait_round(admin, tournament, round, any_pairing);
    REQUIRE(waiting.size() == 2);
    REQUIRE(none_started(waiting));
    const Json next = tournament_info(admin, tournament)["next_round_ms"];
    REQUIRE_FALSE(next.is_null());
    const auto starts = next.get<std::int64_t>();
    CHECK(starts >= gap_from + 3000);
    check_told(field, waiting, round, [&](const Json& told) { CHECK(told["starts_ms"] == starts); });
    // The games are made at the start, not before; then each player is told their game.
    const Json started = wait_start_at(admin, tournament, round, starts);
    check_told(field, started, round,
               [&](const Json& told) { CHECK(told["starts_ms"].get<std::int64_t>() >= starts); });
    for (const Json& p : started) {
      for (const std::string color : {"black", "white"}) {
        CHECK(field.by_name.at(p[color])->wait_game_event(p["game"], "game.start")[color]["name"] == p[color]);
      }
    }
    gap_from = now_ms();  // the next round's gap runs from the last result, after this
    play_round(field, admin, tournament, round, earlier_name_wins);
  }
  CHECK(wait_finished(admin, tournament)["round"] == 2);
}

TEST_CASE("with round_gap_s 0 the next round's games come as the round before ends", "[tournament][e2e]") {
  RankedServer ranked;
  Player admin = ranked.admin();
  const auto tournament = create(admin, "No gap", 0);
  CHECK(tournament_info(admin, tournament)["round_gap_ms"] == 0);
  Field field = enter_field(ranked, tournament, four);
  admin.ok({{"type", "admin.tournament.start"}, {"tournament", tournament}});
  for (int round = 1; round <= 2; ++round) {
    INFO("round " << round);
    const Json started = wait_round(admin, tournament, round, all_started);
    REQUIRE(started.size() == 2);
    // The first word of the round each player hears already has the game.
    check_told(field, started, round, [](const Json& told) { CHECK(told["starts_ms"].get<std::int64_t>() > 0); });
    play_round(field, admin, tournament, round, earlier_name_wins);
  }
  CHECK(wait_finished(admin, tournament)["round"] == 2);
  for (Player& p : field.players) {
    for (const Json& frame : p.queued_frames()) {
      INFO(p.name() << ": " << frame.dump());
      CHECK((frame["type"] != "tournament.pairing" || !frame["game"].is_null()));
    }
  }
}
