#include "server/game/room.hpp"

#include <algorithm>
#include <atomic>
#include <map>
#include <set>
#include <type_traits>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "core/ring_queue.hpp"
#include "protocol/events.hpp"
#include "protocol/replies.hpp"
#include "server/game/clock_codec.hpp"
#include "server/game/room_state.hpp"

namespace yunzi::game {

namespace {

using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;

std::int64_t one_way_lag_ms(const net::ConnectionPtr& connection) {
  if (!connection) return 0;
  const auto rtt = connection->median_rtt();
  if (!rtt) return 0;
  return std::max<std::int64_t>(rtt->count(), 0) / 2000;
}

Seat seat_of(const RoomPlayer& player) { return Seat{player.user_id, player.info}; }

RoomSetup setup_of(RoomServices& services, GameId game, GameSettings settings, const RoomPlayer& black,
                   const RoomPlayer& white, std::int64_t started_ms) {
  RoomSetup setup;
  setup.game = game;
  setup.settings = std::move(settings);
  setup.black = seat_of(black);
  setup.white = seat_of(white);
  setup.started_ms = started_ms;
  setup.disconnect_grace_ms = services.disconnect_grace.count();
  setup.scoring_deadline_ms = services.scoring_deadline.count();
  return setup;
}

using RankChanges = std::vector<protocol::RankChange>;

// A write of the game, which in a cluster first checks, in the same
// transaction, that this node still holds the game.
template <class Write>
auto fenced(GameId game, std::optional<db::GameFence> fence, Write write) {
  return [game, fence = std::move(fence),
          write = std::move(write)](db::Stores& stores) -> std::invoke_result_t<Write&, db::Stores&> {
    if (fence) {
      if (auto held = stores.owners().hold(game, *fence); !held) return unexpected(held.error());
    }
    return write(stores);
  };
}

constexpr std::string_view moved_message = "another node runs this game now; connect again to reach it";

// A database failure leaves the game as it was; a timer that wanted to end
// it tries again after this pause rather than in a tight loop.
constexpr std::int64_t retry_after_failure_ms = 1000;

// A database out of reach (restarting, or failing over to its replica) is back within moments, and nothing of the
// change was stored: the client is told to send it again, as when another change of the writer's batch took it
// down with it. A COMMIT cut off by the loss may have been stored, so that one is not called retryable.
void refuse_unsaved(const protocol::Responder& respond, const db::DbError& error) {
  if (error.unreachable && !error.outcome_unknown) {
    respond.unavailable("the database cannot be reached for the moment; nothing was stored, try again");
    return;
  }
  if (error.undone_with_batch) {
    respond.unavailable("another change stored with this one failed, and nothing was stored; try again");
    return;
  }
  respond.fail(protocol::ErrorCode::internal, "the change could not be saved");
}

}  // namespace

struct GameRoom::Private {
  struct Subscriber {
    net::ConnectionPtr connection;
    bool player = false;
    std::optional<UserId> user;
    std::string name = {};  // the user's, for the spectator list
  };

  Private(RoomServices& s, RoomState initial, std::optional<db::GameFence> held)
      : services(s),
        game(initial.id()),
        fence(std::move(held)),
        strand(boost::asio::make_strand(s.io)),
        timer(strand),
        state(std::move(initial)) {
    scoring.store(state.in_scoring(), std::memory_order_relaxed);
  }

  RoomServices& services;
  const GameId game;
  const std::optional<db::GameFence> fence;
  bool lost = false;  // a fenced write failed: another node runs the game
  Strand strand;
  boost::asio::steady_timer timer;
  RoomState state;
  std::weak_ptr<GameRoom> self;
  std::map<std::uint64_t, Subscriber> subscribers;
  // Each player's connections that count as their presence (room.hpp, player_connected).
  std::map<UserId, std::set<std::uint64_t>> present_through;
  std::vector<std::string> spectator_names;  // the signed-in spectators' names, sorted, capped
  bool committing = false;
  std::int64_t not_before_ms = 0;            // timer pause after a failed commit
  RingQueue<std::function<void()>> waiting;  // inputs that arrived during a commit
  std::atomic<bool> scoring{false};          // the state's phase, mirrored for readers off the strand

