#include "server/net/forwarded_for.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <array>
#include <cstring>

#include "server/net/http_framing.hpp"

namespace yunzi::net {
namespace {

// The address part of one X-Forwarded-For entry: "[v6]:port" and "[v6]" lose
// their brackets, "v4:port" its port; a bare IPv6 address stays whole.
std::string_view without_port(std::string_view entry) {
  if (entry.starts_with('[')) {
    const auto close = entry.find(']');
    return close == std::string_view::npos ? std::string_view() : entry.substr(1, close - 1);
  }
  const auto colon = entry.find(':');
  if (colon != std::string_view::npos && entry.find(':', colon + 1) == std::string_view::npos) {
    return entry.substr(0, colon);
  }
  return entry;
}

// Every comma-separated entry of every field, left to right.
std::vector<std::string_view> entries_of(std::span<const std::string_view> fields) {
  std::vector<std::string_view> entries;
  for (std::string_view field : fields) {
    while (true) {
      const auto comma = field.find(',');
      entries.push_back(trim_http_blanks(field.substr(0, comma)));
      if (comma == std::string_view::npos) break;
      field.remove_prefix(comma + 1);
    }
  }
  return entries;
}

}  // namespace

std::optional<std::string> canonical_ip(std::string_view text) {
  if (text.empty() || text.size() > INET6_ADDRSTRLEN) return std::nullopt;
  const std::string literal(text);
  std::array<unsigned char, 16> bytes{};
  std::array<char, INET6_ADDRSTRLEN> out{};
  if (inet_pton(AF_INET, literal.c_str(), bytes.data()) == 1) {
    return std::string(inet_ntop(AF_INET, bytes.data(), out.data(), out.size()));
  }
  if (inet_pton(AF_INET6, literal.c_str(), bytes.data()) != 1) return std::nullopt;
  // An IPv4 client seen through a dual-stack socket is the same client.
  constexpr std::array<unsigned char, 12> v4_mapped{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF};
  if (std::equal(v4_mapped.begin(), v4_mapped.end(), bytes.begin())) {
    return std::string(inet_ntop(AF_INET, bytes.data() + 12, out.data(), out.size()));
  }
  return std::string(inet_ntop(AF_INET6, bytes.data(), out.data(), out.size()));
}

TrustedProxies::TrustedProxies(const std::vector<std::string>& addresses) {
  for (const auto& address : addresses) {
    if (auto canonical = canonical_ip(address)) addresses_.push_back(std::move(*canonical));
  }
}

bool TrustedProxies::contains(std::string_view canonical) const {
  return std::find(addresses_.begin(), addresses_.end(), canonical) != addresses_.end();
}

std::string TrustedProxies::client_ip(std::string_view peer_ip, std::span<const std::string_view> forwarded_for) const {
  std::string client = canonical_ip(peer_ip).value_or(std::string(peer_ip));
  if (!contains(client)) return client;
  const auto entries = entries_of(forwarded_for);
  for (auto entry = entries.rbegin(); entry != entries.rend(); ++entry) {
    auto address = canonical_ip(without_port(*entry));
    if (!address) break;
    client = std::move(*address);
    if (!contains(client)) break;
  }
  return client;
}

}  // namespace yunzi::net
