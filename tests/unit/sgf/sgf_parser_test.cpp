#include <catch2/catch.hpp>

#include <string>

#include "engine/sgf_parser.hpp"

using namespace yunzi;
using namespace yunzi::engine;

namespace {

SgfTree parse_ok(std::string_view text) {
  auto tree = parse_sgf(text);
  INFO((tree ? std::string() : tree.error().reason));
  REQUIRE(tree);
  return std::move(*tree);
}

SgfError parse_fails(std::string_view text, const SgfLimits& limits = {}) {
  auto tree = parse_sgf(text, limits);
  REQUIRE_FALSE(tree);
  return tree.error();
}

}  // namespace

TEST_CASE("a sequence becomes a chain of nodes with their properties", "[sgf][parser]") {
  const auto tree = parse_ok("(;GM[1]SZ[9]AB[aa][bb];B[cc];W[dd])");
  REQUIRE(tree.roots.size() == 1);
  REQUIRE(tree.nodes.size() == 3);
  const SgfNode& root = tree.nodes[tree.roots[0]];
  REQUIRE(root.find("AB") != nullptr);
  CHECK(root.find("AB")->values == std::vector<std::string>{"aa", "bb"});
  CHECK(root.find("AB")->offsets == std::vector<std::size_t>{15, 19});
  REQUIRE(root.children.size() == 1);
  const SgfNode& first = tree.nodes[root.children[0]];
  CHECK(first.find("B")->values[0] == "cc");
  CHECK(first.offset == 22);
  CHECK(tree.nodes[first.children[0]].find("W")->values[0] == "dd");
}

TEST_CASE("variations become extra children, the first one is the main line", "[sgf][parser]") {
  const auto tree = parse_ok("(;SZ[9];B[aa](;W[bb];B[cc])(;W[dd])(;W[ee]))");
  const SgfNode& move = tree.nodes[tree.nodes[tree.roots[0]].children[0]];
  REQUIRE(move.children.size() == 3);
  CHECK(tree.nodes[move.children[0]].find("W")->values[0] == "bb");
  CHECK(tree.nodes[move.children[1]].find("W")->values[0] == "dd");
  CHECK(tree.nodes[move.children[2]].find("W")->values[0] == "ee");
  CHECK(tree.nodes[tree.nodes[move.children[0]].children[0]].find("B")->values[0] == "cc");
}

TEST_CASE("escapes, soft line breaks and line endings in values", "[sgf][parser]") {
  const auto tree = parse_ok("(;C[a\\]b\\\\c\\d]GN[one\\\ntwo]PC[x\r\ny\rz])");
  const SgfNode& root = tree.nodes[0];
  CHECK(root.find("C")->values[0] == "a]b\\cd");
  CHECK(root.find("GN")->values[0] == "onetwo");
  CHECK(root.find("PC")->values[0] == "x\ny\nz");
}

TEST_CASE("white space between every token is allowed", "[sgf][parser]") {
  const auto tree = parse_ok(" \n( \t;\r\n SZ \n [9] [x]\n ; B [aa]\n)\n");
  CHECK(tree.nodes[0].find("SZ")->values == std::vector<std::string>{"9", "x"});
  CHECK(tree.nodes[1].find("B")->values[0] == "aa");
}

TEST_CASE("FF[3] long property names keep their upper-case letters", "[sgf][parser]") {
  const auto tree = parse_ok("(;GaMe[1]AddBlack[aa]AddWhite[bb]Comment[hi];Black[cc])");
  CHECK(tree.nodes[0].find("GM")->values[0] == "1");
  CHECK(tree.nodes[0].find("AB")->values[0] == "aa");
  CHECK(tree.nodes[0].find("AW")->values[0] == "bb");
  CHECK(tree.nodes[0].find("C")->values[0] == "hi");
  CHECK(tree.nodes[1].find("B")->values[0] == "cc");
}

TEST_CASE("junk before the first game and between games is skipped", "[sgf][parser]") {
  const auto tree =
      parse_ok("From: someone\nSubject: (game) here\n\n(;SZ[9];B[aa])\n-- \nnext one:\n( ;SZ[13])trailing");
  REQUIRE(tree.roots.size() == 2);
  CHECK(tree.nodes[tree.roots[0]].find("SZ")->values[0] == "9");
  CHECK(tree.nodes[tree.roots[1]].find("SZ")->values[0] == "13");
}

