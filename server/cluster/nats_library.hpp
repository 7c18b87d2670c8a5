// libnats keeps process-wide state: its timer, callback and garbage threads
// and their memory. Every started bus holds one NatsLibraryUse; when the
// last one goes, the library is closed and its threads are waited for, so
// LeakSanitizer finds nothing at exit and no thread of it outlives the
// buses. A later bus opens it again. Nothing else in the process may use
// libnats on its own, since closing it would pull the ground from under it.
#pragma once

#include <string>

#include "core/expected.hpp"

namespace yunzi::cluster {

class NatsLibraryUse {
 public:
  // Opens the library for the first use.
  static Expected<NatsLibraryUse, std::string> acquire();

  NatsLibraryUse(NatsLibraryUse&& other) noexcept : held_(other.held_) { other.held_ = false; }
  NatsLibraryUse& operator=(NatsLibraryUse&& other) noexcept;
  NatsLibraryUse(const NatsLibraryUse&) = delete;
  NatsLibraryUse& operator=(const NatsLibraryUse&) = delete;
  // The last use closes the library; every connection, subscription and
  // options object must be destroyed by then.
  ~NatsLibraryUse() { release(); }

  void release();

 private:
  NatsLibraryUse() = default;
  bool held_ = false;
};

}  // namespace yunzi::cluster
