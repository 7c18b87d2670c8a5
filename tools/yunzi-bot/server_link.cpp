#include "tools/yunzi-bot/server_link.hpp"

#include <thread>

#include <spdlog/spdlog.h>

namespace yunzi::bot {

namespace {

// A cluster node's lease is 15 s by default: a lost node's games run again elsewhere within about that.
constexpr std::chrono::seconds unavailable_patience(45);

std::string describe_error(const Json& reply) {
  return reply.value("code", std::string("?")) + ": " + reply.value("message", std::string());
}

}  // namespace

Expected<std::unique_ptr<client::WsClient>, std::string> ServerLink::open_connection() {
  auto ws = client::WsClient::connect(config_.host, config_.port, config_.path, Millis(5000));
  if (!ws) return unexpected(ws.error());
  auto hello = (*ws)->request(Json{{"type", "hello"}, {"protocol", 1}, {"client", "yunzi-bot"}}, Millis(5000));
  if (!hello) return unexpected(hello.error());
  if (!is_ok(*hello)) return unexpected("hello refused: " + describe_error(*hello));
  return std::move(*ws);
}

Expected<std::unique_ptr<client::WsClient>, std::string> ServerLink::log_in() {
  auto ws = open_connection();
  if (!ws) return ws;
  auto login =
      (*ws)->request(Json{{"type", "login"}, {"name", config_.name}, {"password", config_.password}}, Millis(10000));
  if (!login) return unexpected(login.error());
  if (!is_ok(*login) && login->value("code", std::string()) == "bad_credentials" && config_.register_account) {
    spdlog::info("login refused, registering {} at {}", config_.name, config_.rank);
    login = (*ws)->request(
        Json{{"type", "register"}, {"name", config_.name}, {"password", config_.password}, {"rank", config_.rank}},
        Millis(10000));
    if (!login) return unexpected(login.error());
  }
  if (!is_ok(*login)) return unexpected("cannot log in as " + config_.name + ": " + describe_error(*login));
  token_ = login->value("token", std::string());
  return ws;
}

Expected<LoggedIn, std::string> ServerLink::connect() {
  close();
  // The working connection always authenticates with `resume`, whose reply
  // lists the games in progress. A login, when needed, happens on a
  // connection of its own that stays open until the resume is done, so the
  // account never looks offline in between (which would drop challenges).
  std::unique_ptr<client::WsClient> login_connection;
  if (token_.empty()) {
    auto logged_in = log_in();
    if (!logged_in) return unexpected(logged_in.error());
    login_connection = std::move(*logged_in);
  }
  auto ws = open_connection();
  if (!ws) return unexpected(ws.error());
  ws_ = std::move(*ws);
  auto reply = call(Json{{"type", "resume"}, {"token", token_}});
  if (reply && !is_ok(*reply) && !login_connection) {
    spdlog::info("resume refused ({}), logging in again", describe_error(*reply));
    token_.clear();
    auto logged_in = log_in();
    if (!logged_in) {
      close();
      return unexpected(logged_in.error());
    }
    login_connection = std::move(*logged_in);
    reply = call(Json{{"type", "resume"}, {"token", token_}});
  }
  LoggedIn result;
  if (login_connection) {
    // Events for the account (a challenge) may have reached the login
    // connection before the working one was signed in: keep them.
    while (auto frame = login_connection->next_event(Millis(20))) {
      if (!frame->contains("re")) result.early_events.push_back(std::move(*frame));
    }
    login_connection->close(1000, Millis(500));
  }
  if (!reply) return unexpected(reply.error());
  if (!is_ok(*reply)) {
    close();
    return unexpected("cannot log in as " + config_.name + ": resume refused: " + describe_error(*reply));
  }

  result.user = reply->value("user", Json::object());
  for (const auto& game : reply->value("games", Json::array())) {
    if (game.is_number_integer()) result.games.push_back(game.get<std::int64_t>());
  }
  if (result.user.value("role", std::string()) != "bot") {
    spdlog::warn("the account {} has the role '{}', not 'bot': an administrator should set it",
                 result.user.value("name", config_.name), result.user.value("role", std::string("?")));
  }
  return result;
}

void ServerLink::close() {
  if (ws_ && ws_->is_open()) ws_->close(1000, Millis(500));
  ws_.reset();
}

// A request refused as `unavailable` (a game whose server is being replaced: nothing was done) is sent again when
// the server says, for as long as a takeover may take.
Expected<Json, std::string> ServerLink::call(Json request, Millis timeout) {
  const auto deadline = std::chrono::steady_clock::now() + unavailable_patience;
  for (;;) {
    if (!ws_) return unexpected(std::string("not connected"));
    auto reply = ws_->request(request, timeout);
    if (!reply) {
      spdlog::warn("connection lost: {}", reply.error());
      ws_.reset();
      return unexpected(reply.error());
    }
    const Millis wait(reply->value("retry_after_ms", std::int64_t{0}));
    if (reply->value("code", std::string()) != "unavailable" || wait <= Millis(0) ||
        std::chrono::steady_clock::now() + wait > deadline) {
      return reply;
    }
    spdlog::info("{} refused for now ({}); again in {} ms", request.value("type", std::string()),
                 describe_error(*reply), wait.count());
    std::this_thread::sleep_for(wait);
  }
}

bool ServerLink::call_ok(Json request, const std::string& what) {
  const std::string type = request.value("type", std::string());
  auto reply = call(std::move(request));
  if (!reply) return false;
  if (is_ok(*reply)) return true;
  spdlog::warn("{}: {} refused: {}", what, type, describe_error(*reply));
  return false;
}

std::optional<Json> ServerLink::next_event(Millis wait) {
  while (ws_) {
    if (!ws_->is_open()) {
      spdlog::warn("connection closed by the server");
      ws_.reset();
      return std::nullopt;
    }
    auto event = ws_->next_event(wait);
    if (!event) {
      if (!ws_->is_open()) {
        spdlog::warn("connection lost: {}", event.error());
        ws_.reset();
      }
      return std::nullopt;
    }
    // Replies whose request timed out are of no use any more.
    if (event->contains("re")) continue;
    return std::move(*event);
  }
  return std::nullopt;
}

}  // namespace yunzi::bot
