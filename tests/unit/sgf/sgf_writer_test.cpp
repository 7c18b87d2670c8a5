#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "engine/sgf_record.hpp"
#include "engine/sgf_values.hpp"
#include "engine/sgf_writer.hpp"

using namespace yunzi;
using namespace yunzi::engine;

namespace {

SgfGame read_ok(std::string_view text) {
  auto game = read_sgf_game(text);
  INFO((game ? std::string() : game.error().reason));
  INFO(text);
  REQUIRE(game);
  return std::move(*game);
}

std::size_t longest_line(const std::string& text) {
  std::istringstream lines(text);
  std::size_t longest = 0;
  for (std::string line; std::getline(lines, line);) longest = std::max(longest, line.size());
  return longest;
}

SgfExport sample_export() {
  SgfExport game;
  game.size = 19;
  game.komi = 0.5;
  game.handicap = 2;
  game.handicap_stones = {Vertex{15, 3}, Vertex{3, 15}};
  game.black_name = "\xE9\xBB\x91\xE6\xA3\x8B";  // 黑棋
  game.white_name = "white]\\one";
  game.black_rank = "1d";
  game.white_rank = "3d";
  game.date = "2024-05-01";
  game.result = yunzi::parse_sgf_result("W+R");
  game.main_time = 1200;
  game.overtime = "3x30 byo-yomi";
  game.moves = {
      {Move{Color::white, Vertex{3, 3}}, 1195.5, std::nullopt, {}},
      {Move{Color::black, Vertex{16, 15}}, 1187, std::nullopt, {}},
      {Move{Color::white, std::nullopt}, 30, 3, {}},
  };
  return game;
}

}  // namespace

TEST_CASE("the export struct becomes an FF[4] UTF-8 record the reader accepts", "[sgf][writer]") {
  const std::string text = write_sgf(sample_export());
  CHECK(text.rfind("(;FF[4]CA[UTF-8]GM[1]SZ[19]RU[Chinese]KM[0.5]HA[2]", 0) == 0);
  CHECK(text.find("AB[pd][dp]") != std::string::npos);
  CHECK(text.find(";W[dd]WL[1195.5]") != std::string::npos);
  CHECK(text.find(";B[qp]BL[1187]") != std::string::npos);
  CHECK(text.find(";W[]WL[30]OW[3]") != std::string::npos);
  CHECK(text.find("PW[white\\]\\\\one]") != std::string::npos);
  CHECK(text.find("TM[1200]OT[3x30 byo-yomi]RE[W+R]") != std::string::npos);

  const auto game = read_ok(text);
  CHECK(game.record.info.black_name == "\xE9\xBB\x91\xE6\xA3\x8B");
  CHECK(game.record.info.white_name == "white]\\one");
  CHECK(game.record.info.komi == 0.5);
  CHECK(game.record.info.handicap == 2);
  CHECK(game.record.main_line.size() == 3);
  CHECK(game.record.main_line[0].white_time_left == 1195.5);
  CHECK(game.record.main_line[2].move->is_pass());
  CHECK(game.record.main_line[2].white_stones_left == 3);
  CHECK(game.game.board().stone_count(Color::black) == 3);
  CHECK(game.game.board().color_at(Vertex{3, 3}) == Color::white);
  CHECK(game.record == record_from_export(sample_export()));
}

TEST_CASE("comments are escaped and survive a round trip", "[sgf][writer]") {
  SgfRecord record;
  record.info.size = 9;
  record.info.comment = "line one\nline ] two \\ end";
  SgfRecordNode node;
  node.move = Move{Color::black, Vertex{4, 4}};
  node.comment = "]\\]";
  record.main_line.push_back(node);
  const std::string text = write_sgf(record);
  CHECK(text.find("C[line one\nline \\] two \\\\ end]") != std::string::npos);
  CHECK(text.find("C[\\]\\\\\\]]") != std::string::npos);
  CHECK(read_ok(text).record == record);
}

TEST_CASE("time values of any size the reader takes are written back as they were", "[sgf][writer]") {
  const std::string huge(124, '2');
  const std::string tiny = "0." + std::string(320, '0') + "5";
  const SgfGame game = read_ok("(;SZ[9];B[ee]BL[" + huge + "];W[dd]WL[" + tiny + "])");
  const std::string text = write_sgf(game.record);
  CHECK(text.find("BL[0]") == std::string::npos);
  CHECK(text.find("WL[0]") == std::string::npos);
  CHECK(read_ok(text).record == game.record);
}

