// How stop() and cancel() keep their promise that no callback runs once they
// return, even with several threads running the executor: every callback
// passes the gate, and close() waits for the callbacks still inside on other
// threads. A callback that closes its own gate (a handler that stops the
// bus) is not waited for, which would never end.
#pragma once

#include <condition_variable>
#include <mutex>

namespace yunzi::cluster {

class CallbackGate {
 public:
  CallbackGate() = default;
  CallbackGate(const CallbackGate&) = delete;
  CallbackGate& operator=(const CallbackGate&) = delete;

  // False once closed: the callback must not run.
  bool enter();
  void leave();
  // Lets no callback in any more and waits for those inside on other threads.
  void close();
  bool is_open() const;
  // True while this thread runs a callback that passed this gate.
  bool entered_here() const;

 private:
  mutable std::mutex mutex_;
  std::condition_variable left_;
  bool open_ = true;
  int inside_ = 0;
};

// One pass through a gate, left when it goes out of scope.
class GatePass {
 public:
  explicit GatePass(CallbackGate& gate) : gate_(gate), entered_(gate.enter()) {}
  ~GatePass() {
    if (entered_) gate_.leave();
  }
  GatePass(const GatePass&) = delete;
  GatePass& operator=(const GatePass&) = delete;

  explicit operator bool() const { return entered_; }

 private:
  CallbackGate& gate_;
  bool entered_;
};

}  // namespace yunzi::cluster
