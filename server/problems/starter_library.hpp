// The starter library (tsumego/library/starter.sgf), carried inside the
// server so that a new database gets its problems without any file beside
// the binary. Every problem in it was verified by tsumego's tests, so
// seeding does not run the solver.
#pragma once

#include <string_view>

namespace yunzi::problems {

// The SGF collection as it was at build time.
std::string_view starter_library();

}  // namespace yunzi::problems
