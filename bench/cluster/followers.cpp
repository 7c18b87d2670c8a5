// yunzi_bench_followers: spectators on one node of a cluster, one anonymous connection per game, for
// bench/cluster/takeover. It watches the games, says `ready`, and at each line on standard input (the script
// has just killed the node running the games) waits for every spectator to hear its game again: a game.start
// from where the game went, or its connection closed. One line per round: how many heard it, how soon, and
// how many were closed.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "tools/client/ws_client.hpp"

namespace {

using yunzi::client::Json;
using yunzi::client::WsClient;
using Clock = std::chrono::steady_clock;

constexpr auto wait_per_round = std::chrono::seconds(30);

struct Spectator {
  std::int64_t game = 0;
  std::unique_ptr<WsClient> client;
};

// After the kill: the ms until the game.start, or nullopt when the connection closed or nothing came.
std::optional<std::int64_t> heard_again(Spectator& spectator, Clock::time_point killed) {
  const auto remaining = std::chrono::duration_cast<std::chrono::milliseconds>(killed + wait_per_round - Clock::now());
  auto start = spectator.client->wait_for_event("game.start", std::max(remaining, std::chrono::milliseconds(1)),
                                                [&](const Json& e) { return e.value("game", 0) == spectator.game; });
  if (!start) return std::nullopt;
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - killed).count();
}

void report_round(std::vector<Spectator>& spectators, Clock::time_point killed) {
  std::vector<std::optional<std::int64_t>> heard(spectators.size());
  std::vector<std::thread> waiting;
  for (std::size_t i = 0; i < spectators.size(); ++i) {
    waiting.emplace_back([&, i] { heard[i] = heard_again(spectators[i], killed); });
  }
  for (auto& thread : waiting) thread.join();
  std::vector<std::int64_t> times;
  std::size_t closed = 0;
  for (std::size_t i = 0; i < spectators.size(); ++i) {
    if (heard[i]) times.push_back(*heard[i]);
    if (!spectators[i].client->is_open()) ++closed;
  }
  std::sort(times.begin(), times.end());
  std::printf("spectators %zu: game.start on %zu (median %lld ms, max %lld ms), closed %zu\n", spectators.size(),
              times.size(), times.empty() ? -1LL : static_cast<long long>(times[(times.size() - 1) / 2]),
              times.empty() ? -1LL : static_cast<long long>(times.back()), closed);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::printf("usage: yunzi_bench_followers PORT GAME_IDS_FILE (run by bench/cluster/takeover)\n");
    return 0;
  }
  const auto port = static_cast<std::uint16_t>(std::stoi(argv[1]));
  std::ifstream ids(argv[2]);
  std::vector<Spectator> spectators;
  for (std::int64_t game = 0; ids >> game;) {
    auto client = WsClient::connect("127.0.0.1", port);
    if (!client) {
      std::fprintf(stderr, "cannot connect: %s\n", client.error().c_str());
      return 1;
    }
    auto watched = (*client)->request(Json{{"type", "game.watch"}, {"game", game}});
    if (!watched || watched->value("type", "") != "ok") {
      std::fprintf(stderr, "cannot watch game %lld: %s\n", static_cast<long long>(game),
                   watched ? watched->dump().c_str() : watched.error().c_str());
      return 1;
    }
    spectators.push_back({game, std::move(*client)});
  }
  std::printf("ready\n");
  std::fflush(stdout);
  for (std::string line; std::getline(std::cin, line);) {
    report_round(spectators, Clock::now());
  }
  return 0;
}
