// The rank policy the server runs, chosen by configuration: "tom" (the TOM
// table for every rank) or "association" (the TOM table for kyu players, the
// association's monthly averages for dan players).
#pragma once

#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "engine/expected.hpp"
#include "server/ranking/association.hpp"
#include "server/ranking/evaluation.hpp"
#include "server/ranking/progress.hpp"

namespace yunzi::ranking {

class RankingPolicy {
 public:
  virtual ~RankingPolicy() = default;
  virtual std::string_view name() const = 0;
  // After every rated game, for each of its two players.
  virtual Expected<Decision, RankingError> evaluate_after_game(const PlayerState& state,
                                                               const RatedGame& game) const = 0;
  virtual RankProgress progress(const PlayerState& state) const = 0;
  // Run by the monthly job (and the admin command); the TOM policy publishes nothing.
  virtual std::vector<Promotion> monthly_promotions(std::span<const AssociationPlayer> players,
                                                    UnixSeconds date) const = 0;
};

class TomPolicy final : public RankingPolicy {
 public:
  std::string_view name() const override { return "tom"; }
  Expected<Decision, RankingError> evaluate_after_game(const PlayerState& state, const RatedGame& game) const override;
  RankProgress progress(const PlayerState& state) const override;
  std::vector<Promotion> monthly_promotions(std::span<const AssociationPlayer> players,
                                            UnixSeconds date) const override;
};

class AssociationPolicy final : public RankingPolicy {
 public:
  std::string_view name() const override { return "association"; }
  Expected<Decision, RankingError> evaluate_after_game(const PlayerState& state, const RatedGame& game) const override;
  RankProgress progress(const PlayerState& state) const override;
  std::vector<Promotion> monthly_promotions(std::span<const AssociationPlayer> players,
                                            UnixSeconds date) const override;
};

// "tom" or "association".
Expected<std::unique_ptr<RankingPolicy>, RankingError> make_ranking_policy(std::string_view name);

}  // namespace yunzi::ranking
