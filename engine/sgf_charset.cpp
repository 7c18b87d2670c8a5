#include "engine/sgf_charset.hpp"

#include <iconv.h>

#include <cctype>
#include <cerrno>
#include <utility>

namespace yunzi::engine {

namespace {

iconv_t as_iconv(void* handle) { return static_cast<iconv_t>(handle); }

bool is_letter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

}  // namespace

std::size_t valid_utf8_prefix(std::string_view bytes) {
  std::size_t i = 0;
  const std::size_t n = bytes.size();
  while (i < n) {
    const auto lead = static_cast<unsigned char>(bytes[i]);
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF;  // bounds of the second byte
    if (lead < 0x80) {
      ++i;
      continue;
    } else if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      if (lead == 0xE0) low = 0xA0;
      if (lead == 0xED) high = 0x9F;  // no UTF-16 surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      if (lead == 0xF0) low = 0x90;
      if (lead == 0xF4) high = 0x8F;
    } else {
      return i;
    }
    if (i + length > n) return i;
    const auto second = static_cast<unsigned char>(bytes[i + 1]);
    if (second < low || second > high) return i;
    for (std::size_t k = 2; k < length; ++k) {
      const auto next = static_cast<unsigned char>(bytes[i + k]);
      if (next < 0x80 || next > 0xBF) return i;
    }
    i += length;
  }
  return n;
}

std::string canonical_charset(std::string_view declared) {
  std::string name;
  for (const char c : declared) {
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    name.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  }
  if (name == "GB2312" || name == "GBK" || name == "GB18030" || name == "CP936" || name == "EUC-CN" ||
      name == "GB_2312-80" || name == "X-GBK")
    return "GB18030";
  if (name == "UTF8" || name == "UTF-8") return "UTF-8";
  if (name == "LATIN1" || name == "LATIN-1" || name == "ISO8859-1" || name == "ISO_8859-1" || name == "ISO-8859-1")
    return "ISO-8859-1";
  if (name == "BIG-5" || name == "BIG5") return "BIG5";
  if (name == "SJIS" || name == "SHIFT-JIS" || name == "SHIFT_JIS") return "SHIFT_JIS";
  return name;
}

std::optional<DeclaredCharset> find_declared_charset(std::string_view sgf) {
  std::size_t at = 0;
  while ((at = sgf.find("CA", at)) != std::string_view::npos) {
    const bool starts_identifier = at == 0 || !is_letter(sgf[at - 1]);
    std::size_t bracket = at + 2;
    while (bracket < sgf.size() && std::isspace(static_cast<unsigned char>(sgf[bracket]))) ++bracket;
    if (starts_identifier && bracket < sgf.size() && sgf[bracket] == '[') {
      const std::size_t end = sgf.find(']', bracket);
      if (end == std::string_view::npos) return std::nullopt;
      return DeclaredCharset{std::string(sgf.substr(bracket + 1, end - bracket - 1)), bracket + 1};
    }
    at += 2;
  }
  return std::nullopt;
}

Expected<TextDecoder, std::string> TextDecoder::open(std::string_view charset) {
  std::string name = canonical_charset(charset);
  if (name.empty()) return unexpected(std::string("empty character set name"));
  Width width = Width::single;
  if (name == "GB18030" || name == "BIG5" || name == "BIG5-HKSCS" || name == "CP950") width = Width::gb_or_big5;
  if (name == "SHIFT_JIS" || name == "CP932") width = Width::shift_jis;
  if (name == "UTF-8") return TextDecoder(std::move(name), nullptr, width);
  iconv_t handle = iconv_open("UTF-8", name.c_str());
  if (handle == reinterpret_cast<iconv_t>(-1)) {
    return unexpected("unknown character set '" + std::string(charset) + "'");
  }
  TextDecoder decoder(std::move(name), handle, width);
  // SGF syntax and ASCII text are read byte for byte, which only works for
  // sets that keep ASCII as it is (not UTF-16, not EBCDIC).
  const std::string_view ascii = "(;)[]\\:AZaz09 \n\x7F";
  std::string converted;
  if (!decoder.append_utf8(ascii, converted) || converted != ascii) {
    return unexpected("character set '" + std::string(charset) + "' is not ASCII-compatible");
  }
  return decoder;
}

TextDecoder::TextDecoder(std::string charset, void* handle, Width width)
    : charset_(std::move(charset)), handle_(handle), width_(width) {}

TextDecoder::TextDecoder(TextDecoder&& other) noexcept
    : charset_(std::move(other.charset_)), handle_(std::exchange(other.handle_, nullptr)), width_(other.width_) {}

TextDecoder& TextDecoder::operator=(TextDecoder&& other) noexcept {
  if (this != &other) {
    if (handle_) iconv_close(as_iconv(handle_));
    charset_ = std::move(other.charset_);
    handle_ = std::exchange(other.handle_, nullptr);
    width_ = other.width_;
  }
  return *this;
}

TextDecoder::~TextDecoder() {
  if (handle_) iconv_close(as_iconv(handle_));
}

bool TextDecoder::starts_double_byte(unsigned char byte) const {
  switch (width_) {
    case Width::single: return false;
    case Width::gb_or_big5: return byte >= 0x81 && byte <= 0xFE;
    case Width::shift_jis: return (byte >= 0x81 && byte <= 0x9F) || (byte >= 0xE0 && byte <= 0xFC);
  }
  return false;
}

Expected<Done, std::size_t> TextDecoder::append_utf8(std::string_view bytes, std::string& out) const {
  if (!handle_) {
    const std::size_t valid = valid_utf8_prefix(bytes);
    if (valid != bytes.size()) return unexpected(valid);
    out.append(bytes);
    return Done{};
  }
  iconv(as_iconv(handle_), nullptr, nullptr, nullptr, nullptr);  // back to the initial shift state
  // iconv's interface takes non-const input; it never writes through it.
  char* in = const_cast<char*>(bytes.data());
  std::size_t in_left = bytes.size();
  const std::size_t start = out.size();
  out.resize(start + bytes.size() * 2 + 16);
  char* out_ptr = out.data() + start;
  std::size_t out_left = out.size() - start;
  while (in_left > 0) {
    const std::size_t result = iconv(as_iconv(handle_), &in, &in_left, &out_ptr, &out_left);
    if (result != static_cast<std::size_t>(-1)) break;
    if (errno == E2BIG) {
      const std::size_t written = static_cast<std::size_t>(out_ptr - out.data());
      out.resize(out.size() * 2);
      out_ptr = out.data() + written;
      out_left = out.size() - written;
      continue;
    }
    const std::size_t bad = static_cast<std::size_t>(in - bytes.data());
    out.resize(start);
    return unexpected(bad);
  }
  out.resize(static_cast<std::size_t>(out_ptr - out.data()));
  return Done{};
}

}  // namespace yunzi::engine
