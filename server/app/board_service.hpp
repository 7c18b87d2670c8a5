// The open analysis boards, on the service's own strand: each board's tree
// (BoardTree), its watchers, and the changes waiting for it. A board is read
// from the database on its first use after a restart and leaves memory when
// nobody has watched or changed it for BoardLimits::idle. Changes to one
// board run one at a time: each is judged on the tree as it stands, written
// through the writer, and only once committed applied in memory, broadcast
// to the watchers and acknowledged; the next waits until then.
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "db/board_records.hpp"
#include "db/error.hpp"
#include "db/read_pool.hpp"
#include "db/writer.hpp"
#include "protocol/requests.hpp"
#include "server/app/call.hpp"
#include "server/boards/board_limits.hpp"
#include "server/boards/board_tree.hpp"
#include "server/boards/live_copy.hpp"

namespace yunzi::db {
class Stores;
}

namespace yunzi::app {

class BoardService : public std::enable_shared_from_this<BoardService> {
 public:
  BoardService(boost::asio::io_context& io, db::Writer& writer, db::ReadPool& reads, const NowMs& now_ms,
               boards::BoardLimits limits);

  const boards::BoardLimits& limits() const { return limits_; }

  // `user`: the caller's id, read on the session's strand (nullopt for a visitor).
  void watch(const Call& call, BoardId board);
  void unwatch(const Call& call, BoardId board);
  void play(const Call& call, UserId user, const protocol::req::BoardPlay& r);
  void go_to(const Call& call, UserId user, const protocol::req::BoardGoto& r);
  void cut(const Call& call, UserId user, const protocol::req::BoardCut& r);
  void remove(const Call& call, UserId user, BoardId board);
  // `live`: the positions of the games the asker plays, which get no estimate.
  void estimate(const Call& call, const protocol::req::BoardEstimate& r, std::vector<boards::LivePosition> live);
  // The connection closed: it watches nothing any more.
  void connection_closed(std::uint64_t connection);
  // Starts the sweep of idle boards.
  void start();
  // Boards in memory now (for /metrics; read from any thread).
  std::size_t open_boards() const { return open_count_.load(); }
  // Open connections that have watched a board (read from any thread).
  std::size_t watching_connections() const { return watching_count_.load(); }

 private:
  struct Open {
    std::optional<boards::BoardTree> tree;
    std::map<std::uint64_t, std::weak_ptr<net::Connection>> watchers;
    std::deque<std::pair<Call, std::function<void(Open&)>>> waiting;  // changes after the one in flight
    bool busy = false;
    std::chrono::steady_clock::time_point used;
  };
  using Step = std::function<void(Open&)>;

  // Runs `step` on the strand with the board loaded (from the database if
  // needed), after the changes before it; `not_found` goes to the caller.
  void with_board(const Call& call, BoardId board, Step step, bool change);
  // On the strand: the board read back becomes open; false (and the reply
  // given) when it could not be.
  bool open_stored(const Call& call, BoardId board, db::DbResult<std::optional<db::BoardRecord>> stored);
  void run_step(const Call& call, BoardId board, Step step, bool change);
  // The change in flight ended: the next one waiting starts at once (or is
  // answered not_found when the board went meanwhile).
  void done(BoardId board);
  // A change for the owner only; forbidden for anyone else.
  bool owner_only(const Call& call, const Open& open, UserId user) const;
  // Writes `work`, then on the strand runs `apply` (success) or answers the error.
  void write(const Call& call, BoardId board, std::function<db::DbResult<Done>(db::Stores&)> work,
             std::function<void(Open&)> apply);
  void broadcast(Open& open, const protocol::Frame& frame);
  // Whether the connection may watch one more board (it counts it then).
  bool may_watch(std::uint64_t connection, BoardId board);
  void sweep();

  db::Writer& writer_;
  db::ReadPool& reads_;
  const NowMs& now_ms_;
  boards::BoardLimits limits_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer sweep_timer_;
  std::map<BoardId, Open> open_;
  std::atomic<std::size_t> open_count_{0};  // open_.size(), for other threads
  // The boards each connection watches (entries of boards left or closed are
  // pruned at the connection's next watch).
  std::map<std::uint64_t, std::set<BoardId>> watching_;
  std::atomic<std::size_t> watching_count_{0};  // watching_.size(), for other threads
};

}  // namespace yunzi::app
