// The signals yunzi-server answers: SIGTERM and SIGINT stop it, SIGHUP
// reopens the log file (for logrotate). They are blocked in every thread and
// taken by sigwait on the main thread; SIGPIPE and SIGXFSZ are ignored.
#pragma once

#include <signal.h>

#include "server/logging/log_output.hpp"

namespace yunzi::server_main {

// Called first, before any thread starts, so that every thread inherits the
// mask. Returns the blocked signals, for wait_for_stop.
sigset_t block_signals();

// Returns at SIGTERM or SIGINT; a SIGHUP meanwhile opens the log file again.
void wait_for_stop(const sigset_t& signals, logging::LogOutput& log);

}  // namespace yunzi::server_main