TEST_CASE("long games are wrapped into lines of at most 80 columns", "[sgf][writer]") {
  SgfRecord record;
  record.info.size = 19;
  for (int i = 0; i < 300; ++i) {
    SgfRecordNode node;
    node.move = Move{i % 2 == 0 ? Color::black : Color::white, std::nullopt};
    node.black_time_left = 100.25 + i;
    record.main_line.push_back(node);
  }
  const std::string text = write_sgf(record);
  CHECK(longest_line(text) <= 80);
  CHECK(std::count(text.begin(), text.end(), '\n') > 300 * 14 / 80);
  CHECK(read_ok(text).record == record);
}

TEST_CASE("kept variations are written back in their place", "[sgf][writer]") {
  const std::string original = "(;GM[1]SZ[9](;B[ee]C[main](;W[cc];B[gg])(;W[gc]C[side]))(;B[aa]TR[bb:cc];W[bb]))";
  const auto first = read_ok(original);
  const std::string written = write_sgf(first.record);
  const auto second = read_ok(written);
  CHECK(second.record == first.record);
  CHECK(second.record.branches.size() == 2);
  CHECK(written.find("(;W[gc]C[side])") != std::string::npos);
  CHECK(written.find("TR[bb:cc]") != std::string::npos);
  CHECK(second.game.board().hash() == first.game.board().hash());
}

TEST_CASE("deep variation trees are written without recursion", "[sgf][writer]") {
  SgfTree tree;
  std::size_t node = tree.add_node();
  tree.roots.push_back(node);
  tree.nodes[node].get_or_add("SZ").values.push_back("9");
  const int depth = 50000;
  for (int i = 0; i < depth; ++i) {
    tree.nodes[tree.add_child(node)].get_or_add("B").values.push_back("aa");  // a one-node variation
    node = tree.add_child(node);
    tree.nodes[node].get_or_add("W").values.push_back("bb");
  }
  const std::string text = write_sgf(tree);
  SgfLimits limits;
  limits.max_depth = depth + 10;
  const auto back = parse_sgf(text, limits);
  REQUIRE(back);
  CHECK(back->nodes.size() == tree.nodes.size());
  CHECK(same_subtree(*back, back->roots[0], tree, tree.roots[0]));
}

TEST_CASE("a counted game's territory is written as TB/TW in the last node and read back", "[sgf][writer]") {
  SgfExport game;
  game.size = 5;
  game.result = yunzi::parse_sgf_result("B+3.5");
  game.moves = {{Move{Color::black, Vertex{1, 1}}, std::nullopt, std::nullopt, {}},
                {Move{Color::white, Vertex{3, 3}}, std::nullopt, std::nullopt, {}}};
  game.black_territory = {Vertex{0, 0}, Vertex{1, 0}};
  game.white_territory = {Vertex{4, 4}};
  const std::string text = write_sgf(game);
  INFO(text);
  CHECK(text.find("TB[aa][ba]") > text.find(";W[dd]"));
  CHECK(text.find("TW[ee]") > text.find("TB[aa][ba]"));
  CHECK(text.find("TW[ee]") != std::string::npos);
  CHECK(text.find("TB[") == text.rfind("TB["));  // once, in the last node only

  const auto read = read_ok(text);
  REQUIRE(read.record.main_line.size() == 2);
  const auto& last = read.record.main_line.back().other;
  REQUIRE(last.size() == 2);
  std::vector<Vertex> black;
  std::vector<Vertex> white;
  for (const auto& property : last) {
    for (const auto& value : property.values) {
      REQUIRE(append_sgf_points(value, 5, property.id == "TB" ? black : white));
    }
  }
  CHECK(black == game.black_territory);
  CHECK(white == game.white_territory);
  CHECK(read.record == record_from_export(game));

  SgfExport no_moves;
  no_moves.size = 5;
  no_moves.white_territory = {Vertex{0, 0}};
  CHECK(write_sgf(no_moves).find("TW[aa]") != std::string::npos);
  CHECK(write_sgf(SgfExport{}).find("TB") == std::string::npos);
}

TEST_CASE("an exported game carries a comment on the root and on any move", "[sgf][writer]") {
  SgfExport game;
  game.size = 9;
  game.comment = "gnugo: W+7.0";
  game.moves = {{Move{Color::black, Vertex{4, 4}}, std::nullopt, std::nullopt, "best D4 ] \\ after"},
                {Move{Color::white, Vertex{2, 2}}, std::nullopt, std::nullopt, {}}};
  const std::string text = write_sgf(game);
  INFO(text);
  CHECK(text.find("C[gnugo: W+7.0]") != std::string::npos);
  CHECK(text.find("C[best D4 \\] \\\\ after]") > text.find(";B[ee]"));
  CHECK(text.find(";W[cc])") != std::string::npos);  // no comment, no C
  auto read_back = parse_sgf(text);
  REQUIRE(read_back);
  auto record = record_from_tree(*read_back, 0);
  REQUIRE(record);
  CHECK(record->info.comment == "gnugo: W+7.0");
  CHECK(record->main_line[0].comment == "best D4 ] \\ after");
}
