// What the account abuse tests share: many connections that each send one
// request before any reply is read (a burst that reaches the server at
// once), connections that come through a trusted proxy with an
// X-Forwarded-For address, and counting what came back.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tools/client/ws_client.hpp"

namespace yunzi::e2e {

using Json = nlohmann::json;

// A connection as if from `address` behind a proxy the server trusts
// (started with --trusted-proxies 127.0.0.1); plain 127.0.0.1 when empty.
std::unique_ptr<client::WsClient> connect_from(std::uint16_t port, const std::string& address = "");

// Opens one connection per request, sends every request, then returns the
// replies in the same order.
std::vector<Json> send_at_once(std::uint16_t port, const std::vector<Json>& requests, const std::string& address = "");

// How many replies were "ok" and how many each error code.
std::map<std::string, int> reply_codes(const std::vector<Json>& replies);

// The reply's error code ("ok" for an ok) to one request on the connection.
std::string code_of(client::WsClient& ws, const Json& request);

int count_occurrences(std::string_view text, std::string_view part);

}  // namespace yunzi::e2e
