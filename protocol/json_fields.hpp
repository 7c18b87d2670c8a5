// FieldReader: reads the fields of one JSON object with validation. The
// first problem is kept (code + message naming the field path, such as
// `settings.time.main_s`) and later reads return harmless defaults, so a
// decoder reads every field in a row and checks ok() once at the end.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/rank.hpp"
#include "core/role.hpp"
#include "protocol/errors.hpp"
#include "protocol/requests.hpp"

namespace yunzi::protocol {

struct FieldProblem {
  ErrorCode code = ErrorCode::bad_request;
  std::string message;
};

// Length limits of one free-text field.
struct TextRule {
  std::size_t min_chars = 1;
  std::size_t max_chars = 300;
  bool allow_line_breaks = false;
};

class FieldReader {
 public:
  explicit FieldReader(const nlohmann::json& object);
  // Reads the object `parent[name]`; problems are reported to the parent.
  FieldReader(FieldReader& parent, std::string_view name, const nlohmann::json& object);
  FieldReader(const FieldReader&) = delete;
  FieldReader& operator=(const FieldReader&) = delete;

  bool ok() const { return !problem_->has_value(); }
  const std::optional<FieldProblem>& problem() const { return *problem_; }
  void fail(std::string_view name, std::string_view why, ErrorCode code = ErrorCode::bad_request);

  bool has(std::string_view name) const;
  // The raw value, or nullptr when absent.
  const nlohmann::json* find(std::string_view name) const;

  std::int64_t integer(std::string_view name, std::int64_t min, std::int64_t max);
  std::optional<std::int64_t> optional_integer(std::string_view name, std::int64_t min, std::int64_t max);
  // Ids of games, seeks, challenges: integers >= 1.
  std::int64_t id(std::string_view name) { return integer(name, 1, max_id); }
  std::optional<std::int64_t> optional_id(std::string_view name) { return optional_integer(name, 1, max_id); }
  int limit(std::string_view name);  // 1..100, default 20
  // A non-empty array of at most `max_items` ids; repeated ids are kept once, in first-seen order.
  std::optional<std::vector<std::int64_t>> optional_ids(std::string_view name, std::size_t max_items);
  std::optional<double> optional_number(std::string_view name);
  std::optional<bool> optional_boolean(std::string_view name);
  bool boolean(std::string_view name);
  std::string string(std::string_view name);  // any JSON string, no content checks
  std::optional<std::string> optional_string(std::string_view name);
  std::string text(std::string_view name, TextRule rule);
  std::optional<std::string> optional_text(std::string_view name, TextRule rule);
  std::string user_name(std::string_view name);
  std::string password(std::string_view name);
  std::string token(std::string_view name);
  Rank rank(std::string_view name, Rank lowest = lowest_rank, Rank highest = highest_rank);
  VertexText vertex(std::string_view name, bool allow_pass);

  static constexpr std::int64_t max_id = (std::int64_t{1} << 53) - 1;  // exact in a JavaScript number

 private:
  std::string path(std::string_view name) const;
  void fail_type(std::string_view name, std::string_view expected);

  const nlohmann::json& object_;
  std::string prefix_;
  std::optional<FieldProblem> own_problem_;
  std::optional<FieldProblem>* problem_;
};

}  // namespace yunzi::protocol
