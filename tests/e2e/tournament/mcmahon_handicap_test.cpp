// McMahon handicaps on the real server: a McMahon with its bar at 1d and
// floor at 9k, handicaps of the McMahon score difference less one, at most
// nine stones. Four players (1d, 3k, 5k, 9k) start at 9, 6, 4 and 0 points;
// round 1 pairs 1d-3k (three points: two stones) and 5k-9k (four points:
// three stones), the weaker taking black. The games are played with those
// stones and komi 0.5; the pairings, the players' pairing events and both
// exports carry the handicap. A Swiss with handicaps is refused.
#include <catch2/catch.hpp>

#include "tests/e2e/tournament/tournament_support.hpp"
#include "tests/support/export_text.hpp"

using namespace yunzi;
using namespace yunzi::e2e;
using namespace yunzi::test_support;

namespace {

const Json& pairing_of(const Json& list, const std::string& black) {
  for (const Json& p : list) {
    if (p["black"] == black) return p;
  }
  FAIL("no pairing with " << black << " as black in " << list.dump());
  throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("a McMahon gives each game the handicap of its players' McMahon scores", "[tournament][e2e]") {
  RankedServer ranked;
  Player admin = ranked.admin();
  const auto tournament = admin
                              .ok({{"type", "admin.tournament.create"},
                                   {"name", "Handicap McMahon"},
                                   {"system", "mcmahon"},
                                   {"mcmahon_bar", "1d"},
                                   {"mcmahon_floor", "9k"},
                                   {"handicap_max", 9},
                                   {"handicap_reduction", 1},
                                   {"settings", quick_settings()},
                                   {"rounds", 1},
                                   {"round_gap_s", 0},
                                   {"no_show_s", 60}})["tournament"]
                              .get<std::int64_t>();
  const Json created = tournament_info(admin, tournament);
  CHECK(created["handicap_max"] == 9);
  CHECK(created["handicap_reduction"] == 1);
  Field field = enter_field(ranked, tournament, {{"hc1d", "1d"}, {"hc3k", "3k"}, {"hc5k", "5k"}, {"hc9k", "9k"}});
  admin.ok({{"type", "admin.tournament.start"}, {"tournament", tournament}});

  const Json round1 = wait_round(admin, tournament, 1, all_started);
  REQUIRE(round1.size() == 2);
  const Json& upper = pairing_of(round1, "hc3k");
  CHECK(upper["white"] == "hc1d");
  CHECK(upper["handicap"] == 2);
  const Json& lower = pairing_of(round1, "hc9k");
  CHECK(lower["white"] == "hc5k");
  CHECK(lower["handicap"] == 3);

  // The games themselves: the stones on the board, komi 0.5, white to move.
  for (const Json* p : {&upper, &lower}) {
    Player& black = *field.by_name.at((*p)["black"].get<std::string>());
    const Json state = black.watch((*p)["game"].get<std::int64_t>())["state"];
    INFO(state.dump());
    CHECK(state["handicap"] == (*p)["handicap"]);
    CHECK(state["komi"] == 0.5);
    CHECK(state["handicap_stones"].size() == (*p)["handicap"].get<std::size_t>());
    CHECK(state["to_move"] == "white");
  }
  // Each player's own pairing event says the handicap too.
  const Json event =
      field.by_name.at("hc9k")->wait_event("tournament.pairing", [](const Json& e) { return !e["game"].is_null(); });
  CHECK(event["handicap"] == 3);
  CHECK(event["color"] == "black");

  const auto played = play_round(field, admin, tournament, 1, [](const std::string& black, const std::string&) {
    return black;  // the handicap stones win both games
  });
  REQUIRE(played.size() == 2);
  wait_finished(admin, tournament);

  std::map<std::string, std::string> h9_round;
  std::map<std::string, std::string> h9_number;
  const auto h9 = text_lines(tournament_export(ranked, tournament, "h9"));
  CHECK(std::find(h9.begin(), h9.end(), "; HA[h9]") != h9.end());
  CHECK(std::find(h9.begin(), h9.end(), "; KM[6.5]") != h9.end());
  for (const auto& line : h9) {
    if (line.starts_with(";")) continue;
    const auto words = words_of(line);
    REQUIRE(words.size() == 9);
    h9_number[words[1]] = words[0];
    h9_round[words[1]] = words[8];
  }
  REQUIRE(h9_round.size() == 4);
  CHECK(h9_round.at("hc3k") == h9_number.at("hc1d") + "+/b2");
  CHECK(h9_round.at("hc1d") == h9_number.at("hc3k") + "-/w2");
  CHECK(h9_round.at("hc9k") == h9_number.at("hc5k") + "+/b3");
  CHECK(h9_round.at("hc5k") == h9_number.at("hc9k") + "-/w3");

  const auto csv = text_lines(tournament_export(ranked, tournament, "csv"));
  bool seen = false;
  for (const auto& line : csv) {
    const auto cells = csv_cells(line);
    if (cells.size() > 2 && cells[2] == "hc9k") {
      CHECK(cells.back().starts_with(h9_number.at("hc5k") + "+/b3"));
      seen = true;
    }
  }
  CHECK(seen);
}

TEST_CASE("handicaps are refused on a Swiss and past nine stones", "[tournament][e2e]") {
  RankedServer ranked;
  Player admin = ranked.admin();
  const Json swiss = admin.fails({{"type", "admin.tournament.create"},
                                  {"name", "Swiss with stones"},
                                  {"system", "swiss"},
                                  {"handicap_max", 3},
                                  {"rounds", 2}});
  CHECK(swiss["code"] == "bad_request");
  CHECK(swiss["message"].get<std::string>().find("handicap_max") != std::string::npos);
  const Json too_many = admin.fails({{"type", "admin.tournament.create"},
                                     {"name", "Too many stones"},
                                     {"system", "mcmahon"},
                                     {"handicap_max", 10},
                                     {"rounds", 2}});
  CHECK(too_many["code"] == "bad_request");
  // A McMahon made a Swiss by an edit drops its handicaps with its bar.
  const auto id = admin
                      .ok({{"type", "admin.tournament.create"},
                           {"name", "Was a McMahon"},
                           {"system", "mcmahon"},
                           {"handicap_max", 4},
                           {"rounds", 2}})["tournament"]
                      .get<std::int64_t>();
  admin.ok({{"type", "admin.tournament.edit"}, {"tournament", id}, {"system", "swiss"}});
  const Json edited = tournament_info(admin, id);
  CHECK(edited["system"] == "swiss");
  CHECK_FALSE(edited.contains("handicap_max"));
}
