// A first-in first-out queue that holds no memory until its first element
// and grows by doubling. std::deque allocates a map and a 512-byte block as
// soon as it is made, which every connection paid twice (its send queue and
// its waiting requests) even when idle, and every live game three times (its
// event log, its chat and its inputs waiting for a commit).
#pragma once

#include <cstddef>
#include <iterator>
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
  const T& back() const { return slots_[at(size_ - 1)]; }
  // The i-th element from the front.
  const T& operator[](std::size_t i) const { return slots_[at(i)]; }

  class const_iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    using pointer = const T*;
    using reference = const T&;
    const_iterator() = default;
    const_iterator(const RingQueue* queue, std::size_t i) : queue_(queue), i_(i) {}
    const T& operator*() const { return (*queue_)[i_]; }
    const T* operator->() const { return &(*queue_)[i_]; }
    const_iterator& operator++() {
      ++i_;
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator before = *this;
      ++i_;
      return before;
    }
    bool operator==(const const_iterator& other) const { return i_ == other.i_; }

   private:
    const RingQueue* queue_ = nullptr;
    std::size_t i_ = 0;
  };
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size_}; }

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
  // Empties the queue and gives its memory back.
  void clear() {
    slots_ = {};
    head_ = 0;
    size_ = 0;
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
