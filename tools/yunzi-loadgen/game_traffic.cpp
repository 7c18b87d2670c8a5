#include "tools/yunzi-loadgen/game_traffic.hpp"

#include "tools/random_play/random_player.hpp"

namespace yunzi::loadgen {

namespace {

// Random play fills the board in about size^2 * 1.2 moves; beyond this the
// game is ended and replaced even if the random player still finds moves.
int move_cap(int size) { return 2 * size * size; }

std::int64_t micros_between(SteadyTime from, SteadyTime to) {
  return std::chrono::duration_cast<std::chrono::microseconds>(to - from).count();
}

}  // namespace

GameTraffic::GameTraffic(boost::asio::io_context& io, int games, int board_size, double move_rate, std::uint64_t seed,
                         RunCounters& counters, Hooks hooks)
    : io_(io),
      board_size_(board_size),
      period_(std::chrono::nanoseconds(static_cast<std::int64_t>(1e9 / move_rate))),
      rng_(seed),
      counters_(counters),
      hooks_(std::move(hooks)),
      games_(static_cast<std::size_t>(games)) {
  timers_.reserve(games_.size());
  for (std::size_t i = 0; i < games_.size(); ++i) timers_.push_back(std::make_unique<boost::asio::steady_timer>(io_));
}

void GameTraffic::begin(int game) {
  GameState& state = games_[game];
  engine::GameSetup setup;
  setup.size = board_size_;
  state.position.emplace(std::move(engine::Game::create(setup).value()));
  state.active = true;
  state.awaiting = false;
  state.moves = 0;
  state.sent = {};
}

void GameTraffic::suspend(int game) { games_[game].active = false; }

void GameTraffic::start_ticking() {
  ticking_ = true;
  const auto now = std::chrono::steady_clock::now();
  const auto count = static_cast<std::int64_t>(games_.size());
  for (std::int64_t g = 0; g < count; ++g) {
    // Evenly spread over one period, so the server sees a steady stream.
    schedule(static_cast<int>(g), now + period_ * g / std::max<std::int64_t>(count, 1));
  }
}

void GameTraffic::stop_ticking() {
  ticking_ = false;
  for (auto& timer : timers_) timer->cancel();
}

void GameTraffic::schedule(int game, SteadyTime at) {
  auto& timer = *timers_[game];
  timer.expires_at(at);
  timer.async_wait([this, game](const boost::system::error_code& ec) {
    if (ec || !ticking_) return;
    tick(game);
    // From the previous deadline, not from now: the rate does not drift.
    schedule(game, timers_[game]->expiry() + period_);
  });
}

void GameTraffic::tick(int game) {
  GameState& state = games_[game];
  if (!state.active) return;
  if (state.awaiting) {
    ++counters_.late_ticks;
    return;
  }
  const engine::Game& position = *state.position;
  const engine::Color color = position.to_move();
  const Role mover = color == engine::Color::black ? Role::black : Role::white;
  std::optional<engine::Vertex> vertex;
  if (state.moves < move_cap(board_size_)) vertex = random_play::choose_random_move(position, color, rng_);
  if (!vertex) {
    state.active = false;
    ++counters_.games_restarted;
    hooks_.game_over(game, mover);
    return;
  }
  const int number = state.moves + 1;
  state.awaiting = true;
  state.sent[number % state.sent.size()] = SentMove{number, std::chrono::steady_clock::now()};
  ++counters_.moves_sent;
  hooks_.send_move(game, mover, number, engine::to_gtp(*vertex, board_size_));
}

bool GameTraffic::confirm(GameState& state, std::string_view vertex) {
  engine::Game& position = *state.position;
  const auto parsed = engine::parse_gtp(vertex, board_size_);
  if (!parsed || !position.play(position.to_move(), *parsed)) return false;
  ++state.moves;
  state.awaiting = false;
  return true;
}

void GameTraffic::on_move_event(int game, Role recipient, int move_number, std::string_view vertex,
                                SteadyTime arrival) {
  if (game < 0 || game >= static_cast<int>(games_.size())) return;
  GameState& state = games_[game];
  if (counters_.measuring) ++counters_.move_events;
  if (!state.active) return;
  const SentMove& sent = state.sent[move_number % state.sent.size()];
  const bool known = move_number > 0 && sent.move_number == move_number;
  if (recipient == Role::spectator) {
    if (known) counters_.to_spectators.add(micros_between(sent.at, arrival));
    return;
  }
  // Black moves odd numbers: the opponent of move n is white when n is odd.
  const Role opponent = move_number % 2 == 1 ? Role::white : Role::black;
  if (recipient != opponent || !state.awaiting || move_number != state.moves + 1) return;
  if (!confirm(state, vertex)) {
    counters_.count_error("loadgen:position_mismatch");
    state.active = false;
    return;
  }
  ++counters_.moves_delivered;
  if (known) counters_.to_opponent.add(micros_between(sent.at, arrival));
}

void GameTraffic::on_move_refused(int game) {
  if (game >= 0 && game < static_cast<int>(games_.size())) games_[game].awaiting = false;
}

}  // namespace yunzi::loadgen
