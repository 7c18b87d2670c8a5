// Requests about users: profile, game list, rank history, reports and the
// 9d recommendation.
#include "protocol/decode_parts.hpp"

namespace yunzi::protocol {

void read_fields(FieldReader& r, req::UserInfo& out) { out.name = r.user_name("name"); }

void read_fields(FieldReader& r, req::UserSearch& out) {
  constexpr TextRule fragment_rule{1, max_name_chars, false};
  out.name = r.text("name", fragment_rule);
  out.limit = r.limit("limit");
}

void read_fields(FieldReader& r, req::Follow& out) { out.user = r.user_name("user"); }
void read_fields(FieldReader& r, req::Unfollow& out) { out.user = r.user_name("user"); }
void read_fields(FieldReader&, req::Follows&) {}

void read_fields(FieldReader& r, req::UserGames& out) {
  out.name = r.user_name("name");
  out.before = r.optional_id("before");
  out.limit = r.limit("limit");
}

void read_fields(FieldReader& r, req::UserHistory& out) {
  out.name = r.user_name("name");
  out.before = r.optional_id("before");
  out.limit = r.limit("limit");
}

void read_fields(FieldReader& r, req::Report& out) {
  out.user = r.user_name("user");
  out.game = r.optional_id("game");
  out.reason = r.text("reason", reason_rule);
}

void read_fields(FieldReader& r, req::RankRecommend& out) { out.user = r.user_name("user"); }

}  // namespace yunzi::protocol
