#include "protocol/json_text.hpp"

#include <algorithm>
#include <cassert>
#include <charconv>

namespace yunzi::protocol {

void JsonText::separate() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!first_in_container_) out_ += ',';
  first_in_container_ = false;
}

void JsonText::open(char bracket) {
  separate();
  out_ += bracket;
  first_in_container_ = true;
}

void JsonText::close(char bracket) {
  out_ += bracket;
  first_in_container_ = false;
}

void JsonText::raw_string(std::string_view text) {
  out_ += '"';
  out_ += text;
  out_ += '"';
}

void JsonText::key(std::string_view name) {
  separate();
  raw_string(name);
  out_ += ':';
  after_key_ = true;
}

void JsonText::value(std::int64_t number) {
  separate();
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, number).ptr;
  out_.append(digits, end);
}

void JsonText::token(std::string_view text) {
  assert(std::all_of(text.begin(), text.end(), [](char c) { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\'; }));
  separate();
  raw_string(text);
}

void JsonText::null() {
  separate();
  out_ += "null";
}

}  // namespace yunzi::protocol
