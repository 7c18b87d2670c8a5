// gzip (RFC 1952) of a whole body, for the static files a browser asks for
// with `Accept-Encoding: gzip`: the web client's text shrinks to about a
// quarter, which a phone on a slow link feels. Made once at start with
// Beast's own deflate, so no other compression library is needed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace yunzi::net {

std::string gzip(std::string_view body);

// CRC-32 (IEEE 802.3, as gzip's trailer carries it).
std::uint32_t crc32(std::string_view bytes);

// Whether an Accept-Encoding field value takes gzip: named (or `*`) with a
// weight above zero.
bool accepts_gzip(std::string_view accept_encoding);

}  // namespace yunzi::net
