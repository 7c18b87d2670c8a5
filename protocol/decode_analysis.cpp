// The machine's review (analysis.*): a game asked for or read; a worker's
// claim, its reported positions (every number and vertex checked here, the
// board size by the server), its finish and its failure.
#include <algorithm>
#include <cctype>
#include <cmath>

#include "protocol/decode_parts.hpp"

namespace yunzi::protocol {
namespace {

constexpr double max_abs_score = 1000;
constexpr std::int64_t max_visits = 1'000'000'000'000;

const TextRule engine_rule{1, 40, false};
const TextRule failure_rule{0, 200, false};

std::optional<double> number_within(FieldReader& r, std::string_view name, double low, double high) {
  const auto value = r.optional_number(name);
  if (value && (!std::isfinite(*value) || *value < low || *value > high)) {
    r.fail(name, "expected a number from " + std::to_string(static_cast<int>(low)) + " to " +
                     std::to_string(static_cast<int>(high)));
  }
  return value;
}

// A list of at most `most` objects, each read by `read`.
template <class T, class Read>
std::vector<T> objects(FieldReader& r, std::string_view name, std::size_t most, bool required, Read read) {
  std::vector<T> out;
  const nlohmann::json* list = r.find(name);
  if (list == nullptr) {
    if (required) r.fail(name, "missing");
    return out;
  }
  if (!list->is_array() || list->size() > most) {
    r.fail(name, "expected a list of at most " + std::to_string(most));
    return out;
  }
  for (std::size_t i = 0; i < list->size() && r.ok(); ++i) {
    const std::string item = std::string(name) + "[" + std::to_string(i) + "]";
    if (!(*list)[i].is_object()) {
      r.fail(item, "expected an object");
      break;
    }
    FieldReader reader(r, item, (*list)[i]);
    out.push_back(read(reader));
  }
  return out;
}

std::vector<VertexText> line_of(FieldReader& r) {
  std::vector<VertexText> line;
  const nlohmann::json* list = r.find("line");
  if (list == nullptr) return line;
  if (!list->is_array() || list->size() > req::max_engine_line) {
    r.fail("line", "expected a list of at most " + std::to_string(req::max_engine_line) + " vertices");
    return line;
  }
  for (const nlohmann::json& item : *list) {
    std::string text = item.is_string() ? item.get<std::string>() : std::string();
    for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (text == "PASS") text = "pass";
    if (text != "pass" && !engine::parse_gtp(text, engine::max_board_size)) {
      r.fail("line", "expected vertices such as \"D4\" or \"pass\"");
      break;
    }
    line.push_back(VertexText{text});
  }
  return line;
}

req::EngineMove engine_move(FieldReader& r) {
  req::EngineMove move;
  move.vertex = r.vertex("vertex", true);
  move.score = number_within(r, "score", -max_abs_score, max_abs_score);
  move.winrate = number_within(r, "winrate", 0, 1);
  move.visits = r.optional_integer("visits", 0, max_visits);
  move.line = line_of(r);
  return move;
}

req::AnalysedPosition position(FieldReader& r) {
  req::AnalysedPosition out;
  out.move = static_cast<int>(r.integer("move", 0, 10'000));
  out.score = number_within(r, "score", -max_abs_score, max_abs_score);
  out.winrate = number_within(r, "winrate", 0, 1);
  out.best = objects<req::EngineMove>(r, "best", req::max_engine_moves, false, engine_move);
  return out;
}

}  // namespace

void read_fields(FieldReader& r, req::AnalysisRequest& out) { out.game = r.id("game"); }
void read_fields(FieldReader& r, req::AnalysisGet& out) { out.game = r.id("game"); }
void read_fields(FieldReader& r, req::AnalysisClaim& out) {
  out.engine = r.text("engine", engine_rule);
  const bool allowed = std::all_of(out.engine.begin(), out.engine.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
  });
  if (r.ok() && !allowed) r.fail("engine", "expected a-z, 0-9, '.', '_' and '-'");
}
void read_fields(FieldReader& r, req::AnalysisReport& out) {
  out.analysis = r.id("analysis");
  out.positions = objects<req::AnalysedPosition>(r, "positions", req::max_positions_per_report, true, position);
}
void read_fields(FieldReader& r, req::AnalysisFinish& out) { out.analysis = r.id("analysis"); }
void read_fields(FieldReader& r, req::AnalysisFail& out) {
  out.analysis = r.id("analysis");
  out.reason = r.optional_text("reason", failure_rule).value_or("");
}

}  // namespace yunzi::protocol
