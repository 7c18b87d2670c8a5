// A first-in first-out queue that holds no memory until its first element
// and grows by doubling. std::deque allocates a map and a 512-byte block as
// soon as it is made, which every connection paid twice (its send queue and
// its waiting requests) even when idle.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace yunzi {

template <class T>
class RingQueue {
 public:
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  std::size_t capacity() const { return slots_.size(); }

  T& front() { return slots_[head_]; }
  const T& front() const { return slots_[head_]; }
  T& back() { return slots_[at(size_ - 1)]; }

  void push_back(T value) {
    if (size_ == slots_.size()) grow();
    slots_[at(size_)] = std::move(value);
    ++size_;
  }
  // Both pops leave a default T in the slot, so what an element owns is
  // freed when it leaves the queue, not when the slot is reused.
  void pop_front() {
    slots_[head_] = T{};
    head_ = at(1);
    --size_;
    if (size_ == 0) head_ = 0;
  }
  void pop_back() {
    slots_[at(size_ - 1)] = T{};
    --size_;
    if (size_ == 0) head_ = 0;
  }

 private:
  // The capacity is 0 or a power of two.
  std::size_t at(std::size_t offset) const { return (head_ + offset) & (slots_.size() - 1); }

  void grow() {
    std::vector<T> larger(slots_.empty() ? 4 : 2 * slots_.size());
    for (std::size_t i = 0; i < size_; ++i) larger[i] = std::move(slots_[at(i)]);
    slots_.swap(larger);
    head_ = 0;
  }

  std::vector<T> slots_;
  std::size_t head_ = 0;
  std::size_t size_ = 0;
};

}  // namespace yunzi
