// Private messages: sending, a conversation's pages, the conversation list, marking read.
#include "protocol/decode_parts.hpp"

namespace yunzi::protocol {

void read_fields(FieldReader& r, req::MessageSend& out) {
  out.to = r.user_name("to");
  out.text = r.text("text", TextRule{1, max_message_chars, true});
}

void read_fields(FieldReader& r, req::MessageHistory& out) {
  out.with = r.user_name("with");
  out.before = r.optional_id("before");
  out.limit = r.limit("limit");
}

void read_fields(FieldReader& r, req::MessageConversations& out) { out.limit = r.limit("limit"); }

void read_fields(FieldReader& r, req::MessageRead& out) { out.with = r.user_name("with"); }

}  // namespace yunzi::protocol
