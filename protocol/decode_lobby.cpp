// Matchmaking requests: seeks and challenges.
#include "protocol/decode_parts.hpp"

namespace yunzi::protocol {

void read_fields(FieldReader& r, req::SeekCreate& out) { out.settings = read_settings(r, "settings"); }
void read_fields(FieldReader& r, req::SeekCancel& out) { out.seek = r.id("seek"); }
void read_fields(FieldReader& r, req::SeekAccept& out) { out.seek = r.id("seek"); }

void read_fields(FieldReader& r, req::Challenge& out) {
  out.to = r.user_name("to");
  out.settings = read_settings(r, "settings");
}

void read_fields(FieldReader& r, req::ChallengeAccept& out) { out.challenge = r.id("challenge"); }
void read_fields(FieldReader& r, req::ChallengeDecline& out) {
  out.challenge = r.id("challenge");
  out.reason = r.optional_text("reason", reason_rule);
}

}  // namespace yunzi::protocol
