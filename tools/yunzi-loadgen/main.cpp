// yunzi-loadgen: drives a yunzi server (or, with --baseline, the bare Beast
// fan-out server) with many connections and games, then prints a table and
// a JSON report. See --help. Exit codes: 0 done, 1 cannot reach the server
// or write the report, 2 bad arguments.
#include <sys/resource.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "tools/yunzi-loadgen/baseline_scenario.hpp"
#include "tools/yunzi-loadgen/options.hpp"
#include "tools/yunzi-loadgen/yunzi_scenario.hpp"

namespace {

using namespace yunzi::loadgen;

// Each connection is a descriptor: raise the soft limit as far as the hard
// one allows, and say so when that is still too few.
void raise_descriptor_limit(int connections) {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return;
  limit.rlim_cur = limit.rlim_max;
  setrlimit(RLIMIT_NOFILE, &limit);
  getrlimit(RLIMIT_NOFILE, &limit);
  if (limit.rlim_cur < static_cast<rlim_t>(connections) + 64) {
    std::fprintf(stderr, "warning: the descriptor limit %llu is below %d connections; raise ulimit -n\n",
                 static_cast<unsigned long long>(limit.rlim_cur), connections);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const auto parsed = parse_options(std::vector<std::string>(argv + 1, argv + argc));
  if (!parsed) {
    std::fprintf(stderr, "yunzi-loadgen: %s\n", parsed.error().c_str());
    return 2;
  }
  if (parsed->outcome == ParseOutcome::help) {
    std::fputs(usage_text(argv[0]).c_str(), stdout);
    return 0;
  }
  const Options& options = parsed->options;
  raise_descriptor_limit(options.connections);

  boost::asio::io_context io(1);
  boost::asio::ip::tcp::resolver resolver(io);
  boost::system::error_code ec;
  Endpoints endpoints;
  for (std::uint16_t port : options.ports) {
    const auto resolved = resolver.resolve(options.host, std::to_string(port), ec);
    if (ec || resolved.empty()) {
      std::fprintf(stderr, "yunzi-loadgen: cannot resolve %s: %s\n", options.host.c_str(), ec.message().c_str());
      return 1;
    }
    endpoints.push_back(resolved.begin()->endpoint());
  }

  std::unique_ptr<Scenario> scenario;
  if (options.baseline) {
    scenario = std::make_unique<BaselineScenario>(io, options, endpoints);
  } else {
    scenario = std::make_unique<YunziScenario>(io, options, endpoints);
  }
  const RunReport report = scenario->run();

  std::fputs(to_table(report).c_str(), stdout);
  const std::string json = to_json(report).dump(2);
  std::printf("%s\n", json.c_str());
  if (options.json_file) {
    std::ofstream out(*options.json_file);
    out << json << "\n";
    if (!out) {
      std::fprintf(stderr, "yunzi-loadgen: cannot write %s\n", options.json_file->c_str());
      return 1;
    }
  }
  return 0;
}
