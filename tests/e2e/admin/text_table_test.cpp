// The tables yunzi-admin prints: columns stay aligned when cells hold
// Chinese names, which take two terminal columns per character.
#include <catch2/catch.hpp>

#include "tools/yunzi-admin/text_table.hpp"

using namespace yunzi;
using namespace yunzi::admin;

TEST_CASE("table columns are measured in terminal columns", "[admin][table]") {
  const std::string table =
      render_table({"id", "name", "status"}, {{"1", "升段赛 2027", "finished"}, {"22", "Club Swiss", "registration"}});
  // "升段赛 2027" is 11 columns wide (3 wide characters and 5 narrow), "Club Swiss" 10.
  CHECK(table ==
        "id  name         status\n"
        "--  -----------  ------------\n"
        "1   升段赛 2027  finished\n"
        "22  Club Swiss   registration\n");
}
