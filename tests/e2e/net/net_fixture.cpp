#include "tests/e2e/net/net_fixture.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

namespace yunzi::net::testing {

namespace {

// "broadcast:COUNT:SIZE" -> frames "<index> xxxx..." of SIZE bytes.
bool handle_broadcast(TestApp& app, const std::string& text) {
  unsigned count = 0;
  std::size_t size = 0;
  if (std::sscanf(text.c_str(), "broadcast:%u:%zu", &count, &size) != 2) return false;
  for (unsigned i = 0; i < count; ++i) {
    std::string frame = std::to_string(i) + " ";
    frame.resize(std::max(size, frame.size()), 'x');
    app.broadcast(frame);
  }
  return true;
}

// "close:CODE:REASON" -> a goodbye frame, then close(CODE, REASON).
bool handle_close(const ConnectionPtr& connection, const std::string& text) {
  unsigned code = 0;
  int reason_at = 0;
  if (std::sscanf(text.c_str(), "close:%u:%n", &code, &reason_at) != 1 || reason_at == 0) return false;
  connection->send(std::string("goodbye"));
  connection->close(static_cast<std::uint16_t>(code), text.substr(static_cast<std::size_t>(reason_at)));
  return true;
}

// One connection's side: hands its traffic back to the TestApp.
class TestConnection final : public ConnectionHandler {
 public:
  TestConnection(TestApp& app, std::weak_ptr<Connection> connection) : app_(app), connection_(std::move(connection)) {}
  void on_message(std::string text, bool over_rate_limit) override {
    if (auto connection = connection_.lock()) app_.on_message(connection, std::move(text), over_rate_limit);
  }
  void on_close() override {
    if (auto connection = connection_.lock()) app_.on_close(connection);
  }

 private:
  TestApp& app_;
  std::weak_ptr<Connection> connection_;
};

}  // namespace

std::shared_ptr<ConnectionHandler> TestApp::on_open(const ConnectionPtr& connection) {
  {
    std::lock_guard lock(mutex_);
    open_[connection->id()] = connection;
    ++opened_;
    changed_.notify_all();
  }
  if (after_open) after_open(connection);
  return std::make_shared<TestConnection>(*this, connection);
}

void TestApp::on_message(const ConnectionPtr& connection, std::string text, bool over_rate_limit) {
  if (over_rate_limit) {
    connection->send(std::string(R"({"type":"error","code":"rate_limited"})"));
    return;
  }
  if (handle_broadcast(*this, text) || handle_close(connection, text)) return;
  const auto json = nlohmann::json::parse(text, nullptr, false);
  if (json.is_object() && json.contains("id")) {
    connection->send(nlohmann::json{{"type", "ok"}, {"re", json["id"]}, {"text", text}}.dump());
    return;
  }
  connection->send(std::move(text));
}

void TestApp::on_close(const ConnectionPtr& connection) {
  std::lock_guard lock(mutex_);
  open_.erase(connection->id());
  ++closed_;
  changed_.notify_all();
}

void TestApp::forget_connections() {
  std::lock_guard lock(mutex_);
  open_.clear();
}

void TestApp::broadcast(const std::string& text) {
  const auto frame = std::make_shared<const std::string>(text);
  for (const auto& connection : open_connections()) connection->send(frame);
}

std::vector<ConnectionPtr> TestApp::open_connections() {
  std::lock_guard lock(mutex_);
  std::vector<ConnectionPtr> result;
  for (const auto& [id, connection] : open_) result.push_back(connection);
  return result;
}

bool TestApp::wait_opened(std::size_t count, std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return changed_.wait_for(lock, timeout, [&] { return opened_ >= count; });
}

bool TestApp::wait_closed(std::size_t count, std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return changed_.wait_for(lock, timeout, [&] { return closed_ >= count; });
}

NetConfig test_config() {
  NetConfig config;
  config.bind_address = "127.0.0.1";
  config.port = 0;
  config.threads = 2;
  return config;
}

NetFixture::NetFixture(NetConfig config)
    : close_timeout(config.close_timeout), server(std::move(config), app, metrics) {
  auto started = server.start();
  if (!started) FAIL("server did not start: " << started.error());
  port = *started;
}

NetFixture::~NetFixture() {
  server.shutdown(close_timeout);
  app.forget_connections();
}

std::unique_ptr<client::WsClient> NetFixture::connect(const std::string& target) {
  auto connected = client::WsClient::connect("127.0.0.1", port, target);
  if (!connected) FAIL("cannot connect: " << connected.error());
  return std::move(*connected);
}

}  // namespace yunzi::net::testing
