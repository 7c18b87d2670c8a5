#include "server/cluster/bus_socket.hpp"

#include <boost/asio/bind_executor.hpp>
#include <utility>

namespace yunzi::cluster {

BusSocket::BusSocket(const boost::asio::any_io_executor& executor)
    : strand_(boost::asio::make_strand(executor)), descriptor_(executor) {}

void BusSocket::on_arrived(ArrivedHandler handler) { arrived_ = std::move(handler); }

natsStatus BusSocket::install(natsOptions* settings) {
  return natsOptions_SetEventLoop(settings, this, on_attach, on_read, on_write, on_detach);
}

// libnats calls these four with its connection lock held, from whichever
// thread connects, reconnects, publishes or closes.
natsStatus BusSocket::on_attach(void** user_data, void* loop, natsConnection* connection, natsSock socket) {
  auto* self = static_cast<BusSocket*>(loop);
  *user_data = self;
  self->attach(connection, socket);
  return NATS_OK;
}

natsStatus BusSocket::on_read(void* user_data, bool add) {
  // libnats asks to read only by attaching, and to stop only before it closes the socket.
  if (!add) static_cast<BusSocket*>(user_data)->let_go();
  return NATS_OK;
}

natsStatus BusSocket::on_write(void* user_data, bool add) {
  auto* self = static_cast<BusSocket*>(user_data);
  natsConnection* connection = nullptr;
  {
    std::lock_guard lock(self->mutex_);
    self->write_wanted_ = add;
    if (!add || !self->attached_) return NATS_OK;
    connection = self->connection_;
  }
  // Written here and now, as natsOptions_SetSendAsap would; the lock libnats
  // holds is recursive, and valid as the connection is while it is held.
  self->write_now(connection);
  return NATS_OK;
}

natsStatus BusSocket::on_detach(void* user_data) {
  static_cast<BusSocket*>(user_data)->let_go();
  return NATS_OK;
}

void BusSocket::attach(natsConnection* connection, natsSock socket) {
  std::lock_guard lock(mutex_);
  if (descriptor_.is_open()) descriptor_.release();
  ++generation_;
  connection_ = connection;
  attached_ = true;
  write_wanted_ = false;
  write_waiting_ = false;
  boost::system::error_code error;
  descriptor_.assign(socket, error);
  if (error) {
    // Not watched, the connection goes stale and libnats's pings reconnect it.
    attached_ = false;
    return;
  }
  watch_read_locked();
}

void BusSocket::let_go() {
  std::lock_guard lock(mutex_);
  if (!attached_) return;
  attached_ = false;
  ++generation_;
  // Ends the waits (operation_aborted) and leaves the socket to libnats, which closes it.
  if (descriptor_.is_open()) descriptor_.release();
}

void BusSocket::write_now(natsConnection* connection) {
  // A full write tells libnats's on_write(false); what is left waits.
  natsConnection_ProcessWriteEvent(connection);
  std::lock_guard lock(mutex_);
  if (write_wanted_ && attached_) watch_write_locked();
}

void BusSocket::watch_read_locked() {
  // A wait started on an idle descriptor makes Asio re-arm it with epoll,
  // which reports data that came before the wait as well.
  descriptor_.async_wait(boost::asio::posix::stream_descriptor::wait_read,
                         boost::asio::bind_executor(strand_, [self = shared_from_this(), generation = generation_](
                                                                 const boost::system::error_code& error) {
                           self->readable(generation, error);
                         }));
}

void BusSocket::watch_write_locked() {
  if (write_waiting_) return;
  write_waiting_ = true;
  times_full_.fetch_add(1, std::memory_order_relaxed);
  descriptor_.async_wait(boost::asio::posix::stream_descriptor::wait_write,
                         [self = shared_from_this(), generation = generation_](const boost::system::error_code& error) {
                           self->writable(generation, error);
                         });
}

natsConnection* BusSocket::attached(std::uint64_t generation) {
  std::lock_guard lock(mutex_);
  return attached_ && generation == generation_ ? connection_ : nullptr;
}

void BusSocket::readable(std::uint64_t generation, const boost::system::error_code& error) {
  if (error == boost::asio::error::operation_aborted) return;
  {
    std::shared_lock in_use(in_use_);
    natsConnection* connection = attached(generation);
    if (connection == nullptr) return;
    // One read of at most libnats's buffer; what stays in the socket wakes the next wait.
    natsConnection_ProcessReadEvent(connection);
    if (arrived_) arrived_();
  }
  std::lock_guard lock(mutex_);
  if (attached_ && generation == generation_) watch_read_locked();
}

void BusSocket::writable(std::uint64_t generation, const boost::system::error_code& error) {
  {
    std::lock_guard lock(mutex_);
    write_waiting_ = false;
  }
  if (error == boost::asio::error::operation_aborted) return;
  std::shared_lock in_use(in_use_);
  natsConnection* connection = attached(generation);
  if (connection == nullptr) return;
  write_now(connection);
}

}  // namespace yunzi::cluster
