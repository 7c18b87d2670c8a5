#include <catch2/catch.hpp>
#include <string>
#include <string_view>

#include "engine/board.hpp"
#include "engine/types.hpp"
#include "tsumego/problem.hpp"

using namespace yunzi;
using namespace yunzi::tsumego;
using engine::Vertex;

namespace {

Vertex pt(std::string_view sgf) { return *engine::parse_sgf_point(sgf, engine::max_board_size); }

ReadProblems read_collection(std::string_view sgf, const ProblemLimits& limits = {}) {
  auto read = read_problems(sgf, limits);
  REQUIRE(read);
  return std::move(*read);
}

Problem only_problem(std::string_view sgf, const ProblemLimits& limits = {}) {
  auto read = read_collection(sgf, limits);
  REQUIRE(read.problems.size() == 1);
  if (!read.problems[0]) FAIL(read.problems[0].error().reason);
  return std::move(*read.problems[0]);
}

ProblemError only_error(std::string_view sgf, const ProblemLimits& limits = {}) {
  auto read = read_collection(sgf, limits);
  REQUIRE(read.problems.size() == 1);
  REQUIRE_FALSE(read.problems[0]);
  return read.problems[0].error();
}

std::optional<Goal> goal_of_comment(const std::string& comment) {
  return only_problem("(;SZ[9]AB[aa]C[" + comment + "])").goal;
}

Mark mark_of(const std::string& node_properties) {
  const Problem problem = only_problem("(;SZ[9]AB[aa];B[cc]" + node_properties + ")");
  REQUIRE(problem.tree.size() == 2);
  return problem.tree[1].mark;
}

std::string repeated(std::string_view piece, std::size_t times) {
  std::string out;
  for (std::size_t i = 0; i < times; ++i) out += piece;
  return out;
}

}  // namespace

TEST_CASE("A collection gives one problem per game tree, with its answer tree", "[tsumego][problem]") {
  const std::string collection =
      "(;GM[1]FF[4]CA[UTF-8]SZ[9]GN[第1题]C[黑先活]AB[ac][bc][cc][dc][eb][ea]AW[ad][bd][cd][dd][ed][fc][fb][fa]"
      "(;B[bb]C[正解];W[ba];B[ab])"
      "(;B[ba]C[失败，白点眼]))\n"
      "(;GM[1]FF[4]SZ[19]PL[W]C[White to kill]AB[pa][pb][qb][rb][sb]AW[oa][ob][oc][pc][qc][rc][sc]"
      ";W[ra]C[RIGHT])";
  const auto read = read_collection(collection);
  REQUIRE(read.problems.size() == 2);
  REQUIRE(read.problems[0]);
  REQUIRE(read.problems[1]);

  const Problem& first = *read.problems[0];
  CHECK(first.size == 9);
  CHECK(first.title == "第1题");
  CHECK(first.comment == "黑先活");
  CHECK(first.goal == Goal::live);
  CHECK(first.to_move == Color::black);  // the first move's colour
  CHECK(first.stones.size() == 14);
  CHECK(first.stones.front() == engine::SetupStone{pt("ac"), Color::black});
  CHECK(first.stones.back() == engine::SetupStone{pt("fa"), Color::white});
  REQUIRE(first.tree.size() == 5);
  CHECK(first.tree[0].children == std::vector<std::size_t>{1, 4});
  CHECK(first.tree[1].move == pt("bb"));
  CHECK(first.tree[1].mark == Mark::right);
  CHECK(first.tree[1].comment == "正解");
  CHECK(first.tree[1].children == std::vector<std::size_t>{2});
  CHECK(first.tree[2].color == Color::white);
  CHECK(first.tree[2].mark == Mark::none);
  CHECK(first.tree[3].move == pt("ab"));
  CHECK(first.tree[3].children.empty());
  CHECK(first.tree[4].move == pt("ba"));
  CHECK(first.tree[4].mark == Mark::wrong);

  const Problem& second = *read.problems[1];
  CHECK(second.size == 19);
  CHECK(second.to_move == Color::white);
  CHECK(second.goal == Goal::kill);
  REQUIRE(second.tree.size() == 2);
  CHECK(second.tree[1].mark == Mark::right);
}

TEST_CASE("A problem in GB18030 is read as UTF-8", "[tsumego][problem]") {
  // 黑先活 and 正解 in GB2312 bytes.
  const Problem problem =
      only_problem("(;CA[GB2312]SZ[9]C[\xba\xda\xcf\xc8\xbb\xee]AB[aa]AW[ba];B[ab]C[\xd5\xfd\xbd\xe2])");
  CHECK(problem.comment == "黑先活");
  CHECK(problem.goal == Goal::live);
  REQUIRE(problem.tree.size() == 2);
  CHECK(problem.tree[1].comment == "正解");
  CHECK(problem.tree[1].mark == Mark::right);
}

