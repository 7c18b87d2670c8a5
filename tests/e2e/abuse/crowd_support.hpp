// One account behind many connections at once, the way a flood arrives:
// connections resumed with the same token, and batches of requests written
// on every connection before any reply is read, so the server handles them
// side by side on as many strands as there are connections.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tools/client/ws_client.hpp"

namespace yunzi::e2e {

using Json = nlohmann::json;
using Connections = std::vector<std::unique_ptr<client::WsClient>>;

// `count` new connections, each resumed with the token; the resume must succeed.
Connections resumed_connections(std::uint16_t port, const std::string& token, std::size_t count);

// Writes every request of `batch` on every connection (ids of their own),
// then reads until each has its reply; the replies, connection by connection.
std::vector<Json> send_everywhere_then_collect(const Connections& connections, const std::vector<Json>& batch);

// Sends one request on each connection at once (one per connection, in order)
// and collects the replies in the same order.
std::vector<Json> send_side_by_side(const std::vector<client::WsClient*>& connections,
                                    const std::vector<Json>& requests);

std::size_t count_ok(const std::vector<Json>& replies);
std::size_t count_code(const std::vector<Json>& replies, const std::string& code);
// The first error reply with that code (for its message); null when none.
Json first_with_code(const std::vector<Json>& replies, const std::string& code);

// A name of `letters` code points, each four bytes of UTF-8 (CJK Extension B
// letters), ending in `tag` letters that tell the names apart: the widest a
// lobby entry can be.
std::string widest_name(std::size_t tag, std::size_t letters = 20);

}  // namespace yunzi::e2e
