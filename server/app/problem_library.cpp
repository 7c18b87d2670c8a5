// The starter library of problems put into the database at start (before
// the server listens, so the day's problem is there for the first client).
#include <future>

#include <spdlog/spdlog.h>

#include "server/app/app.hpp"
#include "server/problems/starter_library.hpp"
#include "server/problems/starter_seeding.hpp"

namespace yunzi::app {

Expected<std::size_t, std::string> App::seed_problems() {
  if (!options_.problem_library) return std::size_t{0};
  problems::StarterRows starter = problems::starter_rows(problems::starter_library(), now_ms_());
  for (const std::string& why : starter.skipped) spdlog::warn("starter problem left out: {}", why);
  std::promise<db::DbResult<std::size_t>> seeded;
  auto answer = seeded.get_future();
  writer_.submit_for<std::size_t>(
      [rows = std::move(starter.rows)](db::Stores& stores) { return problems::seed_starter(stores, rows); },
      [&seeded](db::DbResult<std::size_t> added) { seeded.set_value(std::move(added)); });
  auto added = answer.get();
  if (!added) return unexpected("the starter problems could not be stored: " + added.error().message);
  if (*added > 0) spdlog::info("starter problems added count={}", *added);
  return *added;
}

}  // namespace yunzi::app
