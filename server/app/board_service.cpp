#include "server/app/board_service.hpp"

#include <spdlog/spdlog.h>

#include "db/stores.hpp"
#include "server/boards/position_estimate.hpp"

namespace yunzi::app {
namespace {

using protocol::ErrorCode;

void reply_board_write_error(const Call& call, const db::DbError& error) {
  switch (error.kind) {
    case db::DbErrorKind::not_found: return call.error(ErrorCode::not_found, "no board with that id");
    default: return call.error(ErrorCode::internal, "the change could not be stored; try again");
  }
}

}  // namespace

BoardService::BoardService(boost::asio::io_context& io, db::Writer& writer, db::ReadPool& reads, const NowMs& now_ms,
                           boards::BoardLimits limits)
    : writer_(writer),
      reads_(reads),
      now_ms_(now_ms),
      limits_(limits),
      strand_(boost::asio::make_strand(io)),
      sweep_timer_(strand_) {}

void BoardService::start() {
  sweep_timer_.expires_after(std::max(limits_.idle / 2, std::chrono::milliseconds(1000)));
  sweep_timer_.async_wait([self = weak_from_this()](const boost::system::error_code& ec) {
    if (ec) return;
    if (auto service = self.lock()) {
      service->sweep();
      service->start();
    }
  });
}

void BoardService::sweep() {
  const auto now = std::chrono::steady_clock::now();
  for (auto it = open_.begin(); it != open_.end();) {
    Open& open = it->second;
    std::erase_if(open.watchers, [](const auto& w) { return w.second.expired(); });
    const bool idle = !open.tree || (open.watchers.empty() && now - open.used >= limits_.idle);
    if (!open.busy && open.waiting.empty() && idle) {
      it = open_.erase(it);
    } else {
      ++it;
    }
  }
  open_count_ = open_.size();
}

void BoardService::with_board(const Call& call, BoardId board, Step step, bool change) {
  boost::asio::post(strand_, [self = shared_from_this(), call, board, step = std::move(step), change]() mutable {
    if (self->open_.count(board) > 0) return self->run_step(call, board, std::move(step), change);
    // Read on a reader thread, then back on the strand; a request for the
    // same board that came meanwhile may have opened it already.
    self->reads_.submit<std::optional<db::BoardRecord>>(
        [board](db::Stores& stores) { return stores.boards().find(board); },
        [self, call, board, step = std::move(step), change](db::DbResult<std::optional<db::BoardRecord>> stored) {
          boost::asio::post(self->strand_, [self, call, board, step, change, stored = std::move(stored)]() mutable {
            if (self->open_.count(board) == 0 && !self->open_stored(call, board, std::move(stored))) return;
            self->run_step(call, board, std::move(step), change);
          });
        });
  });
}

bool BoardService::open_stored(const Call& call, BoardId board, db::DbResult<std::optional<db::BoardRecord>> stored) {
  if (!stored) {
    spdlog::error("board not read board={} error={}", board, stored.error().message);
    call.error(ErrorCode::internal, "the board could not be read; try again");
    return false;
  }
  if (!*stored) {
    call.error(ErrorCode::not_found, "no board with that id");
    return false;
  }
  auto tree = boards::BoardTree::from_record(std::move(**stored));
  if (!tree) {
    spdlog::error("board does not replay board={} error={}", board, tree.error());
    call.error(ErrorCode::internal, "the board could not be read");
    return false;
  }
  open_.emplace(board, Open{}).first->second.tree.emplace(std::move(*tree));
  open_count_ = open_.size();
  return true;
}

void BoardService::run_step(const Call& call, BoardId board, Step step, bool change) {
  Open& open = open_.at(board);
  open.used = std::chrono::steady_clock::now();
  if (!open.tree) return call.error(ErrorCode::not_found, "no board with that id");
  if (!change) return step(open);
  if (open.busy) {
    // After the change in flight, judged on the tree as that change leaves it.
    open.waiting.emplace_back(call, std::move(step));
    return;
  }
  open.busy = true;
  step(open);
}

void BoardService::done(BoardId board) {
  const auto it = open_.find(board);
  if (it == open_.end()) return;
  Open& open = it->second;
  while (!open.waiting.empty()) {
    auto [call, step] = std::move(open.waiting.front());
    open.waiting.pop_front();
    if (!open.tree) {
      call.error(ErrorCode::not_found, "no board with that id");
      continue;
    }
    open.used = std::chrono::steady_clock::now();
    return step(open);  // still busy: this change ends with its own done()
  }
  open.busy = false;
}

bool BoardService::owner_only(const Call& call, const Open& open, UserId user) const {
  if (open.tree->record().owner_id == user) return true;
  call.error(ErrorCode::forbidden, "only the board's owner may change it");
  return false;
}

void BoardService::write(const Call& call, BoardId board, std::function<db::DbResult<Done>(db::Stores&)> work,
                         std::function<void(Open&)> apply) {
  writer_.submit(std::move(work),
                 [self = shared_from_this(), call, board, apply = std::move(apply)](db::DbResult<Done> written) {
                   boost::asio::post(self->strand_, [self, call, board, apply, written = std::move(written)] {
                     const auto it = self->open_.find(board);
                     if (!written) {
                       reply_board_write_error(call, written.error());
                     } else if (it != self->open_.end() && it->second.tree) {
                       apply(it->second);
                     }
                     self->done(board);
                   });
                 });
}

void BoardService::broadcast(Open& open, const protocol::Frame& frame) {
  for (auto it = open.watchers.begin(); it != open.watchers.end();) {
    if (auto connection = it->second.lock()) {
      connection->send(frame);
      ++it;
    } else {
      it = open.watchers.erase(it);
    }
  }
}

void BoardService::watch(const Call& call, BoardId board) {
  call.session->when_closed("boards", [weak = weak_from_this()](session::Session& s) {
    if (auto self = weak.lock()) self->connection_closed(s.id());
  });
  with_board(
      call, board,
      [self = shared_from_this(), call, board](Open& open) {
        // Closed while the board was read: its connection_closed has run
        // here already, and a watcher registered now would stay behind it.
        if (call.session->has_closed()) return;
        const net::ConnectionPtr& connection = call.session->connection();
        if (!self->may_watch(connection->id(), board)) {
          return call.error(ErrorCode::limit_reached, "at most " + std::to_string(boards::max_boards_watched) +
                                                          " boards watched on one connection; leave one first");
        }
        open.watchers[connection->id()] = connection;
        self->watching_count_ = self->watching_.size();
        call.reply(protocol::reply_board_watch(call.id, open.tree->summary(), open.tree->wire_tree()));
      },
      false);
}

void BoardService::unwatch(const Call& call, BoardId board) {
  boost::asio::post(strand_, [self = shared_from_this(), call, board] {
    const auto it = self->open_.find(board);
    if (it != self->open_.end()) it->second.watchers.erase(call.session->id());
    call.ok();
  });
}

void BoardService::connection_closed(std::uint64_t connection) {
  boost::asio::post(strand_, [self = shared_from_this(), connection] {
    for (auto& [id, open] : self->open_) open.watchers.erase(connection);
    self->watching_.erase(connection);
    self->watching_count_ = self->watching_.size();
  });
}

bool BoardService::may_watch(std::uint64_t connection, BoardId board) {
  std::set<BoardId>& boards = watching_[connection];
  std::erase_if(boards, [&](BoardId id) {
    const auto it = open_.find(id);
    return it == open_.end() || it->second.watchers.count(connection) == 0;
  });
  if (boards.count(board) == 0 && boards.size() >= boards::max_boards_watched) return false;
  boards.insert(board);
  return true;
}

void BoardService::play(const Call& call, UserId user, const protocol::req::BoardPlay& r) {
  with_board(
      call, r.board,
      [this, call, user, r](Open& open) {
        const BoardId board = r.board;
        if (!owner_only(call, open, user)) return done(board);
        boards::BoardTree& tree = *open.tree;
        if (!tree.has(r.from)) {
          call.error(ErrorCode::not_found, "no node " + std::to_string(r.from) + " on this board");
          return done(board);
        }
        std::optional<engine::Vertex> vertex;
        if (!r.vertex.is_pass()) {
          vertex = r.vertex.on_board(tree.record().size);
          if (!vertex) {
            call.error(ErrorCode::illegal_move, "off_board: " + r.vertex.text + " is not on this board");
            return done(board);
          }
        }
        auto plan = tree.plan_move(r.from, vertex);
        if (!plan) {
          call.error(ErrorCode::illegal_move,
                     std::string(engine::to_string(plan.error())) + ": " + std::string(engine::describe(plan.error())));
          return done(board);
        }
        if (plan->added && tree.node_count() >= static_cast<std::int64_t>(limits_.nodes_per_board)) {
          call.error(ErrorCode::limit_reached, "a board holds at most " + std::to_string(limits_.nodes_per_board) +
                                                   " nodes; cut a variation first");
          return done(board);
        }
        std::function<db::DbResult<Done>(db::Stores&)> work;
        const std::int64_t now = now_ms_();
        if (plan->added) {
          auto nodes = tree.record().nodes;
          nodes.push_back(plan->node);
          work = [board, nodes = std::move(nodes), comments = tree.record().comments, current = plan->node.id,
                  now](db::Stores& stores) {
            return stores.boards().save_tree(board, {nodes, comments, current, now});
          };
        } else {
          work = [board, current = plan->node.id](db::Stores& stores) {
            return stores.boards().set_current(board, current);
          };
        }
        write(call, board, std::move(work), [this, call, board, plan = std::move(*plan), now](Open& open) {
          boards::BoardTree& tree = *open.tree;
          if (plan.added) {
            tree.add(plan.node);
            tree.record().updated_ms = now;
          }
          tree.record().current = plan.node.id;
          const protocol::BoardNode node = tree.wire_node(plan.node);
          if (plan.added) broadcast(open, protocol::board_node(board, node, tree.record().size));
          broadcast(open, protocol::board_current(board, plan.node.id));
          call.reply(protocol::reply_board_play(call.id, node, tree.record().size, plan.captured));
        });
      },
      true);
}

void BoardService::go_to(const Call& call, UserId user, const protocol::req::BoardGoto& r) {
  with_board(
      call, r.board,
      [this, call, user, r](Open& open) {
        const BoardId board = r.board;
        if (!owner_only(call, open, user)) return done(board);
        if (!open.tree->has(r.node)) {
          call.error(ErrorCode::not_found, "no node " + std::to_string(r.node) + " on this board");
          return done(board);
        }
        write(
            call, board,
            [board, node = r.node](db::Stores& stores) { return stores.boards().set_current(board, node); },
            [this, call, board, node = r.node](Open& open) {
              open.tree->record().current = node;
              broadcast(open, protocol::board_current(board, node));
              call.ok();
            });
      },
      true);
}

void BoardService::cut(const Call& call, UserId user, const protocol::req::BoardCut& r) {
  with_board(
      call, r.board,
      [this, call, user, r](Open& open) {
        const BoardId board = r.board;
        if (!owner_only(call, open, user)) return done(board);
        const boards::BoardTree& tree = *open.tree;
        const auto parent = tree.parent_of(r.node);
        if (!parent) {
          call.error(ErrorCode::not_found, "no node " + std::to_string(r.node) + " on this board");
          return done(board);
        }
        boards::BoardTree after = tree;
        const std::int64_t removed = after.cut(r.node);
        const std::int64_t current = tree.is_within(tree.record().current, r.node) ? *parent : tree.record().current;
        const std::int64_t now = now_ms_();
        write(
            call, board,
            [board, nodes = after.record().nodes, comments = after.record().comments, current,
             now](db::Stores& stores) {
              return stores.boards().save_tree(board, {nodes, comments, current, now});
            },
            [this, call, board, node = r.node, current, removed, now](Open& open) {
              open.tree->cut(node);
              open.tree->record().current = current;
              open.tree->record().updated_ms = now;
              broadcast(open, protocol::board_cut(board, node, current));
              call.reply(protocol::reply_board_cut(call.id, removed));
            });
      },
      true);
}

void BoardService::remove(const Call& call, UserId user, BoardId board) {
  with_board(
      call, board,
      [this, call, user, board](Open& open) {
        if (!owner_only(call, open, user)) return done(board);
        write(
            call, board, [board, now = now_ms_()](db::Stores& stores) { return stores.boards().remove(board, now); },
            [this, call, board](Open& open) {
              broadcast(open, protocol::board_deleted(board));
              // Kept until the sweep, so changes already waiting are told there is no such board.
              open.tree.reset();
              open.watchers.clear();
              call.ok();
            });
      },
      true);
}

}  // namespace yunzi::app

namespace yunzi::app {

void BoardService::estimate(const Call& call, const protocol::req::BoardEstimate& r,
                            std::vector<boards::LivePosition> live) {
  with_board(
      call, r.board,
      [call, node = r.node, live = std::move(live)](Open& open) {
        const boards::BoardTree& tree = *open.tree;
        if (!tree.has(node))
          return call.error(ErrorCode::not_found, "no node " + std::to_string(node) + " on this board");
        auto game = tree.game_at(node);
        if (!game) return call.error(ErrorCode::internal, game.error());
        if (const auto repeated = boards::repeated_live_game(game->board(), live)) {
          return call.error(ErrorCode::forbidden, "this position is your game " + std::to_string(*repeated) +
                                                      " in progress; no estimate of your own game while it is played");
        }
        call.reply(protocol::reply_estimate(
            call.id, boards::estimate_position(game->board(), tree.record().komi, tree.record().handicap)));
      },
      false);
}

}  // namespace yunzi::app
