// The files of a zip archive, for importing a collection of problems packed as one (tools/ADMIN.md). Stored and
// deflated entries; every size is bounded before anything is unpacked, so a small archive cannot unpack into a
// flood (a zip bomb), and each entry's CRC-32 is checked.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"

namespace yunzi::admin {

struct ZipEntry {
  std::string name;
  std::string data;
};

struct ZipLimits {
  std::size_t max_entries = 2000;
  std::size_t max_entry_bytes = 4 * 1024 * 1024;
  std::size_t max_total_bytes = 64 * 1024 * 1024;
};

// Starts like a zip archive (a local file header).
bool looks_like_zip(std::string_view bytes);

// Every file of the archive (folders left out), in the order of its central directory; fails as a whole, with the
// reason, on anything malformed, encrypted, compressed in another way, or over the limits.
Expected<std::vector<ZipEntry>, std::string> read_zip(std::string_view bytes, const ZipLimits& limits = {});

}  // namespace yunzi::admin
