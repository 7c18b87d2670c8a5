// A valid example of every request type, with the fields it carries and
// which of them are required: the decoder tests derive their failure cases
// (each field missing, each field of the wrong JSON type) from this table.
#pragma once

#include <string>
#include <vector>

struct FieldSpec {
  std::string name;
  bool required;
};

struct RequestExample {
  std::string type;
  std::string json;  // carries "id": 7
  std::vector<FieldSpec> fields;
};

inline const std::vector<RequestExample>& request_examples() {
  static const std::vector<RequestExample> examples{
      {"hello", R"({"type":"hello","id":7,"protocol":1,"client":"web 1.0"})", {{"protocol", true}, {"client", false}}},
      {"register", R"({"type":"register","id":7,"name":"honinbo","password":"secret","rank":"5k"})",
       {{"name", true}, {"password", true}, {"rank", true}}},
      {"login", R"({"type":"login","id":7,"name":"honinbo","password":"secret"})", {{"name", true}, {"password", true}}},
      {"resume", R"({"type":"resume","id":7,"token":"abcDEF123"})", {{"token", true}}},
      {"logout", R"({"type":"logout","id":7})", {}},
      {"ping", R"({"type":"ping","id":7,"t":1700000000000})", {{"t", false}}},
      {"lobby.watch", R"({"type":"lobby.watch","id":7})", {}},
      {"lobby.unwatch", R"({"type":"lobby.unwatch","id":7})", {}},
      {"seek.create", R"({"type":"seek.create","id":7,"settings":{"size":19,"rated":true}})", {{"settings", false}}},
      {"seek.cancel", R"({"type":"seek.cancel","id":7,"seek":3})", {{"seek", true}}},
      {"seek.accept", R"({"type":"seek.accept","id":7,"seek":3})", {{"seek", true}}},
      {"automatch.join", R"({"type":"automatch.join","id":7,"settings":{"size":9,"rated":false}})",
       {{"settings", false}}},
      {"automatch.leave", R"({"type":"automatch.leave","id":7})", {}},
      {"challenge", R"({"type":"challenge","id":7,"to":"shusaku","settings":{"rated":false}})",
       {{"to", true}, {"settings", false}}},
      {"challenge.accept", R"({"type":"challenge.accept","id":7,"challenge":5})", {{"challenge", true}}},
      {"challenge.decline", R"({"type":"challenge.decline","id":7,"challenge":5,"reason":"I only play 9x9"})",
       {{"challenge", true}, {"reason", false}}},
      {"game.watch", R"({"type":"game.watch","id":7,"game":42,"since":10})", {{"game", true}, {"since", false}}},
      {"game.unwatch", R"({"type":"game.unwatch","id":7,"game":42})", {{"game", true}}},
      {"game.move", R"({"type":"game.move","id":7,"game":42,"vertex":"q16"})", {{"game", true}, {"vertex", true}}},
      {"game.pass", R"({"type":"game.pass","id":7,"game":42})", {{"game", true}}},
      {"game.resign", R"({"type":"game.resign","id":7,"game":42})", {{"game", true}}},
      {"game.undo", R"({"type":"game.undo","id":7,"game":42})", {{"game", true}}},
      {"game.undo.accept", R"({"type":"game.undo.accept","id":7,"game":42})", {{"game", true}}},
      {"game.undo.decline", R"({"type":"game.undo.decline","id":7,"game":42})", {{"game", true}}},
      {"game.dead", R"({"type":"game.dead","id":7,"game":42,"vertex":"D4","dead":true})",
       {{"game", true}, {"vertex", true}, {"dead", true}}},
      {"game.score.accept", R"({"type":"game.score.accept","id":7,"game":42,"marking_version":15})",
       {{"game", true}, {"marking_version", true}}},
      {"game.score.resume", R"({"type":"game.score.resume","id":7,"game":42})", {{"game", true}}},
      {"game.chat", R"({"type":"game.chat","id":7,"game":42,"text":"nice move","channel":"players"})",
       {{"game", true}, {"text", true}, {"channel", false}}},
      {"game.sgf", R"({"type":"game.sgf","id":7,"game":42})", {{"game", true}}},
      {"user.info", R"({"type":"user.info","id":7,"name":"honinbo"})", {{"name", true}}},
      {"user.search", R"({"type":"user.search","id":7,"name":"ali","limit":10})", {{"name", true}, {"limit", false}}},
      {"follow", R"({"type":"follow","id":7,"user":"alice"})", {{"user", true}}},
      {"unfollow", R"({"type":"unfollow","id":7,"user":"alice"})", {{"user", true}}},
      {"follows", R"({"type":"follows","id":7})", {}},
      {"user.games", R"({"type":"user.games","id":7,"name":"honinbo","before":99,"limit":10})",
       {{"name", true}, {"before", false}, {"limit", false}}},
      {"user.history", R"({"type":"user.history","id":7,"name":"honinbo","before":12,"limit":50})",
       {{"name", true}, {"before", false}, {"limit", false}}},
      {"report", R"({"type":"report","id":7,"user":"cheater","game":42,"reason":"uses a bot"})",
       {{"user", true}, {"game", false}, {"reason", true}}},
      {"rank.recommend", R"({"type":"rank.recommend","id":7,"user":"rising"})", {{"user", true}}},
      {"admin.ban", R"({"type":"admin.ban","id":7,"user":"troll","minutes":60,"reason":"abuse"})",
       {{"user", true}, {"minutes", false}, {"reason", true}}},
      {"admin.unban", R"({"type":"admin.unban","id":7,"user":"troll","reason":"appeal"})", {{"user", true}, {"reason", true}}},
      {"admin.mute", R"({"type":"admin.mute","id":7,"user":"troll","minutes":30,"reason":"spam"})",
       {{"user", true}, {"minutes", true}, {"reason", true}}},
      {"admin.kick", R"({"type":"admin.kick","id":7,"user":"troll","reason":"stalling"})", {{"user", true}, {"reason", true}}},
      {"admin.annul", R"({"type":"admin.annul","id":7,"game":42,"reason":"sandbagging"})", {{"game", true}, {"reason", true}}},
      {"admin.set_rank", R"({"type":"admin.set_rank","id":7,"user":"pro","rank":"9d","reason":"verified"})",
       {{"user", true}, {"rank", true}, {"reason", true}}},
      {"admin.broadcast", R"({"type":"admin.broadcast","id":7,"text":"Restart at 22:00"})", {{"text", true}}},
      {"admin.reports", R"({"type":"admin.reports","id":7,"limit":25})", {{"limit", false}}},
      {"admin.audit", R"({"type":"admin.audit","id":7,"limit":25,"before":300})", {{"limit", false}, {"before", false}}},
      {"admin.review", R"({"type":"admin.review","id":7,"limit":5,"after":"quick"})", {{"limit", false}, {"after", false}}},
      {"admin.keep_short_games", R"({"type":"admin.keep_short_games","id":7,"user":"quick","games":[4,9],"reason":"fair"})",
       {{"user", true}, {"games", false}, {"reason", true}}},
      {"admin.recommendations", R"({"type":"admin.recommendations","id":7,"limit":5,"before":30,"status":"pending"})",
       {{"limit", false}, {"before", false}, {"status", false}}},
      {"admin.approve_recommendation", R"({"type":"admin.approve_recommendation","id":7,"user":"rising","reason":"ok"})",
       {{"user", true}, {"reason", true}}},
      {"admin.reject_recommendation", R"({"type":"admin.reject_recommendation","id":7,"user":"rising","reason":"no"})",
       {{"user", true}, {"reason", true}}},
      {"admin.revoke_recommendation",
       R"({"type":"admin.revoke_recommendation","id":7,"user":"rising","to":"former","reason":"weak"})",
       {{"user", true}, {"to", true}, {"reason", true}}},
      {"tournament.list", R"({"type":"tournament.list","id":7,"limit":10})", {{"limit", false}}},
      {"tournament.info", R"({"type":"tournament.info","id":7,"tournament":3})", {{"tournament", true}}},
      {"tournament.pairings", R"({"type":"tournament.pairings","id":7,"tournament":3,"round":2})",
       {{"tournament", true}, {"round", false}}},
      {"tournament.standings", R"({"type":"tournament.standings","id":7,"tournament":3})", {{"tournament", true}}},
      {"tournament.register", R"({"type":"tournament.register","id":7,"tournament":3})", {{"tournament", true}}},
      {"tournament.withdraw", R"({"type":"tournament.withdraw","id":7,"tournament":3})", {{"tournament", true}}},
      {"admin.tournament.create",
       R"({"type":"admin.tournament.create","id":7,"name":"Club Swiss","system":"swiss","groups":[{"name":"kyu","min_rank":"10k","max_rank":"1k"}],"settings":{"size":19,"rated":true},"rounds":4,"registration_minutes":30,"round_start":"when_done","round_gap_s":60,"no_show_s":300,"bye_points":1,"bonus":[3,2,1]})",
       {{"name", true}, {"system", false}, {"groups", false}, {"settings", false}, {"rounds", true},
        {"registration_minutes", false}, {"round_start", false}, {"round_gap_s", false}, {"no_show_s", false},
        {"bye_points", false}, {"bonus", false}}},
      {"admin.tournament.edit",
       R"({"type":"admin.tournament.edit","id":7,"tournament":3,"name":"Club Swiss II","rounds":5,"reason":"more time"})",
       // "name" stays out of the list: an edit must keep at least one field to change.
       {{"tournament", true}, {"rounds", false}, {"reason", false}}},
      {"admin.tournament.end", R"({"type":"admin.tournament.end","id":7,"tournament":3,"reason":"hall closes"})",
       {{"tournament", true}, {"reason", true}}},
      {"admin.tournament.start", R"({"type":"admin.tournament.start","id":7,"tournament":3,"reason":"on time"})",
       {{"tournament", true}, {"reason", false}}},
      {"admin.tournament.repair", R"({"type":"admin.tournament.repair","id":7,"tournament":3,"reason":"withdrawal"})",
       {{"tournament", true}, {"reason", true}}},
      {"admin.tournament.result",
       R"({"type":"admin.tournament.result","id":7,"tournament":3,"pairing":17,"result":"white_wins","reason":"no-show"})",
       {{"tournament", true}, {"pairing", true}, {"result", true}, {"reason", true}}},
      {"admin.tournament.withdraw", R"({"type":"admin.tournament.withdraw","id":7,"tournament":3,"user":"bob","reason":"ill"})",
       {{"tournament", true}, {"user", true}, {"reason", true}}},
      {"admin.resolve_report",
       R"({"type":"admin.resolve_report","id":7,"report":3,"outcome":"dismissed","note":"no evidence"})",
       {{"report", true}, {"outcome", true}, {"note", true}}},
      {"admin.retire_inactive", R"({"type":"admin.retire_inactive","id":7,"days":400,"dry_run":true})",
       {{"days", false}, {"dry_run", false}}},
  };
  return examples;
}
