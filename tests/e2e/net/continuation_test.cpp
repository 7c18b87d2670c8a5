// A write marked as a continuation completes on the io thread that started
// it: the completion of a write the socket took at once is queued on that
// thread instead of waking the other one. Real loopback sockets, a WebSocket
// stream as the server's, an io_context run by two threads. The stream has
// no strand here, so that where a completion runs shows where Asio queued it
// (on the server the strand then decides, but the wake-up is already spent).
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "server/net/continuation.hpp"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

// Writes `frames` frames one after another, each started from a fresh
// handler (as WebSocketSession::send starts a write), and counts the
// completions that ran on another thread than their start. The starting
// handler stays busy for a while after the write is started: a completion
// queued for every thread is then taken by the idle one.
class Writer : public std::enable_shared_from_this<Writer> {
 public:
  Writer(websocket::stream<beast::tcp_stream>& ws, int frames, bool mark) : ws_(ws), left_(frames), mark_(mark) {}

  void start_next() {
    asio::post(ws_.get_executor(), [self = shared_from_this()] {
      self->started_on_ = std::this_thread::get_id();
      auto done = [self](beast::error_code ec, std::size_t) { self->on_written(ec); };
      if (self->mark_) {
        self->ws_.async_write(asio::buffer(self->frame_), yunzi::net::continuation(std::move(done)));
      } else {
        self->ws_.async_write(asio::buffer(self->frame_), std::move(done));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    });
  }

  std::atomic<int> elsewhere{0};
  std::atomic<int> failures{0};
  std::atomic<bool> finished{false};

 private:
  void on_written(beast::error_code ec) {
    if (ec) ++failures;
    if (std::this_thread::get_id() != started_on_) ++elsewhere;
    if (--left_ == 0) {
      finished = true;
      return;
    }
    start_next();
  }

  websocket::stream<beast::tcp_stream>& ws_;
  int left_;
  const bool mark_;
  const std::string frame_ = R"({"type":"game.move","game":1,"move":"dd"})";
  std::thread::id started_on_;
};

// Completions that ran elsewhere than their start, out of `frames` writes.
int completions_elsewhere(int frames, bool mark) {
  asio::io_context io(2);
  tcp::acceptor acceptor(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  websocket::stream<beast::tcp_stream> server_side(io.get_executor());

  // The reading peer is a plain blocking client on a thread of its own, so
  // that nothing else wakes the io threads.
  std::atomic<bool> peer_done{false};
  asio::io_context client_io;
  websocket::stream<tcp::socket> client(client_io);
  std::thread connector([&] {
    client.next_layer().connect(acceptor.local_endpoint());
    client.handshake("127.0.0.1", "/");
  });
  acceptor.accept(beast::get_lowest_layer(server_side).socket());
  server_side.accept();
  connector.join();
  std::thread peer([&] {
    beast::flat_buffer buffer;
    for (int i = 0; i < frames; ++i) {
      beast::error_code ec;
      client.read(buffer, ec);
      if (ec) break;
      buffer.clear();
    }
    peer_done = true;
  });

  auto writer = std::make_shared<Writer>(server_side, frames, mark);
  writer->start_next();
  std::vector<std::thread> threads;
  auto guard = asio::make_work_guard(io);
  for (int i = 0; i < 2; ++i) threads.emplace_back([&io] { io.run(); });
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!writer->finished && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  guard.reset();
  io.stop();
  for (auto& thread : threads) thread.join();
  beast::error_code ignored;
  beast::get_lowest_layer(server_side).socket().close(ignored);
  peer.join();
  REQUIRE(writer->finished);
  REQUIRE(writer->failures == 0);
  REQUIRE(peer_done);
  return writer->elsewhere;
}

}  // namespace

TEST_CASE("a write marked as a continuation completes on the thread that started it", "[net][continuation]") {
  constexpr int frames = 40;
  CHECK(completions_elsewhere(frames, true) == 0);
}

TEST_CASE("an unmarked write's completion wakes the other io thread", "[net][continuation]") {
  // What the marking saves: without it the completion is handed to the
  // shared queue with a wake-up, and the other thread, woken while the
  // starting handler is still busy, runs it. Asserted loosely (half) because
  // the scheduler may be slow to run the woken thread.
  constexpr int frames = 40;
  CHECK(completions_elsewhere(frames, false) > frames / 2);
}
