// Life-and-death problems (problem.*): ids, a theme, a grade range, a move,
// and an admin's SGF text with the themes it gives every problem in it.
#include "protocol/decode_parts.hpp"

namespace yunzi::protocol {
namespace {

const TextRule theme_rule{1, req::max_problem_theme_chars, false};

}  // namespace

void read_fields(FieldReader& r, req::ProblemList& out) {
  out.theme = r.optional_text("theme", theme_rule);
  if (r.has("grade_from")) out.grade_from = r.rank("grade_from");
  if (r.has("grade_to")) out.grade_to = r.rank("grade_to");
  if (r.ok() && out.grade_from && out.grade_to && *out.grade_to < *out.grade_from) {
    r.fail("grade_to", "below grade_from");
  }
  out.after = r.optional_id("after");
  out.limit = r.limit("limit");
}

void read_fields(FieldReader& r, req::ProblemGet& out) {
  out.problem = r.optional_id("problem");
  const bool daily = r.optional_boolean("daily").value_or(false);
  if (r.ok() && out.problem.has_value() == daily) r.fail("problem", "give either 'problem' or 'daily': true");
}

void read_fields(FieldReader& r, req::ProblemMove& out) {
  out.problem = r.id("problem");
  out.move = r.vertex("move", true);
}

void read_fields(FieldReader& r, req::ProblemRetry& out) { out.problem = r.id("problem"); }
void read_fields(FieldReader& r, req::ProblemHint& out) { out.problem = r.id("problem"); }
void read_fields(FieldReader& r, req::ProblemStats& out) { out.user = r.user_name("user"); }

void read_fields(FieldReader& r, req::ProblemImport& out) {
  out.sgf = r.string("sgf");
  if (r.ok() && out.sgf.empty()) r.fail("sgf", "must not be empty");
  const nlohmann::json* themes = r.find("themes");
  if (themes == nullptr) return;
  if (!themes->is_array() || themes->size() > req::max_imported_themes) {
    return r.fail("themes", "expected a list of at most " + std::to_string(req::max_imported_themes) + " themes");
  }
  for (const nlohmann::json& theme : *themes) {
    const std::string* text = theme.get_ptr<const std::string*>();
    const auto problem = text == nullptr ? std::optional<std::string>("expected a string")
                                         : text_problem(*text, theme_rule.min_chars, theme_rule.max_chars, false);
    if (problem) return r.fail("themes", *problem);
    // The themes are stored in the problem's SGF, whose reader takes 1..40 bytes with no space at either end.
    if (text->size() > req::max_problem_theme_chars || text->front() == ' ' || text->back() == ' ') {
      return r.fail("themes", "a theme is 1.." + std::to_string(req::max_problem_theme_chars) +
                                  " bytes of UTF-8, without a space at either end");
    }
    out.themes.push_back(*text);
  }
}

}  // namespace yunzi::protocol
