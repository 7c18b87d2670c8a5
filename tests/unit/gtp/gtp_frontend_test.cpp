// GtpFrontend driven in-process by strings: every command, its errors, ids,
// comments and the stream loop.
#include <algorithm>
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tools/yunzi-gtp/gtp_command.hpp"
#include "tools/yunzi-gtp/gtp_frontend.hpp"

using yunzi::gtp::GtpFrontend;

namespace {

// The response text of a successful command ("" when it failed, which the
// REQUIRE reports with the error text).
std::string ok(GtpFrontend& gtp, const std::string& line) {
  const std::string response = gtp.handle_line(line);
  INFO(line << " -> " << response);
  REQUIRE(response.size() >= 3);
  REQUIRE(response.substr(0, 2) == "= ");
  REQUIRE(response.substr(response.size() - 2) == "\n\n");
  return response.substr(2, response.size() - 4);
}

std::string fails(GtpFrontend& gtp, const std::string& line) {
  const std::string response = gtp.handle_line(line);
  INFO(line << " -> " << response);
  REQUIRE(response.substr(0, 2) == "? ");
  REQUIRE(response.substr(response.size() - 2) == "\n\n");
  return response.substr(2, response.size() - 4);
}

// Output that keeps what is written until a flush delivers it, counting flushes.
class HeldOutput : public std::streambuf {
 public:
  std::string delivered;
  int flushes = 0;

 protected:
  int_type overflow(int_type c) override {
    if (c != traits_type::eof()) held_ += traits_type::to_char_type(c);
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    held_.append(s, static_cast<std::size_t>(n));
    return n;
  }
  int sync() override {
    delivered += held_;
    held_.clear();
    ++flushes;
    return 0;
  }

 private:
  std::string held_;
};

// Input that arrives one line at a time, as from a controller waiting for
// each answer, noting what the output had delivered whenever the engine
// asked for the next line.
class LineAtATime : public std::streambuf {
 public:
  LineAtATime(std::vector<std::string> lines, const HeldOutput& output) : lines_(std::move(lines)), output_(output) {}
  std::vector<std::string> delivered_before_each_read;

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    delivered_before_each_read.push_back(output_.delivered);
    if (next_ == lines_.size()) return traits_type::eof();
    current_ = lines_[next_++];
    setg(current_.data(), current_.data(), current_.data() + current_.size());
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::vector<std::string> lines_;
  std::size_t next_ = 0;
  std::string current_;
  const HeldOutput& output_;
};

}  // namespace

TEST_CASE("GTP command lines are preprocessed as the spec says", "[gtp]") {
  using yunzi::gtp::parse_gtp_command;
  CHECK_FALSE(parse_gtp_command(""));
  CHECK_FALSE(parse_gtp_command("   \t "));
  CHECK_FALSE(parse_gtp_command("# only a comment"));

  auto command = parse_gtp_command("12\tplay  black\tD4\r # a comment");
  REQUIRE(command);
  CHECK(command->id == 12);
  CHECK(command->name == "play");
  CHECK(command->args == std::vector<std::string>{"black", "D4"});

  // Control characters other than tab vanish, they do not separate words.
  auto control = parse_gtp_command("na\x01me\r");
  REQUIRE(control);
  CHECK(control->name == "name");

  auto no_id = parse_gtp_command("name");
  REQUIRE(no_id);
  CHECK_FALSE(no_id->id);
  CHECK(no_id->args.empty());
}

TEST_CASE("GTP responses carry the id and end with one empty line", "[gtp]") {
  using yunzi::gtp::format_gtp_response;
  CHECK(format_gtp_response(7, true, "D4") == "=7 D4\n\n");
  CHECK(format_gtp_response(std::nullopt, false, "illegal move") == "? illegal move\n\n");
  CHECK(format_gtp_response(std::nullopt, true, "") == "= \n\n");
  // Blank lines inside would end the response early.
  CHECK(format_gtp_response(3, true, "\na\n\nb\n") == "=3 \na\nb\n\n");
}

