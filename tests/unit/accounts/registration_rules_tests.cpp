#include <catch2/catch.hpp>

#include "accounts/registration_rules.hpp"

using namespace yunzi;
using namespace yunzi::accounts;

namespace {

AccountErrorCode refusal(std::string_view name) {
  auto checked = check_name(name);
  REQUIRE_FALSE(checked);
  return checked.error().code;
}

}  // namespace

TEST_CASE("names of letters of any script, digits, _ and - are accepted", "[accounts][names]") {
  for (const char* name :
       {"ab", "Go_Seigen", "player-9", "李昌镐", "이세돌", "Иван", "José", "Ελένη", "गोपाल", "abcdefghijklmnopqrst"}) {
    INFO(name);
    CHECK(check_name(name));
  }
}

TEST_CASE("the key folds ASCII case only and the display keeps what was typed", "[accounts][names]") {
  auto alice = check_name("AlIcE");
  REQUIRE(alice);
  CHECK(alice->display == "AlIcE");
  CHECK(alice->key == "alice");
  auto german = check_name("ÄRGER");
  REQUIRE(german);
  CHECK(german->key == "Ärger");
  CHECK(check_name("李昌镐")->key == "李昌镐");
}

TEST_CASE("decomposed and composed forms give the same NFC name", "[accounts][names]") {
  auto composed = check_name("Jos\xC3\xA9");     // é as one code point
  auto decomposed = check_name("Jose\xCC\x81");  // e + combining acute
  REQUIRE(composed);
  REQUIRE(decomposed);
  CHECK(decomposed->display == composed->display);
  CHECK(decomposed->key == "jos\xC3\xA9");
}

TEST_CASE("names breaking the rule are bad requests with a reason", "[accounts][names]") {
  CHECK(refusal("a") == AccountErrorCode::bad_request);
  CHECK(refusal("") == AccountErrorCode::bad_request);
  CHECK(refusal("abcdefghijklmnopqrstu") == AccountErrorCode::bad_request);
  CHECK(refusal("'; DROP TABLE users;--") == AccountErrorCode::bad_request);
  CHECK(refusal("O'Neil") == AccountErrorCode::bad_request);
  CHECK(refusal("two words") == AccountErrorCode::bad_request);
  CHECK(refusal("quote\"d") == AccountErrorCode::bad_request);
  CHECK(refusal(std::string("nul\0byte", 8)) == AccountErrorCode::bad_request);
  CHECK(refusal("emoji\xF0\x9F\x98\x80") == AccountErrorCode::bad_request);
  CHECK(refusal("bad\xFFutf8") == AccountErrorCode::bad_request);
  CHECK(refusal("\xCC\x81"
                "ab") == AccountErrorCode::bad_request);  // starts with a combining mark
  CHECK(refusal(std::string(10'000, 'a')) == AccountErrorCode::bad_request);
  auto reason = check_name("x y");
  CHECK(reason.error().message.find("letters") != std::string::npos);
}

TEST_CASE("starting ranks are exactly 10k to 1d", "[accounts][rules]") {
  CHECK(*check_starting_rank("10k") == Rank::kyu(10));
  CHECK(*check_starting_rank("1k") == Rank::kyu(1));
  CHECK(*check_starting_rank("1d") == Rank::dan(1));
  for (const char* bad : {"11k", "18k", "2d", "9d", "10K", " 1d", "1d ", "", "0k", "5"}) {
    INFO(bad);
    auto refused = check_starting_rank(bad);
    REQUIRE_FALSE(refused);
    CHECK(refused.error().code == AccountErrorCode::bad_request);
  }
}

TEST_CASE("passwords are 8 to 128 bytes, any bytes", "[accounts][rules]") {
  CHECK_FALSE(check_password("1234567"));
  CHECK(check_password("12345678"));
  CHECK(check_password(std::string(128, 'p')));
  CHECK_FALSE(check_password(std::string(129, 'p')));
  CHECK(check_password(std::string("with\0nul!", 9)));
  CHECK(check_password("'; DROP TABLE users;--"));
}
