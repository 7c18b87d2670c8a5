// The machine's review written into a game's SGF as comments, so any SGF
// program shows it: on each position the engine's figures from Black's side
// and its preferred line ("gnugo: B+3.5 · best D4 Q16 R14";
// "katago: Black 55.3%, B+1.2 · best ..."). `/games/{id}.review.sgf`.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace yunzi::http {

// One note a position (0: the start, then after each move), from the stored
// positions (protocol/README.md, "The machine's review"); a position the
// engine said nothing of gets an empty note.
std::vector<std::string> review_notes(const std::string& engine, const nlohmann::json& positions, std::size_t moves);

}  // namespace yunzi::http
