// yunzi-admin problems import against the real server: SGF collections and zip archives of them, each problem
// verified by the server's solver, and what it refuses said per problem.
#include <catch2/catch.hpp>

#include <fstream>

#include "tests/e2e/admin/live_fixture.hpp"
#include "tests/e2e/admin/zip_writer.hpp"

using namespace yunzi;
using namespace yunzi::admin_tests;

namespace {

// White's bent three in the top-left corner inside a black wall: Black kills at A19.
const std::string bent_three_kill =
    "(;FF[4]SZ[19]AB[da][db][dc][cc][cd][bd][ad]AW[ca][cb][bb][bc][ac]PL[B]YG[kill]GN[Zip import kill]"
    "(;B[aa];W[ba];B[ab]C[RIGHT])(;B[ba];W[aa]C[WRONG]))";
// The same group with a goal the solver refutes: Black cannot make it live.
const std::string refuted = "(;FF[4]SZ[19]AB[da][db][dc][cc][cd][bd][ad]AW[ca][cb][bb][bc][ac]PL[B]YG[live]YT[ca])";

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string write_file(const test_support::TempDir& dir, const std::string& name, const std::string& bytes) {
  const std::string path = (dir.path() / name).string();
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

}  // namespace

TEST_CASE_METHOD(LiveFixture, "problems import reads a zip archive's SGF files and says what each became",
                 "[admin][live][problems]") {
  const std::string archive = zip_archive({{"set/kill.sgf", bent_three_kill, true},
                                           {"set/refuted.sgf", refuted, false},
                                           {"set/readme.txt", "not a problem", true},
                                           {"set/broken.sgf", "(;FF[4]SZ[30]", true}});
  const std::string path = write_file(dir, "set.zip", archive);
  const auto run = as_root({"problems", "import", path, "--themes", "zip"});
  INFO(run.out << run.err);
  CHECK(run.exit_code == 1);  // some were rejected
  CHECK(contains(run.out, path + ":set/kill.sgf #1: imported as problem"));
  CHECK(contains(run.out, path + ":set/refuted.sgf #1: rejected: the goal is not reachable"));
  CHECK(contains(run.out, path + ":set/broken.sgf"));
  CHECK_FALSE(contains(run.out, "readme"));
  CHECK(contains(run.out, "imported 1"));

  // The imported problem is in the library, under its theme.
  auto visitor = connect();
  auto listed = visitor->request({{"type", "problem.list"}, {"theme", "zip"}}, event_wait);
  REQUIRE(listed);
  REQUIRE((*listed)["problems"].size() == 1);
  CHECK((*listed)["problems"][0]["title"] == "Zip import kill");
}

TEST_CASE_METHOD(LiveFixture, "problems import refuses a damaged archive as a whole", "[admin][live][problems]") {
  ZipFile damaged{"kill.sgf", bent_three_kill, true};
  damaged.stated_crc = 7;
  const std::string path = write_file(dir, "damaged.zip", zip_archive({damaged}));
  const auto run = as_root({"problems", "import", path});
  INFO(run.out << run.err);
  CHECK(run.exit_code == 1);
  CHECK(contains(run.out, path + ": rejected: kill.sgf: the CRC-32 does not match"));
}
