// Lobby requests: seeks, challenges and the lobby's chat.
#include "protocol/decode_parts.hpp"

namespace yunzi::protocol {

void read_fields(FieldReader& r, req::SeekCreate& out) { out.settings = read_settings(r, "settings"); }
void read_fields(FieldReader& r, req::SeekCancel& out) { out.seek = r.id("seek"); }
void read_fields(FieldReader& r, req::SeekAccept& out) { out.seek = r.id("seek"); }
void read_fields(FieldReader& r, req::AutomatchJoin& out) {
  out.settings = read_settings(r, "settings");
  if (r.ok() && out.settings.rest.handicap != 0) r.fail("settings.handicap", "quick play games are even games");
  if (r.ok() && out.settings.rest.color != ColorChoice::automatic) {
    r.fail("settings.color", "quick play draws the colours (nigiri)");
  }
}
void read_fields(FieldReader&, req::AutomatchLeave&) {}

void read_fields(FieldReader& r, req::Challenge& out) {
  out.to = r.user_name("to");
  out.settings = read_settings(r, "settings");
}

void read_fields(FieldReader& r, req::ChallengeAccept& out) { out.challenge = r.id("challenge"); }
void read_fields(FieldReader& r, req::ChallengeDecline& out) {
  out.challenge = r.id("challenge");
  out.reason = r.optional_text("reason", reason_rule);
}

void read_fields(FieldReader& r, req::LobbyChat& out) { out.text = r.text("text", TextRule{1, max_chat_chars, false}); }

}  // namespace yunzi::protocol
