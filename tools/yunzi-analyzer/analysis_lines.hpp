// The live analysis lines of KataGo's kata-analyze and Leela Zero's
// lz-analyze: "info move D4 visits 120 winrate 0.53 scoreLead 1.5 ... pv D4
// Q16 ...", one "info" per candidate move, several to a line. Pure.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace yunzi::analyzer {

struct Candidate {
  std::string move;  // as the engine spells it ("D4", "pass")
  std::int64_t visits = 0;
  std::optional<double> winrate;  // of the side to move, 0..1
  std::optional<double> score;    // the side to move's lead, in points
  std::vector<std::string> line;  // the principal variation, the move first
};

// The candidates of one line, in the engine's order (order 0 first).
// Leela Zero gives winrates in ten-thousandths (`leela`); KataGo as 0..1.
std::vector<Candidate> parse_analysis_line(std::string_view text, bool leela);

}  // namespace yunzi::analyzer
