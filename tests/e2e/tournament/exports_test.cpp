// The exports of a played tournament on the real server, its organiser
// set by flags (tournament_country NL, tournament_club Amst, class A): a
// player named "-A1-c86b" (a name the account rules allow) in a group an
// admin named "=1+2". The CSV shows both as text, not as formulas a
// spreadsheet would run; the EGF file has its full header (EV, PC, DT, HA,
// KM, TM, CL) and one line per player whose words a reader splits right,
// the even game written /b0 or /w0 and the bye 0+.
#include <catch2/catch.hpp>

#include <chrono>
#include <map>

#include "db/time_text.hpp"
#include "tests/e2e/tournament/tournament_support.hpp"
#include "tests/support/export_text.hpp"

using namespace yunzi;
using namespace yunzi::e2e;
using namespace yunzi::test_support;

namespace {

std::string today_utc() {
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  return db::utc_date_text(std::chrono::duration_cast<std::chrono::milliseconds>(now).count());
}

}  // namespace

TEST_CASE("the exports show a name that looks like a formula as a name, with the EGF header", "[tournament][e2e]") {
  RankedServer ranked(
      ServerOptions{{"--tournament-country", "NL", "--tournament-club", "Amst", "--tournament-class", "A"}});
  Player admin = ranked.admin();
  const std::string first_day = today_utc();
  Json settings = quick_settings();
  settings["time"] = {{"system", "absolute"}, {"main_s", 1800}};
  const auto tournament =
      admin
          .ok({{"type", "admin.tournament.create"},
               {"name", "Export [night]"},
               {"groups", Json::array({{{"name", "=1+2"}, {"min_rank", "18k"}, {"max_rank", "9d"}}})},
               {"settings", settings},
               {"rounds", 1},
               {"round_gap_s", 0},
               {"no_show_s", 60}})["tournament"]
          .get<std::int64_t>();
  // Three players: "-A1-c86b" (5k) meets bob (3k), carl (9k, the lowest) has the bye.
  Field field = enter_field(ranked, tournament, {{"-A1-c86b", "5k"}, {"bob", "3k"}, {"carl", "9k"}});
  admin.ok({{"type", "admin.tournament.start"}, {"tournament", tournament}});
  const auto played = play_round(field, admin, tournament, 1,
                                 [](const std::string&, const std::string&) { return std::string("bob"); });
  REQUIRE(played.size() == 1);
  wait_finished(admin, tournament);
  const std::string last_day = today_utc();

  const auto csv = text_lines(tournament_export(ranked, tournament, "csv"));
  REQUIRE(csv.size() == 4);
  CHECK(csv[0] == "group,place,name,rank,score,wins,sos,sosos,sodos,bonus,r1\r");
  std::map<std::string, std::vector<std::string>> csv_line_of;
  for (std::size_t i = 1; i < csv.size(); ++i) {
    INFO(csv[i]);
    const auto cells = csv_cells(csv[i]);
    REQUIRE(cells.size() == 11);
    for (const auto& cell : cells) CHECK_FALSE(starts_a_formula(cell));
    CHECK(cells[0] == "\"'=1+2\"");
    csv_line_of[cells[2]] = cells;
  }
  REQUIRE(csv_line_of.count("\"'-A1-c86b\"") == 1);
  CHECK(csv_line_of.at("\"'-A1-c86b\"")[3] == "5k");
  CHECK(csv_line_of.at("carl")[10] == "0+");

  const auto h9 = text_lines(tournament_export(ranked, tournament, "h9"));
  REQUIRE(h9.size() >= 14);
  CHECK(h9[0] == "; EV[Export (night)]");
  CHECK(h9[1] == "; PC[NL,Amst]");
  // The days of play: the round began and ended while the test ran (today, unless it ran over midnight UTC).
  REQUIRE(h9[2].size() == std::string("; DT[YYYY-MM-DD,YYYY-MM-DD]").size());
  CHECK(h9[2].substr(5, 10) >= first_day);
  CHECK(h9[2].substr(16, 10) <= last_day);
  CHECK(h9[2].substr(5, 10) <= h9[2].substr(16, 10));
  CHECK(h9[3] == "; HA[h0]");
  CHECK(h9[4] == "; KM[6.5]");
  CHECK(h9[5] == "; TM[30]");
  CHECK(h9[6] == "; CL[A]");
  std::map<std::string, std::vector<std::string>> h9_line_of;
  for (const auto& line : h9) {
    if (line.starts_with(";")) continue;
    INFO(line);
    // Number, name, rank, country, club, score, SOS, SODOS, round 1.
    const auto words = words_of(line);
    REQUIRE(words.size() == 9);
    CHECK(words[3] == "NL");
    CHECK(words[4] == "Amst");
    h9_line_of[words[1]] = words;
  }
  REQUIRE(h9_line_of.size() == 3);
  CHECK(h9_line_of.at("-A1-c86b")[2] == "5k");
  // The weaker player took black; the game was even, and says so.
  CHECK(h9_line_of.at("-A1-c86b")[8] == h9_line_of.at("bob")[0] + "-/b0");
  CHECK(h9_line_of.at("bob")[8] == h9_line_of.at("-A1-c86b")[0] + "+/w0");
  CHECK(h9_line_of.at("carl")[8] == "0+");
}
