#include "server/cluster/nats_library.hpp"

#include <nats/nats.h>

#include <mutex>

namespace yunzi::cluster {
namespace {

// libnats forbids opening and closing it at the same time.
std::mutex library_mutex;
int library_uses = 0;

// Closing waits for libnats's own threads; they end within milliseconds
// once every connection is destroyed, so this bound is only a safety net.
constexpr std::int64_t kCloseWaitMs = 10000;

}  // namespace

Expected<NatsLibraryUse, std::string> NatsLibraryUse::acquire() {
  std::lock_guard lock(library_mutex);
  if (library_uses == 0) {
    const natsStatus status = nats_Open(-1);
    if (status != NATS_OK) return unexpected(std::string("cannot open libnats: ") + natsStatus_GetText(status));
  }
  ++library_uses;
  NatsLibraryUse use;
  use.held_ = true;
  return use;
}

NatsLibraryUse& NatsLibraryUse::operator=(NatsLibraryUse&& other) noexcept {
  if (this != &other) {
    release();
    held_ = other.held_;
    other.held_ = false;
  }
  return *this;
}

void NatsLibraryUse::release() {
  if (!held_) return;
  held_ = false;
  std::lock_guard lock(library_mutex);
  if (--library_uses == 0) nats_CloseAndWait(kCloseWaitMs);
}

}  // namespace yunzi::cluster
