// The envelope: JSON, object, `id`, `type`; then the request's own fields
// through the overloads of decode_parts.hpp.
#include "protocol/decode.hpp"

#include <utility>

#include "protocol/decode_parts.hpp"
#include "protocol/text.hpp"

namespace yunzi::protocol {
namespace {

// A noncharacter: stands in for ill-formed bytes so the rest of a frame can
// still be read (to answer with `re` and name the broken field).
constexpr std::string_view broken_byte_mark = "\xEF\xB7\x90";  // U+FDD0

DecodeError bad_request(std::string message, std::optional<std::int64_t> id = std::nullopt) {
  return DecodeError{ErrorCode::bad_request, std::move(message), id};
}

template <class T>
Request decode_as(FieldReader& r) {
  T request;
  if constexpr (requires { read_fields(r, request); }) read_fields(r, request);
  return request;
}

using Decoder = Request (*)(FieldReader&);

template <std::size_t... I>
Decoder find_decoder(std::string_view type, std::index_sequence<I...>) {
  static constexpr std::string_view types[] = {std::variant_alternative_t<I, Request>::type...};
  static constexpr Decoder decoders[] = {&decode_as<std::variant_alternative_t<I, Request>>...};
  for (std::size_t i = 0; i < sizeof...(I); ++i) {
    if (types[i] == type) return decoders[i];
  }
  return nullptr;
}

// The path of the first key or string that holds a broken-byte mark.
std::optional<std::string> find_broken_field(const nlohmann::json& value, const std::string& path) {
  if (value.is_string()) {
    if (value.get_ref<const std::string&>().find(broken_byte_mark) != std::string::npos) return path;
    return std::nullopt;
  }
  if (value.is_object()) {
    for (const auto& [key, item] : value.items()) {
      const std::string item_path = path.empty() ? key : path + "." + key;
      if (key.find(broken_byte_mark) != std::string::npos) return item_path;
      if (auto found = find_broken_field(item, item_path)) return found;
    }
  }
  if (value.is_array()) {
    std::size_t index = 0;
    for (const auto& item : value) {
      if (auto found = find_broken_field(item, path + "[" + std::to_string(index++) + "]")) return found;
    }
  }
  return std::nullopt;
}

std::optional<std::int64_t> readable_id(const nlohmann::json& object) {
  const auto it = object.find("id");
  if (it == object.end()) return std::nullopt;
  if (it->is_number_unsigned()) {
    if (it->get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) return std::nullopt;
    return static_cast<std::int64_t>(it->get<std::uint64_t>());
  }
  if (it->is_number_integer()) return it->get<std::int64_t>();
  return std::nullopt;
}

}  // namespace

Expected<Envelope, DecodeError> decode_request(std::string_view text) {
  const bool valid_utf8 = is_valid_utf8(text);
  const std::string repaired = valid_utf8 ? std::string{} : replace_invalid_utf8(text, broken_byte_mark);
  const nlohmann::json message = nlohmann::json::parse(valid_utf8 ? text : std::string_view{repaired}, nullptr, false);
  if (message.is_discarded()) return unexpected(bad_request("malformed JSON"));
  if (!message.is_object()) return unexpected(bad_request("a request must be a JSON object"));

  const std::optional<std::int64_t> id = readable_id(message);
  if (message.contains("id") && !id) {
    return unexpected(bad_request("field 'id': expected an integer"));
  }
  if (!valid_utf8) {
    const auto field = find_broken_field(message, "");
    return unexpected(bad_request(field ? "field '" + *field + "': not valid UTF-8" : "not valid UTF-8", id));
  }

  const auto type = message.find("type");
  if (type == message.end()) return unexpected(bad_request("field 'type': missing", id));
  if (!type->is_string()) return unexpected(bad_request("field 'type': expected a string", id));
  const auto& type_name = type->get_ref<const std::string&>();
  const Decoder decoder = find_decoder(type_name, std::make_index_sequence<std::variant_size_v<Request>>{});
  if (decoder == nullptr) {
    const std::string shown = count_code_points(type_name) > 40 ? "" : " '" + type_name + "'";
    return unexpected(DecodeError{ErrorCode::unknown_type, "unknown request type" + shown, id});
  }

  FieldReader reader(message);
  Request request = decoder(reader);
  if (!reader.ok()) {
    const FieldProblem& problem = *reader.problem();
    return unexpected(DecodeError{problem.code, problem.message, id});
  }
  return Envelope{id, std::move(request)};
}

std::string_view type_of(const Request& request) {
  return std::visit([](const auto& r) { return std::decay_t<decltype(r)>::type; }, request);
}

std::string_view to_string(ChatChannel channel) {
  return channel == ChatChannel::spectators ? "spectators" : "players";
}

}  // namespace yunzi::protocol
