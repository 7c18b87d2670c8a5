// loadsgf and printsgf through GtpFrontend, with real files.
#include <catch2/catch.hpp>

#include "tests/support/temp_dir.hpp"
#include "tests/support/text_files.hpp"
#include "tests/unit/gtp/gtp_answers.hpp"
#include "tools/yunzi-gtp/gtp_frontend.hpp"

using yunzi::gtp::GtpFrontend;
using yunzi::gtp::test::answer;
using yunzi::test_support::TempDir;
using yunzi::test_support::write_file;

namespace {

std::string ok(GtpFrontend& gtp, const std::string& line) {
  const std::string response = answer(gtp, line);
  INFO(line << " -> " << response);
  REQUIRE(response.rfind("= ", 0) == 0);
  return response.substr(2);
}

std::string fails(GtpFrontend& gtp, const std::string& line) {
  const std::string response = answer(gtp, line);
  INFO(line << " -> " << response);
  REQUIRE(response.rfind("? ", 0) == 0);
  return response.substr(2);
}

}  // namespace

TEST_CASE("printsgf writes a record that loadsgf reads back", "[gtp][sgf]") {
  TempDir dir;
  GtpFrontend first(1);
  ok(first, "boardsize 9");
  ok(first, "komi 6.5");
  ok(first, "fixed_handicap 2");
  for (const char* move :
       {"play white E5", "play black D5", "play white pass", "play black F5", "play white E4", "play black E6"}) {
    ok(first, move);
  }
  const std::string text = ok(first, "printsgf");
  CHECK(text.find("SZ[9]") != std::string::npos);
  CHECK(text.find("KM[6.5]") != std::string::npos);
  CHECK(text.find("HA[2]") != std::string::npos);
  CHECK(text.find("AB[") != std::string::npos);
  CHECK(text.find("\n\n") == std::string::npos);

  ok(first, "printsgf " + dir.file("game.sgf"));
  GtpFrontend second(2);
  CHECK(ok(second, "loadsgf " + dir.file("game.sgf")) == "white");
  CHECK(second.game().board().size() == 9);
  CHECK(second.game().setup().komi == 6.5);
  CHECK(ok(second, "list_stones black") == ok(first, "list_stones black"));
  CHECK(ok(second, "list_stones white") == ok(first, "list_stones white"));
  CHECK(second.game().moves() == first.game().moves());

  // The position before move 3 (White's pass): the two stones of moves 1 and 2.
  CHECK(ok(second, "loadsgf " + dir.file("game.sgf") + " 3") == "white");
  CHECK(second.game().moves().size() == 2);
  CHECK(ok(second, "list_stones white") == "E5");
}

TEST_CASE("loadsgf reads setup stones and plays on under the chosen ko rule", "[gtp][sgf]") {
  TempDir dir;
  write_file(dir / "setup.sgf", "(;GM[1]FF[4]SZ[5]KM[0.5]RU[Japanese]AB[aa][bb]AW[cc];B[dd];W[ee])");
  GtpFrontend gtp(1);
  CHECK(ok(gtp, "loadsgf " + dir.file("setup.sgf")) == "black");
  CHECK(ok(gtp, "list_stones black") == "A5 B4 D2");
  CHECK(ok(gtp, "list_stones white") == "C3 E1");
  CHECK(gtp.game().setup().ko_rule == yunzi::engine::KoRule::situational);
  CHECK(gtp.game().setup().komi == 0.5);
  ok(gtp, "undo");
  ok(gtp, "undo");
  CHECK(fails(gtp, "undo") == "cannot undo");
  CHECK(ok(gtp, "list_stones black") == "A5 B4");
}

TEST_CASE("loadsgf refuses what it cannot load and keeps the game", "[gtp][sgf]") {
  TempDir dir;
  GtpFrontend gtp(1);
  ok(gtp, "boardsize 7");
  ok(gtp, "play black D4");

  CHECK(fails(gtp, "loadsgf " + dir.file("missing.sgf")).rfind("cannot load file", 0) == 0);
  write_file(dir / "broken.sgf", "(;GM[1]SZ[9];B[ee];W[ee])");
  CHECK(fails(gtp, "loadsgf " + dir.file("broken.sgf")).rfind("cannot load file", 0) == 0);
  write_file(dir / "garbage.sgf", "this is not a game record");
  CHECK(fails(gtp, "loadsgf " + dir.file("garbage.sgf")).rfind("cannot load file", 0) == 0);
  CHECK(fails(gtp, "loadsgf").rfind("syntax error", 0) == 0);
  CHECK(fails(gtp, "loadsgf a.sgf zero").rfind("syntax error", 0) == 0);
  CHECK(fails(gtp, "loadsgf a.sgf 0").rfind("syntax error", 0) == 0);

  // A ko retaken after one pass is fine under simple ko (RU[Japanese]) but
  // repeats a position under the situational superko chosen here.
  write_file(dir / "ko.sgf", "(;GM[1]SZ[5]RU[Japanese]AB[ba][ab][bc]AW[ca][db][cc];W[bb];B[cb];B[];W[bb])");
  CHECK(fails(gtp, "loadsgf " + dir.file("ko.sgf")).find("situational") != std::string::npos);
  CHECK(ok(gtp, "list_stones black") == "D4");
  CHECK(gtp.game().board().size() == 7);
  ok(gtp, "yunzi-ko_rule simple");
  CHECK(ok(gtp, "loadsgf " + dir.file("ko.sgf")) == "black");
  CHECK(fails(gtp, "printsgf " + dir.file("no/such/dir/x.sgf")).rfind("cannot write", 0) == 0);
}
