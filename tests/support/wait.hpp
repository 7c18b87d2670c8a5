// Waiting in a test for something another thread or process does, with a
// bound: a test that waits asserts on the result, never on the time taken.
#pragma once

#include <chrono>
#include <functional>

namespace yunzi::test_support {

// Polls `condition` every `poll` until it holds (true) or `timeout` passes (false).
bool wait_until(const std::function<bool()>& condition, std::chrono::milliseconds timeout,
                std::chrono::milliseconds poll = std::chrono::milliseconds(5));

}  // namespace yunzi::test_support
