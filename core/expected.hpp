// A value or an error, for results that cross module borders (std::expected
// arrives with C++23; this is the small part of it yunzi needs).
#pragma once

#include <cassert>
#include <utility>
#include <variant>

namespace yunzi {

template <class E>
struct Unexpected {
  E error;
};

template <class E>
Unexpected<E> unexpected(E error) {
  return Unexpected<E>{std::move(error)};
}

template <class T, class E>
class Expected {
 public:
  Expected(T value) : data_(std::in_place_index<0>, std::move(value)) {}
  Expected(Unexpected<E> error) : data_(std::in_place_index<1>, std::move(error.error)) {}

  bool has_value() const { return data_.index() == 0; }
  explicit operator bool() const { return has_value(); }

  T& value() & {
    assert(has_value());
    return std::get<0>(data_);
  }
  const T& value() const& {
    assert(has_value());
    return std::get<0>(data_);
  }
  T&& value() && {
    assert(has_value());
    return std::get<0>(std::move(data_));
  }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const E& error() const {
    assert(!has_value());
    return std::get<1>(data_);
  }

 private:
  std::variant<T, E> data_;
};

// For operations that return nothing on success.
struct Done {};

}  // namespace yunzi
