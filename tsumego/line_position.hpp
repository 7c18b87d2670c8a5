// A problem's position after a line of moves, and the solver's question there. The line is replayed under the
// server's rules (situational superko, no suicide), so a move the rules forbid is refused here, with its reason.
#pragma once

#include <string>
#include <vector>

#include "core/expected.hpp"
#include "engine/game.hpp"
#include "tsumego/life_and_death.hpp"
#include "tsumego/problem.hpp"

namespace yunzi::tsumego {

struct LineRefusal {
  std::size_t move_index = 0;  // which move of the line
  std::string reason;          // the engine's name for it: "occupied", "suicide", "superko", ...
};

// The game from the problem's position, the moves of `line` played alternately from its side to move.
Expected<engine::Game, LineRefusal> replay(const Problem& problem, const std::vector<Play>& line);
Expected<Done, LineRefusal> play_on(engine::Game& game, const Play& move, std::size_t move_index);

// The region every question about the problem uses (fixed at the problem's own position).
std::vector<engine::Vertex> problem_region(const Problem& problem);

// The solver's question about the problem's target in `game`'s position, `to_move` first.
LifeQuestion question_at(const Problem& problem, const engine::Game& game, engine::Color to_move,
                         const std::vector<engine::Vertex>& region);

// Whether the side to move owns the target (a live or a ko for life) rather than attacks it.
bool player_owns_target(const Problem& problem);

// Whether `status` (the target's, the problem's side to move having played best) meets the goal. A result better
// than the goal asks (a group that lives outright where a ko was asked for) meets it too.
bool meets(const Problem& problem, Status status);

}  // namespace yunzi::tsumego
