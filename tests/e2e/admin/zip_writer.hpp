// Zip archives written in the tests (stored or deflated entries), so that yunzi-admin's reader meets archives
// whose every byte the test chose: good ones, damaged ones and bombs.
#pragma once

#include <boost/beast/zlib/deflate_stream.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace yunzi::admin_tests {

struct ZipFile {
  std::string name;
  std::string data;
  bool deflate = true;
  // What the headers claim, when a test lies: the unpacked size and the CRC-32.
  std::int64_t stated_size = -1;
  std::int64_t stated_crc = -1;
  std::uint16_t flags = 0;
};

inline std::uint32_t zip_crc32(const std::string& data) {
  std::uint32_t c = 0xFFFFFFFFU;
  for (const char byte : data) {
    c ^= static_cast<unsigned char>(byte);
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320U ^ (c >> 1) : c >> 1;
  }
  return c ^ 0xFFFFFFFFU;
}

inline std::string raw_deflate(const std::string& data) {
  boost::beast::zlib::deflate_stream deflater;
  std::string out(data.size() + 1024, '\0');
  boost::beast::zlib::z_params stream;
  stream.next_in = data.data();
  stream.avail_in = data.size();
  stream.next_out = out.data();
  stream.avail_out = out.size();
  boost::system::error_code error;
  deflater.write(stream, boost::beast::zlib::Flush::finish, error);
  out.resize(stream.total_out);
  return out;
}

inline void put(std::string& out, std::uint32_t value, int width) {
  for (int i = 0; i < width; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
}

inline std::string zip_archive(const std::vector<ZipFile>& files) {
  std::string out;
  std::string directory;
  for (const ZipFile& file : files) {
    const std::string packed = file.deflate ? raw_deflate(file.data) : file.data;
    const std::uint32_t size = file.stated_size >= 0 ? static_cast<std::uint32_t>(file.stated_size)
                                                     : static_cast<std::uint32_t>(file.data.size());
    const std::uint32_t crc = file.stated_crc >= 0 ? static_cast<std::uint32_t>(file.stated_crc) : zip_crc32(file.data);
    const std::uint32_t offset = static_cast<std::uint32_t>(out.size());
    auto common = [&](std::string& to) {
      put(to, 20, 2);  // version needed
      put(to, file.flags, 2);
      put(to, file.deflate ? 8 : 0, 2);
      put(to, 0, 4);  // time and date
      put(to, crc, 4);
      put(to, static_cast<std::uint32_t>(packed.size()), 4);
      put(to, size, 4);
      put(to, static_cast<std::uint32_t>(file.name.size()), 2);
      put(to, 0, 2);  // extra field
    };
    put(out, 0x04034b50, 4);
    common(out);
    out += file.name;
    out += packed;
    put(directory, 0x02014b50, 4);
    put(directory, 20, 2);  // version made by
    common(directory);
    put(directory, 0, 2);  // comment
    put(directory, 0, 2);  // disk
    put(directory, 0, 2);  // internal attributes
    put(directory, 0, 4);  // external attributes
    put(directory, offset, 4);
    directory += file.name;
  }
  const std::uint32_t directory_offset = static_cast<std::uint32_t>(out.size());
  out += directory;
  put(out, 0x06054b50, 4);
  put(out, 0, 4);  // disks
  put(out, static_cast<std::uint32_t>(files.size()), 2);
  put(out, static_cast<std::uint32_t>(files.size()), 2);
  put(out, static_cast<std::uint32_t>(directory.size()), 4);
  put(out, directory_offset, 4);
  put(out, 0, 2);  // comment
  return out;
}

}  // namespace yunzi::admin_tests
