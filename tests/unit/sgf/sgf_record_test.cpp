#include <catch2/catch.hpp>

#include <string>

#include "engine/sgf_record.hpp"
#include "engine/sgf_values.hpp"

using namespace yunzi;
using namespace yunzi::engine;

namespace {

SgfGame read_ok(std::string_view text) {
  auto game = read_sgf_game(text);
  INFO((game ? std::string() : game.error().reason));
  REQUIRE(game);
  return std::move(*game);
}

SgfError read_fails(std::string_view text) {
  auto game = read_sgf_game(text);
  REQUIRE_FALSE(game);
  return game.error();
}

std::optional<Color> stone(const Game& game, int x, int y) { return game.board().color_at(Vertex{x, y}); }

}  // namespace

TEST_CASE("komi spellings of Chinese software are counted in stones", "[sgf][record][komi]") {
  CHECK(parse_sgf_komi("375") == 7.5);
  CHECK(parse_sgf_komi("3.75") == 7.5);
  CHECK(parse_sgf_komi("275") == 5.5);
  CHECK(parse_sgf_komi("2.75") == 5.5);
  CHECK(parse_sgf_komi("-3.75") == -7.5);
  CHECK(parse_sgf_komi("0.25") == 0.5);
  CHECK(parse_sgf_komi("7.5") == 7.5);
  CHECK(parse_sgf_komi("6.5") == 6.5);
  CHECK(parse_sgf_komi("650") == 6.5);
  CHECK(parse_sgf_komi("5") == 5);
  CHECK(parse_sgf_komi("6,5") == 6.5);
  CHECK(parse_sgf_komi("") == 0);
  CHECK_FALSE(parse_sgf_komi("seven"));
  CHECK_FALSE(parse_sgf_komi("10000"));  // 100 points: no real komi
  CHECK_FALSE(parse_sgf_komi("-120.5"));
  CHECK(read_ok("(;GM[1]KM[375])").record.info.komi == 7.5);
  CHECK(read_ok("(;GM[1]KM[3.75])").record.info.komi == 7.5);
  CHECK(read_ok("(;GM[1]KM[7.5])").game.setup().komi == 7.5);
  const auto error = read_fails("(;GM[1]KM[lots])");
  CHECK(error.offset == 10);
}

TEST_CASE("game information comes from the root", "[sgf][record]") {
  const auto game = read_ok(
      "(;GM[1]FF[4]SZ[13]KM[6.5]HA[0]RU[Japanese]PB[Black One]PW[White Two]BR[3d]WR[2k]DT[2024-05-01]"
      "RE[B+R]TM[1800]OT[5x30 byo-yomi]EV[Club]RO[2]PC[Kunming]GN[Final]C[a comment]AP[Other:1]ST[2])");
  const auto& info = game.record.info;
  CHECK(info.size == 13);
  CHECK(info.komi == 6.5);
  CHECK(info.rules == "Japanese");
  CHECK(info.black_name == "Black One");
  CHECK(info.white_name == "White Two");
  CHECK(info.black_rank == "3d");
  CHECK(info.white_rank == "2k");
  CHECK(info.date == "2024-05-01");
  CHECK(info.result == "B+R");
  CHECK(info.main_time == 1800);
  CHECK(info.overtime == "5x30 byo-yomi");
  CHECK(info.event == "Club");
  CHECK(info.round == "2");
  CHECK(info.place == "Kunming");
  CHECK(info.game_name == "Final");
  CHECK(info.comment == "a comment");
  REQUIRE(info.other.size() == 2);
  CHECK(info.other[0].id == "AP");
  CHECK(game.game.board().size() == 13);
}

TEST_CASE("a TM that is no number is kept as it was written", "[sgf][record]") {
  const auto game = read_ok("(;GM[1]TM[9 hours each])");
  CHECK_FALSE(game.record.info.main_time);
  REQUIRE(game.record.info.other.size() == 1);
  CHECK(game.record.info.other[0].values[0] == "9 hours each");
}

TEST_CASE("compressed point lists expand to every point of the rectangle", "[sgf][record][points]") {
  const auto game = read_ok("(;GM[1]SZ[9]AB[aa:cc][ee]AW[gi:gg]AE[bb])");
  CHECK(game.record.black_stones.size() == 9);  // 3x3 + 1 - the cleared centre
  CHECK(game.record.white_stones.size() == 3);
  CHECK(stone(game.game, 0, 0) == Color::black);
  CHECK(stone(game.game, 2, 2) == Color::black);
  CHECK_FALSE(stone(game.game, 1, 1));
  CHECK(stone(game.game, 4, 4) == Color::black);
  CHECK(stone(game.game, 6, 6) == Color::white);
  CHECK(stone(game.game, 6, 8) == Color::white);
  CHECK(game.game.board().stone_count(Color::black) == 9);
}

TEST_CASE("bad points and moves give the offset of their value", "[sgf][record][errors]") {
  CHECK(read_fails("(;GM[1]SZ[9]AB[aa:kk])").offset == 15);
  CHECK(read_fails("(;GM[1]SZ[9]AB[aa][a])").offset == 19);
  const auto move = read_fails("(;GM[1]SZ[9];B[ee];W[zz])");
  CHECK(move.offset == 21);
  CHECK_THAT(move.reason, Catch::Contains("W[zz]"));
  CHECK(read_fails("(;GM[1]SZ[9];B[ee]W[ff])").offset == 20);
  CHECK(read_fails("(;GM[1]SZ[9];B[ee][ff])").offset == 19);
  CHECK(read_fails("(;GM[1]SZ[30])").offset == 10);
  CHECK(read_fails("(;GM[1]SZ[9:13])").offset == 10);
  CHECK_THAT(read_fails("(;GM[2]SZ[9])").reason, Catch::Contains("not a Go record"));
  CHECK_THAT(read_fails("(;GM[1]SZ[9];B[ee];AB[aa])").reason, Catch::Contains("after the start"));
}

