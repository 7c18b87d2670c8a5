#include "tsumego/glicko2.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace yunzi::tsumego {

namespace {

// Glicko-2 works on its own scale: mu = (rating - 1500) / scale, phi = deviation / scale.
constexpr double scale = 173.7178;
constexpr double base_rating = 1500;
// Constrains how fast the volatility changes; the paper suggests 0.3..1.2.
constexpr double tau = 0.5;
constexpr double convergence = 1e-6;

struct Scaled {
  double mu = 0;
  double phi = 0;
};

Scaled scaled(const Glicko& rating) { return {(rating.rating - base_rating) / scale, rating.deviation / scale}; }

// Weighs a game by how well the opponent's strength is known.
double g(double phi) { return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi)); }

double expected(double mu, double opponent_mu, double opponent_phi) {
  return 1 / (1 + std::exp(-g(opponent_phi) * (mu - opponent_mu)));
}

// Step 5 of the paper: the new volatility, by the Illinois variant of regula falsi on f.
double new_volatility(double phi, double variance, double delta, double volatility) {
  const double a = std::log(volatility * volatility);
  const auto f = [&](double x) {
    const double ex = std::exp(x);
    const double denominator = phi * phi + variance + ex;
    return ex * (delta * delta - phi * phi - variance - ex) / (2 * denominator * denominator) - (x - a) / (tau * tau);
  };
  double low = a;
  double high = 0;
  if (delta * delta > phi * phi + variance) {
    high = std::log(delta * delta - phi * phi - variance);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0) ++k;
    high = a - k * tau;
  }
  double f_low = f(low);
  double f_high = f(high);
  while (std::fabs(high - low) > convergence) {
    const double next = low + (low - high) * f_low / (f_high - f_low);
    const double f_next = f(next);
    if (f_next * f_high <= 0) {
      low = high;
      f_low = f_high;
    } else {
      f_low /= 2;
    }
    high = next;
    f_high = f_next;
  }
  return std::exp(low / 2);
}

double clamped_deviation(double phi) { return std::clamp(phi * scale, min_glicko_deviation, max_glicko_deviation); }

}  // namespace

Glicko update_rating(const Glicko& player, std::span<const GlickoGame> games) {
  const Scaled own = scaled(player);
  if (games.empty()) {
    const double phi = std::sqrt(own.phi * own.phi + player.volatility * player.volatility);
    return {player.rating, clamped_deviation(phi), player.volatility};
  }
  double information = 0;  // 1 / v
  double improvement = 0;  // delta / v
  for (const auto& game : games) {
    const Scaled opponent = scaled(game.opponent);
    const double weight = g(opponent.phi);
    const double e = expected(own.mu, opponent.mu, opponent.phi);
    information += weight * weight * e * (1 - e);
    improvement += weight * (game.score - e);
  }
  const double variance = 1 / information;
  const double volatility = new_volatility(own.phi, variance, variance * improvement, player.volatility);
  const double pre_period_phi = std::sqrt(own.phi * own.phi + volatility * volatility);
  const double phi = 1 / std::sqrt(1 / (pre_period_phi * pre_period_phi) + information);
  const double mu = own.mu + phi * phi * improvement;
  return {mu * scale + base_rating, clamped_deviation(phi), volatility};
}

GlickoUpdate rate_attempt(const Glicko& player, const Glicko& problem, bool solved) {
  const double score = solved ? 1 : 0;
  const GlickoGame against_problem{problem, score};
  const GlickoGame against_player{player, 1 - score};
  return {update_rating(player, {&against_problem, 1}), update_rating(problem, {&against_player, 1})};
}

double expected_score(const Glicko& player, const Glicko& problem) {
  const Scaled own = scaled(player);
  const Scaled opponent = scaled(problem);
  return expected(own.mu, opponent.mu, opponent.phi);
}

}  // namespace yunzi::tsumego
