// Analysis boards (board.*) and game.estimate.
#include <cmath>

#include "protocol/decode_parts.hpp"

namespace yunzi::protocol {
namespace {

// Node ids: the root is 0.
std::int64_t node_id(FieldReader& r, std::string_view name, std::int64_t min = 0) {
  return r.integer(name, min, FieldReader::max_id);
}

}  // namespace

void read_fields(FieldReader& r, req::BoardCreate& out) {
  out.game = r.optional_id("game");
  out.move = r.optional_integer("move", 0, FieldReader::max_id);
  out.sgf = r.optional_string("sgf");
  if (out.game && out.sgf) r.fail("sgf", "give either 'game' or 'sgf', not both");
  if (out.move && !out.game) r.fail("move", "only with 'game'");
  out.at = r.optional_integer("at", 0, FieldReader::max_id);
  if (out.at && !out.game) r.fail("at", "only with 'game'");
  out.size = static_cast<int>(r.optional_integer("size", INT32_MIN, INT32_MAX).value_or(out.size));
  if (!is_offered_board_size(out.size)) r.fail("size", "must be 9, 13 or 19");
  out.handicap = static_cast<int>(r.optional_integer("handicap", 0, max_handicap).value_or(0));
  if (out.handicap == 1) r.fail("handicap", "expected 0 or 2..9 stones");
  // As in game settings: a handicap game's komi defaults to 0.5.
  out.komi = r.optional_number("komi").value_or(out.handicap == 0 ? default_komi_even : default_komi_handicap);
  if (!std::isfinite(out.komi) || std::abs(out.komi) > max_abs_komi || std::floor(out.komi * 2) != out.komi * 2) {
    r.fail("komi", "expected a multiple of 0.5 from -150 to 150");
  }
  out.title = r.optional_text("title", TextRule{0, req::max_board_title_chars, false}).value_or("");
}

void read_fields(FieldReader& r, req::BoardWatch& out) { out.board = r.id("board"); }
void read_fields(FieldReader& r, req::BoardUnwatch& out) { out.board = r.id("board"); }

void read_fields(FieldReader& r, req::BoardPlay& out) {
  out.board = r.id("board");
  out.from = node_id(r, "from");
  out.vertex = r.vertex("vertex", true);
}

void read_fields(FieldReader& r, req::BoardGoto& out) {
  out.board = r.id("board");
  out.node = node_id(r, "node");
}

void read_fields(FieldReader& r, req::BoardCut& out) {
  out.board = r.id("board");
  out.node = node_id(r, "node", 1);
}

void read_fields(FieldReader& r, req::BoardEstimate& out) {
  out.board = r.id("board");
  out.node = node_id(r, "node");
}

void read_fields(FieldReader& r, req::BoardList& out) {
  if (r.has("user")) out.user = r.user_name("user");
}

void read_fields(FieldReader& r, req::BoardDelete& out) { out.board = r.id("board"); }

void read_fields(FieldReader& r, req::GameEstimate& out) {
  out.game = r.id("game");
  out.move = r.optional_integer("move", 0, FieldReader::max_id);
}

}  // namespace yunzi::protocol
