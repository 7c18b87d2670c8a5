#include "protocol/tournament_payloads.hpp"

namespace yunzi::protocol {

using nlohmann::json;

namespace {

json optional_json(const auto& value) { return value ? json(*value) : json(nullptr); }

}  // namespace

json to_json(const TournamentSummaryInfo& t) {
  return {{"id", t.id},
          {"name", t.name},
          {"system", t.system},
          {"status", t.status},
          {"rounds", t.rounds},
          {"round", t.round},
          {"entrants", t.entrants},
          {"registration_closes_ms", t.registration_closes_ms}};
}

json to_json(const TournamentEntrantInfo& e) {
  return {{"name", e.name},
          {"rank", to_string(e.rank)},
          {"group", e.group},
          {"withdrawn_after", optional_json(e.withdrawn_after)}};
}

json to_json(const TournamentGroupSpec& g) {
  return {{"name", g.name}, {"min_rank", to_string(g.min_rank)}, {"max_rank", to_string(g.max_rank)}};
}

json to_json(const TournamentPairingInfo& p) {
  return {{"id", p.id},
          {"round", p.round},
          {"group", p.group},
          {"black", p.black},
          {"white", optional_json(p.white)},
          {"game", optional_json(p.game)},
          {"handicap", p.handicap},
          {"result", p.result},
          {"how", p.how}};
}

json to_json(const CrossTableCell& c) {
  return {{"round", c.round},
          {"opponent_place", optional_json(c.opponent_place)},
          {"color", c.color},
          {"result", c.result}};
}

json to_json(const TournamentStandingInfo& s) {
  return {{"group", s.group},       {"place", s.place},
          {"name", s.name},         {"rank", to_string(s.rank)},
          {"score", s.score},       {"wins", s.wins},
          {"sos", s.sos},           {"sos-1", s.sos_minus_1},
          {"sos-2", s.sos_minus_2}, {"mos", s.mos},
          {"sosos", s.sosos},       {"sodos", s.sodos},
          {"bonus", s.bonus},       {"rounds", list_json(s.rounds)}};
}

Frame reply_tournaments(RequestId id, const std::vector<TournamentSummaryInfo>& tournaments) {
  return encode_ok(id, {{"tournaments", list_json(tournaments)}});
}

Frame reply_tournament(RequestId id, const TournamentDetails& d) {
  json t = to_json(d.summary);
  t["settings"] = to_json(d.settings);
  t["groups"] = list_json(d.groups);
  if (d.mcmahon_bar) t["mcmahon_bar"] = to_string(*d.mcmahon_bar);
  if (d.mcmahon_floor) t["mcmahon_floor"] = to_string(*d.mcmahon_floor);
  t["round_start"] = d.round_start;
  t["round_times_ms"] = d.round_times_ms;
  t["round_gap_ms"] = d.round_gap_ms;
  t["no_show_ms"] = d.no_show_ms;
  t["bye_points"] = d.bye_points;
  t["bonus"] = d.bonus;
  t["tie_breaks"] = d.tie_breaks;
  t["pairing"] = d.pairing;
  t["first_round_pairing"] = d.first_round_pairing;
  if (d.handicap_max) t["handicap_max"] = *d.handicap_max;
  if (d.handicap_reduction) t["handicap_reduction"] = *d.handicap_reduction;
  t["next_round_ms"] = optional_json(d.next_round_ms);
  return encode_ok(id, {{"tournament", t}, {"entrants", list_json(d.entrants)}});
}

Frame reply_tournament_pairings(RequestId id, std::int64_t tournament, int round,
                                const std::vector<TournamentPairingInfo>& pairings) {
  return encode_ok(id, {{"tournament", tournament}, {"round", round}, {"pairings", list_json(pairings)}});
}

Frame reply_tournament_standings(RequestId id, std::int64_t tournament, int through_round,
                                 const std::vector<TournamentStandingInfo>& standings) {
  return encode_ok(id, {{"tournament", tournament}, {"round", through_round}, {"standings", list_json(standings)}});
}

Frame reply_tournament_created(RequestId id, std::int64_t tournament) {
  return encode_ok(id, {{"tournament", tournament}});
}

Frame tournament_round(const TournamentRoundEvent& e) {
  return make_frame({{"type", "tournament.round"},
                     {"tournament", e.tournament},
                     {"name", e.name},
                     {"round", e.round},
                     {"pairings", list_json(e.pairings)}});
}

Frame tournament_pairing(const TournamentYourPairing& p) {
  return make_frame({{"type", "tournament.pairing"},
                     {"tournament", p.tournament},
                     {"round", p.round},
                     {"game", optional_json(p.game)},
                     {"color", p.color},
                     {"opponent", optional_json(p.opponent)},
                     {"bye", p.bye},
                     {"starts_ms", p.starts_ms},
                     {"handicap", p.handicap}});
}

}  // namespace yunzi::protocol
