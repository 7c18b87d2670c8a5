#include "protocol/problem_messages.hpp"

namespace yunzi::protocol {
namespace {

nlohmann::json text_or_null(const std::optional<std::string>& text) {
  return text ? nlohmann::json(*text) : nlohmann::json(nullptr);
}

}  // namespace

nlohmann::json to_json(const ProblemSummary& s) {
  return {{"id", s.id},
          {"title", s.title},
          {"goal", s.goal},
          {"to_move", to_string(s.to_move)},
          {"grade", to_string(s.grade)},
          {"rating", s.rating},
          {"themes", s.themes},
          {"solved", s.solved ? nlohmann::json(*s.solved) : nlohmann::json(nullptr)}};
}

nlohmann::json to_json(const AttemptInfo& a) {
  return {{"moves", a.moves}, {"state", a.state}, {"rated", a.rated}, {"hinted", a.hinted}};
}

Frame reply_problem_themes(RequestId id, const std::vector<ThemeInfo>& themes, std::int64_t total,
                           const std::optional<ProblemSummary>& daily) {
  nlohmann::json list = nlohmann::json::array();
  for (const ThemeInfo& theme : themes) list.push_back({{"theme", theme.theme}, {"count", theme.count}});
  return encode_ok(
      id,
      {{"themes", std::move(list)}, {"total", total}, {"daily", daily ? to_json(*daily) : nlohmann::json(nullptr)}});
}

Frame reply_problem_list(RequestId id, const std::vector<ProblemSummary>& problems) {
  nlohmann::json list = nlohmann::json::array();
  for (const ProblemSummary& problem : problems) list.push_back(to_json(problem));
  return encode_ok(id, {{"problems", std::move(list)}});
}

Frame reply_problem(RequestId id, const ProblemInfo& p, bool signed_in, const std::optional<AttemptInfo>& attempt) {
  nlohmann::json problem = to_json(p.summary);
  problem["size"] = p.size;
  problem["black"] = p.black;
  problem["white"] = p.white;
  problem["view"] = p.view;
  problem["comment"] = p.comment;
  problem["deviation"] = p.deviation;
  nlohmann::json fields{{"problem", std::move(problem)}};
  if (signed_in) fields["attempt"] = attempt ? to_json(*attempt) : nlohmann::json(nullptr);
  return encode_ok(id, std::move(fields));
}

Frame reply_problem_move(RequestId id, std::string_view outcome, const std::optional<std::string>& reply,
                         std::string_view comment, const AttemptInfo& attempt,
                         const std::optional<RatingInfo>& rating) {
  nlohmann::json fields{
      {"outcome", outcome}, {"reply", text_or_null(reply)}, {"comment", comment}, {"attempt", to_json(attempt)}};
  if (rating) {
    fields["rating"] = {{"rating", rating->rating}, {"deviation", rating->deviation}, {"change", rating->change}};
  }
  return encode_ok(id, std::move(fields));
}

Frame reply_problem_attempt(RequestId id, const AttemptInfo& attempt) {
  return encode_ok(id, {{"attempt", to_json(attempt)}});
}

Frame reply_problem_hint(RequestId id, const std::optional<std::string>& move) {
  return encode_ok(id, {{"move", text_or_null(move)}});
}

Frame reply_problem_stats(RequestId id, const RatingInfo& rating, int attempts, int solved) {
  return encode_ok(
      id, {{"rating", rating.rating}, {"deviation", rating.deviation}, {"attempts", attempts}, {"solved", solved}});
}

Frame reply_problem_import(RequestId id, const std::vector<ImportedProblem>& imported,
                           const std::vector<RejectedProblem>& rejected) {
  nlohmann::json added = nlohmann::json::array();
  for (const ImportedProblem& problem : imported) added.push_back({{"id", problem.id}, {"flags", problem.flags}});
  nlohmann::json refused = nlohmann::json::array();
  for (const RejectedProblem& problem : rejected) {
    refused.push_back({{"index", problem.index}, {"reason", problem.reason}});
  }
  return encode_ok(id, {{"imported", std::move(added)}, {"rejected", std::move(refused)}});
}

}  // namespace yunzi::protocol
