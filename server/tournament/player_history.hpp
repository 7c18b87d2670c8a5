// Each entrant's rounds so far, read out of a TournamentRecord once: who they
// met with which colour, what each round gave them, their byes and their
// score. Pairing and standings both start from it.
#pragma once

#include <map>
#include <optional>
#include <vector>

#include "server/tournament/score_rules.hpp"
#include "server/tournament/tournament_record.hpp"

namespace yunzi::tournament {

enum class Colour { none, black, white };

struct RoundPlay {
  std::optional<PlayerId> opponent;  // none for a bye or a round not played
  Colour colour = Colour::none;
  HalfPoints points = 0;
  bool bye = false;
  bool decided = false;  // a game with a result someone played for (not pending, not lost by both)
};

struct PlayerHistory {
  Entrant entrant;
  HalfPoints initial = 0;
  std::vector<RoundPlay> rounds;  // rounds[r - 1] is round r

  HalfPoints score() const;
  int blacks() const;
  int whites() const;
  int colour_balance() const { return blacks() - whites(); }
  Colour last_colour() const;
  bool had_bye() const;
  bool has_met(PlayerId other) const;
};

class TournamentHistory {
 public:
  // Rounds 1..through_round of the record; games still pending score nothing.
  TournamentHistory(const TournamentRecord& record, const ScoreRules& rules, int through_round);

  const PlayerHistory& of(PlayerId player) const { return players_.at(player); }
  const std::map<PlayerId, PlayerHistory>& players() const { return players_; }
  int rounds() const { return rounds_; }

 private:
  std::map<PlayerId, PlayerHistory> players_;
  int rounds_ = 0;
};

}  // namespace yunzi::tournament
