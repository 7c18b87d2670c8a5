#include "tools/yunzi-analyzer/review_worker.hpp"

#include <spdlog/spdlog.h>

#include <memory>
#include <optional>
#include <thread>

#include "tools/client/ws_client.hpp"

namespace yunzi::analyzer {
namespace {

using nlohmann::json;
using Millis = std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

constexpr Millis report_at_least_every{15'000};

bool is_ok(const json& reply) { return reply.value("type", std::string()) == "ok"; }

std::string refusal(const json& reply) {
  return reply.value("code", std::string("?")) + ": " + reply.value("message", std::string());
}

class Link {
 public:
  explicit Link(const AnalyzerConfig& config) : config_(config) {}

  Expected<Done, std::string> connect() {
    ws_.reset();
    auto ws = client::WsClient::connect(config_.host, config_.port, "/ws", Millis(5000));
    if (!ws) return unexpected(ws.error());
    ws_ = std::move(*ws);
    auto hello = call({{"type", "hello"}, {"protocol", 1}, {"client", "yunzi-analyzer"}});
    if (!hello) return unexpected(hello.error());
    auto login = call({{"type", "login"}, {"name", config_.name}, {"password", config_.password}});
    if (!login) return unexpected(login.error());
    if (!is_ok(*login)) return unexpected("cannot log in as " + config_.name + ": " + refusal(*login));
    const std::string role = login->value("user", json::object()).value("role", std::string());
    if (role != "bot") spdlog::warn("the account {} has the role '{}': only bots may run reviews", config_.name, role);
    return Done{};
  }

  // The reply whatever it says; an error only when the connection failed.
  Expected<json, std::string> call(json request) {
    if (!ws_) return unexpected(std::string("not connected"));
    auto reply = ws_->request(std::move(request), Millis(10'000));
    if (!reply) {
      ws_.reset();
      return unexpected(reply.error());
    }
    ws_->discard_queued();  // events for players; a worker has no use for them
    return reply;
  }

  bool up() const { return ws_ && ws_->is_open(); }

 private:
  const AnalyzerConfig& config_;
  std::unique_ptr<client::WsClient> ws_;
};

// The positions of one review sent as they come; false once the server refused one or the link went.
class Reporter {
 public:
  Reporter(Link& link, std::int64_t analysis, std::size_t every) : link_(link), analysis_(analysis), every_(every) {}

  bool add(const json& position) {
    batch_.push_back(position);
    if (batch_.size() >= every_ || Clock::now() - last_ >= report_at_least_every) return flush();
    return true;
  }

  bool flush() {
    if (batch_.empty()) return true;
    auto reply = link_.call({{"type", "analysis.report"}, {"analysis", analysis_}, {"positions", batch_}});
    batch_ = json::array();
    last_ = Clock::now();
    if (!reply) return false;
    if (!is_ok(*reply)) {
      spdlog::warn("review {}: report refused: {}", analysis_, refusal(*reply));
      if (reply->value("code", std::string()) == "bad_request") refused_ = refusal(*reply);
      return false;
    }
    return true;
  }

  // Why the server refused a report as malformed (empty when it did not):
  // running the review again would only bring the same refusal.
  const std::string& refused() const { return refused_; }

 private:
  Link& link_;
  std::int64_t analysis_;
  std::size_t every_;
  json batch_ = json::array();
  std::string refused_;
  Clock::time_point last_ = Clock::now();
};

// A failure's reason as the server takes it: at most 200 bytes, cut between
// characters (a cut inside one would be invalid UTF-8, which no frame carries).
std::string reason_text(const std::string& text) {
  std::size_t end = std::min<std::size_t>(text.size(), 200);
  while (end > 0 && end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end);
}

}  // namespace

int run_review_worker(const AnalyzerConfig& config) {
  auto analyst = EngineAnalyst::start(config.analyst);
  if (!analyst) {
    spdlog::critical("not going online: {}", analyst.error());
    return 3;
  }
  spdlog::info("engine {} ({}), claiming reviews by the name {}", analyst->engine_name(),
               analyst->dialect() == AnalysisDialect::plain ? "score estimates" : "searched positions",
               config.engine_name);
  Link link(config);
  Millis backoff{250};
  for (;;) {
    if (!link.up()) {
      if (auto connected = link.connect(); !connected) {
        spdlog::warn("no connection: {}; again in {} ms", connected.error(), backoff.count());
        std::this_thread::sleep_for(backoff);
        backoff = std::min(Millis(30'000), backoff * 2);
        continue;
      }
      backoff = Millis(250);
      spdlog::info("logged in as {} at {}:{}", config.name, config.host, config.port);
    }
    auto claimed = link.call({{"type", "analysis.claim"}, {"engine", config.engine_name}});
    if (!claimed) continue;
    if (!is_ok(*claimed)) {
      spdlog::warn("claim refused: {}", refusal(*claimed));
      std::this_thread::sleep_for(std::max(config.poll, Millis(1000)));
      continue;
    }
    const json job = claimed->value("job", json());
    if (!job.is_object()) {
      if (config.once) return 0;
      std::this_thread::sleep_for(config.poll);
      continue;
    }
    const std::int64_t analysis = job.at("analysis").get<std::int64_t>();
    spdlog::info("review {}: game {}, {} moves", analysis, job.at("game").get<std::int64_t>(), job.at("moves").size());
    Reporter reporter(link, analysis, config.report_every);
    bool reported = true;
    auto ran = analyst->analyse(job, [&](const json& position) { return reported = reporter.add(position); });
    if (ran && reported && reporter.flush()) {
      auto finished = link.call({{"type", "analysis.finish"}, {"analysis", analysis}});
      if (finished && is_ok(*finished)) spdlog::info("review {} done", analysis);
      else if (finished) spdlog::warn("review {}: finish refused: {}", analysis, refusal(*finished));
      continue;
    }
    if (!reporter.refused().empty()) {
      // The run fails; after the last run the review does, instead of being run for ever.
      const std::string reason = "the server refused a report: " + reporter.refused();
      link.call({{"type", "analysis.fail"}, {"analysis", analysis}, {"reason", reason_text(reason)}});
      continue;
    }
    if (ran) continue;  // the link or the server stopped it: claim again
    spdlog::error("review {}: the engine failed: {}", analysis, ran.error());
    link.call({{"type", "analysis.fail"}, {"analysis", analysis}, {"reason", reason_text(ran.error())}});
    analyst = EngineAnalyst::start(config.analyst);
    if (!analyst) {
      spdlog::critical("the engine cannot be started again: {}", analyst.error());
      return 3;
    }
  }
}

}  // namespace yunzi::analyzer
