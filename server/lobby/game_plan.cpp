#include "server/lobby/game_plan.hpp"

#include "server/game/clock_codec.hpp"

namespace yunzi::lobby {
namespace {

Unexpected<PlanRefusal> refuse(protocol::ErrorCode code, std::string message) {
  return unexpected(PlanRefusal{code, std::move(message)});
}

Unexpected<PlanRefusal> not_eligible(std::string message) {
  return refuse(protocol::ErrorCode::not_rated_eligible, std::move(message));
}

std::int64_t whole_seconds_ms(std::int64_t ms) { return (ms + 999) / 1000 * 1000; }

// The wire and the games table keep whole seconds.
TimeControl in_whole_seconds(TimeControl time) {
  time.main_ms = whole_seconds_ms(time.main_ms);
  time.period_ms = whole_seconds_ms(time.period_ms);
  time.increment_ms = whole_seconds_ms(time.increment_ms);
  time.max_ms = whole_seconds_ms(time.max_ms);
  return time;
}

GamePlan seat(const GameSettings& settings, const Contender& creator, const Contender& acceptor, bool creator_black) {
  return creator_black ? GamePlan{settings, creator, acceptor} : GamePlan{settings, acceptor, creator};
}

// Friendly games: an explicit colour choice stands; otherwise the weaker
// player takes black when stones or 让先 are given, and equal ranks draw.
GamePlan plan_friendly(const GameSettings& settings, const Contender& creator, const Contender& acceptor,
                       const Coin& coin) {
  switch (settings.color) {
    case ColorChoice::black: return seat(settings, creator, acceptor, true);
    case ColorChoice::white: return seat(settings, creator, acceptor, false);
    case ColorChoice::automatic: break;
  }
  if (settings.handicap >= 1 && creator.info.rank != acceptor.info.rank) {
    return seat(settings, creator, acceptor, creator.info.rank < acceptor.info.rank);
  }
  return seat(settings, creator, acceptor, coin());
}

}  // namespace

GameSettings settings_to_play(const protocol::RequestedSettings& requested, const PlanRules& rules) {
  return requested.with_default_time(in_whole_seconds(rules.default_clock));
}

Expected<Done, PlanRefusal> check_rated_settings(const GameSettings& settings, const protocol::UserInfo& creator,
                                                 const PlanRules& rules) {
  if (!settings.rated) return Done{};
  if (creator.role == Role::bot && !rules.bots_may_play_rated) {
    return not_eligible("bots play friendly games only on this server");
  }
  if (settings.size != ranking::rated_board_size) return not_eligible("rated games are played on 19x19 only");
  if (auto refusal = ranking::rated_ko_refusal(settings.ko)) return not_eligible(std::move(refusal->message));
  if (settings.handicap >= 2) return not_eligible("rated games have no handicap stones; play them friendly");
  if (settings.time.system == TimeSystem::none) {
    return not_eligible("rated games need a clock; time system none is for friendly games");
  }
  if (settings.handicap == 0 && settings.color != ColorChoice::automatic) {
    return not_eligible("rated even games draw colours by nigiri; leave color as auto");
  }
  const double expected_komi = settings.handicap == 0 ? ranking::even_game_komi : ranking::rang_xian_komi;
  if (settings.komi != expected_komi) {
    return not_eligible(settings.handicap == 0 ? "rated even games use komi 7.5" : "rated 让先 games use komi 0.5");
  }
  return Done{};
}

Expected<GamePlan, PlanRefusal> plan_game(const GameSettings& settings, const Contender& creator,
                                          const Contender& acceptor, const PlanRules& rules, const Coin& coin) {
  if (creator.id == acceptor.id) return refuse(protocol::ErrorCode::bad_request, "you cannot play against yourself");
  if (!settings.rated) return plan_friendly(settings, creator, acceptor, coin);

  if (auto checked = check_rated_settings(settings, creator.info, rules); !checked) return unexpected(checked.error());
  if (acceptor.info.role == Role::bot && !rules.bots_may_play_rated) {
    return not_eligible("bots play friendly games only on this server");
  }
  ranking::RatedGameRequest request;
  request.board_size = settings.size;
  request.first = creator.info.rank;
  request.second = acceptor.info.rank;
  request.first_has_rated_game_in_progress = creator.has_rated_game_in_progress;
  request.second_has_rated_game_in_progress = acceptor.has_rated_game_in_progress;
  request.handicap = settings.handicap;
  request.ko = settings.ko;
  request.rank_gap = rules.rank_gap;
  auto terms = ranking::rated_terms(request);
  if (!terms) return not_eligible(terms.error().message);

  if (terms->nigiri || !terms->black) return seat(settings, creator, acceptor, coin());
  const bool creator_black = *terms->black == ranking::Seat::first;
  const bool conflicts = (settings.color == ColorChoice::black && !creator_black) ||
                         (settings.color == ColorChoice::white && creator_black);
  if (conflicts) return not_eligible("in a rated 让先 game the weaker player takes black");
  return seat(settings, creator, acceptor, creator_black);
}

db::NewGame new_game_row(const GamePlan& plan, TimeMs started_ms) {
  db::NewGame row;
  row.black_id = plan.black.id;
  row.white_id = plan.white.id;
  row.black_rank = plan.black.info.rank;
  row.white_rank = plan.white.info.rank;
  row.settings = plan.settings;
  row.started_ms = started_ms;
  row.clock_state = game::initial_clock_state(plan.settings);
  return row;
}

}  // namespace yunzi::lobby
