// Who the client is when a reverse proxy stands in front. The socket's peer
// is then the proxy; the proxy names the client in X-Forwarded-For, appending
// the address it saw to whatever the request already carried. Only a peer
// listed as a trusted proxy is believed, and only for the right-most address
// that is not itself a trusted proxy: everything left of that was written by
// the client (or a proxy nobody vouches for) and may be invented.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace yunzi::net {

// The canonical text of an IP literal ("::ffff:10.0.0.1" is "10.0.0.1",
// "2001:DB8::0:1" is "2001:db8::1"); nullopt when the text is not one.
std::optional<std::string> canonical_ip(std::string_view text);

class TrustedProxies {
 public:
  TrustedProxies() = default;
  // Entries that are not IP literals are left out (the settings check them).
  explicit TrustedProxies(const std::vector<std::string>& addresses);

  bool empty() const { return addresses_.empty(); }
  bool contains(std::string_view canonical) const;

  // The client's canonical IP for a request whose socket peer is peer_ip
  // and whose X-Forwarded-For fields, in the order received, are
  // forwarded_for. The peer itself unless it is trusted. Walking
  // the listed addresses from the right, the first that is not trusted; a
  // malformed entry ends the walk at the last trusted hop before it; when
  // all are trusted, the left-most. Entries may carry a port ("1.2.3.4:80",
  // "[2001:db8::1]:80"), which is dropped.
  std::string client_ip(std::string_view peer_ip, std::span<const std::string_view> forwarded_for) const;

 private:
  std::vector<std::string> addresses_;  // canonical
};

}  // namespace yunzi::net
