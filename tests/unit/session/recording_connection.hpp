// A connection for the app's unit tests that keeps every frame it is sent,
// parsed, and the code it was closed with.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/net/connection.hpp"

namespace yunzi::app::testing {

class RecordingConnection final : public net::Connection {
 public:
  explicit RecordingConnection(std::uint64_t id = 7) : id_(id) {}
  std::uint64_t id() const override { return id_; }
  const std::string& remote_address() const override { return address_; }
  void send(std::shared_ptr<const std::string> frame) override { frames.push_back(nlohmann::json::parse(*frame)); }
  void close(std::uint16_t code, std::string) override { closed_with = code; }
  std::optional<std::chrono::microseconds> median_rtt() const override { return std::nullopt; }

  std::vector<nlohmann::json> frames;
  std::optional<std::uint16_t> closed_with;

 private:
  std::uint64_t id_;
  std::string address_ = "127.0.0.1:1";
};

}  // namespace yunzi::app::testing
