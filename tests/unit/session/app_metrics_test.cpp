// The app's counters in Prometheus text: the move histogram keeps its
// buckets from 0.5 ms to 2.5 s (cumulative, the last one +Inf equal to the
// count, a sum in seconds), and every error code has its counter from the
// start.
#include <catch2/catch.hpp>

#include <prometheus/text_serializer.h>
#include <chrono>

#include "server/session/app_metrics.hpp"

using yunzi::session::AppMetrics;
using namespace std::chrono_literals;

namespace {

double seconds(std::chrono::microseconds duration) { return std::chrono::duration<double>(duration).count(); }

}  // namespace

TEST_CASE("move times land in the first bucket at or above them, counted cumulatively") {
  prometheus::Registry registry;
  AppMetrics metrics(registry);
  metrics.move_latency.Observe(seconds(300us));  // <= 0.5 ms
  metrics.move_latency.Observe(seconds(500us));  // exactly on the bound: still 0.5 ms
  metrics.move_latency.Observe(seconds(7ms));    // <= 10 ms
  metrics.move_latency.Observe(seconds(30s));    // above every bound
  const std::string text = prometheus::TextSerializer().Serialize(registry.Collect());
  INFO(text);
  CHECK(text.find("# TYPE yunzi_move_seconds histogram\n") != std::string::npos);
  CHECK(text.find("yunzi_move_seconds_bucket{le=\"0.0005\"} 2\n") != std::string::npos);
  CHECK(text.find("yunzi_move_seconds_bucket{le=\"0.005\"} 2\n") != std::string::npos);
  CHECK(text.find("yunzi_move_seconds_bucket{le=\"0.01\"} 3\n") != std::string::npos);
  CHECK(text.find("yunzi_move_seconds_bucket{le=\"2.5\"} 3\n") != std::string::npos);
  CHECK(text.find("yunzi_move_seconds_bucket{le=\"+Inf\"} 4\n") != std::string::npos);
  CHECK(text.find("yunzi_move_seconds_count 4\n") != std::string::npos);
  CHECK(text.find("yunzi_move_seconds_sum 30.0078\n") != std::string::npos);
}

TEST_CASE("every error code is counted from zero, each under its own label") {
  prometheus::Registry registry;
  AppMetrics metrics(registry);
  metrics.count_error(yunzi::protocol::ErrorCode::illegal_move);
  metrics.count_error(yunzi::protocol::ErrorCode::illegal_move);
  CHECK(metrics.errors(yunzi::protocol::ErrorCode::illegal_move).Value() == 2);
  CHECK(metrics.errors(yunzi::protocol::ErrorCode::not_found).Value() == 0);
  const std::string text = prometheus::TextSerializer().Serialize(registry.Collect());
  INFO(text);
  CHECK(text.find("# HELP yunzi_errors_total ") != std::string::npos);
  CHECK(text.find("yunzi_errors_total{code=\"illegal_move\"} 2\n") != std::string::npos);
  CHECK(text.find("yunzi_errors_total{code=\"not_found\"} 0\n") != std::string::npos);
  CHECK(text.find("yunzi_errors_total{code=\"internal\"} 0\n") != std::string::npos);
}
