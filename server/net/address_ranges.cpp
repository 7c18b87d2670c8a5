#include "server/net/address_ranges.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <charconv>

namespace yunzi::net {
namespace {

constexpr unsigned v4_offset_bits = 96;  // an IPv4 address sits in the last 32 bits of ::ffff:0:0/96

struct Address {
  std::array<unsigned char, 16> bytes{};
  bool v4 = false;  // written as an IPv4 literal: a prefix counts from its first bit
};

std::optional<Address> parse_address(std::string_view text) {
  if (text.empty() || text.size() >= INET6_ADDRSTRLEN) return std::nullopt;
  const std::string literal(text);
  Address out;
  std::array<unsigned char, 4> v4{};
  if (inet_pton(AF_INET, literal.c_str(), v4.data()) == 1) {
    out.bytes[10] = 0xFF;
    out.bytes[11] = 0xFF;
    std::copy(v4.begin(), v4.end(), out.bytes.begin() + 12);
    out.v4 = true;
    return out;
  }
  // "::ffff:10.1.2.3" is already in the form IPv4 addresses are kept in.
  if (inet_pton(AF_INET6, literal.c_str(), out.bytes.data()) != 1) return std::nullopt;
  return out;
}

bool prefix_matches(const std::array<unsigned char, 16>& a, const std::array<unsigned char, 16>& b, unsigned bits) {
  const unsigned whole = bits / 8;
  if (!std::equal(a.begin(), a.begin() + whole, b.begin())) return false;
  const unsigned rest = bits % 8;
  if (rest == 0) return true;
  const auto mask = static_cast<unsigned char>(0xFF << (8 - rest));
  return (a[whole] & mask) == (b[whole] & mask);
}

}  // namespace

bool AddressRange::contains(const std::array<unsigned char, 16>& address) const {
  return prefix_matches(bytes, address, prefix_bits);
}

std::optional<AddressRange> parse_address_range(std::string_view text) {
  const auto slash = text.find('/');
  auto address = parse_address(text.substr(0, slash));
  if (!address) return std::nullopt;
  AddressRange range{address->bytes, 128};
  if (slash == std::string_view::npos) return range;
  const std::string_view digits = text.substr(slash + 1);
  unsigned bits = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), bits);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  if (bits > (address->v4 ? 32u : 128u)) return std::nullopt;
  range.prefix_bits = address->v4 ? bits + v4_offset_bits : bits;
  // "10.0.0.1/8" most likely means something else than 10.0.0.0/8: refuse it.
  AddressRange network = range;
  for (unsigned bit = range.prefix_bits; bit < 128; ++bit) {
    network.bytes[bit / 8] &= static_cast<unsigned char>(~(0x80u >> (bit % 8)));
  }
  if (network.bytes != range.bytes) return std::nullopt;
  return range;
}

AddressRanges::AddressRanges(const std::vector<std::string>& ranges) {
  for (const auto& text : ranges) {
    if (auto range = parse_address_range(text)) ranges_.push_back(*range);
  }
}

bool AddressRanges::contains(std::string_view ip) const {
  const auto address = parse_address(ip);
  if (!address) return false;
  return std::any_of(ranges_.begin(), ranges_.end(),
                     [&](const AddressRange& range) { return range.contains(address->bytes); });
}

}  // namespace yunzi::net
