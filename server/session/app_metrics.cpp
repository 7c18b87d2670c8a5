#include "server/session/app_metrics.hpp"

namespace yunzi::session {

AppMetrics::AppMetrics(prometheus::Registry& registry)
    : moves_total(prometheus::BuildCounter()
                      .Name("yunzi_moves_total")
                      .Help("Moves and passes played in this process.")
                      .Register(registry)
                      .Add({})),
      games_started(prometheus::BuildCounter()
                        .Name("yunzi_games_started_total")
                        .Help("Games started in this process.")
                        .Register(registry)
                        .Add({})),
      games_taken_over(prometheus::BuildCounter()
                           .Name("yunzi_games_taken_over_total")
                           .Help("Cluster: games this node took over after their owner's lease ran out.")
                           .Register(registry)
                           .Add({})),
      games_lost(prometheus::BuildCounter()
                     .Name("yunzi_games_lost_total")
                     .Help("Cluster: games another node took over from this one.")
                     .Register(registry)
                     .Add({})),
      move_latency(prometheus::BuildHistogram()
                       .Name("yunzi_move_seconds")
                       .Help("From a game.move or game.pass arriving to its ok: checked, committed, broadcast.")
                       .Register(registry)
                       .Add({}, move_seconds_buckets)) {
  auto& errors =
      prometheus::BuildCounter().Name("yunzi_errors_total").Help("Error replies sent, by code.").Register(registry);
  // Every code from the start, so a scrape shows the zeros too.
  for (std::size_t i = 0; i < error_code_count; ++i) {
    errors_[i] = &errors.Add({{"code", std::string(to_string(static_cast<protocol::ErrorCode>(i)))}});
  }
}

void AppMetrics::count_error(protocol::ErrorCode code) { errors_[static_cast<std::size_t>(code)]->Increment(); }

const prometheus::Counter& AppMetrics::errors(protocol::ErrorCode code) const {
  return *errors_[static_cast<std::size_t>(code)];
}

}  // namespace yunzi::session
