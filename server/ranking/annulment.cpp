#include "server/ranking/annulment.hpp"

#include <algorithm>
#include <set>
#include <string>

namespace yunzi::ranking {

namespace {

// For each event, how many games finished before it took effect.
Expected<std::vector<std::size_t>, RankingError> event_positions(const PlayerHistory& history) {
  std::vector<std::size_t> positions;
  for (const RankEvent& event : history.events) {
    std::size_t position = 0;
    if (event.change.game) {
      const auto found = std::find_if(history.games.begin(), history.games.end(),
                                      [&](const RatedGame& game) { return game.id == *event.change.game; });
      if (found == history.games.end()) {
        return unexpected(bad_input("a rank event names game " + std::to_string(*event.change.game) +
                                    ", which is not in the player's games"));
      }
      position = static_cast<std::size_t>(found - history.games.begin()) + 1;
    } else {
      position =
          static_cast<std::size_t>(std::count_if(history.games.begin(), history.games.end(),
                                                 [&](const RatedGame& game) { return game.finished_at <= event.at; }));
    }
    if (!positions.empty() && position < positions.back()) {
      return unexpected(bad_input("the rank events are not in the order of the games"));
    }
    positions.push_back(position);
  }
  return positions;
}

std::optional<RankingError> check_games(const PlayerHistory& history) {
  std::set<GameId> seen;
  for (std::size_t i = 0; i < history.games.size(); ++i) {
    if (!seen.insert(history.games[i].id).second) {
      return bad_input("game " + std::to_string(history.games[i].id) + " appears twice in the history");
    }
    if (i > 0 && history.games[i].finished_at < history.games[i - 1].finished_at) {
      return bad_input("the games are not in the order they finished");
    }
  }
  return std::nullopt;
}

bool same_step(const RankChange& a, const RankChange& b) {
  return a.from == b.from && a.to == b.to && a.game == b.game;
}

struct Replay {
  Rank rank;
  std::vector<RankChange> events;
  std::vector<RatedGame> block;
  std::vector<GameId> conversions;
};

Expected<Replay, RankingError> replay(const RankingPolicy& policy, const PlayerHistory& history, Rank start_rank,
                                      std::size_t first_game, GameId annulled) {
  PlayerState state{history.player, start_rank, start_rank, {}};
  Replay result;
  for (std::size_t i = first_game; i < history.games.size(); ++i) {
    const RatedGame& game = history.games[i];
    if (game.id == annulled || game.annulled) continue;
    auto decision = policy.evaluate_after_game(state, game);
    if (!decision) return unexpected(decision.error());
    state.block_games.push_back(game);
    for (RatedGame& in_block : state.block_games) {
      if (std::find(decision->conversions.begin(), decision->conversions.end(), in_block.id) !=
          decision->conversions.end()) {
        in_block.converted = true;
      }
    }
    result.conversions.insert(result.conversions.end(), decision->conversions.begin(), decision->conversions.end());
    if (decision->change) {
      result.events.push_back(*decision->change);
      state.rank = decision->change->to;
      state.block_start_rank = decision->change->to;
    }
    if (decision->block == BlockStatus::closed) state.block_games.clear();
  }
  result.rank = state.rank;
  result.block = std::move(state.block_games);
  return result;
}

}  // namespace

Expected<Recomputation, RankingError> recompute(const RankingPolicy& policy, const PlayerHistory& history,
                                                GameId annulled) {
  if (auto problem = check_games(history)) return unexpected(*problem);
  const auto annulled_at = std::find_if(history.games.begin(), history.games.end(),
                                        [&](const RatedGame& game) { return game.id == annulled; });
  if (annulled_at == history.games.end()) {
    return unexpected(bad_input("game " + std::to_string(annulled) + " is not one of the player's games"));
  }
  const auto annulled_index = static_cast<std::size_t>(annulled_at - history.games.begin());
  auto positions = event_positions(history);
  if (!positions) return unexpected(positions.error());

  // An event no game caused (admin, recommendation, revocation, publication)
  // is an act that stands; an event caused by a game depends on the annulled
  // game when it came after it.
  std::optional<std::size_t> anchor;
  for (std::size_t i = 0; i < history.events.size(); ++i) {
    if (!history.events[i].change.game || (*positions)[i] <= annulled_index) anchor = i;
  }
  const Rank start_rank = anchor ? history.events[*anchor].change.to : history.registered_rank;
  const std::size_t first_game = anchor ? (*positions)[*anchor] : 0;

  auto replayed = replay(policy, history, start_rank, first_game, annulled);
  if (!replayed) return unexpected(replayed.error());

  Recomputation result;
  result.rank = replayed->rank;
  result.conversions = replayed->conversions;
  for (const RatedGame& game : replayed->block) result.current_block.push_back(game.id);

  const std::size_t first_derived = anchor ? *anchor + 1 : 0;
  std::size_t kept = 0;
  while (first_derived + kept < history.events.size() && kept < replayed->events.size() &&
         same_step(history.events[first_derived + kept].change, replayed->events[kept])) {
    ++kept;
  }
  for (std::size_t i = first_derived + kept; i < history.events.size(); ++i) result.superseded.push_back(i);
  for (std::size_t i = kept; i < replayed->events.size(); ++i) {
    RankChange replacement = replayed->events[i];
    replacement.reason = ChangeReason::annulment;
    result.replacements.push_back(replacement);
  }
  const Rank recorded_rank = history.events.empty() ? history.registered_rank : history.events.back().change.to;
  if (recorded_rank != result.rank) {
    result.net_change = RankChange{recorded_rank, result.rank, ChangeReason::annulment, annulled};
  }
  return result;
}

Expected<Recomputation, RankingError> recompute(const PlayerHistory& history, GameId annulled) {
  return recompute(TomPolicy{}, history, annulled);
}

}  // namespace yunzi::ranking
