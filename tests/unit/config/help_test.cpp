#include <catch2/catch.hpp>

#include "server/config/config_loader.hpp"
#include "server/config/settings.hpp"

using namespace yunzi;
using namespace yunzi::config;

TEST_CASE("--help lists every flag with its environment name and default", "[config][help]") {
  const std::string help = help_text("yunzi-server");
  CHECK_THAT(help, Catch::StartsWith("Usage: yunzi-server [--config FILE]"));
  CHECK_THAT(help, Catch::Contains("YUNZI_CONFIG"));
  const ServerConfig defaults;
  for (const Setting& setting : all_settings()) {
    INFO(setting.key);
    const std::string flag = flag_name(setting) + " " + std::string(setting.metavar);
    const auto line_start = help.find("  " + flag + " ");
    REQUIRE(line_start != std::string::npos);
    const std::string line = help.substr(line_start, help.find('\n', line_start) - line_start);
    CHECK_THAT(line, Catch::Contains(env_name(setting)));
    const std::string shown = setting.show(defaults);
    CHECK_THAT(line, Catch::EndsWith(" " + (shown.empty() ? std::string("(none)") : shown)));
    CHECK_THAT(help, Catch::Contains(std::string(setting.help)));
  }
  CHECK_THAT(help, Catch::Contains("--port N"));
  CHECK_THAT(help, Catch::Contains("byoyomi:1200/3/30"));
  CHECK_THAT(help, Catch::Contains("--help"));
}
