// When an assertion fails, the end of every running server's log goes to
// stderr once per test case: the server's side of what went wrong.
#define CATCH_CONFIG_EXTERNAL_INTERFACES
#include <catch2/catch.hpp>

#include <iostream>

#include "tests/e2e/server/server_process.hpp"

namespace yunzi::e2e {

class FailureLogListener : public Catch::TestEventListenerBase {
 public:
  using TestEventListenerBase::TestEventListenerBase;

  void testCaseStarting(Catch::TestCaseInfo const& info) override {
    TestEventListenerBase::testCaseStarting(info);
    printed_ = false;
  }

  bool assertionEnded(Catch::AssertionStats const& stats) override {
    if (!stats.assertionResult.isOk() && !printed_) {
      printed_ = true;
      for (const ServerProcess* server : live_servers()) {
        std::cerr << "---- last lines of " << server->log_path().string() << "\n" << server->log_tail(40) << "----\n";
      }
    }
    return TestEventListenerBase::assertionEnded(stats);
  }

 private:
  bool printed_ = false;
};

}  // namespace yunzi::e2e

using yunzi::e2e::FailureLogListener;
CATCH_REGISTER_LISTENER(FailureLogListener)
