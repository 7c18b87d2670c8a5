// What the real server refuses in a tournament's definition, on creation
// and on an edit, with bad_request and a message naming the problem: rank
// bands of two groups that overlap, two groups of one name, a McMahon bar
// or floor for another system. And tournament.pairings before round 1 is
// paired: not_found, as for any round not paired yet.
#include <catch2/catch.hpp>

#include "tests/e2e/tournament/tournament_support.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

Json group(const std::string& name, const std::string& min_rank, const std::string& max_rank) {
  return {{"name", name}, {"min_rank", min_rank}, {"max_rank", max_rank}};
}

Json creation(Json fields) {
  Json request = {
      {"type", "admin.tournament.create"}, {"name", "Checked"}, {"settings", quick_settings()}, {"rounds", 2}};
  request.update(fields);
  return request;
}

// The refusal's message, once its code is checked.
std::string refused(Player& admin, Json request) {
  const Json reply = admin.fails(std::move(request));
  CHECK(reply["code"] == "bad_request");
  return reply["message"];
}

}  // namespace

TEST_CASE("groups that overlap or share a name, and a bar or floor outside a McMahon, are refused",
          "[tournament][e2e]") {
  RankedServer ranked;
  Player admin = ranked.admin();

  // On creation.
  CHECK_THAT(refused(admin, creation({{"groups", {group("kyu", "18k", "1k"), group("low dan", "1k", "3d")}}})),
             Catch::Equals("the rank bands of groups \"kyu\" (18k to 1k) and \"low dan\" (1k to 3d) overlap at 1k; a "
                           "rank may belong to one group only"));
  CHECK_THAT(refused(admin, creation({{"groups", {group("A", "18k", "10k"), group("A", "9k", "1k")}}})),
             Catch::Equals("two groups are named \"A\"; each group needs a name of its own"));
  CHECK_THAT(refused(admin, creation({{"system", "swiss"}, {"mcmahon_bar", "2k"}})),
             Catch::Equals("mcmahon_bar is for a mcmahon tournament only, and this one's system is swiss"));
  CHECK_THAT(refused(admin, creation({{"system", "round_robin"}, {"mcmahon_floor", "10k"}})),
             Catch::Contains("mcmahon_floor is for a mcmahon tournament only"));
  CHECK_THAT(refused(admin, creation({{"mcmahon_bar", "2k"}, {"mcmahon_floor", "10k"}})),
             Catch::Contains("mcmahon_bar and mcmahon_floor are for a mcmahon tournament only"));
  // Bands that touch without sharing a rank, each with its own name, are fine; so is a McMahon's bar.
  const auto tournament =
      admin.ok(creation({{"groups", {group("kyu", "18k", "1k"), group("dan", "1d", "9d")}}}))["tournament"]
          .get<std::int64_t>();
  admin.ok(creation({{"system", "mcmahon"}, {"mcmahon_bar", "2k"}, {"mcmahon_floor", "10k"}}));
  CHECK(admin.ok({{"type", "tournament.list"}})["tournaments"].size() == 2);

  // On an edit, what the result would hold; the tournament keeps its definition.
  const Json edit = {{"type", "admin.tournament.edit"}, {"tournament", tournament}};
  Json overlapping = edit;
  overlapping["groups"] = {group("kyu", "18k", "1k"), group("dan", "1d", "9d"), group("strong", "5d", "9d")};
  CHECK_THAT(refused(admin, overlapping),
             Catch::Contains("groups \"dan\" (1d to 9d) and \"strong\" (5d to 9d) overlap from 5d to 9d"));
  Json same_name = edit;
  same_name["groups"] = {group("open", "18k", "1k"), group("open", "1d", "9d")};
  CHECK_THAT(refused(admin, same_name), Catch::Contains("two groups are named \"open\""));
  Json bar = edit;
  bar["mcmahon_bar"] = "1d";
  CHECK_THAT(refused(admin, bar), Catch::Contains("mcmahon_bar is for a mcmahon tournament only"));
  const Json kept = tournament_info(admin, tournament);
  CHECK(kept["groups"] == Json::array({group("kyu", "18k", "1k"), group("dan", "1d", "9d")}));
  CHECK(kept["system"] == "swiss");
  CHECK_FALSE(kept.contains("mcmahon_bar"));
  // Made a McMahon, the same bar is taken; made a Swiss again, the bar and floor go with it.
  Json mcmahon = bar;
  mcmahon["system"] = "mcmahon";
  admin.ok(mcmahon);
  CHECK(tournament_info(admin, tournament)["mcmahon_bar"] == "1d");
  admin.ok({{"type", "admin.tournament.edit"}, {"tournament", tournament}, {"system", "swiss"}});
  admin.ok({{"type", "admin.tournament.edit"}, {"tournament", tournament}, {"system", "mcmahon"}});
  CHECK(tournament_info(admin, tournament)["mcmahon_bar"] == "9d");
}

TEST_CASE("tournament.pairings before round 1 is paired is not_found", "[tournament][e2e]") {
  RankedServer ranked;
  Player admin = ranked.admin();
  const auto tournament = admin
                              .ok({{"type", "admin.tournament.create"},
                                   {"name", "Not yet"},
                                   {"settings", quick_settings()},
                                   {"rounds", 2}})["tournament"]
                              .get<std::int64_t>();
  Player player = ranked.registered("early", "5k");
  player.ok({{"type", "tournament.register"}, {"tournament", tournament}});
  // Neither the latest round (there is none yet) nor round 1 by its number.
  const Json latest = player.fails({{"type", "tournament.pairings"}, {"tournament", tournament}});
  CHECK(latest["code"] == "not_found");
  CHECK(latest["message"] == "no round is paired yet");
  CHECK(player.fails({{"type", "tournament.pairings"}, {"tournament", tournament}, {"round", 1}})["code"] ==
        "not_found");
  CHECK(player.fails({{"type", "tournament.pairings"}, {"tournament", 999}})["code"] == "not_found");
}
