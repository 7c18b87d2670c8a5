// The text of the WebSocket message being read, as a Beast dynamic buffer
// over a std::string. A finished message is moved out whole, without the
// copy a flat_buffer needs, and the next read starts a new string; so an
// idle connection holds only what its pending read asked for (see
// WebSocketSession::do_read), not the 1.5 KB a flat_buffer keeps once it
// has read anything.
#pragma once

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>

#include <boost/asio/buffer.hpp>

namespace yunzi::net {

class MessageBuffer {
 public:
  using const_buffers_type = boost::asio::const_buffer;
  using mutable_buffers_type = boost::asio::mutable_buffer;

  // No bound of its own, as a default flat_buffer: the stream's
  // read_message_max limits a message (a bound here at that same size fails
  // the read that finds a message at the limit complete).
  std::size_t size() const { return size_; }
  std::size_t max_size() const { return text_.max_size(); }
  std::size_t capacity() const { return text_.capacity(); }
  const_buffers_type data() const { return {text_.data(), size_}; }

  mutable_buffers_type prepare(std::size_t n) {
    if (n > max_size() - size_) throw std::length_error("message buffer overflow");
    text_.resize(size_ + n);
    return {text_.data() + size_, n};
  }
  void commit(std::size_t n) {
    size_ += std::min(n, text_.size() - size_);
    text_.resize(size_);
  }
  void consume(std::size_t n) {
    n = std::min(n, size_);
    text_.erase(0, n);
    size_ -= n;
  }

  // The message read so far; the buffer is left empty, holding nothing.
  std::string take() {
    text_.resize(size_);
    size_ = 0;
    return std::exchange(text_, std::string());
  }

 private:
  std::size_t size_ = 0;  // committed bytes; text_ may hold prepared ones past them
  std::string text_;
};

}  // namespace yunzi::net