TEST_CASE("Compressed point lists give every point of their rectangle", "[tsumego][problem]") {
  const Problem problem = only_problem("(;SZ[9]AB[aa:cb]AW[da:db]VW[aa:ee]YT[bb])");
  const std::vector<engine::SetupStone> stones{
      {pt("aa"), Color::black}, {pt("ba"), Color::black}, {pt("ca"), Color::black}, {pt("ab"), Color::black},
      {pt("bb"), Color::black}, {pt("cb"), Color::black}, {pt("da"), Color::white}, {pt("db"), Color::white}};
  CHECK(problem.stones == stones);
  CHECK(problem.region.size() == 25);
  CHECK(problem.region.back() == pt("ee"));
  CHECK(problem.target == pt("bb"));
}

TEST_CASE("AE clears setup points and repeated points count once", "[tsumego][problem]") {
  const Problem problem = only_problem("(;SZ[9]AB[aa][aa][ba][ca]AE[ba])");
  const std::vector<engine::SetupStone> stones{{pt("aa"), Color::black}, {pt("ca"), Color::black}};
  CHECK(problem.stones == stones);
}

TEST_CASE("Passes are moves without a point; tt is a point on the largest boards", "[tsumego][problem]") {
  const Problem small = only_problem("(;SZ[19]AB[aa]AW[ba](;B[]C[RIGHT])(;B[tt]))");
  REQUIRE(small.tree.size() == 3);
  CHECK(small.tree[1].move == std::nullopt);
  CHECK(small.tree[1].mark == Mark::right);
  CHECK(small.tree[2].move == std::nullopt);
  const Problem large = only_problem("(;SZ[25]AB[aa]AW[ba];B[tt])");
  REQUIRE(large.tree.size() == 2);
  CHECK(large.tree[1].move == Vertex{19, 19});
}

TEST_CASE("The side to move is PL, else the first move's colour, else black", "[tsumego][problem]") {
  CHECK(only_problem("(;SZ[9]AB[aa]PL[W];B[bb])").to_move == Color::white);
  CHECK(only_problem("(;SZ[9]AB[aa];C[hint](;W[bb])(;B[cc]))").to_move == Color::white);
  CHECK(only_problem("(;SZ[9]AW[aa])").to_move == Color::black);
}

TEST_CASE("Nodes without a move are left out and their children join the move above", "[tsumego][problem]") {
  const Problem problem = only_problem("(;SZ[9]AB[aa]AW[ba];C[think first](;B[ca];C[note];W[cb])(;B[cc]))");
  REQUIRE(problem.tree.size() == 4);
  CHECK(problem.tree[0].children == std::vector<std::size_t>{1, 3});
  CHECK(problem.tree[1].move == pt("ca"));
  CHECK(problem.tree[1].children == std::vector<std::size_t>{2});
  CHECK(problem.tree[2].move == pt("cb"));
  CHECK(problem.tree[2].comment.empty());
  CHECK(problem.tree[3].move == pt("cc"));
}

TEST_CASE("Marks come from TE, BM and YM, else from the comment's words", "[tsumego][problem]") {
  CHECK(mark_of("TE[1]") == Mark::right);
  CHECK(mark_of("BM[1]") == Mark::wrong);
  CHECK(mark_of("TE[1]BM[1]") == Mark::wrong);
  CHECK(mark_of("BM[1]C[Correct]") == Mark::wrong);
  CHECK(mark_of("TE[2]C[Wrong]") == Mark::right);
  CHECK(mark_of("YM[none]C[RIGHT]") == Mark::none);
  CHECK(mark_of("C[RIGHT]") == Mark::right);
  CHECK(mark_of("C[right!]") == Mark::right);
  CHECK(mark_of("C[Correct.]") == Mark::right);
  CHECK(mark_of("C[正确]") == Mark::right);
  CHECK(mark_of("C[WRONG]") == Mark::wrong);
  CHECK(mark_of("C[Incorrect, White lives]") == Mark::wrong);
  CHECK(mark_of("C[Wrong. The correct move is A]") == Mark::wrong);
  CHECK(mark_of("C[失败]") == Mark::wrong);
  CHECK(mark_of("C[错误，正解是A]") == Mark::wrong);
  CHECK(mark_of("C[Black lives in the upper right]") == Mark::none);
  CHECK(mark_of("C[Copyright 2024]") == Mark::none);
  CHECK(mark_of("C[不错的手筋]") == Mark::none);
  CHECK(mark_of("C[Black plays the vital point]") == Mark::none);
  const Problem problem = only_problem("(;SZ[9]AB[aa];B[cc]C[Correct!\nWhite cannot cut.])");
  CHECK(problem.tree[1].comment == "Correct!\nWhite cannot cut.");
}

