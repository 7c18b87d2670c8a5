// What a tournament has seen so far, as the pairing and standings code reads
// it: the entrants with their ranks and the rounds they take part in, the
// games of every round with their results, and the byes. Players are small
// integer ids chosen by the caller; ranks are the engine's rank index
// (1 = 18k ... 18 = 1k, 19 = 1d ... 27 = 9d). Rounds count from 1.
#pragma once

#include <optional>
#include <vector>

namespace yunzi::tournament {

using PlayerId = int;

struct Entrant {
  PlayerId id = 0;
  int rank_index = 1;
  int first_round = 1;                 // a late entrant starts later
  std::optional<int> withdrawn_after;  // plays no round after this one
};

enum class Outcome {
  black_wins,
  white_wins,
  jigo,       // half a point each
  both_lose,  // both forfeited: nobody scores
  pending,    // not finished yet: nobody scores so far
};

struct Pairing {
  PlayerId black = 0;
  PlayerId white = 0;
  // 0: an even game; 1: no komi (让先); 2..9: stones. In a handicap game
  // black is the weaker side.
  int handicap = 0;
};

struct TournamentGame {
  int round = 1;
  Pairing players;
  Outcome outcome = Outcome::pending;
};

struct Bye {
  int round = 1;
  PlayerId player = 0;
};

struct TournamentRecord {
  std::vector<Entrant> entrants;
  std::vector<TournamentGame> games;
  std::vector<Bye> byes;
};

// One round's pairing as the pairing functions return it.
struct RoundPairing {
  std::vector<Pairing> games;
  std::vector<PlayerId> byes;  // at most one in a Swiss or round robin
};

// Whether the entrant is expected to play in the round.
inline bool plays_in_round(const Entrant& entrant, int round) {
  return round >= entrant.first_round && (!entrant.withdrawn_after || round <= *entrant.withdrawn_after);
}

}  // namespace yunzi::tournament
