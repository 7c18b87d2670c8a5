#include <catch2/catch.hpp>

#include <string>

#include "engine/sgf_charset.hpp"
#include "engine/sgf_parser.hpp"
#include "engine/sgf_record.hpp"

using namespace yunzi;
using namespace yunzi::engine;

namespace {

// GBK bytes, spelled out so the test does not depend on iconv to build them.
const std::string gbk_black_player = "\xBA\xDA\xC6\xE5";  // 黑棋
const std::string gbk_white_player = "\xB0\xD7\xC6\xE5";  // 白棋
const std::string gbk_with_backslash = "\x81\x5C";        // 乗: its second byte is '\'
const std::string gbk_with_bracket = "\x81\x5D";          // 乚: its second byte is ']'

std::string root_value(const SgfTree& tree, const char* id) { return tree.nodes[tree.roots[0]].find(id)->values[0]; }

}  // namespace

TEST_CASE("valid_utf8_prefix stops at the first bad sequence", "[sgf][charset]") {
  CHECK(is_valid_utf8("plain ascii"));
  CHECK(is_valid_utf8("\xE9\xBB\x91\xE6\xA3\x8B"));  // 黑棋
  CHECK(valid_utf8_prefix("ab" + gbk_black_player) == 2);
  CHECK(valid_utf8_prefix("a\xED\xA0\x80") == 1);  // a UTF-16 surrogate
  CHECK(valid_utf8_prefix("a\xC0\xAF") == 1);      // an overlong '/'
  CHECK(valid_utf8_prefix("ab\xE9\xBB") == 2);     // cut short
}

TEST_CASE("canonical_charset maps the Chinese labels to GB18030", "[sgf][charset]") {
  CHECK(canonical_charset(" gb2312 ") == "GB18030");
  CHECK(canonical_charset("GBK") == "GB18030");
  CHECK(canonical_charset("utf8") == "UTF-8");
  CHECK(canonical_charset("Latin1") == "ISO-8859-1");
}

TEST_CASE("GBK player names without CA are detected and come out as UTF-8", "[sgf][charset]") {
  const std::string text = "(;GM[1]SZ[19]PB[" + gbk_black_player + "]PW[" + gbk_white_player + "];B[pd])";
  REQUIRE_FALSE(is_valid_utf8(text));
  const auto tree = parse_sgf(text);
  REQUIRE(tree);
  CHECK(tree->source_charset == "GB18030");
  CHECK(root_value(*tree, "PB") == "\xE9\xBB\x91\xE6\xA3\x8B");  // 黑棋 in UTF-8
  CHECK(root_value(*tree, "PW") == "\xE7\x99\xBD\xE6\xA3\x8B");  // 白棋 in UTF-8
}

TEST_CASE("CA[GB2312] is honoured even when the bytes could pass as something else", "[sgf][charset]") {
  const std::string text =
      "(;CA[GB2312]GM[1]PB[" + gbk_black_player + "]C[" + gbk_with_backslash + gbk_with_bracket + "];B[pd])";
  const auto game = read_sgf_game(text);
  REQUIRE(game);
  CHECK(game->record.source_charset == "GB18030");
  CHECK(game->record.info.black_name == "\xE9\xBB\x91\xE6\xA3\x8B");
  // The '\' and ']' second bytes are part of their characters, not SGF syntax.
  CHECK(game->record.info.comment == "\xE4\xB9\x97\xE4\xB9\x9A");  // 乗乚
}

TEST_CASE("CA[ISO-8859-1] text is converted to UTF-8", "[sgf][charset]") {
  const auto tree = parse_sgf("(;CA[iso-8859-1]PB[Ren\xE9])");
  REQUIRE(tree);
  CHECK(root_value(*tree, "PB") == "Ren\xC3\xA9");
}

TEST_CASE("UTF-8 records stay as they are", "[sgf][charset]") {
  const auto tree = parse_sgf("(;CA[UTF-8]PB[\xE9\xBB\x91\xE6\xA3\x8B])");
  REQUIRE(tree);
  CHECK(tree->source_charset == "UTF-8");
  CHECK(root_value(*tree, "PB") == "\xE9\xBB\x91\xE6\xA3\x8B");
}

TEST_CASE("bytes that do not fit the declared set give the offset of the bad byte", "[sgf][charset][errors]") {
  const std::string text = "(;CA[UTF-8]PB[ab" + gbk_black_player + "])";
  const auto tree = parse_sgf(text);
  REQUIRE_FALSE(tree);
  CHECK(tree.error().offset == 16);
  CHECK_THAT(tree.error().reason, Catch::Contains("UTF-8"));
}

TEST_CASE("an unknown character set is an error at its CA value", "[sgf][charset][errors]") {
  const auto tree = parse_sgf("(;GM[1]CA[no-such-charset];B[aa])");
  REQUIRE_FALSE(tree);
  CHECK(tree.error().offset == 10);
  CHECK_THAT(tree.error().reason, Catch::Contains("no-such-charset"));
}

TEST_CASE("undeclared bytes that are neither UTF-8 nor GB18030 fall back to Latin-1", "[sgf][charset]") {
  // 0xFF can start no GB18030 character.
  const auto tree = parse_sgf("(;PB[a\xFF])");
  REQUIRE(tree);
  CHECK(tree->source_charset == "ISO-8859-1");
  CHECK(root_value(*tree, "PB") == "a\xC3\xBF");
}

TEST_CASE("character sets that do not keep ASCII as it is are refused", "[sgf][charset][errors]") {
  const auto tree = parse_sgf("(;CA[UTF-16]PB[x])");
  REQUIRE_FALSE(tree);
  CHECK(tree.error().offset == 5);
  CHECK_THAT(tree.error().reason, Catch::Contains("not ASCII-compatible"));
}

TEST_CASE("a GB18030 lead byte cannot hide a NUL from the parser", "[sgf][charset][errors]") {
  // iconv reads 0xBC 0x00 as a character followed by NUL; a value holding
  // NUL could never be written back, so the byte is refused where it stands.
  const std::string text("(;CA[GB18030]C[ab\xBC\0cd])", 24);
  const auto tree = parse_sgf(text);
  REQUIRE_FALSE(tree);
  CHECK(tree.error().offset == 18);
  CHECK_THAT(tree.error().reason, Catch::Contains("NUL"));
}