TEST_CASE("The goal is YG, else a keyword of the comment or the title", "[tsumego][problem]") {
  CHECK(goal_of_comment("Black to live") == Goal::live);
  CHECK(goal_of_comment("black to LIVE.") == Goal::live);
  CHECK(goal_of_comment("Make the group alive") == Goal::live);
  CHECK(goal_of_comment("White to kill") == Goal::kill);
  CHECK(goal_of_comment("Black to kill; White lives if he gets A") == Goal::kill);
  CHECK(goal_of_comment("Black to live by ko") == Goal::ko);
  CHECK(goal_of_comment("Black to capture three stones") == Goal::capture);
  CHECK(goal_of_comment("黑先活") == Goal::live);
  CHECK(goal_of_comment("黑先杀") == Goal::kill);
  CHECK(goal_of_comment("白先黑死") == Goal::kill);
  CHECK(goal_of_comment("劫活") == Goal::ko);
  CHECK(goal_of_comment("黑先吃子") == Goal::capture);
  CHECK(goal_of_comment("死活题：黑先活") == Goal::live);
  CHECK(goal_of_comment("A skillful Korean problem") == std::nullopt);
  CHECK(goal_of_comment("Black to play") == std::nullopt);
  CHECK(only_problem("(;SZ[9]AB[aa]GN[Black to kill])").goal == Goal::kill);
  CHECK(only_problem("(;SZ[9]AB[aa]C[Black to live]GN[White to kill])").goal == Goal::live);
  CHECK(only_problem("(;SZ[9]AB[aa]YG[capture]C[Black to live])").goal == Goal::capture);
  CHECK(only_problem("(;SZ[9]AB[aa]YG[]C[Black to live])").goal == std::nullopt);
  CHECK(only_problem("(;SZ[9]AB[aa])").goal == std::nullopt);
}

TEST_CASE("Themes, grade, target and region are read from their properties", "[tsumego][problem]") {
  const Problem problem = only_problem("(;SZ[9]AB[aa][ba]AW[ca]YT[ca]VW[aa][ba][ab]YH[ snapback ][throw-in]YD[5K])");
  CHECK(problem.target == pt("ca"));
  CHECK(problem.region == std::vector<Vertex>{pt("aa"), pt("ba"), pt("ab")});
  CHECK(problem.themes == std::vector<std::string>{"snapback", "throw-in"});
  CHECK(problem.grade == Rank::kyu(5));
  const Problem plain = only_problem("(;SZ[9]AB[aa]VW[])");
  CHECK(plain.region.empty());
  CHECK(plain.target == std::nullopt);
  CHECK(plain.grade == std::nullopt);
}

TEST_CASE("Text that is not SGF fails the whole read", "[tsumego][problem]") {
  const auto read = read_problems("Black to live, see the diagram");
  REQUIRE_FALSE(read);
  CHECK(read.error().reason.find("not SGF") != std::string::npos);
}

TEST_CASE("A faulty problem is an error with its index and offset; the others are read", "[tsumego][problem]") {
  const std::string text = "(;SZ[9]AB[aa])(;SZ[30]AB[aa])";
  const auto read = read_collection(text);
  REQUIRE(read.problems.size() == 2);
  CHECK(read.problems[0]);
  REQUIRE_FALSE(read.problems[1]);
  CHECK(read.problems[1].error().index == 1);
  CHECK(read.problems[1].error().offset == text.find("30"));
  CHECK(read.problems[1].error().reason.find("board size") != std::string::npos);
}

