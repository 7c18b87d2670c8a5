// One account floods seek.create from every connection it may open at once.
// The open seeks per user are counted on the lobby's strand, so however many
// connections ask side by side only the cap succeeds, the rest get
// `limit_reached`, and the lobby stays as usable for everybody else.
#include <catch2/catch.hpp>

#include "tests/e2e/abuse/crowd_support.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// The defaults (server/config/README.md).
constexpr std::size_t seeks_per_user = 3;
constexpr std::size_t connections_per_user = 8;
constexpr std::size_t seeks_per_connection = 36;

Json seek_request() { return {{"type", "seek.create"}, {"settings", {{"size", 19}, {"rated", false}}}}; }

std::size_t seeks_of(const Json& snapshot, const std::string& name) {
  std::size_t count = 0;
  for (const Json& seek : snapshot["seeks"]) count += seek["from"]["name"] == name ? 1 : 0;
  return count;
}

}  // namespace

TEST_CASE("a seek flood from every connection of one user leaves only the cap open", "[abuse][lobby][seeks]") {
  ServerFixture fx;
  Player flooder = fx.registered("flooder");
  Player bystander = fx.registered("bystander");
  // Watching before the flood: it must not be cut off by it.
  bystander.ok({{"type", "lobby.watch"}});

  // Every connection the flooder may have besides the one he registered on.
  const Connections crowd = resumed_connections(fx.server.port(), flooder.token(), connections_per_user - 1);
  const std::vector<Json> replies =
      send_everywhere_then_collect(crowd, std::vector<Json>(seeks_per_connection, seek_request()));

  REQUIRE(replies.size() == crowd.size() * seeks_per_connection);
  CHECK(count_ok(replies) == seeks_per_user);
  CHECK(count_code(replies, "limit_reached") == replies.size() - seeks_per_user);
  const Json refusal = first_with_code(replies, "limit_reached");
  REQUIRE(refusal.is_object());
  CHECK(refusal["message"].get<std::string>().find(std::to_string(seeks_per_user)) != std::string::npos);

  // The watcher from before heard exactly the seeks that were made.
  for (std::size_t i = 0; i < seeks_per_user; ++i) bystander.wait_event("lobby.seek");
  CHECK(bystander.no_event("lobby.seek", 300ms));
  CHECK(bystander.ws().is_open());

  // A newcomer's lobby.watch works and lists the flooder's seeks up to the cap.
  Player newcomer = fx.registered("newcomer");
  const Json snapshot = newcomer.ok({{"type", "lobby.watch"}});
  CHECK(seeks_of(snapshot, "flooder") == seeks_per_user);

  // Others still seek; the flooder seeks again once one of his is gone.
  const Json own = newcomer.ok(seek_request());
  CHECK(own["seek"]["from"]["name"] == "newcomer");
  const std::int64_t first = snapshot["seeks"][0]["id"].get<std::int64_t>();
  flooder.ok({{"type", "seek.cancel"}, {"seek", first}});
  flooder.ok(seek_request());
  CHECK(flooder.fails(seek_request())["code"] == "limit_reached");
}
