#include "server/net/http_framing.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

namespace yunzi::net {
namespace {

bool is_chunked(std::string_view coding) {
  constexpr std::string_view chunked = "chunked";
  return std::equal(coding.begin(), coding.end(), chunked.begin(), chunked.end(),
                    [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
}

// Every coding of every field, left to right, without parameters; empty
// list elements (", ,") are allowed by the list syntax and skipped.
std::vector<std::string_view> codings_of(std::span<const std::string_view> fields) {
  std::vector<std::string_view> codings;
  for (std::string_view field : fields) {
    while (true) {
      const auto comma = field.find(',');
      std::string_view element = field.substr(0, comma);
      element = trim_http_blanks(element.substr(0, element.find(';')));
      if (!element.empty()) codings.push_back(element);
      if (comma == std::string_view::npos) break;
      field.remove_prefix(comma + 1);
    }
  }
  return codings;
}

}  // namespace

std::optional<FramingRefusal> check_request_framing(const RequestFraming& framing) {
  if (framing.transfer_encodings.empty()) return std::nullopt;
  if (framing.content_length_fields > 0) {
    return FramingRefusal{400, "Transfer-Encoding together with Content-Length"};
  }
  if (framing.version < 11) return FramingRefusal{400, "Transfer-Encoding in an HTTP/1.0 request"};
  const auto codings = codings_of(framing.transfer_encodings);
  if (codings.empty() || !is_chunked(codings.back())) {
    return FramingRefusal{400, "Transfer-Encoding whose final coding is not chunked"};
  }
  if (codings.size() > 1) return FramingRefusal{501, "transfer codings other than chunked are not supported"};
  return std::nullopt;
}

std::string_view trim_http_blanks(std::string_view text) {
  const auto blank = [](char ch) { return ch == ' ' || ch == '\t'; };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  return text;
}

}  // namespace yunzi::net
