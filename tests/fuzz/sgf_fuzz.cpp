// Fuzzes the SGF reader end to end: parse, build the record, play the main
// line; whatever reads must also write and read back to the same record.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "engine/sgf_record.hpp"
#include "engine/sgf_writer.hpp"

using namespace yunzi;
using namespace yunzi::engine;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto tree = parse_sgf(text);
  if (!tree) {
    if (tree.error().offset > size || tree.error().reason.empty()) std::abort();
    return 0;
  }
  const auto record = record_from_tree(*tree);
  if (!record) return 0;
  const auto game = replay_main_line(*record);
  const std::string written = write_sgf(*record);
  SgfLimits roomy;
  roomy.max_depth = 1u << 20;
  const auto again = parse_sgf(written, roomy);
  if (!again) std::abort();
  const auto record_again = record_from_tree(*again);
  if (!record_again || !(*record_again == *record)) std::abort();
  if (game.has_value() != replay_main_line(*record_again).has_value()) std::abort();
  return 0;
}
