#include "tests/e2e/server/temp_dir.hpp"

#include <cstdlib>
#include <stdexcept>
#include <string>
#include <system_error>

namespace yunzi::e2e {

TempDir::TempDir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "yunzi-e2e-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed for " + pattern);
  path_ = pattern;
}

TempDir::~TempDir() {
  if (std::getenv("YUNZI_E2E_KEEP") != nullptr) return;
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

}  // namespace yunzi::e2e
