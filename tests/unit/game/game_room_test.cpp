// GameRoom end to end below the network: a real io_context, the real
// writer on a SQLite file in a temporary directory, and connections that
// record what they are sent.
#include <atomic>
#include <chrono>
#include <functional>
#include <future>
#include <mutex>

#include <catch2/catch.hpp>

#include "db/database.hpp"
#include "server/game/clock_codec.hpp"
#include "server/game/room.hpp"
#include "tests/support/io_wait.hpp"
#include "tests/unit/db/temp_database.hpp"
#include "tests/unit/game/room_test_support.hpp"

using namespace yunzi;
using namespace yunzi::game;
using namespace std::chrono_literals;
using yunzi::game::testing::json_of;

namespace {

class RecordingConnection : public net::Connection {
 public:
  explicit RecordingConnection(std::uint64_t id) : id_(id) {}
  std::uint64_t id() const override { return id_; }
  const std::string& remote_address() const override { return address_; }
  void send(std::shared_ptr<const std::string> frame) override {
    std::lock_guard lock(mutex_);
    frames_.push_back(nlohmann::json::parse(*frame));
  }
  void close(std::uint16_t code, std::string) override {
    std::lock_guard lock(mutex_);
    close_code_ = code;
  }
  std::optional<std::uint16_t> closed_with() const {
    std::lock_guard lock(mutex_);
    return close_code_;
  }
  std::optional<std::chrono::microseconds> median_rtt() const override { return std::chrono::microseconds(40'000); }

  std::vector<nlohmann::json> frames() const {
    std::lock_guard lock(mutex_);
    return frames_;
  }
  bool got(const std::string& type) const {
    for (const auto& frame : frames()) {
      if (frame["type"] == type) return true;
    }
    return false;
  }
  nlohmann::json last(const std::string& type) const {
    nlohmann::json found;
    for (const auto& frame : frames()) {
      if (frame["type"] == type) found = frame;
    }
    return found;
  }

 private:
  std::uint64_t id_;
  std::string address_ = "127.0.0.1:1";
  mutable std::mutex mutex_;
  std::vector<nlohmann::json> frames_;
  std::optional<std::uint16_t> close_code_;
};

std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

yunzi::GameSettings friendly_9x9() {
  yunzi::GameSettings settings;
  settings.size = 9;
  settings.rated = false;
  settings.time = yunzi::TimeControl::byoyomi(600'000, 3, 30'000);
  return settings;
}

struct Fixture {
  db::testing::TempDir dir{"yunzi-game"};
  boost::asio::io_context io;
  std::unique_ptr<db::Writer> writer;
  std::unique_ptr<RoomServices> services;
  std::vector<protocol::LobbyGame> lobby;
  std::vector<std::pair<std::int64_t, protocol::GameEnd>> ended;
  std::vector<GameEndFacts> ranked;
  std::vector<std::int64_t> lost;
  RoomPlayer alice{0, {"alice", *Rank::from_index(15), Role::user}};
  RoomPlayer bob{0, {"bob", *Rank::from_index(15), Role::user}};
  std::mutex mutex;

  explicit Fixture(std::chrono::milliseconds grace = 120s) {
    open_writer();
    services = std::make_unique<RoomServices>(
        RoomServices{io, *writer, wall_ms, grace, 180s,
                     [this](db::Stores&, const GameEndFacts& facts) -> db::DbResult<std::vector<protocol::RankChange>> {
                       std::lock_guard lock(mutex);
                       ranked.push_back(facts);
                       return std::vector<protocol::RankChange>{protocol::RankChange{
                           "alice", *Rank::from_index(15), *Rank::from_index(16), "promotion", facts.game}};
                     },
                     [this](const protocol::LobbyGame& game) { lobby.push_back(game); },
                     [this](std::int64_t game, const protocol::GameEnd& end) { ended.emplace_back(game, end); },
                     [this](std::int64_t game, const db::GameFence&) { lost.push_back(game); }});
    alice.user_id = add_user("alice");
    bob.user_id = add_user("bob");
  }
  ~Fixture() { writer->shutdown(); }

  void open_writer() { writer = std::make_unique<db::Writer>(db::testing::open_migrated(dir.file("yunzi.db"))); }

  template <class T>
  T on_writer(std::function<db::DbResult<T>(db::Stores&)> work) {
    std::promise<db::DbResult<T>> promise;
    writer->submit_for<T>(std::move(work), [&promise](db::DbResult<T> r) { promise.set_value(std::move(r)); });
    auto result = promise.get_future().get();
    REQUIRE(result.has_value());
    return std::move(*result);
  }

  // A friendly 9x9 game stored and its room started: alice on connection 1 against bob on connection 2.
  struct Table {
    GameId id;
    std::shared_ptr<RecordingConnection> alice;
    std::shared_ptr<RecordingConnection> bob;
    std::shared_ptr<GameRoom> room;
  };
  Table start_friendly() {
    const GameId id = add_game(friendly_9x9());
    auto alice_connection = std::make_shared<RecordingConnection>(1);
    auto bob_connection = std::make_shared<RecordingConnection>(2);
    auto room = GameRoom::start(*services, id, friendly_9x9(), alice, bob, {alice_connection}, {bob_connection});
    return Table{id, std::move(alice_connection), std::move(bob_connection), std::move(room)};
  }

  UserId add_user(const std::string& name) {
    return on_writer<UserId>([name](db::Stores& s) -> db::DbResult<UserId> {
      auto user = s.users().create(db::NewUser{name, name, "$argon2id$x", Rank::kyu(4), Role::user, 1, std::nullopt});
      if (!user) return unexpected(user.error());
      return user->id;
    });
  }

  GameId add_game(const yunzi::GameSettings& settings) {
    db::NewGame game;
    game.black_id = alice.user_id;
    game.white_id = bob.user_id;
    game.black_rank = game.white_rank = *Rank::from_index(15);
    game.settings = settings;
    game.started_ms = wall_ms();
    game.clock_state = initial_clock_state(settings);
    return on_writer<GameId>([game](db::Stores& s) { return s.games().create(game); });
  }

  db::GameWithMoves load(GameId id) {
    return on_writer<db::GameWithMoves>([id](db::Stores& s) -> db::DbResult<db::GameWithMoves> {
      auto game = s.games().load(id);
      if (!game) return unexpected(game.error());
      return **game;
    });
  }

  bool run_until(const std::function<bool()>& done, std::chrono::milliseconds limit = 3s) {
    return test_support::run_io_until(io, done, limit);
  }
};

protocol::Request game_move(const std::string& vertex) {
  return protocol::req::GameMove{1, protocol::VertexText{vertex}};
}

std::atomic<int> answered_twice{0};

// A Responder that answers onto the connection, as a session's does.
struct AnswerToConnection final : protocol::Responder::Channel {
  explicit AnswerToConnection(std::shared_ptr<net::Connection> to) : connection(std::move(to)) {}
  void answered(protocol::Frame frame, std::optional<protocol::ErrorCode>) override {
    connection->send(std::move(frame));
  }
  void dropped(const protocol::RequestId&) override {}
  void answered_again(const protocol::RequestId&) override { ++answered_twice; }
  std::shared_ptr<net::Connection> connection;
};

protocol::Responder answer_to(std::shared_ptr<net::Connection> connection, std::int64_t id) {
  return protocol::Responder(id, std::make_shared<AnswerToConnection>(std::move(connection)));
}

}  // namespace

TEST_CASE("GameRoom: start, a committed move broadcast to players and spectators, then resignation") {
  Fixture f;
  auto [id, alice, bob, room] = f.start_friendly();
  auto carol = std::make_shared<RecordingConnection>(3);
  REQUIRE(room);
  REQUIRE(f.run_until([&] { return bob->got("game.start"); }));
  CHECK(alice->last("game.start")["seq"] == 1);

  // carol watches from two connections and counts once; an anonymous connection is counted apart.
  auto carol_again = std::make_shared<RecordingConnection>(4);
  auto anonymous = std::make_shared<RecordingConnection>(5);
  constexpr UserId carol_id = 77;
  room->watch(carol_again, carol_id, "carol", std::nullopt, answer_to(carol_again, 6));
  room->watch(anonymous, std::nullopt, "", std::nullopt, answer_to(anonymous, 6));
  room->watch(carol, carol_id, "carol", std::nullopt, answer_to(carol, 7));
  REQUIRE(f.run_until([&] { return carol->got("ok"); }));
  CHECK(carol->last("ok")["state"]["spectators"] == 1);
  CHECK(carol->last("ok")["state"]["anonymous_spectators"] == 1);
  CHECK(carol->last("ok")["state"]["spectator_names"] == nlohmann::json::array({"carol"}));
  CHECK(f.lobby.back().spectators == 1);
  CHECK(f.lobby.back().anonymous_spectators == 1);
  // The players hear who watches, as it changes.
  REQUIRE(f.run_until([&] { return alice->got("game.spectators"); }));
  CHECK(alice->last("game.spectators")["spectator_names"] == nlohmann::json::array({"carol"}));
  CHECK(alice->last("game.spectators")["anonymous_spectators"] == 1);
  CHECK_FALSE(alice->last("game.spectators").contains("seq"));
  room->unwatch(carol_again->id(), protocol::Responder::unheard());
  room->unwatch(anonymous->id(), protocol::Responder::unheard());
  REQUIRE(f.run_until([&] { return f.lobby.back().anonymous_spectators == 0; }));
  CHECK(f.lobby.back().spectators == 1);
  REQUIRE(f.run_until([&] { return alice->last("game.spectators")["anonymous_spectators"] == 0; }));
  CHECK(alice->last("game.spectators")["spectator_names"] == nlohmann::json::array({"carol"}));

  room->handle(alice, f.alice.user_id, "alice", false, game_move("C3"), answer_to(alice, 8));
  REQUIRE(f.run_until([&] { return carol->got("game.move"); }));
  // Committed before anyone heard of it.
  const auto stored = f.load(id);
  REQUIRE(stored.moves.size() == 1);
  CHECK(stored.moves[0].move.vertex == engine::Vertex{2, 6});
  CHECK(alice->last("ok")["re"] == 8);
  CHECK(bob->last("game.move")["seq"] == 2);
  CHECK(f.lobby.back().move_number == 1);

  room->handle(bob, f.bob.user_id, "bob", false, game_move("C3"), answer_to(bob, 9));
  REQUIRE(f.run_until([&] { return bob->got("error"); }));
  CHECK(bob->last("error")["code"] == "illegal_move");

  room->handle(carol, 99, "carol", false, protocol::req::GameChat{1, "hi", std::nullopt}, answer_to(carol, 10));
  REQUIRE(f.run_until([&] { return carol->got("game.chat"); }));
  CHECK_FALSE(alice->got("game.chat"));

  room->handle(bob, f.bob.user_id, "bob", false, protocol::req::GameResign{1}, answer_to(bob, 11));
  REQUIRE(f.run_until([&] { return carol->got("game.end"); }));
  const auto end = alice->last("game.end");
  CHECK(end["result"] == "B+R");
  CHECK(end["rank_changes"].size() == 1);
  CHECK(end["seq"] == 3);
  REQUIRE(f.ended.size() == 1);
  CHECK(to_sgf(f.ended[0].second.result) == "B+R");
  REQUIRE(f.ranked.size() == 1);
  CHECK(f.ranked[0].result.winner == engine::Color::black);
  const auto finished = f.load(id);
  CHECK(finished.game.status == db::GameStatus::ended);
  REQUIRE(finished.game.result);
  CHECK(to_sgf(*finished.game.result) == "B+R");

  std::string sgf;
  room->sgf([&](std::string text) { sgf = std::move(text); });
  REQUIRE(f.run_until([&] { return !sgf.empty(); }));
  CHECK(sgf.find(";B[cg]") != std::string::npos);
  CHECK(sgf.find("RE[B+R]") != std::string::npos);
  CHECK(answered_twice == 0);
}

TEST_CASE("GameRoom: a player who stays away past the grace loses by forfeit") {
  Fixture f(150ms);
  auto [id, alice, bob, room] = f.start_friendly();
  room->player_connected(f.alice.user_id, alice);
  room->player_disconnected(f.bob.user_id, bob->id());
  REQUIRE(f.run_until([&] { return alice->got("game.opponent_gone"); }));
  CHECK(alice->last("game.opponent_gone")["color"] == "white");
  REQUIRE(f.run_until([&] { return alice->got("game.end"); }));
  CHECK(alice->last("game.end")["result"] == "B+F");
  REQUIRE(f.load(id).game.result);
  CHECK(to_sgf(*f.load(id).game.result) == "B+F");
}

TEST_CASE("GameRoom: a player is away only once the last of their connections is gone, and back through any") {
  Fixture f;
  auto [id, alice, bob, room] = f.start_friendly();
  auto bob_again = std::make_shared<RecordingConnection>(4);
  room->player_connected(f.bob.user_id, bob_again);
  room->player_disconnected(f.bob.user_id, bob->id());
  room->handle(alice, f.alice.user_id, "alice", false, game_move("C3"), answer_to(alice, 1));
  REQUIRE(f.run_until([&] { return bob_again->got("game.move"); }));
  CHECK_FALSE(alice->got("game.opponent_gone"));
  CHECK_FALSE(bob->got("game.move"));
  // A connection that never counted for the player changes nothing.
  room->player_disconnected(f.bob.user_id, 99);
  room->player_disconnected(f.bob.user_id, bob_again->id());
  REQUIRE(f.run_until([&] { return alice->got("game.opponent_gone"); }));
  CHECK(alice->last("game.opponent_gone")["color"] == "white");

  // Watching from another node's stand-in is being back.
  auto stand_in = std::make_shared<RecordingConnection>(5);
  room->watch(stand_in, f.bob.user_id, "bob", std::nullopt, answer_to(stand_in, 2));
  REQUIRE(f.run_until([&] { return alice->got("game.opponent_back"); }));
  room->player_disconnected(f.bob.user_id, stand_in->id());
  REQUIRE(f.run_until([&] { return alice->frames().back()["type"] == "game.opponent_gone"; }));
}

TEST_CASE("GameRoom: an ended room is freed once the registry lets go of it") {
  Fixture f;  // a grace of minutes: the away player's forfeit timer is still armed when the game ends
  auto [id, alice, bob, room] = f.start_friendly();
  auto carol = std::make_shared<RecordingConnection>(3);
  REQUIRE(room);
  room->watch(carol, UserId{77}, "carol", std::nullopt, answer_to(carol, 1));
  room->player_disconnected(f.bob.user_id, bob->id());
  REQUIRE(f.run_until([&] { return alice->got("game.opponent_gone") && carol->got("ok"); }));
  room->handle(alice, f.alice.user_id, "alice", false, protocol::req::GameResign{1}, answer_to(alice, 2));
  REQUIRE(f.run_until([&] { return carol->got("game.end"); }));

  // Nothing but its holder keeps an ended room: not its timer, its watchers or its players' connections.
  const std::weak_ptr<GameRoom> freed = room;
  room.reset();
  CHECK(f.run_until([&] { return freed.expired(); }));
}

TEST_CASE("GameRoom: restored from the database, a returning player resumes the game") {
  Fixture f;
  const GameId id = f.add_game(friendly_9x9());
  {
    auto alice = std::make_shared<RecordingConnection>(1);
    auto bob = std::make_shared<RecordingConnection>(2);
    auto room = GameRoom::start(*f.services, id, friendly_9x9(), f.alice, f.bob, {alice}, {bob});
    room->handle(alice, f.alice.user_id, "alice", false, game_move("C3"), answer_to(alice, 1));
    REQUIRE(f.run_until([&] { return bob->got("game.move"); }));
    room->handle(bob, f.bob.user_id, "bob", false, game_move("G7"), answer_to(bob, 2));
    REQUIRE(f.run_until([&] { return alice->last("game.move")["seq"] == 3; }));
  }
  const auto stored = f.load(id);
  REQUIRE(stored.moves.size() == 2);
  auto room = GameRoom::restore(*f.services, stored, f.alice, f.bob);
  REQUIRE(room);
  auto alice = std::make_shared<RecordingConnection>(11);
  auto bob = std::make_shared<RecordingConnection>(12);
  room->watch(bob, f.bob.user_id, "bob", std::nullopt, answer_to(bob, 5));
  REQUIRE(f.run_until([&] { return bob->got("ok"); }));
  const auto state = bob->last("ok")["state"];
  CHECK(state["moves"] == nlohmann::json::array({"C3", "G7"}));
  CHECK(state["to_move"] == "black");
  CHECK(bob->got("game.opponent_back"));
  room->player_connected(f.alice.user_id, alice);
  room->handle(alice, f.alice.user_id, "alice", false, game_move("D4"), answer_to(alice, 6));
  REQUIRE(f.run_until([&] { return bob->got("game.move"); }));
  CHECK(f.load(id).moves.size() == 3);
}

TEST_CASE("GameRoom: a failed commit leaves the game as it was and answers internal") {
  Fixture f;
  auto [id, alice, bob, room] = f.start_friendly();
  REQUIRE(f.run_until([&] { return alice->got("game.start"); }));
  f.writer->shutdown();  // every later commit fails with `stopped`
  room->handle(alice, f.alice.user_id, "alice", false, game_move("C3"), answer_to(alice, 3));
  REQUIRE(f.run_until([&] { return alice->got("error"); }));
  CHECK(alice->last("error")["code"] == "internal");
  CHECK_FALSE(bob->got("game.move"));
  room->watch(bob, f.bob.user_id, "bob", std::nullopt, answer_to(bob, 4));
  REQUIRE(f.run_until([&] { return bob->got("ok"); }));
  CHECK(bob->last("ok")["state"]["moves"].empty());
  CHECK(bob->last("ok")["state"]["seq"] == 1);
}

TEST_CASE(
    "GameRoom: in a cluster every write is fenced; a room whose game another node took answers conflict and "
    "retires") {
  Fixture f;
  const GameId id = f.add_game(friendly_9x9());
  const std::int64_t now = wall_ms();
  const db::GameFence fence = f.on_writer<db::GameFence>([&](db::Stores& s) -> db::DbResult<db::GameFence> {
    auto lease = s.owners().claim(id, "n1", now, now + 60'000);
    if (!lease) return unexpected(lease.error());
    return (*lease)->fence;
  });
  auto alice = std::make_shared<RecordingConnection>(1);
  auto bob = std::make_shared<RecordingConnection>(2);
  auto room = GameRoom::create(*f.services, id, friendly_9x9(), f.alice, f.bob, fence);
  REQUIRE(room);
  room->announce({alice}, {bob});
  room->handle(alice, f.alice.user_id, "alice", false, game_move("D4"), answer_to(alice, 1));
  REQUIRE(f.run_until([&] { return bob->got("game.move"); }));
  CHECK(f.load(id).moves.size() == 1);

  // Node n2 takes the game over (n1's lease ran out while it was away).
  const auto taken = f.on_writer<bool>([&](db::Stores& s) -> db::DbResult<bool> {
    auto lease = s.owners().claim(id, "n2", now + 120'000, now + 180'000);
    if (!lease) return unexpected(lease.error());
    return lease->has_value();
  });
  REQUIRE(taken);
  room->handle(bob, f.bob.user_id, "bob", false, game_move("E5"), answer_to(bob, 2));
  REQUIRE(f.run_until([&] { return bob->got("error"); }));
  CHECK(bob->last("error")["code"] == "conflict");
  CHECK(bob->last("error")["re"] == 2);
  CHECK(f.lost == std::vector<std::int64_t>{id});
  CHECK(f.load(id).moves.size() == 1);
  // Nothing more goes out of the lost room, and nothing is written.
  room->handle(bob, f.bob.user_id, "bob", false, game_move("E5"), answer_to(bob, 3));
  REQUIRE(f.run_until([&] { return bob->last("error")["re"] == 3; }));
  CHECK(bob->last("error")["code"] == "conflict");
  // Retired, the room lets go of its connections and names them, for the node to send after the game.
  std::optional<std::vector<std::uint64_t>> let_go;
  room->retire([&](std::vector<std::uint64_t> ids) { let_go = std::move(ids); });
  REQUIRE(f.run_until([&] { return let_go.has_value(); }));
  CHECK(*let_go == std::vector<std::uint64_t>{1, 2});
  CHECK_FALSE(alice->closed_with().has_value());
  const std::size_t frames_to_bob = bob->frames().size();
  room->handle(alice, f.alice.user_id, "alice", false, game_move("E5"), answer_to(alice, 4));
  REQUIRE(f.run_until([&] { return alice->last("error")["re"] == 4; }));
  CHECK(alice->last("error")["code"] == "conflict");
  CHECK(bob->frames().size() == frames_to_bob);
  // A watch asked of the lost room is refused to be asked again (the node that runs the game answers it then), and
  // a connection sent to follow it there is neither subscribed nor answered: its game may be behind that node's.
  auto carol = std::make_shared<RecordingConnection>(3);
  room->watch(carol, std::nullopt, "", std::nullopt, answer_to(carol, 5));
  room->follow_again(carol, std::nullopt, "", answer_to(carol, 6));
  room->handle(carol, f.alice.user_id, "alice", false, game_move("E5"), answer_to(carol, 7));
  REQUIRE(f.run_until([&] { return carol->last("error")["re"] == 7; }));
  CHECK(carol->frames().size() == 2);
  CHECK(carol->frames()[0]["re"] == 5);
  CHECK(carol->frames()[0]["code"] == "unavailable");
  CHECK(bob->frames().size() == frames_to_bob);
  CHECK(f.load(id).moves.size() == 1);
}
