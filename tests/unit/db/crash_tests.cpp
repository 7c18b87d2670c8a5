// A writer process killed with SIGKILL at random moments must not lose any
// move it acknowledged, and must leave a sound file.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <random>
#include <thread>

#include "db/writer.hpp"
#include "tests/unit/db/temp_database.hpp"

using namespace yunzi;
using namespace yunzi::db;
using namespace yunzi::db::testing;

namespace {

// The child: appends moves 1, 2, 3, ... through the writer and writes each
// acknowledged number to the pipe. Never returns; the parent kills it.
[[noreturn]] void append_moves_forever(const std::string& path, GameId game, int ack_fd) {
  auto connection = open_database(path);
  if (!connection) _exit(3);
  Writer writer(std::move(*connection));
  std::atomic<int> in_flight{0};
  for (int number = 1;; ++number) {
    while (in_flight.load() > 200) std::this_thread::sleep_for(std::chrono::microseconds(50));
    ++in_flight;
    writer.submit(
        [game, number](Stores& stores) {
          return stores.games().append_move(game, sample_move(number, number % 19, number / 19 % 19), "");
        },
        [ack_fd, number, &in_flight](DbResult<yunzi::Done> result) {
          if (!result) _exit(4);
          const std::int32_t acked = number;
          if (write(ack_fd, &acked, sizeof acked) != sizeof acked) _exit(5);
          --in_flight;
        });
  }
}

// Reads acknowledgements until the deadline, kills the child, then drains.
int collect_until_killed(pid_t child, int ack_fd, std::chrono::milliseconds run_for) {
  int highest = 0;
  auto take = [&](bool until_eof) {
    std::int32_t buffer[1024];
    for (;;) {
      pollfd pfd{ack_fd, POLLIN, 0};
      if (!until_eof && poll(&pfd, 1, 5) <= 0) return;
      const ssize_t got = read(ack_fd, buffer, sizeof buffer);
      if (got <= 0) return;
      for (ssize_t i = 0; i < got / static_cast<ssize_t>(sizeof(std::int32_t)); ++i) {
        if (buffer[i] > highest) highest = buffer[i];
      }
    }
  };
  const auto deadline = std::chrono::steady_clock::now() + run_for;
  while (std::chrono::steady_clock::now() < deadline) take(false);
  kill(child, SIGKILL);
  int status = 0;
  waitpid(child, &status, 0);
  CHECK(WIFSIGNALED(status));
  take(true);
  return highest;
}

}  // namespace

TEST_CASE("every acknowledged move survives SIGKILL of the writing process", "[db][crash]") {
  TempDir dir;
  const std::string path = dir.file("crash.db");
  std::mt19937 random(20240607);
  std::uniform_int_distribution<int> run_ms(20, 300);
  int total_acked = 0;

  for (int round = 0; round < 6; ++round) {
    GameId game = 0;
    {
      Connection connection = open_migrated(path);
      SqlStores stores(connection);
      const UserId black = create_user(stores, "b" + std::to_string(round)).id;
      const UserId white = create_user(stores, "w" + std::to_string(round)).id;
      game = *stores.games().create(sample_game(black, white));
    }
    int pipe_fds[2];
    REQUIRE(pipe(pipe_fds) == 0);
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      close(pipe_fds[0]);
      append_moves_forever(path, game, pipe_fds[1]);
    }
    close(pipe_fds[1]);
    const int acked = collect_until_killed(child, pipe_fds[0], std::chrono::milliseconds(run_ms(random)));
    close(pipe_fds[0]);
    total_acked += acked;

    Connection reopened = open_migrated(path);
    SqlStores stores(reopened);
    auto loaded = stores.games().load(game);
    REQUIRE(loaded);
    REQUIRE(loaded->has_value());
    const GameWithMoves& g = **loaded;
    INFO("round " << round << ": acknowledged " << acked << ", stored " << g.moves.size());
    CHECK(static_cast<int>(g.moves.size()) >= acked);
    CHECK(g.game.move_count == static_cast<int>(g.moves.size()));
    for (std::size_t i = 0; i < g.moves.size(); ++i) REQUIRE(g.moves[i].number == static_cast<int>(i) + 1);
    auto check = reopened.query("PRAGMA integrity_check");
    REQUIRE(check);
    REQUIRE(*check->step());
    CHECK(check->row().text(0) == "ok");
  }
  CHECK(total_acked > 0);
}
