#include "server/http/review_notes.hpp"

#include <cmath>
#include <cstdio>

namespace yunzi::http {
namespace {

std::string one_decimal(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

std::string lead_text(double score) {
  if (std::abs(score) < 0.05) return "even";
  return (score > 0 ? "B+" : "W+") + one_decimal(std::abs(score));
}

}  // namespace

std::vector<std::string> review_notes(const std::string& engine, const nlohmann::json& positions, std::size_t moves) {
  std::vector<std::string> notes(moves + 1);
  if (!positions.is_array()) return notes;
  for (const nlohmann::json& position : positions) {
    if (!position.is_object() || !position.contains("move") || !position["move"].is_number_unsigned()) continue;
    const auto at = position["move"].get<std::size_t>();
    if (at >= notes.size()) continue;
    std::vector<std::string> figures;
    if (position.contains("winrate") && position["winrate"].is_number())
      figures.push_back("Black " + one_decimal(position["winrate"].get<double>() * 100) + "%");
    if (position.contains("score") && position["score"].is_number())
      figures.push_back(lead_text(position["score"].get<double>()));
    std::string note = engine + ":";
    for (std::size_t i = 0; i < figures.size(); ++i) note += (i == 0 ? " " : ", ") + figures[i];
    const nlohmann::json best = position.value("best", nlohmann::json::array());
    if (best.is_array() && !best.empty() && best[0].is_object()) {
      note += figures.empty() ? " best" : " · best";
      const nlohmann::json line = best[0].value("line", nlohmann::json::array());
      if (line.is_array() && !line.empty()) {
        for (const auto& move : line) note += " " + (move.is_string() ? move.get<std::string>() : std::string("?"));
      } else {
        note += " " + best[0].value("vertex", std::string("?"));
      }
    }
    notes[at] = std::move(note);
  }
  return notes;
}

}  // namespace yunzi::http
