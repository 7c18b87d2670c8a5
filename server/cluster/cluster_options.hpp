// What makes a server a node of a cluster: its name among the nodes on one
// PostgreSQL database, how long its hold on its games lasts, and the NATS
// servers the nodes hear each other through. All empty: a single node.
#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace yunzi::cluster {

struct ClusterOptions {
  std::string node;                         // empty: a single node, which holds the database alone
  std::chrono::milliseconds lease{15'000};  // unrenewed this long, a node's games may be taken over
  std::vector<std::string> nats;            // nats://host:port each; empty: no bus

  friend bool operator==(const ClusterOptions&, const ClusterOptions&) = default;
};

}  // namespace yunzi::cluster
