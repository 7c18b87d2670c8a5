// The types of one connection's socket, stream and timer, naming the connection's strand by its concrete type
// (internal to server/net): `any_io_executor` keeps a strand on the heap, one more for every pending read, write and
// wait (server/net/README.md, "Shape"). Beast's WebSocket stream still keeps a timer of its own on
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
