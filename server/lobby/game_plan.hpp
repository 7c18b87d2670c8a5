// Who plays which colour, and on what terms, when a seek or a challenge is
// accepted: nigiri for even games, the weaker player on black for 让先 and
// fixed handicaps, and the rated-game rules (19x19, situational superko, ranks
// as close as the rank policy asks, one rated game in progress per player, no
// handicap stones, a clock, komi and colours as the rank rules fix them).
// Pure: the coin is passed in.
#pragma once

#include <functional>
#include <string>

#include "core/expected.hpp"
#include "core/time_control.hpp"
#include "db/records.hpp"
#include "protocol/errors.hpp"
#include "protocol/payloads.hpp"
#include "server/lobby/plan_rules.hpp"
#include "server/ranking/eligibility.hpp"

namespace yunzi::lobby {

struct Contender {
  UserId id = 0;
  protocol::UserInfo info;
  bool has_rated_game_in_progress = false;
};

struct GamePlan {
  GameSettings settings;  // color is left as the creator asked; the seats below decide
  Contender black;
  Contender white;
};

struct PlanRefusal {
  protocol::ErrorCode code = protocol::ErrorCode::bad_request;
  std::string message;
};

// The settings a seek or challenge is made with: its own clock, else the
// default clock in whole seconds (a fraction of a second rounds up, so a
// period never shrinks to nothing).
GameSettings settings_to_play(const protocol::RequestedSettings& requested, const PlanRules& rules);

// Returns true when the creator takes black; called only when the colours are drawn.
using Coin = std::function<bool()>;

// creator: the player who made the seek or sent the challenge (their colour
// choice applies); acceptor: the other player.
Expected<GamePlan, PlanRefusal> plan_game(const GameSettings& settings, const Contender& creator,
                                          const Contender& acceptor, const PlanRules& rules, const Coin& coin);

// The checks that do not depend on the opponent, so a rated seek or challenge
// that can never be played is refused when it is made.
Expected<Done, PlanRefusal> check_rated_settings(const GameSettings& settings, const protocol::UserInfo& creator,
                                                 const PlanRules& rules);

// The row a planned game is stored as.
db::NewGame new_game_row(const GamePlan& plan, TimeMs started_ms);

}  // namespace yunzi::lobby
