// The board service's watchers on a real SQLite file, a real read pool and
// real sessions: a watch counts its connection until the connection closes,
// and a connection that closes while its board is still being read leaves
// nothing behind once the read comes back.
#include <prometheus/registry.h>
#include <catch2/catch.hpp>

#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>

#include "db/read_pool.hpp"
#include "db/writer.hpp"
#include "server/app/board_service.hpp"
#include "tests/support/io_wait.hpp"
#include "tests/unit/db/temp_database.hpp"
#include "tests/unit/session/recording_connection.hpp"

using namespace yunzi;
using app::testing::RecordingConnection;

namespace {

struct BoardWatchFixture {
  db::testing::TempDir dir{"yunzi-boards"};
  db::DatabaseTarget database = db::testing::fresh_test_database(dir);
  BoardId board = make_board();
  db::Writer writer{db::testing::open_migrated(database)};
  // One reader thread: reads come back in the order they were asked for.
  db::ReadPool reads{database, 1};
  boost::asio::io_context io;
  app::NowMs now = [] { return TimeMs{1'000'000}; };
  std::shared_ptr<app::BoardService> boards =
      std::make_shared<app::BoardService>(io, writer, reads, now, boards::BoardLimits{});
  prometheus::Registry registry;
  session::AppMetrics metrics{registry};

  BoardId make_board() {
    auto connection = db::testing::open_migrated(database);
    db::SqlStores stores(connection);
    db::NewBoard record;
    record.owner_id = db::testing::create_user(stores, "ann").id;
    record.title = "a board";
    record.size = 9;
    auto id = stores.boards().create(record);
    REQUIRE(id);
    return *id;
  }

  // A session whose every request is a board.watch of the board.
  session::SessionPtr watcher(const std::shared_ptr<RecordingConnection>& connection) {
    return session::Session::create(io, connection, metrics, [this](const session::SessionPtr& s, std::string, bool) {
      boards->watch(app::Call{reads, now, s, s->responder(1)}, board);
    });
  }

  // The board service let go of the connection through the cleanup its watch registered on the session.
  void close(const session::SessionPtr& session) { session->close(); }

  bool run_until(const std::function<bool()>& done) {
    return test_support::run_io_until(io, done, std::chrono::seconds(5));
  }
};

}  // namespace

TEST_CASE_METHOD(BoardWatchFixture, "board watch: a watching connection counts until it closes", "[app][boards]") {
  auto connection = std::make_shared<RecordingConnection>(1);
  auto session = watcher(connection);
  session->receive("watch", false);
  REQUIRE(run_until([&] { return !connection->frames.empty(); }));
  CHECK(connection->frames.at(0)["type"] == "ok");
  CHECK(connection->frames.at(0)["board"]["id"] == board);
  CHECK(boards->watching_connections() == 1);

  close(session);
  CHECK(run_until([&] { return boards->watching_connections() == 0; }));
}

TEST_CASE_METHOD(BoardWatchFixture, "board watch: a connection closed while its board is read is not registered after",
                 "[app][boards]") {
  // The first watch reads the board from the database; the connection
  // closes, and its cleanup reaches the board service, before that read
  // comes back. A second connection's watch queues behind the first read.
  auto closing = std::make_shared<RecordingConnection>(1);
  auto closing_session = watcher(closing);
  closing_session->receive("watch", false);
  close(closing_session);
  auto staying = std::make_shared<RecordingConnection>(2);
  auto staying_session = watcher(staying);
  staying_session->receive("watch", false);

  REQUIRE(run_until([&] { return !staying->frames.empty(); }));
  CHECK(staying->frames.at(0)["type"] == "ok");
  CHECK(closing->frames.empty());
  CHECK(boards->watching_connections() == 1);
  CHECK(boards->open_boards() == 1);
}
