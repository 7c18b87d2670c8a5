// The database writer under load: moves committed per second with group
// commit and many producers, and submit-to-commit latency at a steady
// 2,000 moves per second. Runs against a real file in the temp directory.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "db/database.hpp"
#include "db/sql_stores.hpp"
#include "db/writer.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace yunzi;
using namespace yunzi::db;
using Clock = std::chrono::steady_clock;

class BenchDatabase {
 public:
  std::string path() const { return dir_.file("bench.db"); }

  // One game per producer, between two fresh users.
  std::vector<GameId> create_games(int count) {
    auto connection = open_database(path());
    if (!connection) throw std::runtime_error(connection.error().message);
    SqlStores stores(*connection);
    std::vector<GameId> games;
    for (int i = 0; i < count; ++i) {
      const UserId black = make_user(stores, "b");
      const UserId white = make_user(stores, "w");
      NewGame game;
      game.black_id = black;
      game.white_id = white;
      game.black_rank = game.white_rank = Rank::kyu(4);
      game.settings.rated = false;
      game.settings.time = TimeControl::byoyomi(1'200'000, 3, 30'000);
      game.started_ms = 1;
      games.push_back(*stores.games().create(game));
    }
    return games;
  }

 private:
  UserId make_user(SqlStores& stores, const std::string& prefix) {
    const std::string name = prefix + std::to_string(next_user_++);
    return stores.users().create(NewUser{name, name, "h", Rank::kyu(4), Role::user, 1, std::nullopt})->id;
  }
  yunzi::test_support::TempDir dir_{"yunzi-bench-db"};
  int next_user_ = 0;
};

Writer::Work move_work(GameId game, int number) {
  return [game, number](Stores& stores) {
    MoveRecord move;
    move.number = number;
    move.move.color = number % 2 ? yunzi::engine::Color::black : yunzi::engine::Color::white;
    move.move.vertex = yunzi::engine::Vertex{number % 19, number / 19 % 19};
    move.clock_ms = 600'000;
    move.periods_left = 3;
    move.server_ms = number;
    return stores.games().append_move(game, move, R"({"black":{"main_ms":600000},"white":{"main_ms":600000}})");
  };
}

// Moves committed per second, shaped like the server: `threads` producer
// threads (the io threads) each drive `games` games, and a game submits its
// next move only after the previous one is acknowledged, so each game has at
// most one move in flight. The completion hands the game back to its
// thread, as the server posts it back to the room's strand. The third
// argument, 1, submits as the game rooms do (Writer::Where::here_when_idle): a
// producer that finds the writer idle commits its move itself.
struct ProducerQueue {
  std::mutex mutex;
  std::condition_variable wake;
  std::vector<int> ready;  // indexes of games whose last move is acknowledged
};

void BM_writer_games(benchmark::State& state) {
  const int threads = static_cast<int>(state.range(0));
  const int games_per_thread = static_cast<int>(state.range(1));
  const auto where = state.range(2) == 1 ? Writer::Where::here_when_idle : Writer::Where::queued;
  const int moves_per_game = std::max(20, 60'000 / (threads * games_per_thread));
  BenchDatabase db;
  std::uint64_t acknowledged_total = 0;
  std::uint64_t batches = 0;
  for (auto _ : state) {
    state.PauseTiming();
    const std::vector<GameId> games = db.create_games(threads * games_per_thread);
    auto connection = open_database(db.path());
    if (!connection) {
      state.SkipWithError(connection.error().message.c_str());
      return;
    }
    Writer writer(std::move(*connection));
    std::atomic<int> failed{0};
    std::vector<ProducerQueue> queues(threads);
    state.ResumeTiming();

    std::vector<std::thread> producers;
    for (int t = 0; t < threads; ++t) {
      producers.emplace_back([&, t] {
        ProducerQueue& queue = queues[t];
        std::vector<int> next_move(games_per_thread, 1);
        std::vector<int> ready(games_per_thread);
        for (int g = 0; g < games_per_thread; ++g) ready[g] = g;
        int finished = 0;
        while (finished < games_per_thread) {
          for (int g : ready) {
            const int n = next_move[g]++;
            if (n > moves_per_game) {
              ++finished;
              continue;
            }
            writer.submit(
                move_work(games[t * games_per_thread + g], n),
                [&, g](DbResult<yunzi::Done> r) {
                  if (!r) ++failed;
                  std::lock_guard lock(queue.mutex);
                  queue.ready.push_back(g);
                  queue.wake.notify_one();
                },
                where);
          }
          ready.clear();
          if (finished == games_per_thread) break;
          std::unique_lock lock(queue.mutex);
          queue.wake.wait(lock, [&] { return !queue.ready.empty(); });
          ready.swap(queue.ready);
        }
      });
    }
    for (auto& p : producers) p.join();
    writer.shutdown();

    state.PauseTiming();
    if (failed > 0) state.SkipWithError("a move failed to commit");
    acknowledged_total += static_cast<std::uint64_t>(threads) * games_per_thread * moves_per_game;
    batches += writer.stats().batches;
    state.ResumeTiming();
  }
  state.counters["moves_per_s"] =
      benchmark::Counter(static_cast<double>(acknowledged_total), benchmark::Counter::kIsRate);
  state.counters["moves_per_batch"] =
      static_cast<double>(acknowledged_total) / static_cast<double>(std::max<std::uint64_t>(batches, 1));
}
BENCHMARK(BM_writer_games)
    ->Args({1, 1, 0})
    ->Args({1, 1, 1})
    ->Args({2, 16, 0})
    ->Args({2, 16, 1})
    ->Args({2, 128, 0})
    ->Args({2, 128, 1})
    ->Args({2, 512, 0})
    ->Args({2, 512, 1})
    ->Args({8, 128, 0})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

// Producers submit without waiting for acknowledgements: the upper bound.
void BM_writer_burst(benchmark::State& state) {
  const int producers = static_cast<int>(state.range(0));
  constexpr int moves_per_producer = 10'000;
  BenchDatabase db;
  std::uint64_t acknowledged_total = 0;
  for (auto _ : state) {
    state.PauseTiming();
    const std::vector<GameId> games = db.create_games(producers);
    auto connection = open_database(db.path());
    if (!connection) {
      state.SkipWithError(connection.error().message.c_str());
      return;
    }
    Writer writer(std::move(*connection));
    std::atomic<int> failed{0};
    state.ResumeTiming();
    std::vector<std::thread> threads;
    for (int p = 0; p < producers; ++p) {
      threads.emplace_back([&, game = games[p]] {
        for (int n = 1; n <= moves_per_producer; ++n) {
          writer.submit(move_work(game, n), [&](DbResult<yunzi::Done> r) { failed += r ? 0 : 1; });
        }
      });
    }
    for (auto& t : threads) t.join();
    writer.shutdown();
    if (failed > 0) state.SkipWithError("a move failed to commit");
    acknowledged_total += static_cast<std::uint64_t>(producers) * moves_per_producer;
  }
  state.counters["moves_per_s"] =
      benchmark::Counter(static_cast<double>(acknowledged_total), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_writer_burst)->Arg(4)->UseRealTime()->Unit(benchmark::kMillisecond);

// One move every 500 microseconds for three seconds; latency is measured
// from submit to the completion (after COMMIT).
void BM_writer_latency_at_2000_per_s(benchmark::State& state) {
  constexpr int moves = 6'000;
  constexpr auto interval = std::chrono::microseconds(500);
  BenchDatabase db;
  std::vector<double> latencies_ms;
  for (auto _ : state) {
    const GameId game = db.create_games(1).front();
    auto connection = open_database(db.path());
    if (!connection) {
      state.SkipWithError(connection.error().message.c_str());
      return;
    }
    Writer writer(std::move(*connection));
    std::vector<Clock::time_point> submitted(moves + 1);
    std::vector<double> latency(moves + 1, -1);
    const auto start = Clock::now();
    for (int n = 1; n <= moves; ++n) {
      std::this_thread::sleep_until(start + n * interval);
      submitted[n] = Clock::now();
      writer.submit(move_work(game, n), [&, n](DbResult<yunzi::Done> r) {
        if (r) latency[n] = std::chrono::duration<double, std::milli>(Clock::now() - submitted[n]).count();
      });
    }
    writer.shutdown();
    for (int n = 1; n <= moves; ++n) {
      if (latency[n] < 0) state.SkipWithError("a move failed to commit");
      latencies_ms.push_back(latency[n]);
    }
  }
  std::sort(latencies_ms.begin(), latencies_ms.end());
  auto percentile = [&](double p) { return latencies_ms[static_cast<std::size_t>(p * (latencies_ms.size() - 1))]; };
  state.counters["p50_ms"] = percentile(0.50);
  state.counters["p99_ms"] = percentile(0.99);
  state.counters["max_ms"] = latencies_ms.back();
}
BENCHMARK(BM_writer_latency_at_2000_per_s)->Iterations(1)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
