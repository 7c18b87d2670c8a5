// A client that never reads must not delay anyone else: broadcasts keep
// reaching a fast client in full while the slow one's queue overflows and the
// slow one is closed with 1008.
#include <catch2/catch.hpp>

#include "tests/e2e/net/net_fixture.hpp"

using namespace yunzi;
using namespace yunzi::net;
using namespace yunzi::net::testing;

namespace {

constexpr unsigned kBatchFrames = 50;
constexpr std::size_t kFrameBytes = 8 * 1024;
constexpr unsigned kMaxBatches = 400;  // 160 MiB: far beyond any socket buffering

// Asks for one broadcast batch and reads every frame of it, in order.
void broadcast_and_receive(yunzi::client::WsClient& fast) {
  REQUIRE(fast.send_text("broadcast:" + std::to_string(kBatchFrames) + ":" + std::to_string(kFrameBytes)));
  for (unsigned i = 0; i < kBatchFrames; ++i) {
    auto frame = fast.next_text(10s);
    REQUIRE(frame);
    REQUIRE(frame->size() == kFrameBytes);
    REQUIRE(frame->rfind(std::to_string(i) + " ", 0) == 0);
  }
}

}  // namespace

TEST_CASE("a client that never reads does not slow the others", "[net][ws][backpressure]") {
  NetConfig config = test_config();
  config.send_queue_frames = 256;
  config.send_queue_bytes = 1024 * 1024;
  config.messages_per_second = 10000;
  config.message_burst = 10000;
  // The slow client must still be connected while the fast one is served, and
  // must be able to read its close frame once it starts reading.
  config.close_timeout = std::chrono::milliseconds(60000);
  NetFixture fx(config);

  auto slow = fx.connect();
  auto fast = fx.connect();
  REQUIRE(fx.app.wait_opened(2));

  unsigned batches = 0;
  while (fx.server.metrics().closed_overflow.Value() == 0 && batches < kMaxBatches) {
    broadcast_and_receive(*fast);
    ++batches;
  }
  INFO("batches of " << kBatchFrames << " x " << kFrameBytes << " bytes until overflow: " << batches);
  REQUIRE(fx.server.metrics().closed_overflow.Value() == 1);
  // The overflowing client is still stuck in its write; the fast one goes on.
  for (int extra = 0; extra < 5; ++extra) broadcast_and_receive(*fast);
  CHECK(fx.app.open_connections().size() == 2);

  // Once the slow client reads, it drains what was in flight and sees the close.
  auto closed = slow->wait_closed(60s);
  REQUIRE(closed);
  CHECK(closed->code == close_code::policy);
  REQUIRE(fx.app.wait_closed(1));
  CHECK(fast->request({{"type", "after"}}));
}
