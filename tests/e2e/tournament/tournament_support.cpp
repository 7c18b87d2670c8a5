#include "tests/e2e/tournament/tournament_support.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <thread>
#include <tuple>

#include "tools/client/http_get.hpp"

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

std::string earlier_name_wins(const std::string& black, const std::string& white) {
  return black < white ? black : white;
}

std::int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

bool none_started(const Json& list) {
  for (const Json& p : list) {
    if (!p["game"].is_null()) return false;
  }
  return true;
}

Json wait_start_at(Player& admin, std::int64_t tournament, int round, std::int64_t at) {
  bool waiting_seen = false;
  for (int attempt = 0; attempt < 600; ++attempt) {
    // The round only moves forwards: info asked before a waiting answer names the time, info asked after a
    // started answer names none.
    const Json before = tournament_info(admin, tournament);
    const Json list = round_pairings(admin, tournament, round);
    const std::int64_t answered = now_ms();
    INFO("round " << round << " at " << at << ", answered " << answered << ": " << list.dump());
    if (all_started(list)) {
      CHECK(answered >= at);  // not before its time
      CHECK(waiting_seen);
      CHECK(tournament_info(admin, tournament)["next_round_ms"].is_null());
      return list;
    }
    REQUIRE(none_started(list));  // the round's games start together
    CHECK(before["next_round_ms"] == at);
    if (answered < at) waiting_seen = true;
    std::this_thread::sleep_for(50ms);
  }
  FAIL("round " << round << " did not start after its time");
  return {};
}

std::string tournament_export(RankedServer& ranked, std::int64_t tournament, const std::string& format) {
  auto reply =
      client::http_get("127.0.0.1", ranked.server.port(), "/tournaments/" + std::to_string(tournament) + "." + format);
  REQUIRE(reply);
  REQUIRE(reply->status == 200);
  return reply->body;
}

}  // namespace yunzi::e2e