  // Inputs run one at a time, and never while a commit is in flight, so
  // nobody sees a change that is not yet on disk.
  void enqueue(std::function<void()> input) {
    if (committing) {
      waiting.push_back(std::move(input));
    } else {
      input();
    }
  }

  void drain() {
    while (!committing && !waiting.empty()) {
      auto input = std::move(waiting.front());
      waiting.pop_front();
      input();
    }
  }

  // `respond`: the request's, nullopt for inputs nobody asked for (timers, presence, forfeits).
  template <class Input>
  void run(const net::ConnectionPtr& requester, const std::optional<protocol::Responder>& respond, bool may_commit,
           Input input) {
    if (lost) {
      if (respond) respond->fail(protocol::ErrorCode::conflict, std::string(moved_message));
      return;
    }
    std::optional<SavedRoomState> before;
    if (may_commit) before = state.save();
    Outcome out = input(state, services.now_ms());
    if (!out.commit) {
      finish_outcome(requester, respond, std::move(out), {});
      return;
    }
    commit(requester, respond, std::move(out), std::move(*before));
  }

  void commit(net::ConnectionPtr requester, std::optional<protocol::Responder> respond, Outcome out,
              SavedRoomState before) {
    committing = true;
    const Commit work = *out.commit;
    auto room = self.lock();
    auto back = [room, requester, respond, out = std::make_shared<Outcome>(std::move(out)),
                 before =
                     std::make_shared<SavedRoomState>(std::move(before))](db::DbResult<RankChanges> result) mutable {
      // On SQLite this is usually called within this very handler (the
      // writer was idle, so this thread committed): the strand is busy, and
      // the post only queues behind the handler, waking no other thread.
      boost::asio::post(
          room->impl_->strand, [room, requester, respond, out, before, result = std::move(result)]() mutable {
            room->impl_->on_committed(requester, respond, std::move(*out), std::move(*before), std::move(result));
          });
    };
    const GameId id_of_game = game;
    // Each kind of change as its own lambda, submitted as it is: no extra std::function on the move path.
    const auto submit = [&](auto write, db::Writer::Leaves leaves = db::Writer::Leaves::traces) {
      services.writer.submit_for<RankChanges>(std::move(write), std::move(back), db::Writer::Where::here_when_idle,
                                              leaves);
    };
    if (const auto* move = std::get_if<MoveCommit>(&work)) {
      // The move checks the fence itself, on PostgreSQL in the statement that stores it, and leaves nothing written
      // when it fails: the writer spares it a savepoint.
      submit(
          [id_of_game, fence = fence, move = *move](db::Stores& stores) -> db::DbResult<RankChanges> {
            auto done = stores.games().append_move(id_of_game, move.move, move.clock_state, fence ? &*fence : nullptr);
            if (!done) return unexpected(done.error());
            return RankChanges{};
          },
          db::Writer::Leaves::nothing);
    } else if (const auto* undo = std::get_if<UndoCommit>(&work)) {
      submit(fenced(id_of_game, fence, [id_of_game, undo = *undo](db::Stores& stores) -> db::DbResult<RankChanges> {
        auto done = stores.games().undo_moves(id_of_game, undo.count, undo.clock_state);
        if (!done) return unexpected(done.error());
        return RankChanges{};
      }));
    } else {
      // The end and the rank changes it causes commit together or not at all.
      submit(fenced(id_of_game, fence,
                    [id_of_game, fence = fence, end = std::get<EndCommit>(work),
                     rank_on_end = services.rank_on_end](db::Stores& stores) -> db::DbResult<RankChanges> {
                      auto done = stores.games().end_game(id_of_game, end.end, {});
                      if (!done) return unexpected(done.error());
                      // An ended game needs no owner; nobody will claim it.
                      if (fence) {
                        if (auto released = stores.owners().release(id_of_game, *fence); !released)
                          return unexpected(released.error());
                      }
                      if (!rank_on_end) return RankChanges{};
                      return rank_on_end(stores, end.facts);
                    }));
    }
  }

