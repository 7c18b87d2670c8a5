#include "tools/yunzi-admin/db_location.hpp"

#include <filesystem>

namespace yunzi::admin {

namespace fs = std::filesystem;

Expected<db::DatabaseTarget, std::string> database_target(const ParsedArgs& args) {
  const auto dir = args.value("--data-dir");
  const auto file = args.value("--db");
  const auto url = args.value("--database");
  if ((dir ? 1 : 0) + (file ? 1 : 0) + (url ? 1 : 0) > 1) {
    return unexpected(std::string("give one of --data-dir, --db and --database"));
  }
  if (file) return db::DatabaseTarget{db::Engine::sqlite, *file};
  if (dir) return db::DatabaseTarget{db::Engine::sqlite, (fs::path(*dir) / database_file_name).string()};
  if (url) {
    auto target = db::parse_database_url(*url);
    if (!target) return unexpected(target.error().message);
    return *target;
  }
  return unexpected(std::string("db commands need --data-dir DIR, --db FILE or --database URL"));
}

Expected<Done, std::string> existing_database(const std::string& path) {
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (fs::is_directory(status)) return unexpected(path + " is a directory, not a database file");
  if (fs::exists(status)) return Done{};
  const fs::path parent = fs::path(path).parent_path();
  if (!parent.empty() && !fs::is_directory(parent, ec)) {
    return unexpected("no directory " + parent.string() + " (for the database " + path + ")");
  }
  return unexpected("no database at " + path +
                    "; check --data-dir or --db (a new database is made only by `db init` or `db migrate --create`)");
}

Expected<Done, std::string> room_for_new_database(const std::string& path) {
  std::error_code ec;
  if (fs::exists(path, ec)) {
    return unexpected(path + " already exists; `db migrate` brings an existing database up to date");
  }
  const fs::path parent = fs::path(path).parent_path();
  if (!parent.empty() && !fs::is_directory(parent, ec)) return unexpected("no directory " + parent.string());
  return Done{};
}

}  // namespace yunzi::admin
