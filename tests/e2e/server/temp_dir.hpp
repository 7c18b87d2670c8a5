// A fresh directory under the system's temporary directory for one test's
// server data, removed with everything in it when the object goes away
// (kept when YUNZI_E2E_KEEP is set, to look at a failed run's files).
#pragma once

#include <filesystem>

namespace yunzi::e2e {

class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace yunzi::e2e
