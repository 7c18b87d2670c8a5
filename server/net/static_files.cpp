#include "server/net/static_files.hpp"

#include <algorithm>
#include <array>
#include <fstream>
#include <iterator>
#include <optional>
#include <system_error>
#include <utility>

namespace yunzi::net {

namespace {

namespace fs = std::filesystem;

constexpr std::uintmax_t kMaxFileBytes = 16 * 1024 * 1024;

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::optional<std::string> percent_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out.push_back(text[i]);
      continue;
    }
    if (i + 2 >= text.size()) return std::nullopt;
    const int high = hex_value(text[i + 1]);
    const int low = hex_value(text[i + 2]);
    if (high < 0 || low < 0) return std::nullopt;
    out.push_back(static_cast<char>(high * 16 + low));
    i += 2;
  }
  return out;
}

// The target as a path relative to the root, or nothing when it tries to
// climb out or carries characters no file of ours has.
std::optional<fs::path> relative_path(std::string_view target) {
  target = target.substr(0, target.find_first_of("?#"));
  if (target.empty() || target.front() != '/') return std::nullopt;
  const auto decoded = percent_decode(target);
  if (!decoded) return std::nullopt;
  fs::path relative;
  std::size_t start = 1;
  while (start <= decoded->size()) {
    const std::size_t end = std::min(decoded->find('/', start), decoded->size());
    const std::string segment = decoded->substr(start, end - start);
    start = end + 1;
    if (segment.empty() || segment == ".") continue;
    if (segment == "..") return std::nullopt;
    const bool bad_char = std::any_of(segment.begin(), segment.end(), [](char c) {
      return static_cast<unsigned char>(c) < 0x20 || c == '\\' || c == 0x7f;
    });
    if (bad_char) return std::nullopt;
    relative /= segment;
  }
  return relative;
}

// Symbolic links inside the root could still point outside it.
bool is_inside(const fs::path& root, const fs::path& file) {
  auto mismatch = std::mismatch(root.begin(), root.end(), file.begin(), file.end());
  return mismatch.first == root.end();
}

}  // namespace

std::string content_type_for(const fs::path& file) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 14> kTypes{{
      {".html", "text/html; charset=utf-8"},
      {".htm", "text/html; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".json", "application/json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".jpg", "image/jpeg"},
      {".jpeg", "image/jpeg"},
      {".ico", "image/x-icon"},
      {".txt", "text/plain; charset=utf-8"},
      {".sgf", "application/x-go-sgf"},
      {".wasm", "application/wasm"},
  }};
  std::string extension = file.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const auto& [ext, type] : kTypes) {
    if (ext == extension) return std::string(type);
  }
  return "application/octet-stream";
}

Expected<StaticFile, StaticError> load_static_file(const fs::path& root, std::string_view target) {
  const auto relative = relative_path(target);
  if (!relative) return unexpected(StaticError::bad_path);

  std::error_code ec;
  const fs::path canonical_root = fs::canonical(root, ec);
  if (ec) return unexpected(StaticError::not_found);
  fs::path file = canonical_root / *relative;
  if (fs::is_directory(file, ec)) file /= "index.html";
  file = fs::weakly_canonical(file, ec);
  if (ec || !is_inside(canonical_root, file)) return unexpected(StaticError::not_found);
  if (!fs::is_regular_file(file, ec)) return unexpected(StaticError::not_found);
  const auto size = fs::file_size(file, ec);
  if (ec || size > kMaxFileBytes) return unexpected(StaticError::not_found);

  std::ifstream in(file, std::ios::binary);
  if (!in) return unexpected(StaticError::not_found);
  StaticFile result;
  result.body.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  result.content_type = content_type_for(file);
  return result;
}

}  // namespace yunzi::net
