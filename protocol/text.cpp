#include "protocol/text.hpp"

#include <cstdint>

namespace yunzi::protocol {
namespace {

// Length of the well-formed UTF-8 sequence at the start of `bytes`, 0 if it
// is ill-formed (the table of Unicode 15, section 3.9, table 3-7).
std::size_t sequence_length(std::string_view bytes) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(bytes[i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (bytes.size() < length) return 0;
  if (byte(1) < low || byte(1) > high) return 0;
  for (std::size_t i = 2; i < length; ++i) {
    if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
  }
  return length;
}

char32_t decode_at(std::string_view bytes, std::size_t length) {
  const auto byte = [&](std::size_t i) { return static_cast<char32_t>(static_cast<unsigned char>(bytes[i])); };
  switch (length) {
    case 1: return byte(0);
    case 2: return ((byte(0) & 0x1F) << 6) | (byte(1) & 0x3F);
    case 3: return ((byte(0) & 0x0F) << 12) | ((byte(1) & 0x3F) << 6) | (byte(2) & 0x3F);
    default: return ((byte(0) & 0x07) << 18) | ((byte(1) & 0x3F) << 12) | ((byte(2) & 0x3F) << 6) | (byte(3) & 0x3F);
  }
}

bool is_control(char32_t c) { return c < 0x20 || (c >= 0x7F && c <= 0x9F); }

// Unicode White_Space outside ASCII, plus the invisible formatting characters
// that would let two names look the same.
bool is_wide_space_or_invisible(char32_t c) {
  return c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200F) || (c >= 0x2028 && c <= 0x202F) ||
         (c >= 0x205F && c <= 0x206F) || c == 0x3000 || c == 0xFEFF || c == 0xAD;
}

// Walks valid UTF-8 and calls `visit` on every code point until it returns false.
template <class Visit>
bool for_each_code_point(std::string_view text, Visit visit) {
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t length = sequence_length(text.substr(i));
    if (length == 0) return false;
    if (!visit(decode_at(text.substr(i), length))) return false;
    i += length;
  }
  return true;
}

}  // namespace

bool is_valid_utf8(std::string_view bytes) {
  return for_each_code_point(bytes, [](char32_t) { return true; });
}

std::size_t count_code_points(std::string_view utf8) {
  std::size_t count = 0;
  for (const char c : utf8) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++count;
  }
  return count;
}

std::string first_code_points(std::string_view bytes, std::size_t count) {
  std::string text = replace_invalid_utf8(bytes, "?");
  std::size_t seen = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;
    if (seen++ == count) return text.substr(0, i);
  }
  return text;
}

std::string replace_invalid_utf8(std::string_view bytes, std::string_view replacement) {
  std::string out;
  out.reserve(bytes.size());
  std::size_t i = 0;
  while (i < bytes.size()) {
    const std::size_t length = sequence_length(bytes.substr(i));
    if (length == 0) {
      out += replacement;
      ++i;
    } else {
      out += bytes.substr(i, length);
      i += length;
    }
  }
  return out;
}

std::optional<std::string> name_problem(std::string_view name) {
  if (!is_valid_utf8(name)) return "not valid UTF-8";
  const std::size_t chars = count_code_points(name);
  if (chars == 0) return "must not be empty";
  if (chars > max_name_chars) return "longer than " + std::to_string(max_name_chars) + " characters";
  bool acceptable = for_each_code_point(name, [](char32_t c) {
    if (is_control(c) || is_wide_space_or_invisible(c) || c == ' ') return false;
    if (c < 0x80 && !(c >= '0' && c <= '9') && !(c >= 'A' && c <= 'Z') && !(c >= 'a' && c <= 'z')) {
      return c == '_' || c == '-' || c == '.';
    }
    return true;
  });
  if (!acceptable) return "may hold letters, digits, '_', '-' and '.' only";
  return std::nullopt;
}

std::optional<std::string> text_problem(std::string_view text, std::size_t min_chars, std::size_t max_chars,
                                        bool allow_line_breaks) {
  if (!is_valid_utf8(text)) return "not valid UTF-8";
  const std::size_t chars = count_code_points(text);
  if (chars < min_chars)
    return min_chars == 1 ? "must not be empty" : "shorter than " + std::to_string(min_chars) + " characters";
  if (chars > max_chars) return "longer than " + std::to_string(max_chars) + " characters";
  bool clean = for_each_code_point(text, [&](char32_t c) {
    if (allow_line_breaks && (c == '\n' || c == '\t')) return true;
    return !is_control(c);
  });
  if (!clean) return "contains control characters";
  return std::nullopt;
}

}  // namespace yunzi::protocol
