// Requests about one game: watching, moves, undo, scoring, chat, SGF.
#include "protocol/decode_parts.hpp"
#include "protocol/text.hpp"

namespace yunzi::protocol {

void read_fields(FieldReader& r, req::GameWatch& out) {
  out.game = r.id("game");
  out.since = r.optional_integer("since", 0, FieldReader::max_id);
}

void read_fields(FieldReader& r, req::GameUnwatch& out) { out.game = r.id("game"); }

void read_fields(FieldReader& r, req::GameMove& out) {
  out.game = r.id("game");
  out.vertex = r.vertex("vertex", true);
}

void read_fields(FieldReader& r, req::GamePass& out) { out.game = r.id("game"); }
void read_fields(FieldReader& r, req::GameResign& out) { out.game = r.id("game"); }
void read_fields(FieldReader& r, req::GameUndo& out) { out.game = r.id("game"); }
void read_fields(FieldReader& r, req::GameUndoAccept& out) { out.game = r.id("game"); }
void read_fields(FieldReader& r, req::GameUndoDecline& out) { out.game = r.id("game"); }

void read_fields(FieldReader& r, req::GameDead& out) {
  out.game = r.id("game");
  out.vertex = r.vertex("vertex", false);
  out.dead = r.boolean("dead");
}

void read_fields(FieldReader& r, req::GameScoreAccept& out) {
  out.game = r.id("game");
  out.marking_version = r.integer("marking_version", 0, FieldReader::max_id);
}
void read_fields(FieldReader& r, req::GameScoreResume& out) { out.game = r.id("game"); }

void read_fields(FieldReader& r, req::GameChat& out) {
  out.game = r.id("game");
  out.text = r.text("text", TextRule{1, max_chat_chars, false});
  const auto channel = r.optional_string("channel");
  if (!channel) return;
  if (*channel == "players") out.channel = ChatChannel::players;
  else if (*channel == "spectators") out.channel = ChatChannel::spectators;
  else r.fail("channel", "expected \"players\" or \"spectators\"");
}

void read_fields(FieldReader& r, req::GameSgf& out) { out.game = r.id("game"); }

}  // namespace yunzi::protocol
