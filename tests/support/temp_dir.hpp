// A fresh directory under the system's temporary directory, unique to one
// object (mkdtemp), removed with everything in it when the object goes away.
// YUNZI_E2E_KEEP set in the environment keeps it, to look at a failed run's
// files (server logs, databases).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace yunzi::test_support {

class TempDir {
 public:
  // The directory is named <prefix>-XXXXXX.
  explicit TempDir(std::string_view prefix = "yunzi-test");
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::filesystem::path& name) const { return path_ / name; }
  // A path inside as text, for APIs that take strings.
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace yunzi::test_support
