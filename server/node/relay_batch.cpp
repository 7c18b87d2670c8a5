#include "server/node/relay_batch.hpp"

#include <charconv>

namespace yunzi::node::relay_wire {
namespace {

// A node never sends one frame to more connections than it has; this bounds
// what a malformed count could make the reader reserve.
constexpr std::uint64_t max_connections_in_record = 1'000'000;

void append_number(std::string& out, std::uint64_t value) {
  char digits[20];
  const auto [end, error] = std::to_chars(digits, digits + sizeof digits, value);
  (void)error;  // 20 digits hold every std::uint64_t
  out.append(digits, end);
}

// Reads a number and the one separator after it.
std::optional<std::uint64_t> take_number(std::string_view& text, char separator) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end == text.data() + text.size() || *end != separator) return std::nullopt;
  text.remove_prefix(static_cast<std::size_t>(end - text.data()) + 1);
  return value;
}

}  // namespace

void append_record(std::string& payload, const FrameRecord& record) {
  append_number(payload, record.connections.size());
  for (std::uint64_t connection : record.connections) {
    payload += ' ';
    append_number(payload, connection);
  }
  payload += ' ';
  append_number(payload, record.frame->size());
  payload += '\n';
  payload += *record.frame;
}

std::optional<std::vector<FrameRecord>> read_records(std::string_view payload) {
  std::vector<FrameRecord> records;
  while (!payload.empty()) {
    const auto count = take_number(payload, ' ');
    if (!count || *count == 0 || *count > max_connections_in_record) return std::nullopt;
    FrameRecord record;
    record.connections.reserve(*count);
    for (std::uint64_t i = 0; i < *count; ++i) {
      const auto connection = take_number(payload, ' ');
      if (!connection) return std::nullopt;
      record.connections.push_back(*connection);
    }
    const auto length = take_number(payload, '\n');
    if (!length || *length > payload.size()) return std::nullopt;
    record.frame = std::make_shared<const std::string>(payload.substr(0, *length));
    payload.remove_prefix(*length);
    records.push_back(std::move(record));
  }
  return records;
}

}  // namespace yunzi::node::relay_wire
