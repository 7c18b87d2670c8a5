// IP literals and CIDR ranges, as the metrics_allow setting uses them.
#include <catch2/catch.hpp>

#include "server/net/address_ranges.hpp"

using namespace yunzi;
using namespace yunzi::net;

TEST_CASE("address ranges: what parses", "[net][addresses]") {
  for (const char* good : {"127.0.0.1", "127.0.0.0/8", "0.0.0.0/0", "10.1.0.0/16", "192.0.2.7/32", "::1", "::/0",
                           "fd00::/8", "2001:db8::/32", "::ffff:10.0.0.0/104"}) {
    INFO(good);
    CHECK(parse_address_range(good));
  }
  for (const char* bad : {"", "localhost", "127.0.0.1/", "127.0.0.1/33", "10.0.0.1/8", "::1/129", "fd00::1/8",
                          "127.0.0.1/8x", "127.0.0.1/-1", "1.2.3.4 ", "/8", "127.0.0.1:80"}) {
    INFO(bad);
    CHECK_FALSE(parse_address_range(bad));
  }
}

TEST_CASE("address ranges: who is in", "[net][addresses]") {
  const AddressRanges loopback({"127.0.0.0/8", "::1"});
  CHECK(loopback.contains("127.0.0.1"));
  CHECK(loopback.contains("127.255.0.9"));
  CHECK(loopback.contains("::1"));
  CHECK(loopback.contains("::ffff:127.0.0.1"));  // an IPv4 client on a dual-stack socket
  CHECK_FALSE(loopback.contains("128.0.0.1"));
  CHECK_FALSE(loopback.contains("10.0.0.1"));
  CHECK_FALSE(loopback.contains("::2"));
  CHECK_FALSE(loopback.contains("not an address"));
  CHECK_FALSE(loopback.contains(""));

  const AddressRanges nets({"10.1.0.0/16", "2001:db8::/32", "192.0.2.7", "::ffff:172.16.0.0/108"});
  CHECK(nets.contains("10.1.200.3"));
  CHECK_FALSE(nets.contains("10.2.0.1"));
  CHECK(nets.contains("2001:db8:ffff::1"));
  CHECK_FALSE(nets.contains("2001:db9::1"));
  CHECK(nets.contains("192.0.2.7"));
  CHECK_FALSE(nets.contains("192.0.2.8"));
  CHECK(nets.contains("172.16.5.5"));
  CHECK_FALSE(nets.contains("172.32.0.1"));

  CHECK(AddressRanges({"0.0.0.0/0"}).contains("203.0.113.9"));
  CHECK_FALSE(AddressRanges({"0.0.0.0/0"}).contains("2001:db8::1"));
  CHECK(AddressRanges({"::/0"}).contains("203.0.113.9"));
  CHECK(AddressRanges{}.empty());
  CHECK_FALSE(AddressRanges{}.contains("127.0.0.1"));
  CHECK(AddressRanges({"garbage"}).empty());
}
