#include "server/net/server.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <exception>
#include <optional>
#include <thread>
#include <vector>

#include "server/net/http_session.hpp"
#include "server/net/session_context.hpp"
#include "server/net/websocket_session.hpp"

namespace yunzi::net {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

namespace {
// After the grace period every socket is shut, and each session needs only
// its aborted read to run to tell the application; the wait ends as soon as
// they have. It is long because a session still open when the io threads
// stop would outlive its io_context (and its on_close would never come) on
// a machine too loaded to run those handlers within a second or two.
constexpr std::chrono::milliseconds kAbortWait{10000};

// Failures that say the process (or the system) has no room for another
// socket right now: retrying at once fails again, in a busy loop.
bool is_resource_exhaustion(const boost::system::error_code& ec) {
  return ec == asio::error::no_descriptors || ec == boost::system::errc::too_many_files_open_in_system ||
         ec == asio::error::no_buffer_space || ec == asio::error::no_memory;
}
}  // namespace

struct Server::Impl {
  Impl(NetConfig config, Handler& handler, prometheus::Registry& metrics)
      : context(std::move(config), handler, metrics),
        io(static_cast<int>(thread_count())),
        acceptor(asio::make_strand(io)),
        accept_retry(acceptor.get_executor()) {}

  unsigned thread_count() const {
    if (context.config.threads > 0) return context.config.threads;
    return std::max(1u, std::thread::hardware_concurrency());
  }

  Expected<std::uint16_t, std::string> listen();
  void do_accept();
  void on_accept(boost::system::error_code ec, ConnectionSocket socket);
  void on_accept_failure(const boost::system::error_code& ec);
  void run_io();

