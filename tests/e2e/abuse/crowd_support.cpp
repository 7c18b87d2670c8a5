#include "tests/e2e/abuse/crowd_support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

namespace yunzi::e2e {
namespace {

using namespace std::chrono_literals;

// Far above the ids WsClient::request hands out, so both may share a connection.
constexpr std::int64_t first_batch_id = 1'000'000;

void append_utf8(std::string& out, char32_t c) {
  out += static_cast<char>(0xF0 | (c >> 18));
  out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
  out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
  out += static_cast<char>(0x80 | (c & 0x3F));
}

// Reads until every id in `ids` has its reply on this connection.
std::map<std::int64_t, Json> collect(client::WsClient& ws, std::vector<std::int64_t> ids) {
  std::map<std::int64_t, Json> replies;
  while (replies.size() < ids.size()) {
    auto frame = ws.next_event(20s);
    if (!frame) FAIL("waiting for " << ids.size() - replies.size() << " replies: " << frame.error());
    if (!frame->is_object() || !frame->contains("re") || !(*frame)["re"].is_number_integer()) continue;
    const auto re = (*frame)["re"].get<std::int64_t>();
    if (std::find(ids.begin(), ids.end(), re) != ids.end()) replies[re] = std::move(*frame);
  }
  return replies;
}

}  // namespace

Connections resumed_connections(std::uint16_t port, const std::string& token, std::size_t count) {
  Connections out;
  for (std::size_t i = 0; i < count; ++i) {
    auto ws = client::WsClient::connect("127.0.0.1", port);
    REQUIRE(ws);
    auto reply = (*ws)->request({{"type", "resume"}, {"token", token}});
    REQUIRE(reply);
    INFO("resume on connection " << i << ": " << reply->dump());
    REQUIRE(reply->value("type", "") == "ok");
    out.push_back(std::move(*ws));
  }
  return out;
}

std::vector<Json> send_everywhere_then_collect(const Connections& connections, const std::vector<Json>& batch) {
  for (const auto& ws : connections) {
    std::int64_t id = first_batch_id;
    for (Json request : batch) {
      request["id"] = id++;
      auto sent = ws->send_json(request);
      REQUIRE(sent);
    }
  }
  std::vector<Json> replies;
  for (const auto& ws : connections) {
    std::vector<std::int64_t> ids;
    for (std::size_t i = 0; i < batch.size(); ++i) ids.push_back(first_batch_id + static_cast<std::int64_t>(i));
    for (auto& [id, reply] : collect(*ws, ids)) replies.push_back(std::move(reply));
  }
  return replies;
}

std::vector<Json> send_side_by_side(const std::vector<client::WsClient*>& connections,
                                    const std::vector<Json>& requests) {
  REQUIRE(connections.size() == requests.size());
  for (std::size_t i = 0; i < connections.size(); ++i) {
    Json request = requests[i];
    request["id"] = first_batch_id;
    auto sent = connections[i]->send_json(request);
    REQUIRE(sent);
  }
  std::vector<Json> replies;
  for (client::WsClient* ws : connections) replies.push_back(collect(*ws, {first_batch_id}).begin()->second);
  return replies;
}

std::size_t count_ok(const std::vector<Json>& replies) {
  return static_cast<std::size_t>(
      std::count_if(replies.begin(), replies.end(), [](const Json& r) { return r.value("type", "") == "ok"; }));
}

std::size_t count_code(const std::vector<Json>& replies, const std::string& code) {
  return static_cast<std::size_t>(std::count_if(replies.begin(), replies.end(), [&](const Json& r) {
    return r.value("type", "") == "error" && r.value("code", "") == code;
  }));
}

Json first_with_code(const std::vector<Json>& replies, const std::string& code) {
  for (const Json& r : replies) {
    if (r.value("type", "") == "error" && r.value("code", "") == code) return r;
  }
  return nullptr;
}

std::string widest_name(std::size_t tag, std::size_t letters) {
  // U+20000.. are CJK Extension B letters: four bytes each, unchanged by NFC.
  std::string name;
  for (std::size_t i = 0; i + 3 < letters; ++i) append_utf8(name, U'\U00020000');
  for (int shift : {16, 8, 0}) append_utf8(name, static_cast<char32_t>(0x20100 + ((tag >> shift) & 0xFF)));
  return name;
}

}  // namespace yunzi::e2e
