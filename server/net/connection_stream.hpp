// The types of one connection's socket, stream and timer, all on the
// connection's strand named by its concrete type (internal to server/net).
// Beast's `tcp_stream` and Asio's `steady_timer` hold the polymorphic
// `any_io_executor`, which keeps a strand on the heap: every pending read,
// write and wait held one more (48 bytes each, about 300 bytes a connection,
// 400 with the allocator's headers) and made one more allocation each time
// it started (bench/LOG.md, "A live room's board and event log,
// compacted"). Beast's WebSocket stream still keeps a timer of its own on
// `any_io_executor`, armed only during the handshake and the close.
#pragma once

#include <boost/asio/basic_stream_socket.hpp>
#include <boost/asio/basic_waitable_timer.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/basic_stream.hpp>
#include <chrono>

#include "server/net/connection.hpp"

namespace yunzi::net {

using ConnectionSocket = boost::asio::basic_stream_socket<boost::asio::ip::tcp, ConnectionExecutor>;
using ConnectionStream = boost::beast::basic_stream<boost::asio::ip::tcp, ConnectionExecutor>;
using ConnectionTimer =
    boost::asio::basic_waitable_timer<std::chrono::steady_clock, boost::asio::wait_traits<std::chrono::steady_clock>,
                                      ConnectionExecutor>;

}  // namespace yunzi::net
