// yunzi_bench_ws_baseline: a bare Beast WebSocket broadcast server, the yardstick yunzi's load is measured against
// (bench/README.md, "Load scenarios"). A connection's first text frame names its room, later ones go to the room:
// with `--fanout room` (the default) an "ok" to the sender, then the frame to every member, as yunzi answers a move;
// `--fanout others` to the others only. `--commit FILE` first commits each frame as yunzi does (move_log.hpp).
#include <algorithm>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <charconv>
#include <cstdio>
#include <deque>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "move_log.hpp"

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

class Session;

// Room name -> members. One mutex: the baseline measures fan-out, not locking finesse.
class Rooms {
 public:
  Rooms(bool echo_to_sender, MoveLog* log) : echo_to_sender_(echo_to_sender), log_(log) {}
  bool echo_to_sender() const { return echo_to_sender_; }
  MoveLog* log() const { return log_; }
  // The room's game in the move log (0 without one).
  std::int64_t join(const std::string& room, Session* member) {
    std::lock_guard lock(mutex_);
    Room& joined = rooms_[room];
    if (joined.members.empty() && log_) joined.game = log_->add_game();
    joined.members.insert(member);
    return joined.game;
  }
  void leave(const std::string& room, Session* member);
  void broadcast(const std::string& room, const Session* from, const std::shared_ptr<const std::string>& frame);

 private:
  struct Room {
    std::set<Session*> members;
    std::int64_t game = 0;
  };
  const bool echo_to_sender_;
  MoveLog* const log_;
  std::mutex mutex_;
  std::map<std::string, Room> rooms_;
};

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket&& socket, Rooms& rooms) : ws_(std::move(socket)), rooms_(rooms) {}
  ~Session() {
    if (!room_.empty()) rooms_.leave(room_, this);
  }

  void run() {
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.async_accept(beast::bind_front_handler(&Session::on_accept, shared_from_this()));
  }

  void send(std::shared_ptr<const std::string> frame) {
    asio::post(ws_.get_executor(), [self = shared_from_this(), frame = std::move(frame)] {
      self->queue_.push_back(frame);
      if (self->queue_.size() == 1) self->do_write();
    });
  }

 private:
  void on_accept(beast::error_code ec) {
    if (!ec) do_read();
  }

  void do_read() { ws_.async_read(buffer_, beast::bind_front_handler(&Session::on_read, shared_from_this())); }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec) return;
    std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    if (room_.empty()) {
      room_ = text.empty() ? std::string("lobby") : std::move(text);
      game_ = rooms_.join(room_, this);
    } else {
      if (MoveLog* log = rooms_.log()) {
        try {
          log->commit_move(game_);
        } catch (const std::exception& error) {
          std::fprintf(stderr, "commit of a move in room %s failed: %s\n", room_.c_str(), error.what());
          return;
        }
      }
      if (rooms_.echo_to_sender()) send(ok_frame());
      rooms_.broadcast(room_, rooms_.echo_to_sender() ? nullptr : this,
                       std::make_shared<const std::string>(std::move(text)));
    }
    do_read();
  }

  static const std::shared_ptr<const std::string>& ok_frame() {
    static const auto frame = std::make_shared<const std::string>("ok");
    return frame;
  }

  void do_write() {
    ws_.text(true);
    ws_.async_write(asio::buffer(*queue_.front()), beast::bind_front_handler(&Session::on_write, shared_from_this()));
  }

  void on_write(beast::error_code ec, std::size_t) {
    if (ec) return;
    queue_.pop_front();
    if (!queue_.empty()) do_write();
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  Rooms& rooms_;
  std::string room_;
  std::int64_t game_ = 0;
  std::deque<std::shared_ptr<const std::string>> queue_;
};

void Rooms::leave(const std::string& room, Session* member) {
  std::lock_guard lock(mutex_);
  auto it = rooms_.find(room);
  if (it == rooms_.end()) return;
  it->second.members.erase(member);
  if (it->second.members.empty()) rooms_.erase(it);
}