TEST_CASE("a repeated property in one node gathers its values", "[sgf][parser]") {
  const auto tree = parse_ok("(;AB[aa]AW[cc]AB[bb])");
  CHECK(tree.nodes[0].find("AB")->values == std::vector<std::string>{"aa", "bb"});
}

TEST_CASE("malformed input gives the byte offset of the fault", "[sgf][parser][errors]") {
  SECTION("value never closed") {
    const auto error = parse_fails("(;SZ[19]C[never closed");
    CHECK(error.offset == 9);
    CHECK_THAT(error.reason, Catch::Contains("not closed"));
  }
  SECTION("game tree never closed") {
    const auto error = parse_fails("(;SZ[19];B[aa]");
    CHECK(error.offset == 14);
    CHECK_THAT(error.reason, Catch::Contains("opened at offset 0"));
  }
  SECTION("variation never closed") {
    const auto error = parse_fails("(;SZ[19](;B[aa])(;B[bb]");
    CHECK(error.offset == 23);
    CHECK_THAT(error.reason, Catch::Contains("opened at offset 16"));
  }
  SECTION("stray byte between nodes") {
    const auto error = parse_fails("(;SZ[19];B[aa] 7 ;W[bb])");
    CHECK(error.offset == 15);
    CHECK_THAT(error.reason, Catch::Contains("'7'"));
  }
  SECTION("property without a value") {
    const auto error = parse_fails("(;SZ[19]PB;B[aa])");
    CHECK(error.offset == 10);
    CHECK_THAT(error.reason, Catch::Contains("PB has no value"));
  }
  SECTION("identifier without an upper-case letter") {
    const auto error = parse_fails("(;SZ[19]black[aa])");
    CHECK(error.offset == 8);
  }
  SECTION("empty variation") {
    const auto error = parse_fails("(;SZ[19]())");
    CHECK(error.offset == 9);
    CHECK_THAT(error.reason, Catch::Contains("empty game tree"));
  }
  SECTION("node after a variation") {
    const auto error = parse_fails("(;SZ[19](;B[aa]);W[bb])");
    CHECK(error.offset == 16);
  }
  SECTION("NUL byte inside a value") {
    const std::string text("(;SZ[19]C[ab\0cd])", 17);
    const auto error = parse_fails(text);
    CHECK(error.offset == 12);
    CHECK_THAT(error.reason, Catch::Contains("NUL"));
  }
  SECTION("NUL byte between nodes") {
    const std::string text("(;SZ[19]\0;B[aa])", 16);
    const auto error = parse_fails(text);
    CHECK(error.offset == 8);
    CHECK_THAT(error.reason, Catch::Contains("0x00"));
  }
  SECTION("no game tree at all") {
    const auto error = parse_fails("just some text (not sgf)");
    CHECK(error.offset == 24);
  }
  SECTION("empty input") { CHECK(parse_fails("").offset == 0); }
}

TEST_CASE("huge nesting is refused at the first variation too deep, without recursion", "[sgf][parser][errors]") {
  std::string text = "(;SZ[19]";
  const std::size_t depth = 200000;
  for (std::size_t i = 0; i < depth; ++i) text += "(;B[aa]";
  const auto error = parse_fails(text);
  // The root's "(" is level 1, so the 1000th nested "(" is the first refused.
  CHECK(error.offset == 8 + 999 * 7);
  CHECK_THAT(error.reason, Catch::Contains("nested deeper than 1000"));

  SgfLimits deep;
  deep.max_depth = depth + 10;
  std::string closed = text + std::string(depth + 1, ')');
  const auto tree = parse_sgf(closed, deep);
  REQUIRE(tree);
  CHECK(tree->nodes.size() == depth + 1);
}

TEST_CASE("size limits give errors, not unbounded memory", "[sgf][parser][errors]") {
  SgfLimits small;
  small.max_nodes = 3;
  small.max_value_bytes = 8;
  small.max_values_per_property = 2;
  small.max_input_bytes = 64;
  CHECK(parse_fails("(;;;;)", small).offset == 4);
  CHECK(parse_fails("(;C[0123456789abcdef])", small).offset == 3);
  CHECK(parse_fails("(;AB[aa][bb][cc])", small).offset == 12);
  CHECK_THAT(parse_fails(std::string(65, ' '), small).reason, Catch::Contains("longer than 64"));
  CHECK(parse_fails("(;" + std::string(40, 'X') + "[1])").offset == 2);
}
