#include <catch2/catch.hpp>

#include "server/ranking/calendar.hpp"
#include "server/ranking/recommendation.hpp"
#include "tests/unit/ranking/ranking_test_support.hpp"

using namespace yunzi;
using namespace yunzi::ranking;
using namespace yunzi::ranking::test;

namespace {

constexpr UnixSeconds may_15_noon = 1715774400;     // 2024-05-15 12:00 UTC
constexpr UnixSeconds may_1_midnight = 1714521600;  // 2024-05-01 00:00 UTC
constexpr UnixSeconds day = seconds_per_day;

// `total` counted games at 9d, `recent` of them within the 30 days before may_15_noon.
RecommenderRecord nine_dan(int total, int recent) {
  RecommenderRecord record;
  record.rank = Rank::dan(9);
  for (int i = 0; i < total; ++i) {
    record.counted_games_at_9d.push_back(i < recent ? may_15_noon - (i + 1) * day : may_15_noon - (40 + i) * day);
  }
  return record;
}

std::string refusal(const RecommenderRecord& record, UnixSeconds now = may_15_noon) {
  const auto result = may_recommend(record, now);
  if (result.has_value()) return "";
  CHECK(result.error().code == RankingErrorCode::not_allowed);
  return result.error().message;
}

}  // namespace

TEST_CASE("calendar months and their first moments", "[ranking][recommendation]") {
  CHECK(calendar_month(may_15_noon) == calendar_month(may_1_midnight));
  CHECK(calendar_month(may_1_midnight - 1) != calendar_month(may_1_midnight));
  CHECK(is_first_day_of_month(may_1_midnight));
  CHECK_FALSE(is_first_day_of_month(may_15_noon));
  CHECK(start_of_next_month(may_15_noon) == 1717200000);  // 2024-06-01
  CHECK(start_of_next_month(1735686000) == 1735689600);   // 2024-12-31 -> 2025-01-01
  CHECK(start_of_next_month(1709200800) == 1709251200);   // 2024-02-29 -> 2024-03-01
  CHECK(start_of_month(may_15_noon) == may_1_midnight);
  CHECK(start_of_month(may_1_midnight) == may_1_midnight);
  CHECK(start_of_month(may_1_midnight - 1) == 1711929600);  // 2024-04-30 23:59:59 -> 2024-04-01
}

TEST_CASE("a 9d needs 30 counted games at 9d, 15 in the last 30 days", "[ranking][recommendation]") {
  CHECK(refusal(nine_dan(30, 15)).empty());
  CHECK(refusal(nine_dan(29, 29)).find("30 counted games") != std::string::npos);
  CHECK(refusal(nine_dan(40, 14)).find("last 30 days") != std::string::npos);
  RecommenderRecord eight = nine_dan(30, 30);
  eight.rank = Rank::dan(8);
  CHECK(refusal(eight).find("only a 9d") != std::string::npos);
  // A game exactly 30 days old is outside the window.
  RecommenderRecord edge = nine_dan(30, 14);
  edge.counted_games_at_9d.push_back(may_15_noon - 30 * day);
  CHECK_FALSE(refusal(edge).empty());
  edge.counted_games_at_9d.back() = may_15_noon - 30 * day + 1;
  CHECK(refusal(edge).empty());
}

TEST_CASE("one recommendation per calendar month", "[ranking][recommendation]") {
  RecommenderRecord record = nine_dan(30, 15);
  // The recommendee is at 8d already, so only the month is in the way.
  record.recommendations.push_back({may_1_midnight, Rank::dan(8)});
  CHECK(refusal(record).find("calendar month") != std::string::npos);
  record.recommendations.back().at = may_1_midnight - 1;  // the last second of April
  CHECK(refusal(record).empty());
}

TEST_CASE("a revoked recommendee below 8d suspends the right", "[ranking][recommendation]") {
  RecommenderRecord record = nine_dan(30, 15);
  record.recommendations.push_back({may_1_midnight - 60 * day, Rank::dan(7), false, true});
  record.recommendations.push_back({may_1_midnight - 30 * day, Rank::dan(8)});
  // Another recommendee reached 8d since, but the revoked one has not.
  CHECK(refusal(record).find("revoked recommendee (now 7d) reaches 8d") != std::string::npos);
  record.recommendations.front().recommendee = Rank::dan(8);
  CHECK(refusal(record).empty());
}

TEST_CASE("a 9d recommends again only once the player last recommended has reached 8d", "[ranking][recommendation]") {
  RecommenderRecord record = nine_dan(30, 15);
  record.recommendations.push_back({may_1_midnight - 90 * day, Rank::dan(2)});  // an earlier one, long ago
  record.recommendations.push_back({may_1_midnight - 40 * day, Rank::dan(6)});  // never revoked
  CHECK(refusal(record).find("player last recommended (now 6d) reaches 8d") != std::string::npos);
  record.recommendations.back().recommendee = Rank::dan(7);
  CHECK(refusal(record).find("(now 7d)") != std::string::npos);
  // Only the last recommendee counts: the earlier one below 8d was never revoked.
  record.recommendations.back().recommendee = Rank::dan(8);
  CHECK(refusal(record).empty());
  record.recommendations.back().recommendee = Rank::dan(9);
  CHECK(refusal(record).empty());
  CHECK(recommend(record, 1, 2, Rank::dan(3), may_15_noon).has_value());
}

