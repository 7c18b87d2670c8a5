// One user against the lobby chat and private messages: a flood is cut at
// the per-minute quota (`rate_limited`), a muted user cannot write
// (`muted`), an over-long text is `bad_request`, and one account cannot
// open conversations with everybody: beyond `message_partners_per_hour`
// users who never answered, `limit_reached`, also when the messages come
// from many connections at once. Everyone else still writes.
#include <catch2/catch.hpp>

#include <set>

#include "tests/e2e/abuse/crowd_support.hpp"
#include "tests/e2e/admin/admin_process.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

constexpr std::size_t lobby_lines_per_minute = 4;
constexpr std::size_t messages_per_minute = 6;
constexpr std::size_t partners_per_hour = 2;

ServerOptions lowered_caps() {
  ServerOptions options;
  options.extra_args = {"--lobby-chat-per-minute",     std::to_string(lobby_lines_per_minute),
                        "--messages-per-minute",       std::to_string(messages_per_minute),
                        "--message-partners-per-hour", std::to_string(partners_per_hour)};
  return options;
}

Json message_to(const std::string& to, const std::string& text = "hello") {
  return {{"type", "message.send"}, {"to", to}, {"text", text}};
}

Json lobby_line(const std::string& text = "hello all") { return {{"type", "lobby.chat"}, {"text", text}}; }

}  // namespace

TEST_CASE("a message flood from every connection of one user stops at the per-minute quota", "[abuse][chat]") {
  ServerFixture fx(lowered_caps());
  Player spammer = fx.registered("spammer");
  Player target = fx.registered("target");
  // The target answers, so the new-conversation cap plays no part here.
  target.ok(message_to("spammer", "hi"));

  const Connections crowd = resumed_connections(fx.server.port(), spammer.token(), 3);
  const std::vector<Json> replies = send_everywhere_then_collect(crowd, std::vector<Json>(4, message_to("target")));
  REQUIRE(replies.size() > messages_per_minute);
  CHECK(count_ok(replies) == messages_per_minute);
  CHECK(count_code(replies, "rate_limited") == replies.size() - messages_per_minute);
  const Json refusal = first_with_code(replies, "rate_limited");
  REQUIRE(refusal.is_object());
  CHECK(refusal["message"].get<std::string>().find(std::to_string(messages_per_minute)) != std::string::npos);
  // Only the accepted messages were stored.
  CHECK(target.ok({{"type", "message.conversations"}})["unread"] == messages_per_minute);

  // The lobby chat has its own quota.
  for (std::size_t i = 0; i < lobby_lines_per_minute; ++i) spammer.ok(lobby_line());
  CHECK(spammer.fails(lobby_line())["code"] == "rate_limited");
  // Others still write.
  target.ok(lobby_line());
  target.ok(message_to("spammer", "stop it"));
}

TEST_CASE("too long, muted: refused with bad_request and muted", "[abuse][chat]") {
  ServerFixture fx(lowered_caps());
  Player loud = fx.registered("loud");
  Player other = fx.registered("other");
  CHECK(loud.fails(message_to("other", std::string(1001, 'x')))["code"] == "bad_request");
  CHECK(loud.fails(lobby_line(std::string(301, 'x')))["code"] == "bad_request");
  loud.ok(message_to("other", std::string(1000, 'x')));

  Player warden = fx.registered("warden");
  const auto promoted =
      admin_tests::run_admin_tool({"db", "--data-dir", fx.server.data_dir().string(), "set-role", "warden", "admin"});
  INFO(promoted.out << promoted.err);
  REQUIRE(promoted.exit_code == 0);
  warden.connect();
  warden.login();
  warden.ok({{"type", "admin.mute"}, {"user", "loud"}, {"minutes", 30}, {"reason", "spam"}});
  const Json muted = loud.fails(message_to("other"));
  CHECK(muted["code"] == "muted");
  CHECK(loud.fails(lobby_line())["code"] == "muted");
  // A muted user still reads.
  loud.ok({{"type", "message.history"}, {"with", "other"}});
  other.ok(message_to("loud", "you were too loud"));
}

TEST_CASE("one account cannot start conversations with everybody", "[abuse][chat]") {
  ServerFixture fx(lowered_caps());
  Player spammer = fx.registered("spammer");
  Player first = fx.registered("first");
  Player second = fx.registered("second");
  Player third = fx.registered("third");
  Player friendly = fx.registered("friendly");

  // A friend who wrote first is never a new conversation.
  friendly.ok(message_to("spammer", "hi there"));
  spammer.ok(message_to("friendly"));
  spammer.ok(message_to("first"));
  spammer.ok(message_to("second"));
  const Json refusal = spammer.fails(message_to("third"));
  CHECK(refusal["code"] == "limit_reached");
  CHECK(refusal["message"].get<std::string>().find(std::to_string(partners_per_hour)) != std::string::npos);
  CHECK(third.ok({{"type", "message.conversations"}})["conversations"].empty());
  // Writing on in an open conversation is fine.
  spammer.ok(message_to("first", "did you get my message?"));
  spammer.ok(message_to("friendly", "still here"));

  // Once someone answers, that conversation no longer counts against the cap.
  first.ok(message_to("spammer", "yes"));
  spammer.ok(message_to("third"));
  // The others are not limited by it.
  third.ok(message_to("second", "hello second"));
}

TEST_CASE("new conversations sent from many connections at once cannot pass the cap together", "[abuse][chat]") {
  ServerOptions options;
  options.extra_args = {"--messages-per-minute", "100", "--message-partners-per-hour",
                        std::to_string(partners_per_hour)};
  ServerFixture fx(options);
  Player spammer = fx.registered("spammer");
  const std::vector<std::string> targets{"t1", "t2", "t3", "t4"};
  std::vector<Json> batch;
  for (const std::string& name : targets) {
    fx.registered(name);
    batch.push_back(message_to(name));
  }

  const Connections crowd = resumed_connections(fx.server.port(), spammer.token(), 4);
  const std::vector<Json> replies = send_everywhere_then_collect(crowd, batch);
  REQUIRE(replies.size() == crowd.size() * targets.size());
  std::set<std::string> reached;
  for (const Json& reply : replies) {
    if (reply.value("type", "") == "ok") reached.insert(reply["message"]["to"].get<std::string>());
  }
  // Exactly the cap's number of users got messages (as many as were sent to them); everything else was refused.
  CHECK(reached.size() == partners_per_hour);
  CHECK(count_code(replies, "limit_reached") == replies.size() - count_ok(replies));
  CHECK(count_ok(replies) == crowd.size() * partners_per_hour);
}