TEST_CASE("Each fault of a problem is reported where it lies", "[tsumego][problem]") {
  struct Case {
    std::string sgf;
    std::string at;  // the text whose first byte the offset points at
    std::string reason;
  };
  const auto [sgf, at, reason] = GENERATE(values<Case>({
      {"(;SZ[9]AB[aa];B[ba];AW[cc])", "cc]", "setup stones inside the answer tree"},
      {"(;SZ[9]AB[aa];B[jj])", "jj", "off the 9x9 board"},
      {"(;SZ[9]AB[aa];B[ba]W[ca])", "ca", "two moves"},
      {"(;SZ[9]AB[aa]YT[bb])", "bb", "empty point"},
      {"(;SZ[9]AB[aa]YT[zz])", "zz", "bad target"},
      {"(;SZ[9]AB[zz])", "zz", "bad point"},
      {"(;SZ[9]AB[aa]YG[win])", "win", "unknown goal"},
      {"(;SZ[9]AB[aa]YD[30k])", "30k", "bad grade"},
      {"(;SZ[9]AB[aa]PL[X])", "X]", "side to move"},
      {"(;SZ[9]AB[aa]YH[ko][ ])", " ]", "theme"},
      {"(;SZ[9]AB[aa]YH[" + std::string(41, 'x') + "])", "xx", "theme"},
      {"(;GM[2]SZ[9]AB[aa])", "2]", "not a Go record"},
      {"(;SZ[9]AB[aa];B[ba];YM[maybe])", "maybe", "unknown mark"},
      {"(;SZ[9]AB[aa]B[ba])", "ba", "a move in the root"},
  }));
  INFO(sgf);
  const ProblemError error = only_error(sgf);
  CHECK(error.index == 0);
  CHECK(error.offset == sgf.find(at));
  CHECK(error.reason.find(reason) != std::string::npos);
}

TEST_CASE("A point with both a black and a white stone is an error", "[tsumego][problem]") {
  CHECK(only_error("(;SZ[9]AB[aa][ba]AW[ba])").reason.find("ba") != std::string::npos);
}

TEST_CASE("Each limit refuses the problem that exceeds it", "[tsumego][problem]") {
  ProblemLimits limits;
  SECTION("nodes") {
    limits.max_tree_nodes = 3;
    CHECK(only_problem("(;SZ[9]AB[aa](;B[ba])(;B[ca]))", limits).tree.size() == 3);
    const std::string sgf = "(;SZ[9]AB[aa](;B[ba])(;B[ca])(;B[da]))";
    const ProblemError error = only_error(sgf, limits);
    CHECK(error.offset == sgf.find(";B[da]"));
    CHECK(error.reason.find("more than 3 nodes") != std::string::npos);
  }
  SECTION("line length") {
    limits.max_line_moves = 2;
    CHECK(only_problem("(;SZ[9]AB[aa];B[ba];C[comment only];W[ca])", limits).tree.size() == 3);
    const std::string sgf = "(;SZ[9]AB[aa];B[ba];W[ca];B[da])";
    const ProblemError error = only_error(sgf, limits);
    CHECK(error.offset == sgf.find(";B[da]"));
    CHECK(error.reason.find("longer than 2 moves") != std::string::npos);
  }
  SECTION("comments") {
    limits.max_comment_bytes = 10;
    CHECK(only_problem("(;SZ[9]AB[aa]C[0123456789])", limits).comment == "0123456789");
    CHECK(only_error("(;SZ[9]AB[aa]C[0123456789a])", limits).reason.find("comment") != std::string::npos);
    const std::string sgf = "(;SZ[9]AB[aa];B[ba]C[0123456789a])";
    CHECK(only_error(sgf, limits).offset == sgf.find("0123"));
  }
  SECTION("title") {
    limits.max_title_bytes = 5;
    CHECK(only_problem("(;SZ[9]AB[aa]GN[12345])", limits).title == "12345");
    CHECK(only_error("(;SZ[9]AB[aa]GN[123456])", limits).reason.find("title") != std::string::npos);
  }
  SECTION("themes") {
    limits.max_themes = 2;
    CHECK(only_problem("(;SZ[9]AB[aa]YH[a][b])", limits).themes.size() == 2);
    CHECK(only_error("(;SZ[9]AB[aa]YH[a][b][c])", limits).reason.find("more than 2 themes") != std::string::npos);
  }
  SECTION("problems in a collection") {
    limits.max_problems = 2;
    CHECK(read_collection("(;SZ[9])(;SZ[9])", limits).problems.size() == 2);
    const std::string text = "(;SZ[9])(;SZ[9])(;SZ[13])";
    const auto read = read_problems(text, limits);
    REQUIRE_FALSE(read);
    CHECK(read.error().index == 2);
    CHECK(read.error().offset == text.find(";SZ[13]"));
    CHECK(read.error().reason.find("more than 2 problems") != std::string::npos);
  }
}

