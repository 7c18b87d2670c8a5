// The bounded outgoing queue of one connection: shared frames, a cap on both
// the number of frames and their total bytes. push() refuses rather than grow.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "core/ring_queue.hpp"

namespace yunzi::net {

class SendQueue {
 public:
  SendQueue(std::size_t max_frames, std::size_t max_bytes);

  // False when the frame does not fit; the queue is left unchanged.
  bool push(std::shared_ptr<const std::string> frame);
  const std::string& front() const { return *frames_.front(); }
  void pop_front();
  // Drops everything except the front frame, which a write may be using.
  void drop_all_but_front();

  bool empty() const { return frames_.empty(); }
  std::size_t size() const { return frames_.size(); }
  std::size_t bytes() const { return bytes_; }

 private:
  std::size_t max_frames_;
  std::size_t max_bytes_;
  std::size_t bytes_ = 0;
  RingQueue<std::shared_ptr<const std::string>> frames_;
};

}  // namespace yunzi::net
