#include "tests/support/temp_dir.hpp"

#include <cstdlib>
#include <stdexcept>
#include <system_error>

namespace yunzi::test_support {

TempDir::TempDir(std::string_view prefix) {
  std::string pattern = (std::filesystem::temp_directory_path() / (std::string(prefix) + "-XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed for " + pattern);
  path_ = pattern;
}

TempDir::~TempDir() {
  if (std::getenv("YUNZI_E2E_KEEP") != nullptr) return;
  std::error_code ignored;
  // A test may have taken its own permissions away (read-only directories);
  // each directory gets them back before the walk enters it.
  std::filesystem::permissions(path_, std::filesystem::perms::owner_all, std::filesystem::perm_options::add, ignored);
  for (auto it = std::filesystem::recursive_directory_iterator(path_, ignored);
       it != std::filesystem::recursive_directory_iterator(); it.increment(ignored)) {
    if (it->is_directory(ignored))
      std::filesystem::permissions(it->path(), std::filesystem::perms::owner_all, std::filesystem::perm_options::add,
                                   ignored);
  }
  std::filesystem::remove_all(path_, ignored);
}

}  // namespace yunzi::test_support
