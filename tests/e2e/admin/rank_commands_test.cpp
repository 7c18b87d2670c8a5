// yunzi-admin's commands for the rank rules against the real yunzi-server:
// the review list of short rated games page by page, keeping games, and the
// 6d recommendations (listing, approval, rejection, revocation to 1d).
// Players are real WebSocket clients that play rated games (each ended by
// resignation at once, so every game is short) and see the effects.
#include <catch2/catch.hpp>

#include "tests/e2e/admin/rank_tools.hpp"

using namespace yunzi;
using namespace yunzi::e2e;
using admin_tests::AdminRun;
using admin_tests::run_admin_tool;

using admin_tests::contains;
using admin_tests::RankTools;

TEST_CASE_METHOD(RankTools, "review pages through the players with short games and keep-short-games takes them off",
                 "[admin][live][review]") {
  Player quick = ranked.registered("quick", "3k");
  Player zed = ranked.registered("zed", "3k");
  std::vector<Player> rivals;
  for (int i = 0; i < 3; ++i) rivals.push_back(ranked.registered("slow" + std::to_string(i), "3k"));
  std::vector<std::int64_t> quick_games;
  for (Player& rival : rivals) {
    quick_games.push_back(play_rated_win(quick, rival, quick).game);
    play_rated_win(zed, rival, zed);
  }

  const std::string first = ok({"review", "--limit", "1"});
  CHECK(contains(first, "quick"));
  CHECK_FALSE(contains(first, "zed"));
  CHECK(contains(first, std::to_string(quick_games[2])));
  CHECK(contains(first, "more players: review --after quick"));
  const std::string second = ok({"review", "--limit", "1", "--after", "quick"});
  CHECK(contains(second, "zed"));
  CHECK_FALSE(contains(second, "more players"));

  const std::string kept = ok(
      {"keep-short-games", "quick", "--games", std::to_string(quick_games[0]), "--reason", "a fair opening blunder"});
  CHECK(contains(kept, "kept 1 short game(s) of quick as played: " + std::to_string(quick_games[0])));
  const std::string after_keep = ok({"review"});
  CHECK_FALSE(contains(after_keep, "quick"));
  CHECK(contains(after_keep, "zed"));
  CHECK(contains(ok({"audit", "--limit", "1"}), "admin.keep_short_games"));

  CHECK(contains(ok({"keep-short-games", "zed", "--reason", "reviewed"}), "kept 3 short game(s) of zed"));
  CHECK(contains(ok({"review"}), "(nobody to review)"));

  const AdminRun none_left = as_root({"keep-short-games", "zed", "--reason", "again"});
  CHECK(none_left.exit_code == 1);
  CHECK(contains(none_left.err, "conflict"));
  for (const char* bad : {"1,x", "0", "1,,2", ""}) {
    INFO(bad);
    const AdminRun refused = as_root({"keep-short-games", "quick", "--games", bad, "--reason", "x"});
    CHECK(refused.exit_code == 2);
    CHECK(contains(refused.err, "--games"));
  }
  CHECK(as_root({"keep-short-games", "quick"}).exit_code == 2);  // --reason is required
}

TEST_CASE_METHOD(RankTools, "recommendations are listed, approved, rejected and revoked with yunzi-admin",
                 "[admin][live][recommendation]") {
  Player root = ranked.admin();
  Player nine = entitled_nine_dan(ranked, root);
  Player rising = ranked.registered("rising", "1d");
  ranked.registered("other", "1d");
  set_rank(root, rising, "3d");

  CHECK(contains(ok({"recommendations"}), "(no recommendations)"));
  CHECK(nine.ok({{"type", "rank.recommend"}, {"user", "other"}})["status"] == "pending");
  const std::string pending = ok({"recommendations", "--status", "pending"});
  CHECK(contains(pending, "ninedan"));
  CHECK(contains(pending, "other"));
  CHECK(contains(pending, "pending"));
  CHECK(contains(ok({"reject-recommendation", "other", "--reason", "not yet"}),
                 "rejected other's recommendation to 6d (reason: not yet)"));
  CHECK(contains(ok({"recommendations", "--status", "rejected"}), "other"));

  CHECK(nine.ok({{"type", "rank.recommend"}, {"user", "rising"}})["status"] == "pending");
  CHECK(contains(ok({"approve-recommendation", "rising", "--reason", "strong games"}),
                 "approved rising's recommendation to 6d"));
  CHECK(rising.wait_event("rank.change")["to"] == "6d");
  const std::string listed = ok({"recommendations", "--limit", "1"});
  CHECK(contains(listed, "rising"));
  CHECK(contains(listed, "approved"));
  CHECK(contains(listed, "3d"));  // the former rank
  CHECK(contains(listed, "older: recommendations --before "));

  for (const std::vector<std::string>& wrong :
       {std::vector<std::string>{"revoke-recommendation", "rising", "--reason", "weak"},
        std::vector<std::string>{"revoke-recommendation", "rising", "--to", "2d", "--reason", "weak"},
        std::vector<std::string>{"recommendations", "--status", "waiting"}}) {
    const AdminRun refused = as_root(wrong);
    INFO(refused.err);
    CHECK(refused.exit_code == 2);
  }
  CHECK(contains(ok({"revoke-recommendation", "rising", "--to", "1D", "--reason", "weak start"}),
                 "revoked rising's recommendation, back to 1d"));
  const Json back = rising.wait_event("rank.change");
  CHECK(back["to"] == "1d");
  CHECK(back["reason"] == "revocation");
  CHECK(contains(ok({"recommendations", "--status", "revoked"}), "rising"));
  const AdminRun again = as_root({"approve-recommendation", "rising", "--reason", "x"});
  CHECK(again.exit_code == 1);
  CHECK(contains(again.err, "not_found"));
}
