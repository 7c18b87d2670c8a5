#include <catch2/catch.hpp>

#include <prometheus/text_serializer.h>
#include <vector>

#include "protocol/events.hpp"
#include "protocol/replies.hpp"
#include "server/app/reply_tap.hpp"

using namespace yunzi;
using app::classify_frame;

namespace {

// A connection that keeps what it is sent.
class Recorder final : public net::Connection {
 public:
  std::uint64_t id() const override { return 7; }
  const std::string& remote_address() const override { return address_; }
  void send(std::shared_ptr<const std::string> frame) override { frames.push_back(*frame); }
  void close(std::uint16_t code, std::string) override { closed_with = code; }
  std::optional<std::chrono::microseconds> median_rtt() const override { return std::nullopt; }

  std::vector<std::string> frames;
  std::optional<std::uint16_t> closed_with;

 private:
  std::string address_ = "127.0.0.1:1";
};

}  // namespace

TEST_CASE("replies are told apart from events by their encoded text") {
  CHECK(classify_frame(*protocol::encode_ok(5)).is_reply);
  CHECK(classify_frame(*protocol::reply_ping(std::nullopt, std::nullopt, 1)).is_reply);
  const auto error = classify_frame(*protocol::encode_error(3, protocol::ErrorCode::illegal_move, "ko"));
  CHECK(error.is_reply);
  REQUIRE(error.error);
  CHECK(*error.error == protocol::ErrorCode::illegal_move);

  CHECK_FALSE(classify_frame(*protocol::notice("\"type\":\"ok\" in a notice")).is_reply);
  CHECK_FALSE(classify_frame(*protocol::lobby_user_left("alice")).is_reply);
  CHECK_FALSE(classify_frame(*protocol::game_chat(1, {"bob", "\"type\":\"error\"", protocol::ChatChannel::players})).is_reply);
}

TEST_CASE("the tap forwards every frame, counts errors and reports replies") {
  auto recorder = std::make_shared<Recorder>();
  prometheus::Registry registry;
  app::AppMetrics metrics(registry);
  int replies = 0;
  app::ReplyTap tap(recorder, metrics, [&] { ++replies; });
  CHECK(tap.id() == 7);

  tap.send(protocol::notice("hello"));
  CHECK(replies == 0);
  tap.send(protocol::encode_error(1, protocol::ErrorCode::not_found, "no such game"));
  tap.send(protocol::encode_ok(2));
  CHECK(replies == 2);
  CHECK(recorder->frames.size() == 3);
  CHECK(metrics.errors(protocol::ErrorCode::not_found).Value() == 1);
  CHECK(prometheus::TextSerializer().Serialize(registry.Collect()).find("yunzi_errors_total{code=\"not_found\"} 1") !=
        std::string::npos);

  tap.close(net::close_code::policy, "kicked");
  CHECK(recorder->closed_with == net::close_code::policy);
}
