#include "tests/e2e/tournament/tournament_support.hpp"

#include <catch2/catch.hpp>

#include <thread>
#include <tuple>

namespace yunzi::e2e {

Json quick_settings() {
  return {{"size", 9}, {"rated", false}, {"komi", 6.5}, {"handicap", 0}, {"time", {{"system", "none"}}}};
}

Field enter_field(RankedServer& ranked, std::int64_t tournament,
                  const std::vector<std::pair<std::string, std::string>>& names_and_ranks) {
  Field field;
  field.players.reserve(names_and_ranks.size());
  for (const auto& [name, rank] : names_and_ranks) field.players.push_back(ranked.registered(name, rank));
  for (Player& p : field.players) {
    field.by_name[p.name()] = &p;
    p.ok({{"type", "tournament.register"}, {"tournament", tournament}});
  }
  return field;
}

void reconnect(RankedServer& ranked, Field& field, Player& admin) {
  for (Player& p : field.players) {
    p.set_port(ranked.server.port());
    p.connect();
    p.resume();
  }
  admin.set_port(ranked.server.port());
  admin.connect();
  admin.resume();
}

Json tournament_info(Player& asker, std::int64_t tournament) {
  return asker.ok({{"type", "tournament.info"}, {"tournament", tournament}})["tournament"];
}

Json round_pairings(Player& asker, std::int64_t tournament, int round) {
  return asker.ok({{"type", "tournament.pairings"}, {"tournament", tournament}, {"round", round}})["pairings"];
}

Json wait_round(Player& asker, std::int64_t tournament, int round, const std::function<bool(const Json&)>& done) {
  for (int attempt = 0; attempt < 400; ++attempt) {
    if (tournament_info(asker, tournament)["round"].get<int>() >= round) {
      const Json list = round_pairings(asker, tournament, round);
      if (done(list)) return list;
    }
    std::this_thread::sleep_for(50ms);
  }
  FAIL("round " << round << " did not reach the expected state");
  return {};
}

bool any_pairing(const Json& list) { return !list.empty(); }

bool all_started(const Json& list) {
  for (const Json& p : list) {
    if (!p["white"].is_null() && p["game"].is_null()) return false;
  }
  return !list.empty();
}

bool all_decided(const Json& list) {
  for (const Json& p : list) {
    if (p["result"] == "pending") return false;
  }
  return !list.empty();
}

Json wait_finished(Player& asker, std::int64_t tournament) {
  for (int attempt = 0; attempt < 200; ++attempt) {
    const Json info = tournament_info(asker, tournament);
    if (info["status"] == "finished") return info;
    std::this_thread::sleep_for(50ms);
  }
  FAIL("the tournament did not finish");
  return {};
}

std::vector<std::string> byes_in(const Json& list) {
  std::vector<std::string> out;
  for (const Json& p : list) {
    if (p["white"].is_null()) out.push_back(p["black"]);
  }
  return out;
}

std::vector<PlayedGame> play_round(Field& field, Player& admin, std::int64_t tournament, int round,
                                   const Script& winner_of) {
  const Json list = wait_round(admin, tournament, round, all_started);
  std::vector<PlayedGame> played;
  for (const Json& p : list) {
    if (p["white"].is_null()) continue;
    const std::string black = p["black"], white = p["white"];
    const std::string winner = winner_of(black, white);
    const std::string loser = winner == black ? white : black;
    REQUIRE(field.by_name.count(loser) == 1);
    resign_once_live(*field.by_name[loser], p["game"]);
    played.push_back({winner, loser});
  }
  const Json decided = wait_round(admin, tournament, round, all_decided);
  REQUIRE(decided.size() == list.size());
  for (std::size_t i = 0; i < decided.size(); ++i) {
    const Json& p = decided[i];
    INFO(p.dump());
    if (p["white"].is_null()) {
      CHECK(p["result"] == "bye");
      CHECK(p["how"] == "bye");
      continue;
    }
    CHECK(p["how"] == "played");
    CHECK(p["result"] == (winner_of(p["black"], p["white"]) == p["black"] ? "black_wins" : "white_wins"));
  }
  return played;
}

}  // namespace yunzi::e2e
