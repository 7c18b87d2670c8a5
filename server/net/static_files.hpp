// Serving the web client: every file under the static directory is read
// once at start and served from memory (the client is small, and reading a
// file on an io thread for each request would stall the games on it). Each
// file carries an ETag so browsers revalidate with one small request. A
// target maps to a file under the root (index.html for "/" and for
// directories); a path that would leave the root is refused. An entry
// module (js/main.js) is served as the bundle of every module it reaches
// (module_bundle.hpp), and text files also as gzip, both made here once.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/expected.hpp"

namespace yunzi::net {

enum class StaticError {
  not_found,  // 404
  bad_path,   // 400: traversal, bad escapes, control characters
};

struct StaticFile {
  std::shared_ptr<const std::string> body;
  std::string content_type;
  std::string etag;  // quoted, as sent in the ETag field
  // The body as gzip, when the type is text and compressing pays; its own
  // ETag, since it is another representation.
  std::shared_ptr<const std::string> gzip_body;
  std::string gzip_etag;
};

class StaticSite {
 public:
  // Files above this size are left out, and reading stops at the total.
  static constexpr std::uintmax_t max_file_bytes = 16 * 1024 * 1024;
  static constexpr std::uintmax_t max_total_bytes = 64 * 1024 * 1024;

  StaticSite() = default;  // serves nothing
  // Reads every regular file under `root` whose name does not start with a
  // dot; symbolic links count only when they resolve inside the root. A
  // missing root gives an empty site.
  static StaticSite load(const std::filesystem::path& root);

  Expected<const StaticFile*, StaticError> find(std::string_view target) const;
  std::size_t file_count() const { return files_.size(); }
  std::uintmax_t total_bytes() const { return total_bytes_; }
  // The entry modules served as bundles, and why any other entry is not.
  const std::vector<std::string>& bundled() const { return bundled_; }
  const std::vector<std::string>& bundle_errors() const { return bundle_errors_; }

 private:
  std::unordered_map<std::string, StaticFile> files_;  // by path relative to the root, '/'-separated
  std::set<std::string> directories_;
  std::uintmax_t total_bytes_ = 0;
  std::vector<std::string> bundled_;
  std::vector<std::string> bundle_errors_;

  void bundle_modules();
  void compress_text();
};

// Content type for a file name by its extension; octet-stream when unknown.
std::string content_type_for(const std::filesystem::path& file);

// Whether an If-None-Match field value names this ETag (or is "*").
bool etag_matches(std::string_view if_none_match, std::string_view etag);

}  // namespace yunzi::net
