#include <catch2/catch.hpp>

#include "accounts/name_skeleton.hpp"
#include "accounts/registration_rules.hpp"
#include "accounts/reserved_names.hpp"

using namespace yunzi;
using namespace yunzi::accounts;

namespace {

std::string skeleton_of(std::string_view name) {
  auto checked = check_name(name);
  REQUIRE(checked);
  auto skeleton = name_skeleton(checked->display);
  REQUIRE(skeleton);
  return *skeleton;
}

std::string refusal_of_new(std::string_view name) {
  auto checked = check_new_name(name);
  REQUIRE_FALSE(checked);
  CHECK(checked.error().code == AccountErrorCode::bad_request);
  return checked.error().message;
}

}  // namespace

TEST_CASE("lookalike spellings of a name share its skeleton", "[accounts][names][skeleton]") {
  const std::string alice = skeleton_of("alice");
  for (const char* copy : {"ALICE", "Alice", "ａｌｉｃｅ", "𝐚𝐥𝐢𝐜𝐞", "\xD0\xB0lice" /* Cyrillic а */,
                           "al\xD1\x96"
                           "ce" /* Cyrillic і */}) {
    INFO(copy);
    CHECK(skeleton_of(copy) == alice);
  }
  CHECK(skeleton_of("g0") == skeleton_of("go"));
  CHECK(skeleton_of("modern") == skeleton_of("modem"));
  CHECK(skeleton_of("bob") != alice);
  CHECK(skeleton_of("alicia") != alice);
}

TEST_CASE("Chinese, Japanese and Korean names keep distinct skeletons and pass as new names",
          "[accounts][names][skeleton]") {
  for (const char* name : {"李昌镐", "藤沢秀行", "이세돌", "聂卫平", "張栩", "井山裕太", "藤沢ひでゆき", "張三abc",
                           "Иван", "Ελένη", "गोपाल", "José", "Go_Seigen", "player-9"}) {
    INFO(name);
    auto checked = check_new_name(name);
    REQUIRE(checked);
    CHECK(checked->name.display == name);
    CHECK_FALSE(checked->skeleton.empty());
  }
  CHECK(skeleton_of("李昌镐") != skeleton_of("李昌鎬"));
  CHECK(skeleton_of("이세돌") != skeleton_of("이창호"));
}

TEST_CASE("invisible code points are refused in new names", "[accounts][names][skeleton]") {
  for (const char* invisible : {"\xE3\x85\xA4" /* U+3164 */, "\xEF\xB8\x8F" /* U+FE0F */, "\xCD\x8F" /* U+034F */,
                                "\xE1\x85\x9F" /* U+115F */, "\xEF\xBE\xA0" /* U+FFA0 */, "\xE1\x9E\xB4" /* U+17B4 */,
                                "\xE1\xA0\x8B" /* U+180B */, "\xEF\xB8\x80" /* U+FE00 */}) {
    const std::string name = std::string("alice") + invisible;
    INFO(name);
    // Well formed by the old rule, so an account that has it still logs in...
    REQUIRE(check_name(name));
    // ...but no new account may take it.
    CHECK_THAT(refusal_of_new(name), Catch::Contains("invisible"));
  }
}

TEST_CASE("script mixtures that imitate other names are refused", "[accounts][names][skeleton]") {
  CHECK_THAT(refusal_of_new("\xD0\xB0lice"), Catch::Contains("mixes scripts"));  // Cyrillic а + Latin
  CHECK_THAT(refusal_of_new("\xCE\xBF"
                            "scar"),
             Catch::Contains("mixes scripts"));  // Greek ο + Latin
  CHECK_THAT(refusal_of_new("ИванJohn"), Catch::Contains("mixes scripts"));
  CHECK_THAT(refusal_of_new("abc1\xD9\xA2"), Catch::Contains("digits"));  // ASCII 1 and Arabic-Indic 2
}

TEST_CASE("staff-like names and their lookalikes are reserved", "[accounts][names][reserved]") {
  for (const char* name : {"admin",
                           "ADMIN",
                           "Ad_min",
                           "-admin-",
                           "\xD0\xB0"
                           "dmin",
                           "ａｄｍｉｎ",
                           "administrator",
                           "root",
                           "system",
                           "SYSTEM",
                           "moderator",
                           "support",
                           "staff",
                           "official",
                           "yunzi",
                           "YunZi",
                           "云子",
                           "管理员",
                           "管理員",
                           "系统",
                           "系統",
                           "客服",
                           "官方"}) {
    INFO(name);
    CHECK(is_reserved_name(skeleton_of(name)));
  }
  for (const char* name : {"alice", "admiral", "badminton", "systems", "supporter", "admin1", "李昌镐", "管理"}) {
    INFO(name);
    CHECK_FALSE(is_reserved_name(skeleton_of(name)));
  }
}
