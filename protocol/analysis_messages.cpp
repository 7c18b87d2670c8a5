#include "protocol/analysis_messages.hpp"

#include "protocol/payload_json.hpp"

namespace yunzi::protocol {

using nlohmann::json;

namespace {

void put_optional(json& out, const char* name, const std::optional<double>& value) {
  if (value) out[name] = *value;
}

json summary_json(const AnalysisSummary& s) {
  json out = {{"game", s.game}, {"engine", s.engine}, {"status", s.status}, {"done", s.done}, {"total", s.total}};
  if (s.queued_before) out["queued_before"] = *s.queued_before;
  if (!s.failure.empty()) out["failure"] = s.failure;
  return out;
}

json event(const char* type, const AnalysisSummary& summary) {
  json out = summary_json(summary);
  out["type"] = type;
  return out;
}

}  // namespace

json to_json(const req::AnalysedPosition& position) {
  json out = {{"move", position.move}};
  put_optional(out, "score", position.score);
  put_optional(out, "winrate", position.winrate);
  json best = json::array();
  for (const req::EngineMove& move : position.best) {
    json m = {{"vertex", move.vertex.text}};
    put_optional(m, "score", move.score);
    put_optional(m, "winrate", move.winrate);
    if (move.visits) m["visits"] = *move.visits;
    json line = json::array();
    for (const VertexText& v : move.line) line.push_back(v.text);
    m["line"] = std::move(line);
    best.push_back(std::move(m));
  }
  out["best"] = std::move(best);
  return out;
}

Frame reply_analysis(RequestId id, const AnalysisSummary& summary, const json* positions) {
  json fields = {{"analysis", summary_json(summary)}};
  if (positions != nullptr) fields["analysis"]["positions"] = *positions;
  return encode_ok(id, std::move(fields));
}

Frame reply_analysis_job(RequestId id, const std::optional<AnalysisJob>& job) {
  if (!job) return encode_ok(id, {{"job", nullptr}});
  json moves = json::array();
  for (const engine::Move& move : job->moves) {
    moves.push_back({{"color", engine::to_string(move.color)}, {"vertex", vertex_json(move.vertex, job->size)}});
  }
  return encode_ok(id, {{"job",
                         {{"analysis", job->analysis},
                          {"game", job->game},
                          {"size", job->size},
                          {"komi", job->komi},
                          {"setup",
                           {{"black", vertices_json(job->black_setup, job->size)},
                            {"white", vertices_json(job->white_setup, job->size)}}},
                          {"moves", std::move(moves)}}}});
}

Frame analysis_progress(const AnalysisSummary& summary) { return make_frame(event("analysis.progress", summary)); }
Frame analysis_done(const AnalysisSummary& summary) { return make_frame(event("analysis.done", summary)); }

}  // namespace yunzi::protocol
