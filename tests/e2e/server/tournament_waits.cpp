#include "tests/e2e/server/tournament_waits.hpp"

#include <catch2/catch.hpp>

#include <thread>

namespace yunzi::e2e {

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

}  // namespace yunzi::e2e
