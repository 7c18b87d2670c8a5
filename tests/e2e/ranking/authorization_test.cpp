// Every admin.* request from an unauthenticated connection, a user, a bot
// and an admin: only the admin gets past the role check, and only the
// admin's requests leave audit entries. The role is the one stored on the
// server, set with yunzi-admin, never anything the client claims.
#include <catch2/catch.hpp>

#include <set>

#include "tests/e2e/ranking/ranked_server.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// One valid request of each admin type, aimed at `target` (a user) and `game` (an ended game).
std::vector<Json> admin_requests(const std::string& target, std::int64_t game) {
  return {
      {{"type", "admin.broadcast"}, {"text", "maintenance at noon"}},
      {{"type", "admin.mute"}, {"user", target}, {"minutes", 5}, {"reason", "matrix"}},
      {{"type", "admin.set_rank"}, {"user", target}, {"rank", "4k"}, {"reason", "matrix"}},
      {{"type", "admin.reports"}, {"limit", 10}},
      {{"type", "admin.audit"}, {"limit", 10}},
      {{"type", "admin.review"}},
      {{"type", "admin.keep_short_games"}, {"user", target}, {"reason", "matrix"}},
      {{"type", "admin.recommendations"}},
      {{"type", "admin.annul"}, {"game", game}, {"reason", "matrix"}},
      {{"type", "admin.approve_recommendation"}, {"user", target}, {"reason", "matrix"}},
      {{"type", "admin.reject_recommendation"}, {"user", target}, {"reason", "matrix"}},
      {{"type", "admin.revoke_recommendation"}, {"user", target}, {"to", "former"}, {"reason", "matrix"}},
      {{"type", "admin.resolve_report"}, {"report", 999999}, {"outcome", "dismissed"}, {"note", "matrix"}},
      {{"type", "admin.retire_inactive"}, {"dry_run", true}},
      {{"type", "admin.kick"}, {"user", target}, {"reason", "matrix"}},
      {{"type", "admin.ban"}, {"user", target}, {"minutes", 1}, {"reason", "matrix"}},
      // After the ban: an unban with no ban in force is refused (conflict).
      {{"type", "admin.unban"}, {"user", target}, {"reason", "matrix"}},
  };
}

std::size_t audit_size(Player& admin) { return admin.ok({{"type", "admin.audit"}, {"limit", 100}})["entries"].size(); }

}  // namespace

TEST_CASE("only an admin may send admin requests", "[moderation][authorization][e2e]") {
  RankedServer ranked;
  Player target = ranked.registered("target");
  Player friendly = ranked.registered("friendly");
  const std::int64_t game = play_rated_win(target, friendly, friendly).game;

  Player user = ranked.registered("plainuser");
  ranked.registered("botuser");
  ranked.db_command({"set-role", "botuser", "bot"});
  Player bot(ranked.server.port(), "botuser");
  bot.login();
  CHECK(bot.ok({{"type", "user.info"}, {"name", "botuser"}})["user"]["role"] == "bot");
  Player anonymous(ranked.server.port(), "anonymous");
  anonymous.connect();
  Player root = ranked.admin();
  const std::size_t audit_before = audit_size(root);

  for (const Json& request : admin_requests("target", game)) {
    INFO(request.dump());
    CHECK(anonymous.fails(request)["code"] == "unauthenticated");
    CHECK(user.fails(request)["code"] == "forbidden");
    CHECK(bot.fails(request)["code"] == "forbidden");
  }
  // Nothing happened: no entries, the target kept rank, game and connection.
  CHECK(audit_size(root) == audit_before);
  CHECK(rank_of(root, "target") == "5k");
  CHECK(target.ok({{"type", "ping"}}).is_object());

  for (const Json& request : admin_requests("target", game)) {
    INFO(request.dump());
    const Json reply = root.call(request);
    if (request["type"].get<std::string>().ends_with("_recommendation") || request["type"] == "admin.resolve_report") {
      // Past the role check: the target holds no recommendation, there is no such report.
      CHECK(reply["code"] == "not_found");
    } else {
      CHECK(reply["type"] == "ok");
    }
  }
  // Each changing action is on the record (reads are not); entries come newest first.
  const Json entries = root.ok({{"type", "admin.audit"}, {"limit", 100}})["entries"];
  REQUIRE(entries.size() >= audit_before);
  std::multiset<std::string> actions;
  for (std::size_t i = 0; i < entries.size() - audit_before; ++i) {
    const Json& entry = entries[i];
    CHECK(entry["admin"] == "root");
    actions.insert(entry["action"].get<std::string>());
  }
  for (const char* action : {"admin.broadcast", "admin.mute", "admin.set_rank", "admin.keep_short_games", "admin.annul",
                             "admin.unban", "admin.kick", "admin.ban"}) {
    CHECK(actions.count(action) == 1);
  }
  for (const char* refused :
       {"admin.approve_recommendation", "admin.reject_recommendation", "admin.revoke_recommendation"}) {
    CHECK(actions.count(refused) == 0);
  }
  // An admin cannot cut himself off.
  CHECK(root.fails({{"type", "admin.kick"}, {"user", "root"}, {"reason", "oops"}})["code"] == "conflict");
  CHECK(root.fails({{"type", "admin.ban"}, {"user", "root"}, {"reason", "oops"}})["code"] == "conflict");
  CHECK(target.wait_event("kicked")["reason"] == "matrix");
}
