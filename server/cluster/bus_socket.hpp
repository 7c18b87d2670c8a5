// libnats's socket watched by the bus's executor (internal to server/cluster),
// through libnats's event-loop hooks (natsOptions_SetEventLoop): libnats
// starts no reader thread, an io thread reads and parses what arrives, and the
// bus takes the subscriptions' messages in the same turn (arrived), so a
// message reaches its handler without passing between threads. What is
// published is written at once on the publishing thread; only what a full
// socket leaves over waits for the executor to see it writable.
#pragma once

#include <nats/nats.h>

#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/strand.hpp>
#include <cstdint>
#include <functional>
#include <mutex>
#include <shared_mutex>

namespace yunzi::cluster {

class BusSocket : public std::enable_shared_from_this<BusSocket> {
 public:
  // Runs after each read, on the read's strand and with the connection in
  // use: where the bus takes what libnats parsed into its subscriptions.
  using ArrivedHandler = std::function<void()>;

  explicit BusSocket(const boost::asio::any_io_executor& executor);
  BusSocket(const BusSocket&) = delete;
  BusSocket& operator=(const BusSocket&) = delete;

  void on_arrived(ArrivedHandler handler);
  // How often what was published found the socket full and waited.
  std::uint64_t times_full() const { return times_full_.load(std::memory_order_relaxed); }
  // Sets libnats's event-loop callbacks on the settings of a connection.
  natsStatus install(natsOptions* settings);
  // libnats's parser uses a subscription it looked up without a reference
  // of its own, and the connection after a check that a concurrent close
  // may outdate. Reads and writes here hold this lock shared; the bus holds
  // it exclusively to close the connection or destroy a subscription or the
  // connection. It is never taken while libnats's connection lock is held.
  std::unique_lock<std::shared_mutex> exclusive() { return std::unique_lock(in_use_); }

 private:
  static natsStatus on_attach(void** user_data, void* loop, natsConnection* connection, natsSock socket);
  static natsStatus on_read(void* user_data, bool add);
  static natsStatus on_write(void* user_data, bool add);
  static natsStatus on_detach(void* user_data);

  void attach(natsConnection* connection, natsSock socket);
  // libnats stops watching before it closes the socket: the descriptor is
  // let go here, synchronously, so that a reused number is never watched.
  void let_go();
  void write_now(natsConnection* connection);
  void watch_read_locked();
  void watch_write_locked();
  void readable(std::uint64_t generation, const boost::system::error_code& error);
  void writable(std::uint64_t generation, const boost::system::error_code& error);
  // The connection while this generation of the socket is attached, else null.
  natsConnection* attached(std::uint64_t generation);

  // One read at a time: libnats's parser is not shared.
  const boost::asio::strand<boost::asio::any_io_executor> strand_;
  ArrivedHandler arrived_;
  std::shared_mutex in_use_;

  std::mutex mutex_;
  boost::asio::posix::stream_descriptor descriptor_;
  natsConnection* connection_ = nullptr;
  // Counts attachments, so that a wait of a socket let go finds itself outdated.
  std::uint64_t generation_ = 0;
  bool attached_ = false;
  bool write_wanted_ = false;
  bool write_waiting_ = false;
  std::atomic<std::uint64_t> times_full_{0};
};

}  // namespace yunzi::cluster
