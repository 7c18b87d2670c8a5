// Running a test's io_context on the test's thread until something it waits
// for holds, with a bound. Work that other threads post meanwhile (a read
// pool's or a writer's completions) runs as it comes.
#pragma once

#include <chrono>
#include <functional>
#include <thread>

#include <boost/asio/io_context.hpp>

namespace yunzi::test_support {

inline bool run_io_until(boost::asio::io_context& io, const std::function<bool()>& done,
                         std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!done() && std::chrono::steady_clock::now() < deadline) {
    io.restart();  // after a run that ran out of work
    // Nothing ran: the work is on another thread still.
    if (io.run_for(std::chrono::milliseconds(5)) == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return done();
}

}  // namespace yunzi::test_support
