// yunzi_bench_bus: what one message between two nodes costs the bus, against the same bytes over a bare loopback
// TCP connection read by an io_context, in the same run. Both ends live in this process, so its CPU is what a
// message costs the two nodes together (the nats-server between them is not counted).
//   yunzi_bench_bus NATS_URL [MESSAGES] [RATE] [BYTES]
// Sends MESSAGES messages of BYTES bytes one way, one at a time at RATE a second (as moves come), and prints
// for each way the CPU per message (user and system, from getrusage) and the p50 / p99 from the send to the
// handler, then the bus's CPU as a ratio of the bare connection's. bench/cluster/bus starts the nats-server.
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/cluster/bus.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using boost::asio::ip::tcp;

struct Settings {
  std::string nats_url;
  int messages = 20'000;
  int rate = 2'000;
  std::size_t bytes = 200;
};

struct Figures {
  double cpu_us_per_message = 0;
  double p50_us = 0;
  double p99_us = 0;
};

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
}

// The send time travels in the message's first eight bytes; the rest is filler.
std::string message_sent_now(std::size_t bytes) {
  std::string message(std::max<std::size_t>(bytes, sizeof(std::int64_t)), 'm');
  const std::int64_t sent = now_ns();
  std::memcpy(message.data(), &sent, sizeof sent);
  return message;
}

// What the receiving end saw: each message's time on the way, and when the last came.
class Arrivals {
 public:
  explicit Arrivals(int expected) : expected_(expected) { latencies_.reserve(static_cast<std::size_t>(expected)); }

  void arrived(const char* data) {
    std::int64_t sent = 0;
    std::memcpy(&sent, data, sizeof sent);
    std::lock_guard lock(mutex_);
    latencies_.push_back(static_cast<double>(now_ns() - sent) / 1e3);
    if (static_cast<int>(latencies_.size()) == expected_) all_.notify_all();
  }
  bool wait_all(std::chrono::seconds timeout) {
    std::unique_lock lock(mutex_);
    return all_.wait_for(lock, timeout, [&] { return static_cast<int>(latencies_.size()) >= expected_; });
  }
  std::vector<double> latencies() {
    std::lock_guard lock(mutex_);
    return latencies_;
  }

 private:
  const int expected_;
  std::mutex mutex_;
  std::condition_variable all_;
  std::vector<double> latencies_;
};