TEST_CASE("Hostile input gives an error, not a crash", "[tsumego][problem]") {
  SECTION("10000 nested variations") {
    const std::string sgf = "(;SZ[9]AB[aa]" + repeated("(;B[bb]", 10000) + repeated(")", 10001);
    CHECK_FALSE(read_problems(sgf));
  }
  SECTION("variations nested as deep as SGF allows") {
    const std::string sgf = "(;SZ[9]AB[aa]" + repeated("(;B[bb]", 900) + repeated(")", 901);
    CHECK(only_error(sgf).reason.find("longer than 60 moves") != std::string::npos);
  }
  SECTION("a line of 100000 moves") {
    const std::string sgf = "(;SZ[9]AB[aa]" + repeated(";B[bb];W[cc]", 50000) + ")";
    CHECK(only_error(sgf).reason.find("longer than 60 moves") != std::string::npos);
  }
  SECTION("100000 variations of one move") {
    const std::string sgf = "(;SZ[9]AB[aa]" + repeated("(;B[bb])", 100000) + ")";
    CHECK(only_error(sgf).reason.find("more than 2000 nodes") != std::string::npos);
  }
  SECTION("a comment of 500 KB") {
    const std::string sgf = "(;SZ[9]AB[aa]C[" + std::string(500'000, 'x') + "])";
    CHECK(only_error(sgf).reason.find("comment longer than 2000 bytes") != std::string::npos);
  }
  SECTION("a comment of 2 MB") { CHECK_FALSE(read_problems("(;SZ[9]AB[aa]C[" + std::string(2'000'000, 'x') + "])")); }
  SECTION("5000 problems") { CHECK_FALSE(read_problems(repeated("(;SZ[9]AB[aa])", 5000))); }
}

TEST_CASE("A written problem reads back equal", "[tsumego][problem]") {
  Problem problem;
  problem.size = 13;
  problem.stones = {{pt("dd"), Color::black}, {pt("de"), Color::black}, {pt("ed"), Color::white}};
  problem.to_move = Color::white;
  problem.goal = Goal::ko;
  problem.target = pt("ed");
  problem.region = {pt("cc"), pt("dc"), pt("ec")};
  problem.title = "Title ] with \\ brackets [";
  problem.comment = "White to make ko.\nTwo lines]";
  problem.themes = {"snapback", "throw-in"};
  problem.grade = Rank::dan(2);
  problem.tree.resize(5);
  problem.tree[0].children = {1, 4};
  problem.tree[1] = {Color::white, pt("cc"), Mark::right, "", {2}};
  problem.tree[2] = {Color::black, std::nullopt, Mark::none, "Black passes", {3}};
  problem.tree[3] = {Color::white, pt("dc"), Mark::none, "Correct shape?", {}};
  problem.tree[4] = {Color::white, pt("ec"), Mark::wrong, "", {}};

  const std::string written = write_problem(problem);
  INFO(written);
  CHECK(written.find("TE[1]") != std::string::npos);
  CHECK(written.find("BM[1]") != std::string::npos);
  CHECK(written.find("YM[none]") != std::string::npos);
  CHECK(only_problem(written) == problem);

  SECTION("an unstated goal stays unstated whatever the comment says") {
    problem.goal = std::nullopt;
    problem.comment = "Black to live";
    problem.grade = std::nullopt;
    problem.target = std::nullopt;
    CHECK(only_problem(write_problem(problem)) == problem);
  }
  SECTION("a problem without an answer tree") {
    Problem bare;
    bare.stones = {{pt("aa"), Color::black}};
    bare.tree.resize(1);
    CHECK(only_problem(write_problem(bare)) == bare);
  }
}

TEST_CASE("A read problem written and read again is the same", "[tsumego][problem]") {
  const Problem read = only_problem(
      "(;SZ[9]C[黑先活]GN[第2题]AB[ac][bc][cc][dc][eb][ea]AW[ad][bd][cd][dd][ed][fc][fb][fa]YH[eye]"
      "(;B[bb]C[正解];C[only a comment];W[ba];B[ab])(;B[ba]C[失败])(;B[]))");
  CHECK(only_problem(write_problem(read)) == read);
}

TEST_CASE("board_of places the setup stones", "[tsumego][problem]") {
  const Problem problem = only_problem("(;SZ[9]AB[aa][ba]AW[ca])");
  const engine::Board board = board_of(problem);
  CHECK(board.size() == 9);
  CHECK(board.color_at(pt("aa")) == Color::black);
  CHECK(board.color_at(pt("ba")) == Color::black);
  CHECK(board.color_at(pt("ca")) == Color::white);
  CHECK(board.color_at(pt("da")) == std::nullopt);
  CHECK(board.stone_count(Color::black) == 2);
}

TEST_CASE("Goals have one spelling each way", "[tsumego][problem]") {
  for (const Goal goal : {Goal::live, Goal::kill, Goal::ko, Goal::capture}) CHECK(parse_goal(to_string(goal)) == goal);
  CHECK(parse_goal("KILL") == Goal::kill);
  CHECK(parse_goal("survive") == std::nullopt);
}
