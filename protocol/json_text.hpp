// Writes one JSON message straight into its string, for the events sent on
// every move: building an nlohmann tree and printing it cost a game.move
// about 12 µs, most of it allocation (bench/LOG.md, "The session on its
// connection's strand"). The caller gives an object's keys in sorted order,
// the order nlohmann's default object prints them in, so a message written
// here is byte for byte what make_frame gives for the same fields (tested).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace yunzi::protocol {

class JsonText {
 public:
  explicit JsonText(std::size_t reserve = 256) { out_.reserve(reserve); }

  void open_object() { open('{'); }
  void close_object() { close('}'); }
  void open_array() { open('['); }
  void close_array() { close(']'); }
  // Starts the member `name`; the next value or container is its value.
  void key(std::string_view name);
  void value(std::int64_t number);
  // A token of the contract ("black", "Q16", "game.move"): printable ASCII
  // without quotes or backslashes, so nothing to escape (asserted).
  void token(std::string_view text);
  void null();

  std::string take() { return std::move(out_); }

 private:
  void open(char bracket);
  void close(char bracket);
  // A comma before every element of a container but its first.
  void separate();
  void raw_string(std::string_view text);

  std::string out_;
  bool first_in_container_ = true;
  bool after_key_ = false;
};

}  // namespace yunzi::protocol
