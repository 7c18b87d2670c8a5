// One client connection as the app sees it: who is logged in, which games and whether the lobby it follows, and its
// request queue. Touched only on the session's own strand (the connection's when it has one). Requests run one at a
// time, the next once the Responder's answer is sent, whoever sends it, so replies come in order of arrival
// (server/session/README.md, "Requests, one at a time").
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>

#include "core/ring_queue.hpp"
#include "db/records.hpp"
#include "protocol/responder.hpp"
#include "server/net/connection.hpp"
#include "server/net/handler.hpp"
#include "server/session/app_metrics.hpp"

namespace yunzi::session {

using Strand = net::ConnectionExecutor;

struct SignedIn {
  UserId id = 0;
  std::string name;
  std::string token;  // for logout
};

// The connection's own side of the application (net::ConnectionHandler): the
// connection holds its session and hands it every message.
class Session final : public net::ConnectionHandler, public std::enable_shared_from_this<Session> {
 public:
  using Dispatch = std::function<void(const std::shared_ptr<Session>&, std::string text, bool over_rate_limit)>;

  // Requests waiting beyond this many close the connection (a client that
  // floods faster than its replies can go out).
  static constexpr std::size_t max_waiting = 256;

  static std::shared_ptr<Session> create(boost::asio::io_context& io, const net::ConnectionPtr& raw,
                                         AppMetrics& metrics, Dispatch dispatch);

  // The connection events go to (rooms, the lobby and boards send there).
  const net::ConnectionPtr& connection() const { return connection_; }
  std::uint64_t id() const { return connection_->id(); }
  Strand& strand() { return strand_; }

  // net::ConnectionHandler, from the network's strand: a message is queued
  // on the session's strand (handled at once when the session shares the
  // connection's strand); a close is close().
  void on_message(std::string text, bool over_rate_limit) override { receive(std::move(text), over_rate_limit); }
  void on_close() override { close(); }
  void receive(std::string text, bool over_rate_limit);
  // Runs fn on the session's strand if the session still exists.
  void post(std::function<void(Session&)> fn);
  // On the strand: whatever follows this connection (the users online, the
  // lobby, a board, the games) says here how it lets go of it. Each cleanup
  // runs once when the connection closes, in the order registered; a second
  // registration under the same name replaces the first. Registered after
  // the close, it runs at once.
  void when_closed(std::string_view name, std::function<void(Session&)> cleanup);
  // The connection closed: on the strand (at once when called there), no
  // waiting request starts any more, then the cleanups run. Nothing a
  // request does after them can slip in between.
  void close();
  // Whether close() has begun, read from any thread. A service on a strand
  // of its own that registers this connection after work elsewhere (a
  // read) checks it there first: once the cleanup's call has reached that
  // strand, this reads true, so nothing registered afterwards outlives it.
  bool has_closed() const { return has_closed_.load(std::memory_order_acquire); }
  // On the strand, once for the request being handled: the one answer to it.
  // The answer goes out on the connection, an error reply is counted by code,
  // then the next request starts. A request whose Responder is dropped
  // unanswered while the connection is open is answered `internal` (and
  // logged), so nothing waits for it.
  protocol::Responder responder(protocol::RequestId id);
  // On the strand, for the request being handled: its time to the reply goes into the move latency histogram.
  void time_reply_as_move() { timing_move_ = true; }

  // State, on the strand only.
  std::optional<SignedIn> user;
  std::set<GameId> watched_games;  // rooms that send to this connection (own games included)
  std::set<GameId> spectating;     // the subset watched as a spectator, for the lobby status
  bool lobby_watcher = false;
  bool closed = false;

 private:
  class Answers;
  Session(Strand strand, const net::ConnectionPtr& connection, AppMetrics& metrics, Dispatch dispatch);
  void on_answered(std::uint64_t request);
  void start_next();

  Strand strand_;
  net::ConnectionPtr connection_;
  Dispatch dispatch_;
  std::vector<std::pair<std::string, std::function<void(Session&)>>> cleanups_;
  RingQueue<std::pair<std::string, bool>> waiting_;
  bool in_flight_ = false;
  std::atomic<bool> has_closed_{false};
  std::uint64_t current_ = 0;  // the number of the request in flight (counted from 1)
  AppMetrics& metrics_;
  std::chrono::steady_clock::time_point started_;
  bool timing_move_ = false;
};

using SessionPtr = std::shared_ptr<Session>;

}  // namespace yunzi::session
