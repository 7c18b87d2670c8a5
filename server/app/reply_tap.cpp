#include "server/app/reply_tap.hpp"

namespace yunzi::app {

FrameKind classify_frame(std::string_view frame) {
  FrameKind kind;
  if (frame.find("\"type\":\"ok\"") != std::string_view::npos) {
    kind.is_reply = true;
    return kind;
  }
  if (frame.find("\"type\":\"error\"") == std::string_view::npos) return kind;
  kind.is_reply = true;
  constexpr std::string_view code_key = "\"code\":\"";
  const auto at = frame.find(code_key);
  if (at == std::string_view::npos) return kind;
  const auto start = at + code_key.size();
  const auto end = frame.find('"', start);
  if (end == std::string_view::npos) return kind;
  kind.error = protocol::parse_error_code(frame.substr(start, end - start));
  return kind;
}

ReplyTap::ReplyTap(net::ConnectionPtr inner, AppMetrics& metrics, std::function<void()> on_reply)
    : inner_(std::move(inner)), metrics_(metrics), on_reply_(std::move(on_reply)) {}

void ReplyTap::send(std::shared_ptr<const std::string> frame) {
  const FrameKind kind = frame ? classify_frame(*frame) : FrameKind{};
  inner_->send(std::move(frame));
  if (kind.error) metrics_.count_error(*kind.error);
  if (kind.is_reply && on_reply_) on_reply_();
}

namespace {
class DiscardConnection final : public net::Connection {
 public:
  explicit DiscardConnection(std::uint64_t id) : id_(id) {}
  std::uint64_t id() const override { return id_; }
  const std::string& remote_address() const override { return address_; }
  void send(std::shared_ptr<const std::string>) override {}
  void close(std::uint16_t, std::string) override {}
  std::optional<std::chrono::microseconds> median_rtt() const override { return std::nullopt; }

 private:
  std::uint64_t id_;
  std::string address_ = "internal";
};
}  // namespace

net::ConnectionPtr discard_connection(std::uint64_t id) { return std::make_shared<DiscardConnection>(id); }

}  // namespace yunzi::app
