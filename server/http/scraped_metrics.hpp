// /metrics: the counters registered in the process's prometheus::Registry
// (the network layer's and AppMetrics), and the figures read when a scrape
// asks rather than counted as things happen: sessions, games and boards in
// memory, and the database writer's statistics. One text, in Prometheus'
// text format, every family with its HELP and TYPE lines.
#pragma once

#include <string>
#include <vector>

#include <prometheus/metric_family.h>
#include <prometheus/registry.h>

namespace yunzi::app {

class App;

// The figures read at scrape time; safe from any thread.
std::vector<prometheus::MetricFamily> scraped_metrics(App& app);

// The registry's families followed by the scraped ones.
std::string metrics_text(const prometheus::Registry& registry, App& app);

}  // namespace yunzi::app
