#include "protocol/json_fields.hpp"

#include <algorithm>
#include <cctype>

#include "protocol/text.hpp"

namespace yunzi::protocol {

FieldReader::FieldReader(const nlohmann::json& object) : object_(object), problem_(&own_problem_) {}

FieldReader::FieldReader(FieldReader& parent, std::string_view name, const nlohmann::json& object)
    : object_(object), prefix_(parent.path(name) + "."), problem_(parent.problem_) {}

std::string FieldReader::path(std::string_view name) const { return prefix_ + std::string(name); }

void FieldReader::fail(std::string_view name, std::string_view why, ErrorCode code) {
  if (problem_->has_value()) return;
  *problem_ = FieldProblem{code, "field '" + path(name) + "': " + std::string(why)};
}

void FieldReader::fail_type(std::string_view name, std::string_view expected) {
  fail(name, "expected " + std::string(expected));
}

bool FieldReader::has(std::string_view name) const { return find(name) != nullptr; }

const nlohmann::json* FieldReader::find(std::string_view name) const {
  if (!object_.is_object()) return nullptr;
  const auto it = object_.find(name);
  return it == object_.end() ? nullptr : &*it;
}

std::optional<std::int64_t> FieldReader::optional_integer(std::string_view name, std::int64_t min, std::int64_t max) {
  const nlohmann::json* value = find(name);
  if (value == nullptr || !ok()) return std::nullopt;
  const std::string range = "an integer from " + std::to_string(min) + " to " + std::to_string(max);
  if (value->is_number_unsigned()) {
    const auto number = value->get<std::uint64_t>();
    if (max < 0 || number > static_cast<std::uint64_t>(max)) {
      fail_type(name, range);
      return std::nullopt;
    }
    if (static_cast<std::int64_t>(number) < min) {
      fail_type(name, range);
      return std::nullopt;
    }
    return static_cast<std::int64_t>(number);
  }
  if (!value->is_number_integer()) {
    fail_type(name, range);
    return std::nullopt;
  }
  const auto number = value->get<std::int64_t>();
  if (number < min || number > max) {
    fail_type(name, range);
    return std::nullopt;
  }
  return number;
}

std::int64_t FieldReader::integer(std::string_view name, std::int64_t min, std::int64_t max) {
  if (!has(name)) {
    fail(name, "missing");
    return min;
  }
  return optional_integer(name, min, max).value_or(min);
}

int FieldReader::limit(std::string_view name) {
  return static_cast<int>(optional_integer(name, 1, max_list_limit).value_or(default_list_limit));
}

std::optional<std::vector<std::int64_t>> FieldReader::optional_ids(std::string_view name, std::size_t max_items) {
  const nlohmann::json* value = find(name);
  if (value == nullptr || !ok()) return std::nullopt;
  if (!value->is_array() || value->empty() || value->size() > max_items) {
    fail_type(name, "an array of 1 to " + std::to_string(max_items) + " ids");
    return std::nullopt;
  }
  std::vector<std::int64_t> ids;
  for (std::size_t i = 0; i < value->size(); ++i) {
    const nlohmann::json& item = (*value)[i];
    // An unsigned value above max_id must not be read as a (wrapped) int64.
    const bool in_range =
        item.is_number_unsigned()
            ? item.get<std::uint64_t>() >= 1 && item.get<std::uint64_t>() <= std::uint64_t{max_id}
            : item.is_number_integer() && item.get<std::int64_t>() >= 1 && item.get<std::int64_t>() <= max_id;
    if (!in_range) {
      fail_type(std::string(name) + "[" + std::to_string(i) + "]", "an integer from 1 to " + std::to_string(max_id));
      return std::nullopt;
    }
    const auto id = item.get<std::int64_t>();
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  }
  return ids;
}

std::optional<double> FieldReader::optional_number(std::string_view name) {
  const nlohmann::json* value = find(name);
  if (value == nullptr || !ok()) return std::nullopt;
  if (!value->is_number()) {
    fail_type(name, "a number");
    return std::nullopt;
  }
  return value->get<double>();
}

std::optional<bool> FieldReader::optional_boolean(std::string_view name) {
  const nlohmann::json* value = find(name);
  if (value == nullptr || !ok()) return std::nullopt;
  if (!value->is_boolean()) {
    fail_type(name, "true or false");
    return std::nullopt;
  }
  return value->get<bool>();
}

bool FieldReader::boolean(std::string_view name) {
  if (!has(name)) {
    fail(name, "missing");
    return false;
  }
  return optional_boolean(name).value_or(false);
}

std::optional<std::string> FieldReader::optional_string(std::string_view name) {
  const nlohmann::json* value = find(name);
  if (value == nullptr || !ok()) return std::nullopt;
  if (!value->is_string()) {
    fail_type(name, "a string");
    return std::nullopt;
  }
  return value->get<std::string>();
}

std::string FieldReader::string(std::string_view name) {
  if (!has(name)) {
    fail(name, "missing");
    return {};
  }
  return optional_string(name).value_or(std::string{});
}

std::optional<std::string> FieldReader::optional_text(std::string_view name, TextRule rule) {
  auto value = optional_string(name);
  if (!value) return std::nullopt;
  if (auto why = text_problem(*value, rule.min_chars, rule.max_chars, rule.allow_line_breaks)) {
    fail(name, *why);
    return std::nullopt;
  }
  return value;
}

std::string FieldReader::text(std::string_view name, TextRule rule) {
  if (!has(name)) {
    fail(name, "missing");
    return {};
  }
  return optional_text(name, rule).value_or(std::string{});
}

std::string FieldReader::user_name(std::string_view name) {
  std::string value = string(name);
  if (!ok()) return {};
  if (auto why = name_problem(value)) {
    fail(name, *why);
    return {};
  }
  return value;
}

std::string FieldReader::password(std::string_view name) {
  std::string value = string(name);
  if (!ok()) return {};
  if (value.empty()) fail(name, "must not be empty");
  else if (value.size() > max_password_bytes)
    fail(name, "longer than " + std::to_string(max_password_bytes) + " bytes");
  else if (!is_valid_utf8(value)) fail(name, "not valid UTF-8");
  return ok() ? value : std::string{};
}

std::string FieldReader::token(std::string_view name) {
  std::string value = string(name);
  if (!ok()) return {};
  if (value.empty() || value.size() > max_token_bytes) {
    fail(name, "must be 1 to " + std::to_string(max_token_bytes) + " characters");
    return {};
  }
  for (const char c : value) {
    if (c < 0x21 || c > 0x7E) {
      fail(name, "must be printable ASCII");
      return {};
    }
  }
  return value;
}

Rank FieldReader::rank(std::string_view name, Rank lowest, Rank highest) {
  std::string value = string(name);
  if (!ok()) return lowest;
  const auto rank = parse_rank(value);
  if (!rank || *rank < lowest || *rank > highest) {
    fail(name, "expected a rank from " + to_string(lowest) + " to " + to_string(highest));
    return lowest;
  }
  return *rank;
}

VertexText FieldReader::vertex(std::string_view name, bool allow_pass) {
  std::string value = string(name);
  if (!ok()) return {};
  std::string upper;
  for (const char c : value) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (upper == "PASS") {
    if (!allow_pass) {
      fail(name, "expected a board point, not a pass");
      return {};
    }
    return VertexText{"pass"};
  }
  if (!engine::parse_gtp(upper, engine::max_board_size)) {
    fail(name, allow_pass ? "expected a vertex such as \"D4\" or \"pass\"" : "expected a vertex such as \"D4\"");
    return {};
  }
  return VertexText{upper};
}

}  // namespace yunzi::protocol
