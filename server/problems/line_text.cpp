#include "server/problems/line_text.hpp"

#include "engine/types.hpp"

namespace yunzi::problems {

std::string play_text(const tsumego::Play& play, int size) { return engine::to_gtp(play, size); }

std::optional<tsumego::Play> parse_play(const std::string& text, int size) {
  if (text == "pass") return tsumego::Play{};
  const auto vertex = engine::parse_gtp(text, size);
  if (!vertex) return std::nullopt;
  return tsumego::Play{*vertex};
}

std::optional<std::vector<tsumego::Play>> parse_line(const std::vector<std::string>& line, int size) {
  std::vector<tsumego::Play> out;
  out.reserve(line.size());
  for (const std::string& text : line) {
    auto play = parse_play(text, size);
    if (!play) return std::nullopt;
    out.push_back(*play);
  }
  return out;
}

}  // namespace yunzi::problems
