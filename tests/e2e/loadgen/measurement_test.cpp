#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <vector>

#include "tools/yunzi-loadgen/latency_samples.hpp"
#include "tools/yunzi-loadgen/process_usage.hpp"
#include "tools/yunzi-loadgen/run_report.hpp"

using namespace yunzi;
using namespace yunzi::loadgen;

TEST_CASE("latency: nearest-rank percentiles in milliseconds") {
  LatencySamples samples;
  CHECK(samples.summary().count == 0);
  CHECK(samples.summary().max_ms == 0);
  // 1..100 ms, added out of order.
  for (int i = 100; i >= 1; --i) samples.add(i * 1000);
  const LatencySummary s = samples.summary();
  CHECK(s.count == 100);
  CHECK(s.p50_ms == Approx(50));
  CHECK(s.p95_ms == Approx(95));
  CHECK(s.p99_ms == Approx(99));
  CHECK(s.max_ms == Approx(100));
  samples.add(-5);  // a clock step backwards counts as zero, not as garbage
  CHECK(samples.summary().count == 101);
}

TEST_CASE("process usage: this process has memory and spends CPU") {
  const auto before = read_process_usage(0);
  REQUIRE(before);
  CHECK(before->rss_kib > 0);
  CHECK(before->peak_rss_kib >= before->rss_kib);
  const auto start = std::chrono::steady_clock::now();
  volatile std::uint64_t sink = 0;
  while (std::chrono::steady_clock::now() - start < std::chrono::milliseconds(300)) sink = sink + 1;
  const auto after = read_process_usage(static_cast<int>(getpid()));
  REQUIRE(after);
  CHECK(after->cpu_seconds > before->cpu_seconds);
  CHECK(cpu_percent(*before, *after, 0.3) > 20.0);
  CHECK(cpu_percent(*before, *after, 0) == 0);
}

TEST_CASE("process usage: a missing process is an error, not a crash") {
  const auto usage = read_process_usage(999999999);
  REQUIRE_FALSE(usage);
  CHECK(usage.error().find("/proc/999999999") != std::string::npos);
}

TEST_CASE("report: JSON and table carry the figures") {
  RunReport report;
  report.target = "yunzi";
  report.options.run_id = "r1";
  report.window_s = 10;
  RunCounters counters;
  counters.moves_delivered = 250;
  counters.frames_received = 1000;
  counters.to_opponent.add(2000);
  counters.errors["rate_limited"] = 3;
  fill_from_counters(report, counters);
  report.server = ServerUsage{ProcessUsage{1024, 2048, 1.0}, ProcessUsage{4096, 8192, 3.0}, 20.0};
  const auto json = to_json(report);
  CHECK(json["moves_per_s"] == Approx(25));
  CHECK(json["events_per_s"] == Approx(100));
  CHECK(json["latency_to_opponent"]["p99_ms"] == Approx(2));
  CHECK(json["errors"]["rate_limited"] == 3);
  CHECK(json["server"]["rss_kib_after"] == 4096);
  CHECK(json["server"]["cpu_percent"] == Approx(20));
  const std::string table = to_table(report);
  CHECK(table.find("moves/s 25.0") != std::string::npos);
  CHECK(table.find("rate_limited: 3") != std::string::npos);
  CHECK(table.find("VmRSS 4.0 MiB") != std::string::npos);
}
