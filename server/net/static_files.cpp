#include "server/net/static_files.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <optional>
#include <system_error>
#include <utility>

#include "server/net/gzip.hpp"
#include "server/net/module_bundle.hpp"

namespace yunzi::net {

namespace {

namespace fs = std::filesystem;

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

namespace {

std::string etag_of(std::string_view body) {
  std::uint64_t hash = 14695981039346656037ULL;  // FNV-1a
  for (const char c : body) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  char text[24];
  std::snprintf(text, sizeof text, "\"%016llx\"", static_cast<unsigned long long>(hash));
  return text;
}

std::optional<std::string> read_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

bool hidden(const fs::path& relative) {
  return std::any_of(relative.begin(), relative.end(), [](const fs::path& part) {
    const std::string name = part.string();
    return !name.empty() && name.front() == '.';
  });
}

}  // namespace

StaticSite StaticSite::load(const fs::path& root) {
  StaticSite site;
  std::error_code ec;
  const fs::path canonical_root = fs::canonical(root, ec);
  if (ec) return site;
  for (fs::recursive_directory_iterator it(canonical_root, fs::directory_options::skip_permission_denied, ec), end;
       !ec && it != end; it.increment(ec)) {
    const fs::path relative = it->path().lexically_relative(canonical_root);
    if (hidden(relative)) {
      if (it->is_directory(ec)) it.disable_recursion_pending();
      continue;
    }
    const fs::path target = fs::canonical(it->path(), ec);
    if (ec || !is_inside(canonical_root, target)) {
      ec.clear();
      continue;
    }
    if (fs::is_directory(target, ec)) {
      site.directories_.insert(relative.generic_string());
      continue;
    }
    if (!fs::is_regular_file(target, ec)) continue;
    const auto size = fs::file_size(target, ec);
    if (ec || size > max_file_bytes || site.total_bytes_ + size > max_total_bytes) continue;
    auto body = read_file(target);
    if (!body) continue;
    site.total_bytes_ += body->size();
    StaticFile file;
    file.content_type = content_type_for(it->path());
    file.etag = etag_of(*body);
    file.body = std::make_shared<const std::string>(std::move(*body));
    site.files_.emplace(relative.generic_string(), std::move(file));
  }
  site.bundle_modules();
  site.compress_text();
  return site;
}

void StaticSite::bundle_modules() {
  ScriptSources scripts;
  for (const auto& [name, file] : files_) {
    if (fs::path(name).extension() == ".js") scripts.emplace(name, *file.body);
  }
  for (const std::string& entry : module_entries(scripts)) {
    auto bundle = bundle_module(scripts, entry);
    if (!bundle) {
      const BundleError& error = bundle.error();
      bundle_errors_.push_back(entry + ": " + error.file + ":" + std::to_string(error.line) + ": " + error.reason);
      continue;
    }
    StaticFile& file = files_.at(entry);
    file.etag = etag_of(bundle->text);
    file.body = std::make_shared<const std::string>(std::move(bundle->text));
    bundled_.push_back(entry);
  }
}

void StaticSite::compress_text() {
  for (auto& [name, file] : files_) {
    const std::string_view type = file.content_type;
    const bool text = type.rfind("text/", 0) == 0 || type == "application/json" || type == "image/svg+xml" ||
                      type == "application/x-go-sgf";
    // Small files gain a few bytes at best; a tenth less is worth the work.
    if (!text || file.body->size() < 512) continue;
    auto packed = gzip(*file.body);
    if (packed.size() * 10 > file.body->size() * 9) continue;
    file.gzip_etag = file.etag.substr(0, file.etag.size() - 1) + "-gz\"";
    file.gzip_body = std::make_shared<const std::string>(std::move(packed));
  }
}

Expected<const StaticFile*, StaticError> StaticSite::find(std::string_view target) const {
  const auto relative = relative_path(target);
  if (!relative) return unexpected(StaticError::bad_path);
  std::string key = relative->generic_string();
  if (key.empty() || directories_.count(key) > 0) key += key.empty() ? "index.html" : "/index.html";
  const auto found = files_.find(key);
  if (found == files_.end()) return unexpected(StaticError::not_found);
  return &found->second;
}

bool etag_matches(std::string_view if_none_match, std::string_view etag) {
  std::size_t start = 0;
  while (start < if_none_match.size()) {
    std::size_t end = if_none_match.find(',', start);
    if (end == std::string_view::npos) end = if_none_match.size();
    std::string_view item = if_none_match.substr(start, end - start);
    while (!item.empty() && (item.front() == ' ' || item.front() == '\t')) item.remove_prefix(1);
    while (!item.empty() && (item.back() == ' ' || item.back() == '\t')) item.remove_suffix(1);
    if (item.substr(0, 2) == "W/") item.remove_prefix(2);  // weak comparison, as for GET
    if (item == "*" || item == etag) return true;
    start = end + 1;
  }
  return false;
}

}  // namespace yunzi::net
