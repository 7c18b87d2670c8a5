#include "tests/e2e/abuse/burst_support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>

namespace yunzi::e2e {

std::unique_ptr<client::WsClient> connect_from(std::uint16_t port, const std::string& address) {
  client::HeaderFields headers;
  if (!address.empty()) headers.emplace_back("X-Forwarded-For", address);
  auto ws = client::WsClient::connect("127.0.0.1", port, "/ws", std::chrono::seconds(5), headers);
  INFO("connecting to port " << port);
  REQUIRE(ws);
  return std::move(*ws);
}

std::vector<Json> send_at_once(std::uint16_t port, const std::vector<Json>& requests, const std::string& address) {
  std::vector<std::unique_ptr<client::WsClient>> clients;
  for (std::size_t i = 0; i < requests.size(); ++i) clients.push_back(connect_from(port, address));
  for (std::size_t i = 0; i < requests.size(); ++i) {
    Json request = requests[i];
    request["id"] = 1;
    REQUIRE(clients[i]->send_json(request));
  }
  // Generous: without the limits every request of a burst is hashed.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  std::vector<Json> replies;
  for (auto& ws : clients) {
    for (;;) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      auto frame = ws->next_event(std::max(left, std::chrono::milliseconds(0)));
      INFO((frame ? "" : frame.error()));
      REQUIRE(frame);
      if (frame->is_object() && frame->value("re", Json()) == 1) {
        replies.push_back(std::move(*frame));
        break;
      }
    }
  }
  return replies;
}

std::map<std::string, int> reply_codes(const std::vector<Json>& replies) {
  std::map<std::string, int> counts;
  for (const Json& reply : replies) ++counts[reply.value("type", "") == "ok" ? "ok" : reply.value("code", "?")];
  return counts;
}

std::string code_of(client::WsClient& ws, const Json& request) {
  auto reply = ws.request(request, std::chrono::seconds(30));
  INFO(request.dump());
  REQUIRE(reply);
  INFO(reply->dump());
  return reply->value("type", "") == "ok" ? "ok" : reply->value("code", "?");
}

int count_occurrences(std::string_view text, std::string_view part) {
  int count = 0;
  for (auto at = text.find(part); at != std::string_view::npos; at = text.find(part, at + part.size())) ++count;
  return count;
}

}  // namespace yunzi::e2e