TEST_CASE("passes are read as B[] and as B[tt] up to 19x19", "[sgf][record][pass]") {
  const auto game = read_ok("(;GM[1]SZ[19];B[];W[tt];B[dd])");
  REQUIRE(game.record.main_line.size() == 3);
  CHECK(game.record.main_line[0].move->is_pass());
  CHECK(game.record.main_line[1].move->is_pass());
  CHECK(game.record.main_line[1].move->color == Color::white);
  // Two passes opened scoring; the record plays on, so play resumed.
  CHECK(game.game.phase() == Phase::play);
  CHECK(stone(game.game, 3, 3) == Color::black);

  CHECK(read_ok("(;GM[1]SZ[9];B[tt])").record.main_line[0].move->is_pass());
  const auto big = read_ok("(;GM[1]SZ[21];W[tt])");
  CHECK(big.record.main_line[0].move->vertex == Vertex{19, 19});
  CHECK(stone(big.game, 19, 19) == Color::white);
}

TEST_CASE("an illegal move in the main line names its move number", "[sgf][record][errors]") {
  const auto occupied = read_fails("(;GM[1]SZ[9];B[ee];W[dd];B[dd])");
  CHECK(occupied.move_number == 3);
  CHECK(occupied.offset == 27);
  CHECK_THAT(occupied.reason, Catch::Contains("move 3"));

  // White captures at bb; Black taking back at cb at once repeats the position.
  const std::string ko = "(;GM[1]SZ[9]AB[ba][ab][cb][bc]AW[ca][db][cc];W[bb];B[cb])";
  const auto retake = read_fails(ko);
  CHECK(retake.move_number == 2);
  CHECK(retake.offset == ko.rfind("cb"));
  CHECK_THAT(retake.reason, Catch::Contains("move 2 (B cb"));

  const auto suicide = read_fails("(;GM[1]SZ[9]AB[ba][ab];W[aa])");
  CHECK(suicide.move_number == 1);
  CHECK_THAT(suicide.reason, Catch::Contains("W aa"));
}

TEST_CASE("captures are made while the main line is played", "[sgf][record]") {
  const auto game = read_ok("(;GM[1]SZ[9];B[ba];W[aa];B[ab])");
  CHECK_FALSE(stone(game.game, 0, 0));
  CHECK(game.game.captures(Color::black) == 1);
  CHECK(game.game.moves().size() == 3);
}

TEST_CASE("a handicap without stones puts them on the fixed points", "[sgf][record]") {
  const auto game = read_ok("(;GM[1]SZ[19]HA[2];W[dd])");
  CHECK(game.game.board().stone_count(Color::black) == 2);
  CHECK(stone(game.game, 15, 3) == Color::black);  // Q16
  CHECK(stone(game.game, 3, 15) == Color::black);  // D4
}

TEST_CASE("moves carry their times and comments; other properties are kept", "[sgf][record]") {
  const auto game = read_ok("(;GM[1]SZ[9];B[ee]BL[299.5]OB[3]C[good]LB[dd:A];W[cc]WL[8hr 59m]OW[0])");
  const auto& first = game.record.main_line[0];
  CHECK(first.black_time_left == 299.5);
  CHECK(first.black_stones_left == 3);
  CHECK(first.comment == "good");
  REQUIRE(first.other.size() == 1);
  CHECK(first.other[0].values[0] == "dd:A");
  const auto& second = game.record.main_line[1];
  CHECK_FALSE(second.white_time_left);
  CHECK(second.white_stones_left == 0);
  REQUIRE(second.other.size() == 1);
  CHECK(second.other[0].id == "WL");
}

TEST_CASE("a move in the root node opens the main line", "[sgf][record]") {
  const auto game = read_ok("(;GM[1]SZ[9]B[ee]C[root];W[cc])");
  REQUIRE(game.record.main_line.size() == 2);
  CHECK(game.record.main_line[0].move == Move{Color::black, Vertex{4, 4}});
  CHECK(game.record.info.comment == "root");
  CHECK(game.game.moves().size() == 2);
}

TEST_CASE("variations are kept at their place and only the main line is played", "[sgf][record]") {
  const auto game = read_ok("(;GM[1]SZ[9](;B[ee](;W[cc];B[gg])(;W[gc]))(;B[aa];W[aa]))");
  REQUIRE(game.record.main_line.size() == 3);
  REQUIRE(game.record.branches.size() == 2);
  CHECK(game.record.branches[0].after == 0);
  CHECK(game.record.branches[0].alternatives.roots.size() == 1);
  CHECK(game.record.branches[1].after == 1);
  const auto& alternative = game.record.branches[1].alternatives;
  CHECK(alternative.nodes[alternative.roots[0]].find("W")->values[0] == "gc");
  // The illegal W[aa] lies off the main line and is not played.
  CHECK(stone(game.game, 6, 6) == Color::black);
}

TEST_CASE("a collection gives each of its games", "[sgf][record]") {
  const auto tree = parse_sgf("(;GM[1]SZ[9];B[aa])(;GM[1]SZ[13];B[bb])");
  REQUIRE(tree);
  const auto second = record_from_tree(*tree, 1);
  REQUIRE(second);
  CHECK(second->info.size == 13);
  CHECK_FALSE(record_from_tree(*tree, 2));
}