  void on_committed(const net::ConnectionPtr& requester, const std::optional<protocol::Responder>& respond, Outcome out,
                    SavedRoomState before, db::DbResult<RankChanges> result) {
    committing = false;
    if (!result && result.error().kind == db::DbErrorKind::not_owner) {
      spdlog::warn("game={} taken over by another node: {}", game, result.error().message);
      state.restore(std::move(before));
      lost = true;
      if (respond && out.reply) respond->fail(protocol::ErrorCode::conflict, std::string(moved_message));
      timer.cancel();
      drain();
      if (services.on_lost) services.on_lost(game, *fence);
      return;
    }
    if (!result) {
      spdlog::error("game={} commit failed: {}", game, result.error().message);
      state.restore(std::move(before));
      not_before_ms = services.now_ms() + retry_after_failure_ms;
      if (respond && out.reply) refuse_unsaved(*respond, result.error());
      arm_timer();
      drain();
      return;
    }
    std::optional<Delivery> end_event;
    if (std::holds_alternative<EndCommit>(*out.commit)) end_event = state.end_committed(std::move(*result));
    const bool ended_now = end_event.has_value();
    if (end_event) out.events.push_back(std::move(*end_event));
    finish_outcome(requester, respond, std::move(out), ended_now);
    drain();
  }

  void finish_outcome(const net::ConnectionPtr& requester, const std::optional<protocol::Responder>& respond,
                      Outcome out, bool ended_now) {
    scoring.store(state.in_scoring(), std::memory_order_relaxed);
    if (ended_now) {
      // Before game.end goes out: a player who reads it may start the next rated game at once,
      // so the server must already count this one as over.
      const protocol::GameEnd& end = *state.end();
      spdlog::info("game={} ended result={} reason={}", game, to_sgf(end.result), to_string(end.result.how));
      if (services.on_ended) services.on_ended(game, end);
    }
    if (respond && out.reply) respond->reply(out.reply.frame, out.reply.error);
    deliver(out.events, requester);
    if (out.chat_line) keep_chat_line(std::move(*out.chat_line));
    if (!ended_now && out.lobby_changed && !state.ended() && services.on_lobby_change) {
      services.on_lobby_change(state.lobby_entry());
    }
    arm_timer();
  }

  // Chat is written without holding the room: a line lost to a failing
  // database is logged, and the game goes on.
  void keep_chat_line(db::ChatRecord line) {
    const GameId id_of_game = game;
    services.writer.submit(fenced(id_of_game, fence,
                                  [id_of_game, line = std::move(line)](db::Stores& stores) {
                                    return stores.games().append_chat(id_of_game, line);
                                  }),
                           [id_of_game](db::DbResult<Done> done) {
                             if (!done)
                               spdlog::warn("game={} chat line not kept: {}", id_of_game, done.error().message);
                           });
  }

  void deliver(const std::vector<Delivery>& events, const net::ConnectionPtr& requester) {
    for (const Delivery& event : events) {
      if (event.audience == Audience::requester) {
        if (requester) requester->send(event.frame);
        continue;
      }
      for (const auto& [id, subscriber] : subscribers) {
        if (event.audience == Audience::everyone || !subscriber.player) subscriber.connection->send(event.frame);
      }
    }
  }

  void arm_timer() {
    if (committing || lost) return;
    auto deadline = state.next_deadline();
    if (!deadline) {
      timer.cancel();
      return;
    }
    const std::int64_t delay = std::max(*deadline, not_before_ms) - services.now_ms();
    timer.expires_after(std::chrono::milliseconds(std::max<std::int64_t>(delay, 0)));
    timer.async_wait([weak = self](const boost::system::error_code& ec) {
      if (ec) return;
      auto room = weak.lock();
      if (!room) return;
      Private& p = *room->impl_;
      p.enqueue(
          [&p] { p.run(nullptr, std::nullopt, true, [](RoomState& s, std::int64_t now) { return s.on_timer(now); }); });
    });
  }

  void subscribe(const net::ConnectionPtr& connection, std::optional<UserId> user, std::string name) {
    const bool player = user && state.color_of(*user).has_value();
    subscribers[connection->id()] = Subscriber{connection, player, user, std::move(name)};
    spectators_changed();
  }

