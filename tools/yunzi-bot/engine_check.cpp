#include "tools/yunzi-bot/engine_check.hpp"

#include <spdlog/spdlog.h>

#include <vector>

#include "tools/yunzi-bot/engine_session.hpp"

namespace yunzi::bot {
namespace {

using Clock = std::chrono::steady_clock;
using Millis = std::chrono::milliseconds;

// Lone stones of both colours spread over the board (a lattice, 3x3 on
// the small boards, 4x4 on 19x19): every one of them weak, a position where
// the engine must read, not the empty board its opening book answers at
// once. GNU Go at level 8 takes about as long here as in a middle game.
EnginePicture probe_position(int size) {
  const std::vector<int> lines =
      size == 19 ? std::vector<int>{4, 8, 12, 16} : std::vector<int>{3, (size + 1) / 2, size - 2};
  auto vertex = [](int column, int row) {
    const char letter = static_cast<char>('A' + column - 1 + (column >= 9 ? 1 : 0));  // GTP skips I
    return std::string(1, letter) + std::to_string(row);
  };
  EnginePicture picture;
  picture.spec.size = size;
  picture.spec.komi = 7.5;
  picture.spec.time = nullptr;
  const std::string colors[] = {"black", "white"};
  int turn = 0;
  for (const int column : lines) {
    for (const int row : lines) picture.moves.push_back(PlayedMove{colors[turn++ % 2], vertex(column, row)});
  }
  return picture;
}

}  // namespace

Expected<EngineProfile, std::string> check_engine(const BotConfig& config) {
  const std::vector<std::string> command = engine_command(config, KoRule::simple);
  const Millis limit = std::chrono::seconds(config.max_genmove_s);
  EngineSession engine(command);
  EngineProfile profile;
  const std::vector<int> sizes = config.sizes.empty() ? std::vector<int>{9} : config.sizes;
  for (const int size : sizes) {
    const EnginePicture position = probe_position(size);
    const auto started = Clock::now();
    if (auto synced = engine.sync(position, limit); !synced) {
      return unexpected("the engine `" + command.front() + "` does not work: " + synced.error().message);
    }
    if (engine.engine_name().empty()) {
      return unexpected("the engine `" + command.front() + "` does not answer the GTP command `name`");
    }
    profile.name = engine.engine_name();
    // Two moves, white's and black's: the slower one counts.
    for (const char* color : {"white", "black"}) {
      const auto asked = Clock::now();
      auto move = engine.genmove(color, std::nullopt, limit);
      if (!move) return unexpected("the engine `" + command.front() + "` gave no move: " + move.error().message);
      profile.speed.record(size, std::chrono::duration_cast<Millis>(Clock::now() - asked));
    }
    spdlog::info("engine {}: {}x{} in {} ms (setup included), slowest move {} ms", profile.name, size, size,
                 std::chrono::duration_cast<Millis>(Clock::now() - started).count(),
                 profile.speed.slowest(size)->count());
  }
  return profile;
}

}  // namespace yunzi::bot