TEST_CASE("administrative commands", "[gtp]") {
  GtpFrontend gtp(1);
  CHECK(ok(gtp, "protocol_version") == "2");
  CHECK(ok(gtp, "name") == "yunzi");
  CHECK_FALSE(ok(gtp, "version").empty());
  CHECK(ok(gtp, "known_command play") == "true");
  CHECK(ok(gtp, "known_command yunzi-ko_rule") == "true");
  CHECK(ok(gtp, "known_command frobnicate") == "false");
  CHECK(fails(gtp, "known_command").find("syntax error") == 0);

  const std::string list = ok(gtp, "list_commands");
  for (const char* name :
       {"protocol_version", "name",        "version",      "known_command", "list_commands",  "quit",
        "boardsize",        "clear_board", "komi",         "play",          "undo",           "genmove",
        "is_legal",         "list_stones", "captures",     "showboard",     "fixed_handicap", "final_score",
        "loadsgf",          "printsgf",    "yunzi-ko_rule"}) {
    INFO(name);
    CHECK(("\n" + list + "\n").find("\n" + std::string(name) + "\n") != std::string::npos);
  }
}

TEST_CASE("ids are echoed on success and on failure", "[gtp]") {
  GtpFrontend gtp(1);
  CHECK(gtp.handle_line("42 name") == "=42 yunzi\n\n");
  CHECK(gtp.handle_line("43 frobnicate") == "?43 unknown command\n\n");
  CHECK(gtp.handle_line("44 play black Z99").rfind("?44 syntax error", 0) == 0);
  CHECK(gtp.handle_line("") == "");
  CHECK(gtp.handle_line("# nothing here") == "");
}

TEST_CASE("boardsize, clear_board and komi", "[gtp]") {
  GtpFrontend gtp(1);
  ok(gtp, "boardsize 9");
  CHECK(gtp.game().board().size() == 9);
  ok(gtp, "play black E5");
  ok(gtp, "clear_board");
  CHECK(ok(gtp, "list_stones black").empty());
  CHECK(fails(gtp, "boardsize 1") == "unacceptable size");
  CHECK(fails(gtp, "boardsize 26") == "unacceptable size");
  CHECK(fails(gtp, "boardsize nine").find("syntax error") == 0);
  CHECK(gtp.game().board().size() == 9);

  ok(gtp, "play black E5");
  ok(gtp, "komi 0.5");
  CHECK(gtp.game().setup().komi == 0.5);
  CHECK(ok(gtp, "list_stones black") == "E5");  // komi keeps the position
  CHECK(fails(gtp, "komi lots").find("syntax error") == 0);
  CHECK(fails(gtp, "komi").find("syntax error") == 0);
  ok(gtp, "boardsize 25");
  ok(gtp, "play white Z25");
  CHECK(ok(gtp, "list_stones white") == "Z25");
}

TEST_CASE("play, captures, list_stones and undo", "[gtp]") {
  GtpFrontend gtp(1);
  ok(gtp, "boardsize 5");
  // Either colour may play twice in a row, as GTP allows.
  ok(gtp, "play white B5");
  ok(gtp, "play black A5");
  ok(gtp, "play black C5");
  CHECK(ok(gtp, "list_stones white") == "B5");
  ok(gtp, "play black B4");
  CHECK(ok(gtp, "list_stones white").empty());
  CHECK(ok(gtp, "captures black") == "1");
  CHECK(ok(gtp, "captures white") == "0");
  CHECK(ok(gtp, "list_stones black") == "A5 C5 B4");

  CHECK(fails(gtp, "play white A5") == "illegal move");  // occupied
  CHECK(fails(gtp, "play white B5") == "illegal move");  // suicide
  CHECK(fails(gtp, "play purple A1").find("syntax error") == 0);
  CHECK(fails(gtp, "play black").find("syntax error") == 0);
  CHECK(fails(gtp, "play black F1").find("syntax error") == 0);

  ok(gtp, "undo");
  CHECK(ok(gtp, "list_stones white") == "B5");
  CHECK(ok(gtp, "captures black") == "0");
  ok(gtp, "undo");
  ok(gtp, "undo");
  ok(gtp, "undo");
  CHECK(fails(gtp, "undo") == "cannot undo");
}

TEST_CASE("is_legal answers 1 or 0 and changes nothing", "[gtp]") {
  GtpFrontend gtp(1);
  ok(gtp, "boardsize 5");
  ok(gtp, "play black B5");
  ok(gtp, "play black A4");
  CHECK(ok(gtp, "is_legal white A5") == "0");  // suicide
  CHECK(ok(gtp, "is_legal black A5") == "1");
  CHECK(ok(gtp, "is_legal white B5") == "0");  // occupied
  CHECK(ok(gtp, "is_legal white pass") == "1");
  CHECK(ok(gtp, "list_stones black") == "B5 A4");
  CHECK(fails(gtp, "is_legal white").find("syntax error") == 0);
  CHECK(fails(gtp, "is_legal white K9").find("syntax error") == 0);
}

