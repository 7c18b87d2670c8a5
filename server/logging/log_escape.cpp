#include "server/logging/log_escape.hpp"

#include "protocol/text.hpp"

namespace yunzi::logging {
namespace {

constexpr std::string_view replacement_character = "\xEF\xBF\xBD";
constexpr char hex_digits[] = "0123456789abcdef";

bool is_ascii_control(unsigned char byte) { return byte < 0x20 || byte == 0x7F; }

// The short escape JSON and C share, or nothing.
std::string_view short_escape(char ch) {
  switch (ch) {
    case '\n': return "\\n";
    case '\r': return "\\r";
    case '\t': return "\\t";
    case '\b': return "\\b";
    case '\f': return "\\f";
    default: return {};
  }
}

void append_hex_byte(unsigned char byte, std::string& out) {
  out += hex_digits[byte >> 4];
  out += hex_digits[byte & 0x0F];
}

// Calls escape(byte) for every ASCII control character and copies the rest,
// after ill-formed UTF-8 has been replaced.
template <class Escape>
void append_escaped(std::string_view text, std::string& out, Escape escape) {
  std::string repaired;
  if (!protocol::is_valid_utf8(text)) {
    repaired = protocol::replace_invalid_utf8(text, replacement_character);
    text = repaired;
  }
  out.reserve(out.size() + text.size());
  for (const char ch : text) {
    if (!escape(ch, out)) out += ch;
  }
}

}  // namespace

void append_json_escaped(std::string_view text, std::string& out) {
  append_escaped(text, out, [](char ch, std::string& to) {
    const auto byte = static_cast<unsigned char>(ch);
    if (ch == '"' || ch == '\\') {
      to += '\\';
      to += ch;
      return true;
    }
    if (!is_ascii_control(byte)) return false;
    if (const auto escaped = short_escape(ch); !escaped.empty()) {
      to += escaped;
    } else {
      to += "\\u00";
      append_hex_byte(byte, to);
    }
    return true;
  });
}

void append_line_escaped(std::string_view text, std::string& out) {
  append_escaped(text, out, [](char ch, std::string& to) {
    const auto byte = static_cast<unsigned char>(ch);
    if (!is_ascii_control(byte)) return false;
    if (const auto escaped = short_escape(ch); !escaped.empty()) {
      to += escaped;
    } else {
      to += "\\x";
      append_hex_byte(byte, to);
    }
    return true;
  });
}

}  // namespace yunzi::logging
