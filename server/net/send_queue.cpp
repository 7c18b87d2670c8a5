#include "server/net/send_queue.hpp"

namespace yunzi::net {

SendQueue::SendQueue(std::size_t max_frames, std::size_t max_bytes) : max_frames_(max_frames), max_bytes_(max_bytes) {}

bool SendQueue::push(std::shared_ptr<const std::string> frame) {
  if (frames_.size() >= max_frames_ || bytes_ + frame->size() > max_bytes_) return false;
  bytes_ += frame->size();
  frames_.push_back(std::move(frame));
  return true;
}

void SendQueue::pop_front() {
  bytes_ -= frames_.front()->size();
  frames_.pop_front();
}

void SendQueue::drop_all_but_front() {
  while (frames_.size() > 1) {
    bytes_ -= frames_.back()->size();
    frames_.pop_back();
  }
}

}  // namespace yunzi::net
