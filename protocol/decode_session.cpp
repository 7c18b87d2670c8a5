// Session requests: hello, register, login, resume, ping.
#include "protocol/decode_parts.hpp"
#include "protocol/text.hpp"
#include "protocol/version.hpp"

namespace yunzi::protocol {

void read_fields(FieldReader& r, req::Hello& out) {
  const nlohmann::json* version = r.find("protocol");
  if (version == nullptr) {
    r.fail("protocol", "missing");
    return;
  }
  if (!version->is_number_integer()) {
    r.fail("protocol", "expected an integer");
    return;
  }
  if (!version->is_number_unsigned() || version->get<std::uint64_t>() != protocol_version) {
    r.fail("protocol", "this server speaks protocol version " + std::to_string(protocol_version) + " only",
           ErrorCode::unsupported_protocol);
    return;
  }
  out.protocol = protocol_version;
  out.client = r.optional_text("client", TextRule{0, max_client_chars, false});
}

void read_fields(FieldReader& r, req::Register& out) {
  out.name = r.user_name("name");
  out.password = r.password("password");
  out.rank = r.rank("rank", lowest_registration_rank, highest_registration_rank);
}

void read_fields(FieldReader& r, req::Login& out) {
  out.name = r.user_name("name");
  out.password = r.password("password");
}

void read_fields(FieldReader& r, req::Resume& out) { out.token = r.token("token"); }

void read_fields(FieldReader& r, req::Ping& out) {
  const nlohmann::json* t = r.find("t");
  if (t == nullptr) return;
  if (t->is_number_integer() && !t->is_number_unsigned()) {
    out.t = t->get<std::int64_t>();
  } else if (t->is_number_unsigned() && t->get<std::uint64_t>() <= static_cast<std::uint64_t>(INT64_MAX)) {
    out.t = static_cast<std::int64_t>(t->get<std::uint64_t>());
  } else if (t->is_number_float()) {
    out.t = t->get<double>();
  } else {
    r.fail("t", "expected a number");
  }
}

}  // namespace yunzi::protocol
