// A GTP command's full answer through GtpFrontend ("= ..." or "? ..."), without the empty line that ends it.
#pragma once

#include <catch2/catch.hpp>
#include <string>

#include "tools/yunzi-gtp/gtp_frontend.hpp"

namespace yunzi::gtp::test {

inline std::string answer(GtpFrontend& gtp, const std::string& line) {
  const std::string response = gtp.handle_line(line);
  INFO(line << " -> " << response);
  REQUIRE(response.size() >= 4);
  return response.substr(0, response.size() - 2);
}

}  // namespace yunzi::gtp::test