  // A user watching from several connections is one spectator; connections
  // without a login are counted apart, so opening more of either kind cannot
  // make a game look more watched than it is by people. Everyone in the room
  // hears of each change of the list (game.spectators).
  void spectators_changed() {
    std::map<UserId, std::string> users;
    int anonymous = 0;
    for (const auto& [id, subscriber] : subscribers) {
      if (subscriber.player) continue;
      if (subscriber.user) {
        users.emplace(*subscriber.user, subscriber.name);
      } else {
        ++anonymous;
      }
    }
    const bool counts_changed = state.set_spectators(static_cast<int>(users.size()), anonymous);
    if (counts_changed && !state.ended() && services.on_lobby_change) services.on_lobby_change(state.lobby_entry());
    std::vector<std::string> names;
    for (auto& [user, name] : users) names.push_back(std::move(name));
    std::sort(names.begin(), names.end());
    if (names.size() > protocol::max_spectator_names) names.resize(protocol::max_spectator_names);
    if (!counts_changed && names == spectator_names) return;
    spectator_names = std::move(names);
    const protocol::Frame frame = spectators_frame();
    for (const auto& [id, subscriber] : subscribers) subscriber.connection->send(frame);
  }

  protocol::Frame spectators_frame() const {
    return protocol::game_spectators(game, {state.spectators(), state.anonymous_spectators(), spectator_names});
  }

  protocol::GameSnapshot snapshot() const {
    protocol::GameSnapshot out = state.snapshot(services.now_ms());
    out.spectator_names = spectator_names;
    return out;
  }

  void came(UserId user, const net::ConnectionPtr& connection) {
    if (!state.color_of(user)) return;
    present_through[user].insert(connection->id());
    if (state.is_away(*state.color_of(user))) presence(state.color_of(user), true);
  }

  void presence(std::optional<engine::Color> color, bool back) {
    if (!color) return;
    run(nullptr, std::nullopt, false,
        [&](RoomState& s, std::int64_t now) { return back ? s.player_back(*color, now) : s.player_left(*color, now); });
  }

