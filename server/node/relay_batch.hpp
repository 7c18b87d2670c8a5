// The frames a node sends over the bus to several connections of another node in one message (internal to the game
// relay): records of `<count> <connection>... <length>\n<frame>` (server/cluster/README.md). Text and lengths rather
// than JSON, so that a frame (itself JSON) is copied as it is and the receiving node finds the connections without
// parsing it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace yunzi::node::relay_wire {

struct FrameRecord {
  std::shared_ptr<const std::string> frame;
  std::vector<std::uint64_t> connections;
};

// Appends one record to `payload`.
void append_record(std::string& payload, const FrameRecord& record);
// The records of a payload, in order; nullopt when any part of it is malformed
// (the sender is another node of the same cluster, so nothing of it is trusted).
std::optional<std::vector<FrameRecord>> read_records(std::string_view payload);

}  // namespace yunzi::node::relay_wire
