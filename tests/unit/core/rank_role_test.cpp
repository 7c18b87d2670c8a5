#include <catch2/catch.hpp>

#include "core/rank.hpp"
#include "core/role.hpp"

using namespace yunzi;

TEST_CASE("ranks are spelled 18k..1k then 1d..9d and read back", "[core][rank]") {
  CHECK(to_string(Rank::kyu(18)) == "18k");
  CHECK(to_string(Rank::kyu(1)) == "1k");
  CHECK(to_string(Rank::dan(1)) == "1d");
  CHECK(to_string(Rank::dan(9)) == "9d");
  CHECK(Rank::kyu(18).index() == 1);
  CHECK(Rank::kyu(10).index() == 9);
  CHECK(Rank::dan(1).index() == 19);
  CHECK(Rank::dan(9).index() == 27);
  CHECK(parse_rank("10k") == Rank::kyu(10));
  CHECK(parse_rank("9D") == Rank::dan(9));
  for (int index = Rank::lowest_index; index <= Rank::highest_index; ++index) {
    const Rank rank = *Rank::from_index(index);
    CHECK(parse_rank(to_string(rank)) == rank);
    CHECK(parse_rank_exactly(to_string(rank)) == rank);
  }
  for (const char* bad : {"", "k", "0k", "0d", "19k", "10d", "1p", "01k", "1kk", "-1k", "100k", " 1k"}) {
    INFO(bad);
    CHECK_FALSE(parse_rank(bad).has_value());
    CHECK_FALSE(parse_rank_exactly(bad).has_value());
  }
  // The exact form takes only the lower-case spelling that is stored.
  CHECK_FALSE(parse_rank_exactly("1K").has_value());
  CHECK_FALSE(parse_rank_exactly("3D").has_value());
  CHECK_FALSE(Rank::from_index(0).has_value());
  CHECK_FALSE(Rank::from_index(28).has_value());
}

TEST_CASE("rank steps stop at 18k and 9d", "[core][rank]") {
  CHECK(Rank::kyu(1) + 1 == Rank::dan(1));
  CHECK(Rank::dan(9) + 1 == Rank::dan(9));
  CHECK(Rank::kyu(18) - 1 == Rank::kyu(18));
  CHECK(steps_between(Rank::kyu(1), Rank::dan(2)) == 2);
  CHECK(Rank{} == lowest_rank);
}

TEST_CASE("roles are spelled user, bot and admin", "[core][role]") {
  for (Role role : {Role::user, Role::bot, Role::admin}) CHECK(parse_role(to_string(role)) == role);
  CHECK(to_string(Role::bot) == "bot");
  CHECK_FALSE(parse_role("root").has_value());
  CHECK_FALSE(parse_role("Admin").has_value());
}
