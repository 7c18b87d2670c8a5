#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "protocol/payload_json.hpp"
#include "server/http/tournament_csv.hpp"
#include "server/http/tournament_h9.hpp"
#include "tests/support/export_text.hpp"

using namespace yunzi;
using namespace yunzi::http;
using namespace yunzi::test_support;

namespace {

// One round of three in a group an admin named "=1+2": "-A1-c86b" (a name
// the account rules allow) loses to bob, "semi;colon" (a name no account
// may have, but the export does not count on it) has the bye. Played
// 2026-03-01 10:00 to 2026-03-02 01:00 UTC, 30 minutes of main time.
db::StoredTournament hostile_names() {
  db::StoredTournament t;
  t.id = 8;
  t.settings.name = "Night [A]";
  t.settings.komi = 7.5;
  t.settings.clock_json = protocol::to_json(TimeControl::byoyomi(1'800'000, 3, 30'000)).dump();
  t.settings.groups = {{11, "=1+2", *Rank::from_index(1), *Rank::from_index(27)}};
  t.status = "finished";
  t.current_round = 1;
  t.entrants = {{1, "-A1-c86b", 11, *Rank::from_index(14), 1, std::nullopt, 0},
                {2, "bob", 11, *Rank::from_index(16), 1, std::nullopt, 1},
                {3, "semi;colon", 11, *Rank::from_index(10), 1, std::nullopt, 2}};
  t.rounds = {{1, std::nullopt, "finished", 1'772'359'200'000, 1'772'413'200'000}};
  t.pairings = {{1, 11, 1, 1, 2, 101, "white_wins", "played", 1},
                {2, 11, 1, 3, std::nullopt, std::nullopt, "bye", "bye", 1}};
  return t;
}

}  // namespace

TEST_CASE("a CSV cell a spreadsheet would run as a formula is quoted after a single quote", "[http][tournament]") {
  CHECK(csv_cell("-A1-c86b") == "\"'-A1-c86b\"");
  CHECK(csv_cell("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"");
  CHECK(csv_cell("+1") == "\"'+1\"");
  CHECK(csv_cell("@SUM(A1)") == "\"'@SUM(A1)\"");
  CHECK(csv_cell("\tx") == "\"'\tx\"");
  // Anything else as RFC 4180 has it: plain, or quoted for a comma, a quote or a line break.
  CHECK(csv_cell("a-b") == "a-b");
  CHECK(csv_cell("3+/b") == "3+/b");
  CHECK(csv_cell("a,b") == "\"a,b\"");
  CHECK(csv_cell("") == "");
}

TEST_CASE("no cell of the CSV export starts a formula", "[http][tournament]") {
  const auto lines = text_lines(standings_csv(hostile_names()));
  REQUIRE(lines.size() == 4);
  CHECK(lines[0] == "group,place,name,rank,score,wins,sos,sosos,sodos,bonus,r1\r");
  bool named = false;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto cells = csv_cells(lines[i]);
    INFO(lines[i]);
    REQUIRE(cells.size() == 11);
    CHECK(cells[0] == "\"'=1+2\"");
    named |= cells[2] == "\"'-A1-c86b\"";
    for (const auto& cell : cells) CHECK_FALSE(starts_a_formula(cell));
  }
  CHECK(named);
}

TEST_CASE("the EGF export has the full header and one clean line per player", "[http][tournament]") {
  const auto lines = text_lines(standings_h9(hostile_names(), {"NL", "Amst", "A"}));
  REQUIRE(lines.size() >= 14);
  CHECK(std::vector<std::string>(lines.begin(), lines.begin() + 8) ==
        std::vector<std::string>{"; EV[Night (A)]", "; PC[NL,Amst]", "; DT[2026-03-01,2026-03-02]", "; HA[h0]",
                                 "; KM[7.5]", "; TM[30]", "; CL[A]", "; CM[swiss, 1 rounds played, yunzi]"});
  std::map<std::string, std::vector<std::string>> line_of;
  for (const auto& line : lines) {
    if (line.starts_with(";")) continue;
    const auto words = words_of(line);
    INFO(line);
    // Number, name, rank, country, club, score, SOS, SODOS, one round: the name is one word.
    REQUIRE(words.size() == 9);
    CHECK(words[3] == "NL");
    CHECK(words[4] == "Amst");
    line_of[words[1]] = words;
  }
  REQUIRE(line_of.size() == 3);
  const std::string bob = line_of.at("bob")[0];
  CHECK(line_of.at("-A1-c86b")[2] == "5k");
  // Even games say so: no reader takes the colour alone for a handicap by the ranks.
  CHECK(line_of.at("-A1-c86b")[8] == bob + "-/b0");
  CHECK(line_of.at("bob")[8] == line_of.at("-A1-c86b")[0] + "+/w0");
  // ';' would end the line for a reader; the bye is a free win.
  CHECK(line_of.at("semi_colon")[8] == "0+");
  // The columns line up: the country stands at the same place on every player line.
  std::set<std::size_t> country_at;
  for (const auto& line : lines) {
    if (!line.starts_with(";")) country_at.insert(line.find(" NL "));
  }
  CHECK(country_at.size() == 1);
}

TEST_CASE("before round 1 the EGF export's days of play are the day registration closes", "[http][tournament]") {
  db::StoredTournament t = hostile_names();
  t.rounds.clear();
  t.pairings.clear();
  t.current_round = 0;
  t.status = "registration";
  t.settings.registration_closes_ms = 1'772'413'200'000;
  const std::string h9 = standings_h9(t, {});
  CHECK(h9.find("\n; DT[2026-03-02,2026-03-02]\n") != std::string::npos);
  CHECK(h9.find("\n; PC[CN,yunzi]\n") != std::string::npos);
  CHECK(h9.find("\n; CL[B]\n") != std::string::npos);
}
