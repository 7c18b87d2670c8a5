// UTF-8 checks, code point counts and rank spellings.
#include <catch2/catch.hpp>

#include "core/rank.hpp"
#include "core/role.hpp"
#include "protocol/text.hpp"

using namespace yunzi;
using namespace yunzi::protocol;

TEST_CASE("UTF-8 validation follows the Unicode table of well-formed sequences", "[protocol][text]") {
  CHECK(is_valid_utf8(""));
  CHECK(is_valid_utf8("plain"));
  CHECK(is_valid_utf8("围棋 \xF0\x9F\x80\x84"));  // 4-byte sequence
  CHECK(is_valid_utf8("\xEF\xBF\xBF"));
  CHECK(is_valid_utf8("\xF4\x8F\xBF\xBF"));        // U+10FFFF
  CHECK_FALSE(is_valid_utf8("\xF4\x90\x80\x80"));  // above U+10FFFF
  CHECK_FALSE(is_valid_utf8("\xC0\x80"));          // overlong NUL
  CHECK_FALSE(is_valid_utf8("\xE0\x80\xAF"));      // overlong '/'
  CHECK_FALSE(is_valid_utf8("\xED\xA0\x80"));      // surrogate
  CHECK_FALSE(is_valid_utf8("\xE4\xB8"));          // cut short
  CHECK_FALSE(is_valid_utf8("\x80"));
  CHECK_FALSE(is_valid_utf8("\xFE"));
}

TEST_CASE("code points are counted, not bytes", "[protocol][text]") {
  CHECK(count_code_points("abc") == 3);
  CHECK(count_code_points("围棋") == 2);
  CHECK(count_code_points("a\xF0\x9F\x80\x84") == 2);
}

TEST_CASE("ill-formed bytes are replaced one by one", "[protocol][text]") {
  CHECK(replace_invalid_utf8("a\xFF"
                             "b\xC3",
                             "?") == "a?b?");
  CHECK(replace_invalid_utf8("好", "?") == "好");
}

TEST_CASE("name and text rules", "[protocol][text]") {
  CHECK_FALSE(name_problem("Lee_Sedol-9.d").has_value());
  CHECK_FALSE(name_problem("柯洁").has_value());
  CHECK(name_problem("a b").has_value());
  CHECK(name_problem("a\u3000b").has_value());  // ideographic space
  CHECK(name_problem("<script>").has_value());
  CHECK_FALSE(text_problem("a\nb", 1, 10, true).has_value());
  CHECK(text_problem("a\nb", 1, 10, false).has_value());
  CHECK(text_problem(std::string(1, '\0'), 1, 10, true).has_value());
  CHECK(text_problem("", 1, 10, true).has_value());
  CHECK_FALSE(text_problem("", 0, 10, false).has_value());
}