  // Declared before the io_context so sessions destroyed with its queued
  // handlers can still reach it.
  SessionContext context;
  asio::io_context io;
  std::optional<asio::executor_work_guard<asio::io_context::executor_type>> work;
  tcp::acceptor acceptor;
  // On the acceptor's strand, like everything about accept failures.
  asio::steady_timer accept_retry;
  std::uint64_t accept_failures_unlogged = 0;  // since the last log line about them
  std::uint64_t accept_failures_in_a_row = 0;
  std::optional<std::chrono::steady_clock::time_point> accept_failure_logged_at;
  std::vector<std::thread> threads;
  std::uint16_t port = 0;
  bool running = false;
};

Expected<std::uint16_t, std::string> Server::Impl::listen() {
  boost::system::error_code ec;
  const auto address = asio::ip::make_address(context.config.bind_address, ec);
  if (ec) return unexpected("bad bind address '" + context.config.bind_address + "': " + ec.message());
  const tcp::endpoint endpoint(address, context.config.port);
  const std::string where = context.config.bind_address + ":" + std::to_string(context.config.port);
  if (acceptor.open(endpoint.protocol(), ec); ec) return unexpected("cannot open socket: " + ec.message());
  if (acceptor.set_option(asio::socket_base::reuse_address(true), ec); ec)
    return unexpected("cannot set reuse_address: " + ec.message());
  if (acceptor.bind(endpoint, ec); ec) return unexpected("cannot bind " + where + ": " + ec.message());
  if (acceptor.listen(asio::socket_base::max_listen_connections, ec); ec)
    return unexpected("cannot listen on " + where + ": " + ec.message());
  return acceptor.local_endpoint().port();
}

void Server::Impl::do_accept() {
  acceptor.async_accept(asio::make_strand(io), [this](boost::system::error_code ec, ConnectionSocket socket) {
    on_accept(ec, std::move(socket));
  });
}

void Server::Impl::on_accept(boost::system::error_code ec, ConnectionSocket socket) {
  if (!acceptor.is_open() || ec == asio::error::operation_aborted) return;
  if (ec) return on_accept_failure(ec);
  if (accept_failures_in_a_row > 0) {
    spdlog::info("net: accepting again after {} failed accepts", accept_failures_in_a_row);
    accept_failures_in_a_row = 0;
    accept_failures_unlogged = 0;
    accept_failure_logged_at.reset();
  }
  // Frames are small and often go out in pairs (a reply, then the event it
  // caused): with Nagle's algorithm the second waited for the peer's
  // delayed ACK, up to 40 ms on Linux.
  socket.set_option(tcp::no_delay(true), ec);
  std::make_shared<HttpSession>(std::move(socket), context)->run();
  do_accept();
}

// Out of descriptors, accept() fails at once for as long as the connections
// wait in the backlog: retried at once, that is a busy loop writing a log
// line per try. The listener pauses instead (the open connections are served
// meanwhile, and the waiting ones are taken once a descriptor is free) and
// the log gets one line per interval with the count.
void Server::Impl::on_accept_failure(const boost::system::error_code& ec) {
  context.metrics.accept_failures.Increment();
  ++accept_failures_in_a_row;
  ++accept_failures_unlogged;
  const NetConfig& config = context.config;
  // A failure about one connection alone (it was reset while waiting) needs
  // no pause, but a short one costs nothing and bounds any other loop.
  const auto delay = is_resource_exhaustion(ec) ? config.accept_retry_delay : std::chrono::milliseconds(1);
  const auto now = std::chrono::steady_clock::now();
  if (!accept_failure_logged_at || now - *accept_failure_logged_at >= config.accept_failure_log_interval) {
    spdlog::warn("net: accept failed error={} failures={} (since the last such line); retrying in {} ms", ec.message(),
                 accept_failures_unlogged, delay.count());
    accept_failure_logged_at = now;
    accept_failures_unlogged = 0;
  }
  accept_retry.expires_after(delay);
  accept_retry.async_wait([this](boost::system::error_code wait_ec) {
    if (wait_ec || !acceptor.is_open()) return;
    do_accept();
  });
}

void Server::Impl::run_io() {
  // A throwing handler must not take an io thread (and every session on it) down.
  for (;;) {
    try {
      io.run();
      return;
    } catch (const std::exception& e) {
      spdlog::error("net: uncaught exception on io thread error={}", e.what());
    }
  }
}

Server::Server(NetConfig config, Handler& handler, prometheus::Registry& metrics)
    : impl_(std::make_unique<Impl>(std::move(config), handler, metrics)) {}

Server::~Server() {
  if (impl_->running) shutdown(impl_->context.config.close_timeout);
}

void Server::add_route(HttpRoute route) {
  add_async_route([route = std::move(route)](const HttpRequest& request, const HttpResponder& respond) {
    auto response = route(request);
    if (!response) return false;
    respond(std::move(*response));
    return true;
  });
}

void Server::add_async_route(AsyncHttpRoute route) { impl_->context.routes.push_back(std::move(route)); }

namespace {

void log_static_site(const StaticSite& site) {
  if (site.file_count() == 0) return;
  spdlog::info("net: static files={} bytes={} bundled={}", site.file_count(), site.total_bytes(),
               fmt::join(site.bundled(), ","));
  // The page still works from the separate modules, only slower.
  for (const std::string& error : site.bundle_errors()) spdlog::warn("net: module bundle not made: {}", error);
}

}  // namespace

Expected<std::uint16_t, std::string> Server::start() {
  if (impl_->running) return unexpected(std::string("already running"));
  auto port = impl_->listen();
  if (!port) return port;
  impl_->port = *port;
  impl_->running = true;
  impl_->work.emplace(impl_->io.get_executor());
  impl_->do_accept();
  const unsigned count = impl_->thread_count();
  for (unsigned i = 0; i < count; ++i) impl_->threads.emplace_back([this] { impl_->run_io(); });
  spdlog::info("net: listening address={} port={} threads={}", impl_->context.config.bind_address, *port, count);
  log_static_site(impl_->context.static_site);
  return port;
}

std::uint16_t Server::port() const { return impl_->port; }

asio::io_context& Server::io_context() { return impl_->io; }

void Server::shutdown(std::chrono::milliseconds grace) {
  if (!impl_->running) return;
  impl_->context.shutting_down.store(true);
  asio::post(impl_->acceptor.get_executor(), [impl = impl_.get()] {
    boost::system::error_code ignored;
    impl->acceptor.close(ignored);
    impl->accept_retry.cancel();
  });
  const auto open = impl_->context.registry.snapshot();
  spdlog::info("net: shutting down open_connections={}", open.size());
  for (const auto& connection : open) connection->close(close_code::service_restart, "service restart");
  if (!impl_->context.registry.wait_empty(grace)) {
    spdlog::warn("net: grace period over with {} connections open", impl_->context.registry.size());
    // Dropped rather than abandoned: every on_open still gets its on_close,
    // and no session outlives the io_context its socket belongs to.
    for (const auto& session : impl_->context.registry.snapshot()) session->abort();
    impl_->context.registry.wait_empty(kAbortWait);
  }
  impl_->work.reset();
  impl_->io.stop();
  for (auto& thread : impl_->threads) thread.join();
  impl_->threads.clear();
  impl_->running = false;
}

const NetMetrics& Server::metrics() const { return impl_->context.metrics; }

std::size_t Server::open_connections() const { return impl_->context.registry.size(); }

}  // namespace yunzi::net
