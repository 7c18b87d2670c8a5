#include "server/tournament/player_history.hpp"

#include <algorithm>

namespace yunzi::tournament {

HalfPoints PlayerHistory::score() const {
  HalfPoints total = initial;
  for (const RoundPlay& play : rounds) total += play.points;
  return total;
}

int PlayerHistory::blacks() const {
  return static_cast<int>(
      std::count_if(rounds.begin(), rounds.end(), [](const RoundPlay& play) { return play.colour == Colour::black; }));
}

int PlayerHistory::whites() const {
  return static_cast<int>(
      std::count_if(rounds.begin(), rounds.end(), [](const RoundPlay& play) { return play.colour == Colour::white; }));
}

Colour PlayerHistory::last_colour() const {
  for (auto play = rounds.rbegin(); play != rounds.rend(); ++play) {
    if (play->colour != Colour::none) return play->colour;
  }
  return Colour::none;
}

bool PlayerHistory::had_bye() const {
  return std::any_of(rounds.begin(), rounds.end(), [](const RoundPlay& play) { return play.bye; });
}

bool PlayerHistory::has_met(PlayerId other) const {
  return std::any_of(rounds.begin(), rounds.end(), [other](const RoundPlay& play) { return play.opponent == other; });
}

TournamentHistory::TournamentHistory(const TournamentRecord& record, const ScoreRules& rules, int through_round)
    : rounds_(std::max(0, through_round)) {
  for (const Entrant& entrant : record.entrants) {
    PlayerHistory history{entrant, initial_score(entrant, rules), std::vector<RoundPlay>(rounds_)};
    players_.emplace(entrant.id, std::move(history));
  }
  auto round_of = [&](PlayerId player, int round) -> RoundPlay* {
    const auto found = players_.find(player);
    if (found == players_.end() || round < 1 || round > rounds_) return nullptr;
    return &found->second.rounds[round - 1];
  };
  for (const TournamentGame& game : record.games) {
    RoundPlay* black = round_of(game.players.black, game.round);
    RoundPlay* white = round_of(game.players.white, game.round);
    if (black == nullptr || white == nullptr) continue;
    const bool decided = game.outcome != Outcome::pending && game.outcome != Outcome::both_lose;
    // A handicap game's colours follow the handicap, so they count in nobody's colour balance.
    const bool even = game.players.handicap == 0;
    *black = RoundPlay{game.players.white, even ? Colour::black : Colour::none, points_for_black(game.outcome), false,
                       decided};
    *white = RoundPlay{game.players.black, even ? Colour::white : Colour::none, points_for_white(game.outcome), false,
                       decided};
  }
  for (const Bye& bye : record.byes) {
    // A round robin's table keeps a withdrawn player's byes; a round they do not play scores nothing.
    const auto found = players_.find(bye.player);
    if (found == players_.end() || !plays_in_round(found->second.entrant, bye.round)) continue;
    if (RoundPlay* play = round_of(bye.player, bye.round))
      *play = RoundPlay{std::nullopt, Colour::none, rules.bye_points, true};
  }
}

}  // namespace yunzi::tournament
