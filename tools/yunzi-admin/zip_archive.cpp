#include "tools/yunzi-admin/zip_archive.hpp"

#include <array>
#include <boost/beast/zlib/inflate_stream.hpp>
#include <cstdint>

namespace yunzi::admin {
namespace {

constexpr std::uint32_t local_header_signature = 0x04034b50;
constexpr std::uint32_t central_header_signature = 0x02014b50;
constexpr std::uint32_t end_signature = 0x06054b50;
constexpr std::size_t end_record_bytes = 22;
constexpr std::size_t central_header_bytes = 46;
constexpr std::size_t local_header_bytes = 30;

std::uint32_t read_le(std::string_view bytes, std::size_t at, int width) {
  std::uint32_t value = 0;
  for (int i = width - 1; i >= 0; --i) {
    value = (value << 8) | static_cast<unsigned char>(bytes[at + static_cast<std::size_t>(i)]);
  }
  return value;
}

std::uint32_t crc32(std::string_view data) {
  static const std::array<std::uint32_t, 256> table = [] {
    std::array<std::uint32_t, 256> out{};
    for (std::uint32_t n = 0; n < 256; ++n) {
      std::uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320U ^ (c >> 1) : c >> 1;
      out[n] = c;
    }
    return out;
  }();
  std::uint32_t c = 0xFFFFFFFFU;
  for (const char byte : data) c = table[(c ^ static_cast<unsigned char>(byte)) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFU;
}

// Unpacks into exactly `size` bytes: a stream that would unpack to more does not end there and is refused.
Expected<std::string, std::string> inflate(std::string_view packed, std::size_t size) {
  if (size == 0) return std::string();
  std::string out(size, '\0');
  boost::beast::zlib::inflate_stream inflater;
  boost::beast::zlib::z_params stream;
  stream.next_in = packed.data();
  stream.avail_in = packed.size();
  stream.next_out = out.data();
  stream.avail_out = out.size();
  boost::system::error_code error;
  inflater.write(stream, boost::beast::zlib::Flush::finish, error);
  namespace zlib = boost::beast::zlib;
  if (error == zlib::error::end_of_stream && stream.total_out == size) return out;
  // Out of room before the stream ended (need_buffers), or ended short: not the size the header states.
  if (!error || error == zlib::error::need_buffers || error == zlib::error::end_of_stream) {
    return unexpected(std::string("the unpacked size differs from the stated one"));
  }
  return unexpected("bad deflated data: " + error.message());
}

struct Directory {
  std::size_t entries = 0;
  std::size_t offset = 0;
};

Expected<Directory, std::string> find_directory(std::string_view bytes) {
  if (bytes.size() < end_record_bytes) return unexpected(std::string("too short for a zip archive"));
  // The end record sits in the last 22 bytes plus at most a 65,535-byte comment.
  const std::size_t lowest = bytes.size() > end_record_bytes + 0xFFFF ? bytes.size() - end_record_bytes - 0xFFFF : 0;
  for (std::size_t at = bytes.size() - end_record_bytes + 1; at-- > lowest;) {
    if (read_le(bytes, at, 4) != end_signature) continue;
    const Directory found{read_le(bytes, at + 10, 2), read_le(bytes, at + 16, 4)};
    if (found.offset > at) return unexpected(std::string("the central directory lies outside the archive"));
    return found;
  }
  return unexpected(std::string("no end of central directory (not a zip archive, or a multi-part one)"));
}

}  // namespace

bool looks_like_zip(std::string_view bytes) {
  return bytes.size() >= 4 && read_le(bytes, 0, 4) == local_header_signature;
}

Expected<std::vector<ZipEntry>, std::string> read_zip(std::string_view bytes, const ZipLimits& limits) {
  auto directory = find_directory(bytes);
  if (!directory) return unexpected(directory.error());
  if (directory->entries > limits.max_entries) {
    return unexpected("more than " + std::to_string(limits.max_entries) + " files");
  }
  std::vector<ZipEntry> out;
  std::size_t total = 0;
  std::size_t at = directory->offset;
  for (std::size_t i = 0; i < directory->entries; ++i) {
    if (at + central_header_bytes > bytes.size() || read_le(bytes, at, 4) != central_header_signature) {
      return unexpected(std::string("a damaged central directory"));
    }
    const std::uint32_t flags = read_le(bytes, at + 8, 2);
    const std::uint32_t method = read_le(bytes, at + 10, 2);
    const std::uint32_t crc = read_le(bytes, at + 16, 4);
    const std::size_t packed_size = read_le(bytes, at + 20, 4);
    const std::size_t size = read_le(bytes, at + 24, 4);
    const std::size_t name_length = read_le(bytes, at + 28, 2);
    const std::size_t skip = read_le(bytes, at + 30, 2) + read_le(bytes, at + 32, 2);
    const std::size_t local = read_le(bytes, at + 42, 4);
    if (at + central_header_bytes + name_length > bytes.size()) return unexpected(std::string("a damaged file name"));
    std::string name(bytes.substr(at + central_header_bytes, name_length));
    at += central_header_bytes + name_length + skip;
    if (!name.empty() && name.back() == '/') continue;
    if (flags & 1) return unexpected(name + ": encrypted");
    if (method != 0 && method != 8) return unexpected(name + ": compressed in a way other than deflate");
    if (size > limits.max_entry_bytes) {
      return unexpected(name + ": larger than " + std::to_string(limits.max_entry_bytes) + " bytes unpacked");
    }
    total += size;
    if (total > limits.max_total_bytes) {
      return unexpected("more than " + std::to_string(limits.max_total_bytes) + " bytes unpacked in all");
    }
    if (local + local_header_bytes > bytes.size() || read_le(bytes, local, 4) != local_header_signature) {
      return unexpected(name + ": a damaged local header");
    }
    const std::size_t data_at =
        local + local_header_bytes + read_le(bytes, local + 26, 2) + read_le(bytes, local + 28, 2);
    if (data_at + packed_size > bytes.size()) return unexpected(name + ": cut short");
    const std::string_view packed = bytes.substr(data_at, packed_size);
    Expected<std::string, std::string> data =
        method == 0 ? Expected<std::string, std::string>(std::string(packed)) : inflate(packed, size);
    if (!data) return unexpected(name + ": " + data.error());
    if (data->size() != size) return unexpected(name + ": the unpacked size differs from the stated one");
    if (crc32(*data) != crc) return unexpected(name + ": the CRC-32 does not match");
    out.push_back(ZipEntry{std::move(name), std::move(*data)});
  }
  return out;
}

}  // namespace yunzi::admin
