// The rank policy the server runs, chosen by configuration: "tom" (the TOM
// table for every rank) or "association" (the TOM table for kyu players, the
// association's monthly averages for dan players, with its settings).
#pragma once

#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "server/ranking/association.hpp"
#include "server/ranking/eligibility.hpp"
#include "server/ranking/evaluation.hpp"
#include "server/ranking/progress.hpp"

namespace yunzi::ranking {

class RankingPolicy {
 public:
  virtual ~RankingPolicy() = default;
  virtual std::string_view name() const = 0;
  // How far apart two players' ranks may be for a rated game.
  virtual RankGapRule rated_rank_gap() const = 0;
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
  RankGapRule rated_rank_gap() const override { return tom_rank_gap; }
  Expected<Decision, RankingError> evaluate_after_game(const PlayerState& state, const RatedGame& game) const override;
  RankProgress progress(const PlayerState& state) const override;
  std::vector<Promotion> monthly_promotions(std::span<const AssociationPlayer> players,
                                            UnixSeconds date) const override;
};

class AssociationPolicy final : public RankingPolicy {
 public:
  AssociationPolicy() = default;
  explicit AssociationPolicy(AssociationRules rules) : rules_(rules) {}
  std::string_view name() const override { return "association"; }
  RankGapRule rated_rank_gap() const override { return association_rank_gap; }
  Expected<Decision, RankingError> evaluate_after_game(const PlayerState& state, const RatedGame& game) const override;
  RankProgress progress(const PlayerState& state) const override;
  std::vector<Promotion> monthly_promotions(std::span<const AssociationPlayer> players,
                                            UnixSeconds date) const override;
  const AssociationRules& rules() const { return rules_; }

 private:
  AssociationRules rules_;
};

// "tom" or "association" (which reads `association`; "tom" ignores it).
Expected<std::unique_ptr<RankingPolicy>, RankingError> make_ranking_policy(std::string_view name,
                                                                           const AssociationRules& association = {});

}  // namespace yunzi::ranking
