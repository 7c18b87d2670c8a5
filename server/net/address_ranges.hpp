// Sets of IP addresses written as literals or CIDR ranges ("127.0.0.0/8",
// "::1", "10.1.0.0/16", "fd00::/8"), for settings that say who may do
// something (who may read /metrics). An IPv4 client seen through a dual-stack
// socket ("::ffff:10.1.2.3") is matched as the IPv4 address it is.
// No Beast here: the settings parser uses it to check the text it reads.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace yunzi::net {

struct AddressRange {
  std::array<unsigned char, 16> bytes{};  // IPv4 as ::ffff:a.b.c.d
  unsigned prefix_bits = 128;             // of the 128 bits, how many must match

  bool contains(const std::array<unsigned char, 16>& address) const;
};

// "ADDRESS" or "ADDRESS/BITS" (0-32 for IPv4, 0-128 for IPv6); nullopt for
// anything else, including host bits set beyond the prefix ("10.0.0.1/8").
std::optional<AddressRange> parse_address_range(std::string_view text);

class AddressRanges {
 public:
  AddressRanges() = default;
  // Entries that do not parse are left out (the settings check them first).
  explicit AddressRanges(const std::vector<std::string>& ranges);

  bool empty() const { return ranges_.empty(); }
  // False for anything that is not an IP literal.
  bool contains(std::string_view ip) const;

 private:
  std::vector<AddressRange> ranges_;
};

}  // namespace yunzi::net
