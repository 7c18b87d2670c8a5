// Serving the web client from a directory: maps a request target to a file
// under the root (index.html for "/" and for directories), picks the content
// type, and refuses any path that would leave the root.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "engine/expected.hpp"

namespace yunzi::net {

enum class StaticError {
  not_found,  // 404
  bad_path,   // 400: traversal, bad escapes, control characters
};

struct StaticFile {
  std::string body;
  std::string content_type;
};

Expected<StaticFile, StaticError> load_static_file(const std::filesystem::path& root,
                                                   std::string_view target);

// Content type for a file name by its extension; octet-stream when unknown.
std::string content_type_for(const std::filesystem::path& file);

}  // namespace yunzi::net
