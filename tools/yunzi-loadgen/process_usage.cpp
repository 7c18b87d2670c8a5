#include "tools/yunzi-loadgen/process_usage.hpp"

#include <unistd.h>

#include <fstream>
#include <sstream>

namespace yunzi::loadgen {

namespace {

std::string proc_dir(int pid) { return pid == 0 ? std::string("/proc/self") : "/proc/" + std::to_string(pid); }

// "VmRSS:\t  12345 kB" -> 12345
bool read_kib_field(const std::string& line, const std::string& key, std::int64_t& out) {
  if (line.rfind(key, 0) != 0) return false;
  std::istringstream in(line.substr(key.size()));
  return static_cast<bool>(in >> out);
}

}  // namespace

Expected<ProcessUsage, std::string> read_process_usage(int pid) {
  const std::string dir = proc_dir(pid);
  std::ifstream status(dir + "/status");
  if (!status) return unexpected("cannot read " + dir + "/status: no such process?");
  ProcessUsage usage;
  bool have_rss = false;
  for (std::string line; std::getline(status, line);) {
    have_rss = read_kib_field(line, "VmRSS:", usage.rss_kib) || have_rss;
    read_kib_field(line, "VmHWM:", usage.peak_rss_kib);
  }
  if (!have_rss) return unexpected(dir + "/status has no VmRSS (a zombie or kernel thread?)");

  std::ifstream stat_file(dir + "/stat");
  std::string stat;
  if (!stat_file || !std::getline(stat_file, stat)) return unexpected("cannot read " + dir + "/stat");
  // The command name in parentheses may hold spaces; fields are counted after it.
  const auto close = stat.rfind(')');
  if (close == std::string::npos) return unexpected(dir + "/stat is not in the expected form");
  std::istringstream fields(stat.substr(close + 2));
  std::string skip;
  // After the name: state(3) ... utime is field 14, stime field 15.
  for (int field = 3; field < 14; ++field) fields >> skip;
  long long utime = 0;
  long long stime = 0;
  if (!(fields >> utime >> stime)) return unexpected(dir + "/stat is not in the expected form");
  const long ticks = sysconf(_SC_CLK_TCK);
  usage.cpu_seconds = static_cast<double>(utime + stime) / static_cast<double>(ticks > 0 ? ticks : 100);
  return usage;
}

double cpu_percent(const ProcessUsage& before, const ProcessUsage& after, double wall_seconds) {
  if (wall_seconds <= 0) return 0;
  return 100.0 * (after.cpu_seconds - before.cpu_seconds) / wall_seconds;
}

Expected<ProcessUsage, std::string> read_processes_usage(const std::vector<int>& pids) {
  ProcessUsage total;
  for (int pid : pids) {
    auto usage = read_process_usage(pid);
    if (!usage) return usage;
    total.rss_kib += usage->rss_kib;
    total.peak_rss_kib += usage->peak_rss_kib;
    total.cpu_seconds += usage->cpu_seconds;
  }
  return total;
}

}  // namespace yunzi::loadgen
