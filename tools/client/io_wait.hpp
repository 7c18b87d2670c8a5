// Runs a private io_context until a condition holds or a deadline passes: the
// way the synchronous client API waits on asynchronous Beast operations with
// a time limit.
#pragma once

#include <boost/asio/io_context.hpp>
#include <chrono>

namespace yunzi::client {

// True when done() held before the deadline.
template <class Done>
bool run_until(boost::asio::io_context& io, Done&& done, std::chrono::steady_clock::time_point deadline) {
  while (!done()) {
    if (io.stopped()) io.restart();
    if (io.run_one_until(deadline) == 0) {
      // Nothing ran: either the deadline passed or no operation is pending.
      if (io.stopped() || std::chrono::steady_clock::now() >= deadline) return done();
    }
  }
  return true;
}

}  // namespace yunzi::client
