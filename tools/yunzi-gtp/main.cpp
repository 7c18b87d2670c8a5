// yunzi-gtp: the yunzi engine as a GTP version 2 program on stdin/stdout.
#include <cstdint>
#include <cstring>
#include <iostream>
#include <random>
#include <string>

#include "tools/yunzi-gtp/gtp_frontend.hpp"

int main(int argc, char** argv) {
  std::uint64_t seed = std::random_device{}();
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
      try {
        seed = std::stoull(argv[++i]);
      } catch (const std::exception&) {
        std::cerr << "yunzi-gtp: --seed needs a non-negative integer\n";
        return 2;
      }
    } else {
      std::cerr << "usage: yunzi-gtp [--seed N]\n"
                   "Speaks GTP version 2 on stdin/stdout; see tools/GTP.md.\n";
      return std::strcmp(argv[i], "--help") == 0 ? 0 : 2;
    }
  }
  std::ios::sync_with_stdio(false);
  yunzi::gtp::GtpFrontend frontend(seed);
  frontend.run(std::cin, std::cout);
  return 0;
}
