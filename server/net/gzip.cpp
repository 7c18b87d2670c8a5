#include "server/net/gzip.hpp"

#include <array>
#include <boost/beast/zlib/deflate_stream.hpp>
#include <cctype>
#include <stdexcept>

namespace yunzi::net {

namespace {

namespace zlib = boost::beast::zlib;

constexpr std::array<std::uint32_t, 256> make_crc_table() {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t n = 0; n < 256; ++n) {
    std::uint32_t c = n;
    for (int k = 0; k < 8; ++k) c = (c & 1) != 0 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[n] = c;
  }
  return table;
}

constexpr auto kCrcTable = make_crc_table();

void append_le32(std::string& out, std::uint32_t value) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
}

// Raw deflate at the best compression: made once per file, kept for good.
std::string deflate(std::string_view body) {
  zlib::deflate_stream stream;
  stream.reset(9, 15, 9, zlib::Strategy::normal);
  std::string out(stream.upper_bound(body.size()) + 64, '\0');
  zlib::z_params params;
  params.next_in = body.data();
  params.avail_in = body.size();
  params.next_out = out.data();
  params.avail_out = out.size();
  boost::system::error_code ec;
  stream.write(params, zlib::Flush::finish, ec);
  if (ec && ec != zlib::error::end_of_stream) throw std::runtime_error("deflate: " + ec.message());
  if (params.avail_in != 0) throw std::runtime_error("deflate: output larger than its bound");
  out.resize(params.total_out);
  return out;
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  }
  return true;
}

// The weight of one list item ("gzip;q=0.5"): 1 without a q, 0 for q=0,
// q=0.0 and the like.
bool weight_above_zero(std::string_view parameters) {
  const auto q = parameters.find("q=");
  if (q == std::string_view::npos) return true;
  for (const char c : trimmed(parameters.substr(q + 2))) {
    if (c >= '1' && c <= '9') return true;
    if (c != '0' && c != '.') break;
  }
  return false;
}

}  // namespace

std::uint32_t crc32(std::string_view bytes) {
  std::uint32_t c = 0xffffffffu;
  for (const char byte : bytes) c = kCrcTable[(c ^ static_cast<unsigned char>(byte)) & 0xff] ^ (c >> 8);
  return c ^ 0xffffffffu;
}

std::string gzip(std::string_view body) {
  // Magic, deflate, no flags, no time, best compression, unknown system.
  std::string out{'\x1f', '\x8b', '\x08', '\0', '\0', '\0', '\0', '\0', '\x02', '\xff'};
  out += deflate(body);
  append_le32(out, crc32(body));
  append_le32(out, static_cast<std::uint32_t>(body.size()));
  return out;
}

bool accepts_gzip(std::string_view accept_encoding) {
  bool star = false;
  std::size_t start = 0;
  while (start <= accept_encoding.size()) {
    std::size_t end = accept_encoding.find(',', start);
    if (end == std::string_view::npos) end = accept_encoding.size();
    const std::string_view item = accept_encoding.substr(start, end - start);
    start = end + 1;
    const std::size_t semicolon = item.find(';');
    const std::string_view coding = trimmed(item.substr(0, semicolon));
    const std::string_view parameters = semicolon == std::string_view::npos ? "" : item.substr(semicolon + 1);
    if (equal_ignoring_case(coding, "gzip") || equal_ignoring_case(coding, "x-gzip")) {
      return weight_above_zero(parameters);
    }
    if (coding == "*") star = weight_above_zero(parameters);
  }
  return star;
}

}  // namespace yunzi::net
