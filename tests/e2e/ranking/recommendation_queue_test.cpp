// Recommendations to 6d on the real server: by default a 9d's recommendation
// waits for an admin, who approves or rejects it (the players are told,
// the audit log has it); the admins follow every recommendation with its
// warnings, revoke one to the former rank or to 1d, and a 9d recommends
// again only once the player last recommended has reached 8d. With
// --recommendation-approval false a recommendation applies at once.
#include <catch2/catch.hpp>

#include "tests/e2e/ranking/ranked_server.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

bool mentions(const Json& frame, const char* key, const std::string& part) {
  return frame[key].get<std::string>().find(part) != std::string::npos;
}

Json recommendations(Player& root, const std::string& status = "") {
  Json request{{"type", "admin.recommendations"}};
  if (!status.empty()) request["status"] = status;
  return root.ok(request)["recommendations"];
}

}  // namespace

TEST_CASE("a recommendation to 6d waits for an admin, who approves it; the admins follow it and may revoke it",
          "[ranking][recommendation][e2e]") {
  RankedServer ranked;
  Player root = ranked.admin();
  Player nine = entitled_nine_dan(ranked, root);
  Player rising = ranked.registered("rising", "1d");
  set_rank(root, rising, "3d");
  ranked.registered("other", "1d");

  CHECK(nine.ok({{"type", "rank.recommend"}, {"user", "rising"}})["status"] == "pending");
  CHECK(mentions(rising.wait_event("notice"), "text", "ninedan"));
  CHECK(rank_of(root, "rising") == "3d");
  Json listed = recommendations(root, "pending");
  REQUIRE(listed.size() == 1);
  CHECK(listed[0]["recommender"] == "ninedan");
  CHECK(listed[0]["user"] == Json{{"name", "rising"}, {"rank", "3d"}});
  CHECK(listed[0]["former_rank"] == "3d");
  CHECK_FALSE(listed[0].contains("decided_at"));
  const Json waiting = nine.fails({{"type", "rank.recommend"}, {"user", "other"}});
  CHECK(waiting["code"] == "forbidden");
  CHECK(mentions(waiting, "message", "waits for an admin"));

  root.ok({{"type", "admin.approve_recommendation"}, {"user", "rising"}, {"reason", "strong games"}});
  const Json change = rising.wait_event("rank.change");
  CHECK(change["from"] == "3d");
  CHECK(change["to"] == "6d");
  CHECK(change["reason"] == "recommendation");
  CHECK(mentions(rising.wait_event("notice"), "text", "approved"));
  CHECK(mentions(nine.wait_event("notice"), "text", "approved your recommendation of rising"));
  const Json approved = root.ok({{"type", "admin.audit"}, {"limit", 1}})["entries"][0];
  CHECK(approved["action"] == "admin.approve_recommendation");
  CHECK(approved["target"] == "rising");
  CHECK(approved["reason"] == "strong games");
  CHECK(root.fails({{"type", "admin.approve_recommendation"}, {"user", "rising"}, {"reason", "again"}})["code"] ==
        "not_found");

  // The rule holds always, not only after a revocation: rising is 6d, below 8d.
  const Json below_8d = nine.fails({{"type", "rank.recommend"}, {"user", "other"}});
  CHECK(below_8d["code"] == "forbidden");
  CHECK(mentions(below_8d, "message", "reaches 8d"));

  // Three losses in the first five games at 6d: the admins see the warning.
  listed = recommendations(root, "approved");
  REQUIRE(listed.size() == 1);
  CHECK(listed[0]["warnings"] == Json::array());
  for (int i = 0; i < 3; ++i) {
    Player six = ranked.registered("six" + std::to_string(i), "1d");
    set_rank(root, six, "6d");
    play_rated_win(six, rising, six);
  }
  listed = recommendations(root);
  REQUIRE(listed.size() == 1);
  CHECK(listed[0]["status"] == "approved");
  CHECK(listed[0]["warnings"] == Json{"few_wins_in_first_five"});

  // Revoked to 1d, the admin's choice over the former 3d.
  root.ok({{"type", "admin.revoke_recommendation"}, {"user", "rising"}, {"to", "1d"}, {"reason", "weak start"}});
  const Json back = rising.wait_event("rank.change");
  CHECK(back["from"] == "6d");
  CHECK(back["to"] == "1d");
  CHECK(back["reason"] == "revocation");
  CHECK(mentions(nine.wait_event("notice"), "text", "revoked"));
  CHECK(root.ok({{"type", "admin.audit"}, {"limit", 1}})["entries"][0]["action"] == "admin.revoke_recommendation");
  listed = recommendations(root, "revoked");
  REQUIRE(listed.size() == 1);
  CHECK(listed[0]["user"]["rank"] == "1d");
  CHECK(listed[0].contains("revoked_at"));
  const Json lost = nine.fails({{"type", "rank.recommend"}, {"user", "other"}});
  CHECK(lost["code"] == "forbidden");
  CHECK(mentions(lost, "message", "revoked"));
  CHECK(root.fails(
            {{"type", "admin.revoke_recommendation"}, {"user", "rising"}, {"to", "former"}, {"reason", "x"}})["code"] ==
        "not_found");
}

TEST_CASE("a rejected recommendation changes no rank and leaves the recommender free",
          "[ranking][recommendation][e2e]") {
  RankedServer ranked;
  Player root = ranked.admin();
  Player nine = entitled_nine_dan(ranked, root);
  Player rising = ranked.registered("rising", "1d");
  Player other = ranked.registered("other", "1d");

  CHECK(nine.ok({{"type", "rank.recommend"}, {"user", "rising"}})["status"] == "pending");
  rising.wait_event("notice");
  root.ok({{"type", "admin.reject_recommendation"}, {"user", "rising"}, {"reason", "not yet"}});
  CHECK(mentions(rising.wait_event("notice"), "text", "rejected"));
  CHECK(mentions(nine.wait_event("notice"), "text", "rejected your recommendation of rising"));
  CHECK(rank_of(root, "rising") == "1d");
  CHECK(root.ok({{"type", "admin.audit"}, {"limit", 1}})["entries"][0]["action"] == "admin.reject_recommendation");
  CHECK(recommendations(root, "rejected").size() == 1);
  CHECK(root.fails({{"type", "admin.reject_recommendation"}, {"user", "rising"}, {"reason", "x"}})["code"] ==
        "not_found");

  CHECK(nine.ok({{"type", "rank.recommend"}, {"user", "other"}})["status"] == "pending");
  CHECK(recommendations(root, "pending").size() == 1);
  CHECK(recommendations(root).size() == 2);
}

TEST_CASE("with --recommendation-approval false a recommendation applies at once", "[ranking][recommendation][e2e]") {
  RankedServer ranked(ServerOptions{{"--recommendation-approval", "false"}});
  Player root = ranked.admin();
  Player nine = entitled_nine_dan(ranked, root);
  Player rising = ranked.registered("rising", "1d");

  CHECK(nine.ok({{"type", "rank.recommend"}, {"user", "rising"}})["status"] == "approved");
  const Json change = rising.wait_event("rank.change");
  CHECK(change["to"] == "6d");
  CHECK(change["reason"] == "recommendation");
  const Json listed = recommendations(root);
  REQUIRE(listed.size() == 1);
  CHECK(listed[0]["status"] == "approved");
  CHECK(listed[0]["former_rank"] == "1d");
  CHECK(root.fails({{"type", "admin.approve_recommendation"}, {"user", "rising"}, {"reason", "x"}})["code"] ==
        "not_found");
}
