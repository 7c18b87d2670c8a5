// A problem from one game tree of SGF text, or the running test fails.
#pragma once

#include <catch2/catch.hpp>

#include <string>

#include "tsumego/problem.hpp"

namespace yunzi::problems::test {

inline tsumego::Problem problem_from(const std::string& sgf) {
  auto read = tsumego::read_problems(sgf);
  REQUIRE(read);
  REQUIRE(read->problems.size() == 1);
  REQUIRE(read->problems.front());
  return *read->problems.front();
}

}  // namespace yunzi::problems::test
