// The move latency histogram's Prometheus text: cumulative buckets whose
// last one (+Inf) equals the count, and a sum in seconds.
#include <catch2/catch.hpp>

#include "server/app/latency_histogram.hpp"

using yunzi::app::LatencyHistogram;
using namespace std::chrono_literals;

TEST_CASE("observations land in the first bucket at or above them, counted cumulatively") {
  LatencyHistogram histogram;
  histogram.observe(300us);   // <= 0.5 ms
  histogram.observe(500us);   // exactly on the bound: still 0.5 ms
  histogram.observe(7ms);     // <= 10 ms
  histogram.observe(30s);     // above every bound
  const std::string text = histogram.render("yunzi_test_seconds", "test");
  INFO(text);
  CHECK(text.find("# TYPE yunzi_test_seconds histogram\n") != std::string::npos);
  CHECK(text.find("yunzi_test_seconds_bucket{le=\"0.0005\"} 2\n") != std::string::npos);
  CHECK(text.find("yunzi_test_seconds_bucket{le=\"0.005\"} 2\n") != std::string::npos);
  CHECK(text.find("yunzi_test_seconds_bucket{le=\"0.01\"} 3\n") != std::string::npos);
  CHECK(text.find("yunzi_test_seconds_bucket{le=\"2.5\"} 3\n") != std::string::npos);
  CHECK(text.find("yunzi_test_seconds_bucket{le=\"+Inf\"} 4\n") != std::string::npos);
  CHECK(text.find("yunzi_test_seconds_count 4\n") != std::string::npos);
  CHECK(text.find("yunzi_test_seconds_sum 30.007800\n") != std::string::npos);
}
