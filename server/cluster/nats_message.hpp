// Between libnats's messages and statuses and the bus's own types
// (internal to server/cluster).
#pragma once

#include <nats/nats.h>

#include <string>
#include <string_view>

#include "server/cluster/bus_types.hpp"

namespace yunzi::cluster {

// Copies the message out and destroys it, as libnats asks of its handlers.
BusMessage take_message(natsMsg* message);

// libnats's reason, with the detail of its last error on this thread when it has one.
std::string describe(natsStatus status);

// What failed, in the bus's terms: `doing` says what was tried ("publish").
BusError bus_error(natsStatus status, std::string_view doing);

}  // namespace yunzi::cluster
