// The wait before a round of reconnect attempts. Doubling it each round
// spares a NATS server that is coming back from every node's knocks, and
// the jitter spreads the nodes that lost it in the same instant.
#pragma once

#include <chrono>

namespace yunzi::cluster {

// round counts from 1 within one outage; random is uniform in [0, 1). The
// result lies in [d/2, d] where d = min(base * 2^(round-1), cap).
std::chrono::milliseconds reconnect_delay(int round, std::chrono::milliseconds base, std::chrono::milliseconds cap,
                                          double random);

}  // namespace yunzi::cluster
