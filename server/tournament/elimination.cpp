#include "server/tournament/elimination.hpp"

#include <algorithm>
#include <map>

namespace yunzi::tournament {

namespace {

std::size_t bracket_size(std::size_t entrants) {
  std::size_t size = 1;
  while (size < entrants) size *= 2;
  return size;
}

// Seed numbers (1-based) in bracket order: 1, 8, 4, 5, 2, 7, 3, 6 for 8.
std::vector<std::size_t> bracket_positions(std::size_t size) {
  std::vector<std::size_t> order{1};
  while (order.size() < size) {
    const std::size_t doubled = order.size() * 2;
    std::vector<std::size_t> next;
    for (std::size_t seed : order) {
      next.push_back(seed);
      next.push_back(doubled + 1 - seed);
    }
    order = std::move(next);
  }
  return order;
}

using Slot = std::optional<PlayerId>;

struct Match {
  Slot first;
  Slot second;
};

const TournamentGame* find_game(const TournamentRecord& record, int round, PlayerId a, PlayerId b) {
  for (const TournamentGame& game : record.games) {
    if (game.round != round) continue;
    if ((game.players.black == a && game.players.white == b) || (game.players.black == b && game.players.white == a)) {
      return &game;
    }
  }
  return nullptr;
}

}  // namespace

int elimination_rounds(std::size_t entrants) {
  int rounds = 0;
  for (std::size_t size = bracket_size(entrants); size > 1; size /= 2) ++rounds;
  return rounds;
}

std::optional<RoundPairing> elimination_round(const TournamentRecord& record, const std::vector<PlayerId>& seeds,
                                              int round) {
  if (round < 1 || round > elimination_rounds(seeds.size())) return std::nullopt;
  std::map<PlayerId, std::size_t> seed_of;
  for (std::size_t i = 0; i < seeds.size(); ++i) seed_of[seeds[i]] = i;

  std::vector<Slot> slots;
  for (std::size_t seed : bracket_positions(bracket_size(seeds.size()))) {
    slots.push_back(seed <= seeds.size() ? Slot(seeds[seed - 1]) : std::nullopt);
  }
  // Play the bracket forward to the round asked for.
  for (int played = 1; played < round; ++played) {
    std::vector<Slot> winners;
    for (std::size_t i = 0; i + 1 < slots.size(); i += 2) {
      const Slot& a = slots[i];
      const Slot& b = slots[i + 1];
      if (!a || !b) {
        winners.push_back(a ? a : b);
        continue;
      }
      const TournamentGame* game = find_game(record, played, *a, *b);
      if (game == nullptr || game->outcome == Outcome::pending) return std::nullopt;
      switch (game->outcome) {
        case Outcome::black_wins: winners.push_back(game->players.black); break;
        case Outcome::white_wins: winners.push_back(game->players.white); break;
        case Outcome::jigo: winners.push_back(seed_of.at(*a) < seed_of.at(*b) ? a : b); break;
        default: winners.push_back(std::nullopt); break;
      }
    }
    slots = std::move(winners);
  }

  RoundPairing pairing;
  for (std::size_t i = 0; i + 1 < slots.size(); i += 2) {
    const Slot& a = slots[i];
    const Slot& b = slots[i + 1];
    if (a && b) {
      const bool a_weaker = seed_of.at(*a) > seed_of.at(*b);
      pairing.games.push_back(a_weaker ? Pairing{*a, *b} : Pairing{*b, *a});
    } else if (a || b) {
      pairing.byes.push_back(a ? *a : *b);
    }
  }
  return pairing;
}

}  // namespace yunzi::tournament