TEST_CASE("play goes on after two passes", "[gtp]") {
  GtpFrontend gtp(1);
  ok(gtp, "boardsize 7");
  ok(gtp, "play black pass");
  ok(gtp, "play white PASS");
  CHECK(ok(gtp, "is_legal black D4") == "1");
  ok(gtp, "play black D4");
  CHECK(ok(gtp, "list_stones black") == "D4");
  ok(gtp, "play white pass");
  ok(gtp, "play black pass");
  CHECK(ok(gtp, "genmove white") != "");
}

TEST_CASE("the ko rule command chooses and reports the rule", "[gtp]") {
  GtpFrontend gtp(1);
  CHECK(ok(gtp, "yunzi-ko_rule") == "situational");
  ok(gtp, "yunzi-ko_rule simple");
  CHECK(ok(gtp, "yunzi-ko_rule") == "simple");
  CHECK(fails(gtp, "yunzi-ko_rule japanese").find("syntax error") == 0);
  ok(gtp, "boardsize 5");
  CHECK(gtp.game().setup().ko_rule == yunzi::engine::KoRule::simple);

  // A ko: Black captures at C4, White may not retake at B4 at once.
  for (const char* move : {"play black B5", "play black A4", "play black B3", "play white C5", "play white D4",
                           "play white C3", "play white B4", "play black C4"}) {
    ok(gtp, move);
  }
  CHECK(ok(gtp, "list_stones white") == "C5 D4 C3");
  CHECK(ok(gtp, "is_legal white B4") == "0");
  ok(gtp, "play white E1");
  ok(gtp, "play black E2");
  CHECK(ok(gtp, "is_legal white B4") == "1");
  ok(gtp, "play white B4");
  CHECK(ok(gtp, "is_legal black C4") == "0");
  ok(gtp, "play black A1");
  CHECK(ok(gtp, "is_legal black C4") == "1");
  ok(gtp, "yunzi-ko_rule positional");
  CHECK(ok(gtp, "yunzi-ko_rule") == "positional");
  CHECK(ok(gtp, "list_stones black") == "B5 A4 B3 E2 A1");
}

TEST_CASE("a ko rule the game already broke is refused", "[gtp]") {
  GtpFrontend gtp(1);
  ok(gtp, "boardsize 5");
  ok(gtp, "yunzi-ko_rule simple");
  // Capture the ko, pass, retake: legal under simple ko, but the board (and
  // the side to move) repeats the position before the capture.
  for (const char* move : {"play black B5", "play black A4", "play black B3", "play white C5", "play white D4",
                           "play white C3", "play white B4", "play black C4", "play black pass", "play white B4"}) {
    ok(gtp, move);
  }
  CHECK(fails(gtp, "yunzi-ko_rule positional").find("break") != std::string::npos);
  CHECK(fails(gtp, "yunzi-ko_rule situational").find("break") != std::string::npos);
  CHECK(ok(gtp, "yunzi-ko_rule") == "simple");
  CHECK(ok(gtp, "list_stones black") == "B5 A4 B3");
  CHECK(ok(gtp, "list_stones white") == "C5 B4 D4 C3");
}

TEST_CASE("fixed_handicap places the stones on an empty board only", "[gtp]") {
  GtpFrontend gtp(1);
  CHECK(ok(gtp, "fixed_handicap 2") == "Q16 D4");
  CHECK(ok(gtp, "list_stones black") == "Q16 D4");
  CHECK(fails(gtp, "fixed_handicap 3") == "board not empty");
  ok(gtp, "clear_board");
  const std::string nine = ok(gtp, "fixed_handicap 9");
  CHECK(std::count(nine.begin(), nine.end(), ' ') == 8);
  CHECK(nine.find("K10") != std::string::npos);
  CHECK(ok(gtp, "list_stones black").size() == nine.size());
  ok(gtp, "clear_board");
  CHECK(fails(gtp, "fixed_handicap 1").find("invalid number of stones") == 0);
  CHECK(fails(gtp, "fixed_handicap 10").find("invalid number of stones") == 0);
  CHECK(fails(gtp, "fixed_handicap two").find("syntax error") == 0);
  ok(gtp, "boardsize 5");
  CHECK(fails(gtp, "fixed_handicap 2").find("invalid number of stones") == 0);
}