  void forfeit(engine::Color color, const std::string& reason) {
    spdlog::info("game={} forfeit by {}: {}", game, engine::to_string(color), reason);
    run(nullptr, std::nullopt, true, [&](RoomState& s, std::int64_t now) { return s.forfeit(color, now); });
  }
};

GameRoom::GameRoom(std::unique_ptr<Private> impl) : impl_(std::move(impl)) {}
GameRoom::~GameRoom() = default;

GameId GameRoom::id() const { return impl_->game; }

bool GameRoom::in_scoring() const { return impl_->scoring.load(std::memory_order_relaxed); }

std::shared_ptr<GameRoom> GameRoom::start(RoomServices& services, GameId game, GameSettings settings, RoomPlayer black,
                                          RoomPlayer white, std::vector<net::ConnectionPtr> black_connections,
                                          std::vector<net::ConnectionPtr> white_connections) {
  auto room = create(services, game, std::move(settings), std::move(black), std::move(white));
  if (room) room->announce(std::move(black_connections), std::move(white_connections));
  return room;
}

std::shared_ptr<GameRoom> GameRoom::create(RoomServices& services, GameId game, GameSettings settings, RoomPlayer black,
                                           RoomPlayer white, std::optional<db::GameFence> fence) {
  const std::int64_t now = services.now_ms();
  auto state = RoomState::create(setup_of(services, game, std::move(settings), black, white, now), now);
  if (!state) {
    spdlog::error("game={} cannot start: {}", game, state.error());
    return nullptr;
  }
  std::shared_ptr<GameRoom> room(
      new GameRoom(std::make_unique<Private>(services, std::move(*state), std::move(fence))));
  room->impl_->self = room;
  return room;
}

void GameRoom::announce(std::vector<net::ConnectionPtr> black_connections,
                        std::vector<net::ConnectionPtr> white_connections) {
  boost::asio::post(impl_->strand, [room = shared_from_this(), black_connections = std::move(black_connections),
                                    white_connections = std::move(white_connections)] {
    Private& p = *room->impl_;
    // The clocks as they stood when the game was made: nothing has been played since.
    const protocol::Frame start_frame = p.state.start_frame(p.state.setup().started_ms);
    for (const auto& [user, connections] : {std::pair{p.state.setup().black.user_id, &black_connections},
                                            std::pair{p.state.setup().white.user_id, &white_connections}}) {
      for (const auto& connection : *connections) {
        if (!connection) continue;
        p.subscribers[connection->id()] = Private::Subscriber{connection, true, user};
        p.present_through[user].insert(connection->id());
        connection->send(start_frame);
      }
    }
    if (p.services.on_lobby_change) p.services.on_lobby_change(p.state.lobby_entry());
    p.arm_timer();
  });
}

std::shared_ptr<GameRoom> GameRoom::restore(RoomServices& services, const db::GameWithMoves& stored, RoomPlayer black,
                                            RoomPlayer white, std::optional<db::GameFence> fence) {
  const GameSettings settings = stored.game.settings;
  auto state = RoomState::restore(setup_of(services, stored.game.id, settings, black, white, stored.game.started_ms),
                                  stored, services.now_ms());
  if (!state) {
    spdlog::error("game={} cannot be restored: {}", stored.game.id, state.error());
    return nullptr;
  }
  std::shared_ptr<GameRoom> room(
      new GameRoom(std::make_unique<Private>(services, std::move(*state), std::move(fence))));
  room->impl_->self = room;
  boost::asio::post(room->impl_->strand, [room] {
    Private& p = *room->impl_;
    if (p.services.on_lobby_change) p.services.on_lobby_change(p.state.lobby_entry());
    p.arm_timer();
  });
  return room;
}

void GameRoom::watch(net::ConnectionPtr connection, std::optional<UserId> user, std::string user_name,
                     std::optional<std::int64_t> since, protocol::Responder respond) {
  boost::asio::post(impl_->strand, [room = shared_from_this(), connection, user, user_name = std::move(user_name),
                                    since, respond]() mutable {
    Private& p = *room->impl_;
    p.enqueue([&p, connection, user, user_name = std::move(user_name), since, respond]() mutable {
      // Lost, the room no longer hears its game: the node that runs it now answers a watch asked again.
      if (p.lost) return respond.unavailable("another node runs this game now; ask again");
      p.subscribe(connection, user, std::move(user_name));
      std::optional<std::vector<protocol::Frame>> missed;
      if (since) missed = p.state.events_since(*since);
      const auto chat = p.state.chat_for(user && p.state.color_of(*user).has_value());
      respond.reply(missed ? protocol::reply_game_events(respond.id(), *missed, chat)
                           : protocol::reply_game_state(respond.id(), p.snapshot(), chat));
      // The missed events do not say who watches now.
      if (missed) connection->send(p.spectators_frame());
      // A player who watches their own game again is back.
      if (user) p.came(*user, connection);
    });
  });
}

// Queued as a watch is, so that it never overtakes one waiting for a commit and leaves a closed connection in.
void GameRoom::unwatch(std::uint64_t connection_id, protocol::Responder respond) {
  boost::asio::post(impl_->strand, [room = shared_from_this(), connection_id, respond] {
    Private& p = *room->impl_;
    p.enqueue([&p, connection_id, respond] {
      p.subscribers.erase(connection_id);
      p.spectators_changed();
      respond.ok();
    });
  });
}

void GameRoom::handle(net::ConnectionPtr connection, UserId user, std::string user_name, bool muted,
                      protocol::Request request, protocol::Responder respond) {
  boost::asio::post(impl_->strand, [room = shared_from_this(), connection, user, user_name = std::move(user_name),
                                    muted, request = std::move(request), respond]() mutable {
    Private& p = *room->impl_;
    p.enqueue([&p, connection, user, user_name = std::move(user_name), muted, request = std::move(request),
               respond]() mutable {
      RoomRequest input{user,
                        std::move(user_name),
                        muted,
                        connection && p.subscribers.count(connection->id()) > 0,
                        one_way_lag_ms(connection),
                        std::move(request),
                        respond.id()};
      const bool may_commit = !std::holds_alternative<protocol::req::GameChat>(input.request);
      p.run(connection, respond, may_commit, [&input](RoomState& s, std::int64_t now) { return s.handle(input, now); });
    });
  });
}

void GameRoom::player_connected(UserId user, net::ConnectionPtr connection, std::optional<std::int64_t> replay_since) {
  boost::asio::post(impl_->strand, [room = shared_from_this(), user, connection, replay_since] {
    Private& p = *room->impl_;
    p.enqueue([&p, user, connection, replay_since] {
      if (!connection || p.lost) return;
      p.subscribe(connection, user, {});
      if (replay_since) {
        if (auto missed = p.state.events_since(*replay_since)) {
          for (const protocol::Frame& frame : *missed) connection->send(frame);
        } else {
          connection->send(p.state.start_frame(p.services.now_ms()));
        }
      }
      p.came(user, connection);
    });
  });
}

void GameRoom::follow_again(net::ConnectionPtr connection, std::optional<UserId> user, std::string user_name,
                            protocol::Responder respond) {
  boost::asio::post(impl_->strand,
                    [room = shared_from_this(), connection, user, user_name = std::move(user_name), respond]() mutable {
                      Private& p = *room->impl_;
                      p.enqueue([&p, connection, user, user_name = std::move(user_name), respond]() mutable {
                        // Lost, the room's game may be behind the one the node that runs it now has: left to that node
                        // to answer.
                        if (p.lost) return;
                        // Subscribed first: the game as it stands counts it among those who watch.
                        p.subscribe(connection, user, std::move(user_name));
                        connection->send(protocol::game_start(p.snapshot()));
                        if (user) p.came(*user, connection);
                        respond.ok();
                      });
                    });
}

void GameRoom::player_disconnected(UserId user, std::uint64_t connection_id) {
  boost::asio::post(impl_->strand, [room = shared_from_this(), user, connection_id] {
    Private& p = *room->impl_;
    p.enqueue([&p, user, connection_id] {
      if (p.subscribers.erase(connection_id) > 0) p.spectators_changed();
      auto present = p.present_through.find(user);
      if (present == p.present_through.end() || present->second.erase(connection_id) == 0) return;
      if (!present->second.empty()) return;
      p.present_through.erase(present);
      p.presence(p.state.color_of(user), false);
    });
  });
}

void GameRoom::forfeit(UserId user, std::string reason) {
  boost::asio::post(impl_->strand, [room = shared_from_this(), user, reason = std::move(reason)] {
    Private& p = *room->impl_;
    p.enqueue([&p, user, reason] {
      if (const auto color = p.state.color_of(user)) p.forfeit(*color, reason);
    });
  });
}

void GameRoom::forfeit_absent(std::string reason, std::function<void(bool, bool)> done) {
  boost::asio::post(impl_->strand, [room = shared_from_this(), reason = std::move(reason), done = std::move(done)] {
    Private& p = *room->impl_;
    p.enqueue([&p, reason, done] {
      const bool black_here = p.present_through.contains(p.state.setup().black.user_id);
      const bool white_here = p.present_through.contains(p.state.setup().white.user_id);
      if (!black_here || !white_here) p.forfeit(black_here ? engine::Color::white : engine::Color::black, reason);
      done(black_here, white_here);
    });
  });
}

void GameRoom::sgf(std::function<void(std::string)> done) {
  boost::asio::post(impl_->strand, [room = shared_from_this(), done = std::move(done)] {
    Private& p = *room->impl_;
    p.enqueue([&p, done] { done(p.state.sgf()); });
  });
}

void GameRoom::retire(std::function<void(std::vector<std::uint64_t>)> followers) {
  boost::asio::post(impl_->strand, [room = shared_from_this(), followers = std::move(followers)] {
    Private& p = *room->impl_;
    p.lost = true;
    p.timer.cancel();
    std::vector<std::uint64_t> ids;
    ids.reserve(p.subscribers.size());
    for (const auto& [id, subscriber] : p.subscribers) ids.push_back(id);
    p.subscribers.clear();
    p.drain();
    followers(std::move(ids));
  });
}

}  // namespace yunzi::game