TEST_CASE("a recommendation waiting for an admin blocks the next one", "[ranking][recommendation]") {
  RecommenderRecord record = nine_dan(30, 15);
  record.recommendations.push_back({may_1_midnight - 40 * day, Rank::dan(3), true});
  CHECK(refusal(record).find("waits for an admin") != std::string::npos);
  record.recommendations.back().waiting = false;
  record.recommendations.back().recommendee = Rank::dan(8);
  CHECK(refusal(record).empty());
}

TEST_CASE("a recommendation makes the candidate 6d", "[ranking][recommendation]") {
  const RecommenderRecord record = nine_dan(30, 15);
  const auto change = recommend(record, 1, 2, Rank::dan(3), may_15_noon);
  REQUIRE(change.has_value());
  CHECK(*change == RankChange{Rank::dan(3), Rank::dan(6), ChangeReason::recommendation, std::nullopt});
  CHECK_FALSE(recommend(record, 1, 1, Rank::dan(3), may_15_noon).has_value());
  CHECK_FALSE(recommend(record, 1, 2, Rank::dan(6), may_15_noon).has_value());
  CHECK_FALSE(recommend(nine_dan(10, 10), 1, 2, Rank::dan(3), may_15_noon).has_value());
}

TEST_CASE("admins are warned about a weak start or a demotion at 6d or 7d", "[ranking][recommendation]") {
  struct Row {
    const char* script;
    bool warned;
  };
  const auto row = GENERATE(Row{"WWLLL", true}, Row{"WWWLL", false}, Row{"LLL", true}, Row{"LL", false},
                            Row{"WDWVLWL", false}, Row{"WLDLLW", true}, Row{"WWWWWLLLLL", false});
  CAPTURE(row.script);
  const RecommendedRecord record{Rank::dan(3), games_from(row.script), {}};
  const auto warnings = recommendation_warnings(record);
  CHECK((warnings == std::vector<RecommendationWarning>{RecommendationWarning::few_wins_in_first_five}) == row.warned);
  CHECK(warnings.empty() == !row.warned);

  RecommendedRecord demoted{Rank::dan(3), games_from("WWWWW"), {}};
  demoted.changes_since.push_back({Rank::dan(6), Rank::dan(7), ChangeReason::promotion, 30});
  CHECK(recommendation_warnings(demoted).empty());
  demoted.changes_since.push_back({Rank::dan(7), Rank::dan(6), ChangeReason::demotion, 50});
  CHECK(recommendation_warnings(demoted) == std::vector<RecommendationWarning>{RecommendationWarning::demoted_at_7d});
  demoted.changes_since.push_back({Rank::dan(6), Rank::dan(5), ChangeReason::demotion, 70});
  CHECK(recommendation_warnings(demoted).size() == 2);
  CHECK(to_string(RecommendationWarning::demoted_at_6d) == "demoted_at_6d");
}

TEST_CASE("revocation returns the user to the former rank or to 1d, as the admin chooses",
          "[ranking][recommendation]") {
  const RecommendedRecord record{Rank::dan(3), games_from("LLL"), {}};
  const auto former = revoke(record, Rank::dan(6), RevocationTarget::former_rank);
  REQUIRE(former.has_value());
  REQUIRE(former->has_value());
  CHECK(**former == RankChange{Rank::dan(6), Rank::dan(3), ChangeReason::revocation, std::nullopt});
  const auto first_dan = revoke(record, Rank::dan(6), RevocationTarget::first_dan);
  REQUIRE(first_dan.has_value());
  REQUIRE(first_dan->has_value());
  CHECK(**first_dan == RankChange{Rank::dan(6), Rank::dan(1), ChangeReason::revocation, std::nullopt});
  // Already there: nothing to change.
  CHECK_FALSE(revoke(record, Rank::dan(3), RevocationTarget::former_rank)->has_value());
  CHECK_FALSE(revoke(record, Rank::dan(1), RevocationTarget::first_dan)->has_value());

  // A player found below 1d is never put above the former rank.
  const RecommendedRecord kyu{rank_of("2k"), {}, {}};
  const auto refused = revoke(kyu, Rank::dan(6), RevocationTarget::first_dan);
  REQUIRE_FALSE(refused.has_value());
  CHECK(refused.error().code == RankingErrorCode::not_allowed);
  CHECK(refused.error().message.find("2k") != std::string::npos);
  CHECK((*revoke(kyu, Rank::dan(6), RevocationTarget::former_rank))->to == rank_of("2k"));
  CHECK((*revoke(RecommendedRecord{Rank::dan(1), {}, {}}, Rank::dan(6), RevocationTarget::first_dan))->to ==
        Rank::dan(1));
}

TEST_CASE("revocation targets are spelled former and 1d", "[ranking][recommendation]") {
  CHECK(parse_revocation_target("former") == RevocationTarget::former_rank);
  CHECK(parse_revocation_target("1d") == RevocationTarget::first_dan);
  CHECK_FALSE(parse_revocation_target("1D").has_value());
  CHECK_FALSE(parse_revocation_target("2d").has_value());
  CHECK(to_string(RevocationTarget::former_rank) == "former");
  CHECK(to_string(RevocationTarget::first_dan) == "1d");
}
