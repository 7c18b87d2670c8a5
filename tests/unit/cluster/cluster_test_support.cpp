#include "tests/unit/cluster/cluster_test_support.hpp"

#include <boost/asio/post.hpp>
#include <future>
#include <memory>

namespace yunzi::cluster::testing {
namespace {

thread_local const Executor* running_for = nullptr;

}  // namespace

Executor::Executor(int threads) : work_(io_.get_executor()) {
  for (int i = 0; i < threads; ++i) {
    threads_.emplace_back([this] {
      running_for = this;
      io_.run();
    });
  }
}

Executor::~Executor() {
  work_.reset();
  io_.stop();
  for (auto& thread : threads_) thread.join();
}

bool Executor::runs_here() const { return running_for == this; }

bool Executor::drain(std::chrono::milliseconds timeout) {
  auto done = std::make_shared<std::promise<void>>();
  auto future = done->get_future();
  boost::asio::post(io_, [done] { done->set_value(); });
  return future.wait_for(timeout) == std::future_status::ready;
}

BusOptions options_for(const test_support::NatsServer& nats, const std::string& name) {
  BusOptions options;
  options.urls = {nats.url()};
  options.name = name;
  return options;
}

std::optional<Answer> ask(Bus& bus, const std::string& subject, const std::string& data,
                          std::chrono::milliseconds timeout) {
  auto answer = std::make_shared<Mailbox<Answer>>();
  bus.request(subject, data, timeout, [answer](Answer outcome) { answer->push(std::move(outcome)); });
  return answer->next(timeout + 10s);
}

bool wait_for_responder(Bus& bus, const std::string& subject, const std::string& probe,
                        std::chrono::milliseconds deadline) {
  return wait_until(
      [&] {
        auto answer = ask(bus, subject, probe, 1s);
        return answer && answer->has_value();
      },
      deadline);
}

}  // namespace yunzi::cluster::testing
