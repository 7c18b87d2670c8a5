// The starter library put into the database at start: its problems read
// from the text built into the server (no solver: they were verified by
// tsumego's tests), each keyed by its place in the library, and added in one
// writer item only when the library holds no starter problem yet. Two nodes
// starting together on one database both find none, and the key makes the
// second one's inserts add nothing.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/ids.hpp"
#include "db/stores.hpp"

namespace yunzi::problems {

struct StarterRows {
  std::vector<db::NewProblem> rows;
  std::vector<std::string> skipped;  // why a game tree of the library was left out
};
StarterRows starter_rows(std::string_view sgf, TimeMs now_ms);

// The problems added: none when the library held a starter problem already.
db::DbResult<std::size_t> seed_starter(db::Stores& stores, const std::vector<db::NewProblem>& rows);

}  // namespace yunzi::problems
