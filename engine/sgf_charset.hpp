// Character sets of SGF text: finding the declared CA[], choosing a fallback
// when none is declared, and turning bytes into UTF-8 through POSIX iconv
// (glibc). Chinese records are often GB2312/GBK/GB18030: those, Big5 and
// Shift_JIS are double-byte sets whose second byte may be '\' or ']', so the
// parser asks the decoder which bytes start a two-byte character.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "core/expected.hpp"

namespace yunzi::engine {

// Length of the valid UTF-8 prefix of `bytes` (== bytes.size() when all valid).
std::size_t valid_utf8_prefix(std::string_view bytes);
inline bool is_valid_utf8(std::string_view bytes) { return valid_utf8_prefix(bytes) == bytes.size(); }

// The iconv name used to decode a CA[] value: trims, upper-cases, maps the
// GB2312 and GBK labels to GB18030 (their superset, which also decodes files
// mislabelled with the smaller set) and the common spellings of UTF-8/Latin-1.
std::string canonical_charset(std::string_view declared);

struct DeclaredCharset {
  std::string name;        // the CA[] value as written
  std::size_t offset = 0;  // byte offset of the value
};
// The first CA[...] property in raw SGF bytes, if any, found by a light scan
// (the full parse needs to know the character set before it starts).
std::optional<DeclaredCharset> find_declared_charset(std::string_view sgf);

class TextDecoder {
 public:
  // Fails with a reason when iconv does not know the character set.
  static Expected<TextDecoder, std::string> open(std::string_view charset);

  TextDecoder(TextDecoder&& other) noexcept;
  TextDecoder& operator=(TextDecoder&& other) noexcept;
  TextDecoder(const TextDecoder&) = delete;
  TextDecoder& operator=(const TextDecoder&) = delete;
  ~TextDecoder();

  const std::string& charset() const { return charset_; }
  // True when `byte` opens a two-byte character whose second byte must be
  // taken literally (never as an SGF escape or value end).
  bool starts_double_byte(unsigned char byte) const;
  // Appends the UTF-8 form of `bytes` to `out`; on failure returns the index
  // in `bytes` of the first byte that could not be decoded.
  Expected<Done, std::size_t> append_utf8(std::string_view bytes, std::string& out) const;

 private:
  enum class Width : unsigned char { single, gb_or_big5, shift_jis };
  TextDecoder(std::string charset, void* handle, Width width);

  std::string charset_;
  void* handle_ = nullptr;  // iconv_t; null when the input is already UTF-8
  Width width_ = Width::single;
};

}  // namespace yunzi::engine
