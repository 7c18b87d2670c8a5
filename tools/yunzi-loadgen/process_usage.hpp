// Memory and CPU time of a process from /proc/<pid>: VmRSS and VmHWM from
// status, user + system time from stat. CPU use over a window is the
// difference of two readings divided by the wall time between them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/expected.hpp"

namespace yunzi::loadgen {

struct ProcessUsage {
  std::int64_t rss_kib = 0;       // VmRSS
  std::int64_t peak_rss_kib = 0;  // VmHWM
  double cpu_seconds = 0;         // utime + stime
};

// pid 0 reads the calling process (/proc/self).
Expected<ProcessUsage, std::string> read_process_usage(int pid);

// The processes' usage added up (a cluster's nodes as one server).
Expected<ProcessUsage, std::string> read_processes_usage(const std::vector<int>& pids);

// Percent of one core used between two readings taken wall_seconds apart.
double cpu_percent(const ProcessUsage& before, const ProcessUsage& after, double wall_seconds);

}  // namespace yunzi::loadgen