TEST_CASE("genmove plays legal moves, keeps its eyes and is seedable", "[gtp]") {
  auto play_out = [](std::uint64_t seed) {
    GtpFrontend gtp(seed);
    ok(gtp, "boardsize 7");
    std::string record;
    int passes = 0;
    for (int turn = 0; turn < 400 && passes < 2; ++turn) {
      const std::string move = ok(gtp, turn % 2 == 0 ? "genmove black" : "genmove white");
      passes = move == "pass" ? passes + 1 : 0;
      record += move + " ";
    }
    CHECK(passes == 2);
    return record;
  };
  const std::string first = play_out(5);
  CHECK(first == play_out(5));
  CHECK(first != play_out(6));

  // Every empty corner is a single-point eye of Black.
  GtpFrontend gtp(3);
  ok(gtp, "boardsize 3");
  for (const char* move : {"play black A2", "play black B1", "play black B3", "play black C2", "play black B2"}) {
    ok(gtp, move);
  }
  CHECK(ok(gtp, "genmove black") == "pass");
  const std::string white = ok(gtp, "genmove white");
  CHECK(white == "pass");  // every empty point would be suicide for White
  CHECK(fails(gtp, "genmove").find("syntax error") == 0);
  CHECK(fails(gtp, "genmove red").find("syntax error") == 0);
}

TEST_CASE("final_score counts area with every stone alive", "[gtp]") {
  GtpFrontend gtp(1);
  ok(gtp, "boardsize 5");
  ok(gtp, "komi 0.5");
  CHECK(ok(gtp, "final_score") == "W+0.5");
  for (const char* move : {"play black C1", "play black C2", "play black C3", "play black C4", "play black C5",
                           "play white D1", "play white D2", "play white D3", "play white D4", "play white D5"}) {
    ok(gtp, move);
  }
  // Black: columns A-C = 15; White: D-E = 10; 15 - 10 - 0.5.
  CHECK(ok(gtp, "final_score") == "B+4.5");
}

TEST_CASE("showboard draws the position", "[gtp]") {
  GtpFrontend gtp(1);
  ok(gtp, "boardsize 5");
  ok(gtp, "play black C3");
  const std::string board = ok(gtp, "showboard");
  CHECK(board.front() == '\n');
  CHECK(board.find("X") != std::string::npos);
  CHECK(board.find("\n\n") == std::string::npos);
}

TEST_CASE("run answers a whole session and stops at quit", "[gtp]") {
  GtpFrontend gtp(1);
  std::istringstream in("1 boardsize 9\n\n# comment\n2 play b E5\n3 list_stones black\n4 quit\n5 name\n");
  std::ostringstream out;
  gtp.run(in, out);
  CHECK(out.str() == "=1 \n\n=2 \n\n=3 E5\n\n=4 \n\n");
  CHECK(gtp.quit_requested());
}

TEST_CASE("run answers before it waits for more input, and answers a batch in one write", "[gtp]") {
  SECTION("a controller waiting for each answer gets it before the next command is read") {
    GtpFrontend gtp(1);
    HeldOutput output;
    LineAtATime input({"1 boardsize 9\n", "2 play b E5\n", "3 quit\n"}, output);
    std::istream in(&input);
    std::ostream out(&output);
    gtp.run(in, out);
    REQUIRE(input.delivered_before_each_read.size() >= 3);
    CHECK(input.delivered_before_each_read[0].empty());
    CHECK(input.delivered_before_each_read[1] == "=1 \n\n");
    CHECK(input.delivered_before_each_read[2] == "=1 \n\n=2 \n\n");
    CHECK(output.delivered == "=1 \n\n=2 \n\n=3 \n\n");
  }
  SECTION("commands that arrived together are answered together") {
    GtpFrontend gtp(1);
    HeldOutput output;
    std::istringstream in("1 boardsize 9\n2 play b E5\n3 play w C3\n4 list_stones white\n");
    std::ostream out(&output);
    gtp.run(in, out);
    CHECK(output.delivered == "=1 \n\n=2 \n\n=3 \n\n=4 C3\n\n");
    CHECK(output.flushes <= 2);  // once the batch is read, and once at the end of input
  }
}
