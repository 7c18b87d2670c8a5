#include "tournament_test_support.hpp"

#include <algorithm>

namespace yunzi::tournament::testing {

std::vector<Entrant> entrants(int count, int strongest, int per_rank) {
  std::vector<Entrant> result;
  for (int id = 1; id <= count; ++id) {
    const int rank = std::max(1, strongest - (id - 1) / per_rank);
    result.push_back(Entrant{id, rank, 1, std::nullopt});
  }
  return result;
}

void play(TournamentRecord& record, int round, PlayerId black, PlayerId white, Outcome outcome) {
  record.games.push_back(TournamentGame{round, Pairing{black, white}, outcome});
}

void play_round(TournamentRecord& record, const RoundPairing& pairing, int round, std::mt19937& random) {
  std::bernoulli_distribution black_wins(0.5);
  for (const Pairing& game : pairing.games) {
    record.games.push_back(TournamentGame{round, game, black_wins(random) ? Outcome::black_wins : Outcome::white_wins});
  }
  for (PlayerId player : pairing.byes) record.byes.push_back(Bye{round, player});
}

std::multiset<std::pair<PlayerId, PlayerId>> pairs_met(const TournamentRecord& record) {
  std::multiset<std::pair<PlayerId, PlayerId>> pairs;
  for (const TournamentGame& game : record.games) {
    pairs.insert(std::minmax(game.players.black, game.players.white));
  }
  return pairs;
}

}  // namespace yunzi::tournament::testing