void Rooms::broadcast(const std::string& room, const Session* from, const std::shared_ptr<const std::string>& frame) {
  std::vector<std::shared_ptr<Session>> members;
  {
    std::lock_guard lock(mutex_);
    auto it = rooms_.find(room);
    if (it == rooms_.end()) return;
    for (Session* member : it->second.members) {
      // A member being destroyed has no owner left; weak_from_this skips it.
      if (member != from) {
        if (auto alive = member->weak_from_this().lock()) members.push_back(std::move(alive));
      }
    }
  }
  for (const auto& member : members) member->send(frame);
}

class Listener {
 public:
  Listener(asio::io_context& io, tcp::acceptor& acceptor, Rooms& rooms) : io_(io), acceptor_(acceptor), rooms_(rooms) {}
  void do_accept() {
    acceptor_.async_accept(asio::make_strand(io_), [this](beast::error_code ec, tcp::socket socket) {
      if (!acceptor_.is_open()) return;
      if (!ec) {
        // As yunzi-server does: small frames go out at once.
        socket.set_option(tcp::no_delay(true), ec);
        std::make_shared<Session>(std::move(socket), rooms_)->run();
      }
      do_accept();
    });
  }

 private:
  asio::io_context& io_;
  tcp::acceptor& acceptor_;
  Rooms& rooms_;
};

bool parse_number(std::string_view text, unsigned& out) {
  const auto result = std::from_chars(text.data(), text.data() + text.size(), out);
  return result.ec == std::errc() && result.ptr == text.data() + text.size();
}

}  // namespace

int main(int argc, char** argv) {
  // Run among the micro-benchmarks (no --port), it only says what it is.
  if (std::find(argv + 1, argv + argc, std::string_view("--port")) == argv + argc) {
    std::printf(
        "usage: %s --port N [--threads N] [--fanout room|others] [--commit FILE]  (a baseline server for the load "
        "generator)\n",
        argv[0]);
    return 0;
  }
  unsigned port = 0;
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::string_view fanout = "room";
  std::string commit_file;
  for (int i = 1; i < argc; i += 2) {
    const std::string_view flag = argv[i];
    const std::string_view value = i + 1 < argc ? argv[i + 1] : "";
    bool good = (flag == "--port" && parse_number(value, port) && port <= 65535) ||
                (flag == "--threads" && parse_number(value, threads) && threads > 0);
    if (flag == "--commit") {
      commit_file = value;
      good = !commit_file.empty();
    }
    if (flag == "--fanout") {
      fanout = value;
      good = fanout == "room" || fanout == "others";
    }
    if (!good) {
      std::fprintf(stderr, "bad argument: %s %s\n", argv[i], std::string(value).c_str());
      return 2;
    }
  }

  asio::io_context io(static_cast<int>(threads));
  tcp::acceptor acceptor(io);
  beast::error_code ec;
  const tcp::endpoint endpoint(asio::ip::address_v4::any(), static_cast<unsigned short>(port));
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) {
    std::fprintf(stderr, "cannot listen on port %u: %s\n", port, ec.message().c_str());
    return 1;
  }
  std::printf("listening on port %u with %u threads, fan-out to the %s%s%s\n", acceptor.local_endpoint().port(),
              threads, fanout == "room" ? "whole room" : "others", commit_file.empty() ? "" : ", moves committed to ",
              commit_file.c_str());
  std::fflush(stdout);

  std::unique_ptr<MoveLog> log;
  if (!commit_file.empty()) {
    try {
      log = std::make_unique<MoveLog>(commit_file);
    } catch (const std::exception& error) {
      std::fprintf(stderr, "cannot open %s: %s\n", commit_file.c_str(), error.what());
      return 1;
    }
  }
  Rooms rooms(fanout == "room", log.get());
  Listener listener(io, acceptor, rooms);
  listener.do_accept();
  asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](beast::error_code, int) { io.stop(); });

  std::vector<std::thread> pool;
  for (unsigned i = 1; i < threads; ++i) pool.emplace_back([&io] { io.run(); });
  io.run();
  for (auto& thread : pool) thread.join();
  return 0;
}
