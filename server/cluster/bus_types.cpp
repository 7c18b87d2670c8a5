#include "server/cluster/bus_types.hpp"

namespace yunzi::cluster {

std::string_view to_string(BusErrorKind kind) {
  switch (kind) {
    case BusErrorKind::timeout: return "timeout";
    case BusErrorKind::no_responders: return "no_responders";
    case BusErrorKind::disconnected: return "disconnected";
    case BusErrorKind::closed: return "closed";
    case BusErrorKind::invalid: return "invalid";
  }
  return "unknown";
}

}  // namespace yunzi::cluster
