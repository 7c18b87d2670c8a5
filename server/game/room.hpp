// One game in progress: a GameRoom owns the game's state on its own strand,
// commits every change through the db::Writer before anyone hears of it,
// runs the flag, forfeit and scoring timers, and sends events to the players'
// and spectators' connections. The app creates rooms (start, or restore after
// a restart) and forwards every game.* request to them.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>

#include "db/records.hpp"
#include "db/stores.hpp"
#include "db/writer.hpp"
#include "protocol/payload_json.hpp"
#include "protocol/payloads.hpp"
#include "protocol/requests.hpp"
#include "protocol/responder.hpp"
#include "server/game/end_facts.hpp"
#include "server/net/connection.hpp"

namespace yunzi::game {

struct RoomPlayer {
  UserId user_id = 0;
  protocol::UserInfo info;
};

// What a room needs from the rest of the server; it must outlive every room.
struct RoomServices {
  boost::asio::io_context& io;
  db::Writer& writer;
  std::function<std::int64_t()> now_ms;        // Unix ms; wall clock in production, settable in tests
  std::chrono::milliseconds disconnect_grace;  // forfeit deadline (config, default 120 s)
  std::chrono::milliseconds scoring_deadline;  // default 180 s
  // Called on the writer thread, inside the end-of-game writer transaction (after end_game), to
  // record rank events for rated games; returns rank changes to announce. Until ranking is wired it
  // may return nothing. An error undoes the end (a request gets `internal`; a timer tries again).
  std::function<db::DbResult<std::vector<protocol::RankChange>>(db::Stores&, const GameEndFacts&)> rank_on_end;
  // Told (from the room's strand) after a game ended and its end is committed, and after every
  // change the lobby shows (move number, spectators) so the lobby can update its list. on_ended
  // runs before game.end is sent, so the game is over for the server when a player reads it.
  std::function<void(const protocol::LobbyGame&)> on_lobby_change;
  std::function<void(std::int64_t game, const protocol::GameEnd&)> on_ended;
  // Told (from the room's strand) when a fenced write found that another node of the cluster took the
  // game over: the room answers no more and waits to be retired.
  std::function<void(std::int64_t game, const db::GameFence& fence)> on_lost;
};

class GameRoom : public std::enable_shared_from_this<GameRoom> {
 public:
  // A new game: the row is already created by the app (game id known); the room sends
  // game.start (seq 1) to both players' connections that are passed in.
  static std::shared_ptr<GameRoom> start(RoomServices&, GameId, GameSettings, RoomPlayer black, RoomPlayer white,
                                         std::vector<net::ConnectionPtr> black_connections,
                                         std::vector<net::ConnectionPtr> white_connections);
  // The same in two steps, so the app can list the room where requests find it
  // before any player hears game.start and answers with a move.
  // In a cluster every write of the game carries the node's `fence` (db/ownership_store.hpp).
  static std::shared_ptr<GameRoom> create(RoomServices&, GameId, GameSettings, RoomPlayer black, RoomPlayer white,
                                          std::optional<db::GameFence> fence = std::nullopt);
  void announce(std::vector<net::ConnectionPtr> black_connections, std::vector<net::ConnectionPtr> white_connections);
  // After a restart: rebuilt from the stored game and moves; clocks resume without charging the
  // downtime; both players count as disconnected until they come back.
  // Both return nullptr (and log why) for settings or stored rows the engine cannot play.
  static std::shared_ptr<GameRoom> restore(RoomServices&, const db::GameWithMoves&, RoomPlayer black, RoomPlayer white,
                                           std::optional<db::GameFence> fence = std::nullopt);

  // All public methods are thread-safe: they post to the room's strand.
  // A request is answered through its Responder; events go to the
  // connections that follow the room.
  // The connection follows the room; answers ok with `state` or `events`
  // (then game.spectators follows); `user_name` names a signed-in spectator
  // in the spectator list. A player's watching connection counts as the
  // player's presence, as a connection passed to player_connected does.
  void watch(net::ConnectionPtr, std::optional<UserId> user, std::string user_name, std::optional<std::int64_t> since,
             protocol::Responder respond);
  // The connection stops following the room; answers ok.
  void unwatch(std::uint64_t connection_id, protocol::Responder respond);
  // every game.* request but watch/unwatch; the connection gives the lag and whether it follows the room
  void handle(net::ConnectionPtr, UserId user, std::string user_name, bool muted, protocol::Request request,
              protocol::Responder respond);
  // A player is here through each of their connections that follow the room (stand-ins for connections on other
  // nodes included): away (forfeit timer, game.opponent_gone) once the last is gone, back (game.opponent_back) when
  // one comes. `replay_since`: the events after that seq are sent first, or game.start as the game stands when the
  // room no longer holds them all (always for 0: the log does not keep game.start).
  void player_connected(UserId user, net::ConnectionPtr, std::optional<std::int64_t> replay_since = std::nullopt);
  // A connection that followed the game where it ran until now (on another node, or through the bus) follows it
  // here without being asked: it is sent game.start with the game as it stands (spectators included), then the
  // events after it, and `respond` is answered ok. `user`: signed in as; a player's connection is their presence,
  // as in watch(). A room whose game another node took (lost) does neither and leaves `respond` unanswered.
  void follow_again(net::ConnectionPtr, std::optional<UserId> user, std::string user_name, protocol::Responder respond);
  void player_disconnected(UserId user, std::uint64_t connection_id);
  void forfeit(UserId user, std::string reason);  // bans: the player loses (B+F / W+F)
  // A player with no connection in the room (on any node) forfeits; with
  // both gone, Black does. `done` hears who was there (black, white).
  void forfeit_absent(std::string reason, std::function<void(bool, bool)> done);
  void sgf(std::function<void(std::string)> done);  // SGF text of the game so far
  // Another node runs the game now: the room stops its timers, answers every request still queued with
  // `conflict`, and lets go of the connections that follow it, which `followers` gets (their ids) to have them
  // follow the game where it is.
  void retire(std::function<void(std::vector<std::uint64_t>)> followers);
  GameId id() const;
  // Whether the game is counting (after two passes); readable from any thread, for /metrics.
  bool in_scoring() const;

  ~GameRoom();

 private:
  struct Private;
  explicit GameRoom(std::unique_ptr<Private> impl);
  std::unique_ptr<Private> impl_;
};

}  // namespace yunzi::game
