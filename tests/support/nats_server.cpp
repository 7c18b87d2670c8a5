#include "tests/support/nats_server.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>
#include <thread>

#include "tests/support/programs.hpp"
#include "tests/support/text_files.hpp"

namespace yunzi::test_support {
namespace {

sockaddr_in loopback(std::uint16_t port) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return address;
}

// Another process may take the port before nats-server binds it; on a test
// machine that is rare enough, and start() then fails with the log saying so.
std::uint16_t free_loopback_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) throw std::runtime_error("socket() failed");
  sockaddr_in address = loopback(0);
  socklen_t length = sizeof(address);
  const bool bound = ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0 &&
                     ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0;
  ::close(fd);
  if (!bound) throw std::runtime_error("no free loopback port");
  return ntohs(address.sin_port);
}

bool accepts_connections(std::uint16_t port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return false;
  sockaddr_in address = loopback(port);
  const bool connected = ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0;
  ::close(fd);
  return connected;
}

}  // namespace

NatsServer::NatsServer() : dir_("yunzi-nats"), port_(free_loopback_port()) {}

NatsServer::~NatsServer() { kill(); }

Expected<Done, std::string> NatsServer::start(std::chrono::milliseconds timeout) {
  ChildOptions options;
  options.log = dir_ / "nats-server.log";
  auto started = child_.start({nats_server_path(), "-a", "127.0.0.1", "-p", std::to_string(port_)}, options);
  if (!started) return started;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!accepts_connections(port_)) {
    if (auto ended = child_.poll()) {
      return unexpected("nats-server ended (" + ended->describe() + "):\n" + log_tail());
    }
    if (std::chrono::steady_clock::now() > deadline) {
      kill();
      return unexpected("nats-server did not listen on port " + std::to_string(port_) + ":\n" + log_tail());
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return Done{};
}

void NatsServer::stop() { child_.stop(SIGTERM, std::chrono::seconds(10)); }

void NatsServer::kill() { child_.kill(); }

std::string NatsServer::url() const { return "nats://127.0.0.1:" + std::to_string(port_); }

std::string NatsServer::log_tail() const { return last_lines(read_file(dir_ / "nats-server.log"), 20); }

}  // namespace yunzi::test_support