// Sends at the rate; the CPU from the first send to the last arrival.
double send_paced(const Settings& settings, const std::function<void(const std::string&)>& send) {
  const auto gap = std::chrono::nanoseconds(1'000'000'000LL / settings.rate);
  const double cpu_before = cpu_seconds();
  auto next = Clock::now();
  for (int i = 0; i < settings.messages; ++i) {
    std::this_thread::sleep_until(next);
    send(message_sent_now(settings.bytes));
    next += gap;
  }
  return cpu_before;
}

// The sending thread's own wake-ups at the rate, which a node's io thread,
// awake already for the frame it handles, does not pay: taken off both ways.
double pacing_us_per_message(const Settings& settings) {
  const double cpu_before = send_paced(settings, [](const std::string&) {});
  return (cpu_seconds() - cpu_before) * 1e6 / settings.messages;
}

Figures measure(const Settings& settings, const std::function<void(const std::string&)>& send, Arrivals& arrivals) {
  const double cpu_before = send_paced(settings, send);
  if (!arrivals.wait_all(std::chrono::seconds(60))) std::fprintf(stderr, "not every message arrived\n");
  const double cpu = cpu_seconds() - cpu_before;
  auto latencies = arrivals.latencies();
  std::sort(latencies.begin(), latencies.end());
  Figures figures;
  figures.cpu_us_per_message = cpu * 1e6 / settings.messages;
  if (!latencies.empty()) {
    figures.p50_us = latencies[latencies.size() / 2];
    figures.p99_us = latencies[latencies.size() * 99 / 100];
  }
  return figures;
}

// An io_context run by two threads, as a server runs its own.
class IoThreads {
 public:
  IoThreads() {
    for (int i = 0; i < 2; ++i) threads_.emplace_back([this] { io_.run(); });
  }
  ~IoThreads() {
    work_.reset();
    io_.stop();
    for (auto& thread : threads_) thread.join();
  }
  boost::asio::io_context& io() { return io_; }

 private:
  boost::asio::io_context io_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_{io_.get_executor()};
  std::vector<std::thread> threads_;
};

Figures over_the_bus(const Settings& settings) {
  IoThreads threads;
  yunzi::cluster::BusOptions options;
  options.urls = {settings.nats_url};
  yunzi::cluster::Bus sender(threads.io().get_executor(), options);
  yunzi::cluster::Bus receiver(threads.io().get_executor(), options);
  if (!sender.start() || !receiver.start()) {
    std::fprintf(stderr, "cannot start the buses on %s\n", settings.nats_url.c_str());
    std::exit(1);
  }
  std::atomic<bool> probed{false};
  Arrivals arrivals(settings.messages);
  auto subscription = receiver.subscribe("bench.bus", [&](yunzi::cluster::BusMessage message) {
    if (message.data == "probe") {
      probed = true;
      return;
    }
    arrivals.arrived(message.data.data());
  });
  if (!subscription) std::exit(1);
  // The receiver's subscription reaches the server on its own connection.
  while (!probed) {
    (void)sender.publish("bench.bus", "probe");
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  return measure(
      settings, [&](const std::string& message) { (void)sender.publish("bench.bus", message); }, arrivals);
}

// The bare way: the same bytes, length-prefixed, over one loopback connection read by the io_context.
class BareReceiver {
 public:
  BareReceiver(tcp::socket socket, Arrivals& arrivals) : socket_(std::move(socket)), arrivals_(arrivals) {}
  void read_next() {
    boost::asio::async_read(socket_, boost::asio::buffer(&length_, sizeof length_),
                            [this](boost::system::error_code error, std::size_t) {
                              if (error) return;
                              body_.resize(length_);
                              boost::asio::async_read(socket_, boost::asio::buffer(body_),
                                                      [this](boost::system::error_code error, std::size_t) {
                                                        if (error) return;
                                                        arrivals_.arrived(body_.data());
                                                        read_next();
                                                      });
                            });
  }

 private:
  tcp::socket socket_;
  Arrivals& arrivals_;
  std::uint32_t length_ = 0;
  std::string body_;
};

Figures over_bare_tcp(const Settings& settings) {
  IoThreads threads;
  tcp::acceptor acceptor(threads.io(), tcp::endpoint(boost::asio::ip::address_v4::loopback(), 0));
  tcp::socket sending(threads.io());
  sending.connect(acceptor.local_endpoint());
  sending.set_option(tcp::no_delay(true));
  tcp::socket accepted = acceptor.accept();
  accepted.set_option(tcp::no_delay(true));
  Arrivals arrivals(settings.messages);
  BareReceiver receiver(std::move(accepted), arrivals);
  boost::asio::post(threads.io(), [&] { receiver.read_next(); });
  Figures figures = measure(
      settings,
      [&](const std::string& message) {
        const auto length = static_cast<std::uint32_t>(message.size());
        std::string framed(reinterpret_cast<const char*>(&length), sizeof length);
        framed += message;
        boost::asio::write(sending, boost::asio::buffer(framed));
      },
      arrivals);
  sending.close();
  return figures;
}

void print(const char* way, const Figures& figures) {
  std::printf("%-8s CPU per message %7.1f us   p50 %7.1f us   p99 %8.1f us\n", way, figures.cpu_us_per_message,
              figures.p50_us, figures.p99_us);
}

}  // namespace

int main(int argc, char** argv) {
  // scripts/bench passes Google Benchmark's flags to every benchmark: without a URL this only says how to run it.
  if (argc < 2 || std::string(argv[1]).rfind("nats://", 0) != 0) {
    std::printf("usage: yunzi_bench_bus NATS_URL [MESSAGES] [RATE] [BYTES] (bench/cluster/bus runs it)\n");
    return 0;
  }
  Settings settings;
  settings.nats_url = argv[1];
  if (argc > 2) settings.messages = std::max(1, std::atoi(argv[2]));
  if (argc > 3) settings.rate = std::max(1, std::atoi(argv[3]));
  if (argc > 4) settings.bytes = static_cast<std::size_t>(std::max(8, std::atoi(argv[4])));
  std::printf("%d messages of %zu bytes at %d/s, one way\n", settings.messages, settings.bytes, settings.rate);
  const double pacing = pacing_us_per_message(settings);
  Figures bare = over_bare_tcp(settings);
  Figures bus = over_the_bus(settings);
  bare.cpu_us_per_message -= pacing;
  bus.cpu_us_per_message -= pacing;
  std::printf("pacing   CPU per message %7.1f us (the sender's own wake-ups, taken off both below)\n", pacing);
  print("bare", bare);
  print("bus", bus);
  std::printf("bus / bare: CPU %.2fx, p50 %.2fx\n", bus.cpu_us_per_message / bare.cpu_us_per_message,
              bus.p50_us / bare.p50_us);
  return 0;
}
