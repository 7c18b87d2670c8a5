// The gate behind stop() and cancel(): closing it waits for callbacks still
// running on other threads, but not for the closing thread's own.
#include "server/cluster/callback_gate.hpp"

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <future>
#include <thread>

using yunzi::cluster::CallbackGate;
using yunzi::cluster::GatePass;

TEST_CASE("a closed gate lets no callback in", "[cluster][gate]") {
  CallbackGate gate;
  {
    GatePass pass(gate);
    CHECK(pass);
    CHECK(gate.entered_here());
  }
  CHECK_FALSE(gate.entered_here());
  gate.close();
  GatePass late(gate);
  CHECK_FALSE(late);
}

TEST_CASE("closing the gate waits for a callback on another thread", "[cluster][gate]") {
  CallbackGate gate;
  std::promise<void> entered;
  std::atomic<bool> left{false};
  std::thread callback([&] {
    GatePass pass(gate);
    entered.set_value();
    // Long enough that a close() that did not wait would return first.
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    left = true;
  });
  entered.get_future().wait();
  gate.close();
  CHECK(left);
  callback.join();
}

TEST_CASE("a callback may close its own gate", "[cluster][gate]") {
  CallbackGate gate;
  GatePass pass(gate);
  REQUIRE(pass);
  gate.close();  // returns although this very callback is still inside
  CHECK_FALSE(GatePass(gate));
}
