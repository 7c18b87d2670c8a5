#include "tools/yunzi-loadgen/frame_fields.hpp"

#include <limits>
#include <nlohmann/json.hpp>
#include <utility>

namespace yunzi::loadgen {

namespace {

using Json = nlohmann::json;

enum class Key : std::uint8_t { other, type, re, game, move_number, vertex, code };

Key key_named(std::string_view name) {
  if (name == "type") return Key::type;
  if (name == "re") return Key::re;
  if (name == "game") return Key::game;
  if (name == "move_number") return Key::move_number;
  if (name == "vertex") return Key::vertex;
  if (name == "code") return Key::code;
  return Key::other;
}

std::optional<int> as_int(std::int64_t value) {
  if (value < std::numeric_limits<int>::min() || value > std::numeric_limits<int>::max()) return std::nullopt;
  return static_cast<int>(value);
}

// Takes nlohmann's SAX events (the member names are that interface's). Only
// values directly inside the root object count; each first clears the field
// its key names, so that of a repeated key the last value decides, whatever
// its type, as it would in a parsed tree.
class FieldCollector {
 public:
  bool null() { return other_value(); }
  bool boolean(bool) { return other_value(); }
  bool number_integer(Json::number_integer_t value) { return integer(value); }
  bool number_unsigned(Json::number_unsigned_t value) {
    // nlohmann reports every non-negative integer as unsigned, up to 2^64-1.
    if (value > static_cast<Json::number_unsigned_t>(std::numeric_limits<std::int64_t>::max())) return other_value();
    return integer(static_cast<std::int64_t>(value));
  }
  bool number_float(Json::number_float_t, const Json::string_t&) { return other_value(); }
  bool binary(Json::binary_t&) { return other_value(); }
  bool string(Json::string_t& value);
  bool key(Json::string_t& name);
  bool start_object(std::size_t);
  bool end_object() { return leave_container(); }
  bool start_array(std::size_t) { return enter_container(); }
  bool end_array() { return leave_container(); }
  bool parse_error(std::size_t, const std::string&, const Json::exception&) { return false; }

  std::optional<FrameFields> take_fields();

 private:
  bool in_root_object() const { return depth_ == 1 && root_is_object_; }
  bool other_value();
  bool integer(std::int64_t value);
  bool enter_container();
  bool leave_container();
  void clear_field();

  std::size_t depth_ = 0;
  bool root_is_object_ = false;
  bool has_type_ = false;
  Key key_ = Key::other;
  FrameFields fields_;
};

bool FieldCollector::string(Json::string_t& value) {
  if (!in_root_object()) return true;
  clear_field();
  switch (key_) {
    case Key::type:
      fields_.type = value;
      has_type_ = true;
      break;
    case Key::vertex: fields_.vertex = value; break;
    case Key::code: fields_.code = value; break;
    default: break;
  }
  return true;
}

bool FieldCollector::integer(std::int64_t value) {
  if (!in_root_object()) return true;
  clear_field();
  switch (key_) {
    case Key::re: fields_.re = value; break;
    case Key::game: fields_.game = value; break;
    case Key::move_number: fields_.move_number = as_int(value); break;
    default: break;
  }
  return true;
}

bool FieldCollector::key(Json::string_t& name) {
  if (in_root_object()) key_ = key_named(name);
  return true;
}

bool FieldCollector::start_object(std::size_t) {
  if (depth_ == 0) root_is_object_ = true;
  return enter_container();
}

bool FieldCollector::other_value() {
  if (in_root_object()) clear_field();
  return true;
}

// A nested object or array is a value of the wrong type for every field.
bool FieldCollector::enter_container() {
  other_value();
  ++depth_;
  return true;
}

bool FieldCollector::leave_container() {
  --depth_;
  return true;
}

void FieldCollector::clear_field() {
  switch (key_) {
    case Key::type: has_type_ = false; break;
    case Key::re: fields_.re.reset(); break;
    case Key::game: fields_.game.reset(); break;
    case Key::move_number: fields_.move_number.reset(); break;
    case Key::vertex: fields_.vertex.reset(); break;
    case Key::code: fields_.code.reset(); break;
    case Key::other: break;
  }
}

std::optional<FrameFields> FieldCollector::take_fields() {
  if (!root_is_object_ || !has_type_) return std::nullopt;
  return std::move(fields_);
}

}  // namespace

std::optional<FrameFields> read_frame_fields(std::string_view text) {
  FieldCollector collector;
  if (!Json::sax_parse(text.begin(), text.end(), &collector)) return std::nullopt;
  return collector.take_fields();
}

}  // namespace yunzi::loadgen
