// Tournament requests (tournament.* and admin.tournament.*).
#include <algorithm>

#include "protocol/decode_parts.hpp"

namespace yunzi::protocol {
namespace {

constexpr TextRule tournament_name_rule{1, max_tournament_name_chars, false};
constexpr TextRule group_name_rule{1, 20, false};
constexpr std::int64_t max_time_ms = std::int64_t{1} << 52;

bool one_of(std::string_view value, std::initializer_list<std::string_view> allowed) {
  for (std::string_view a : allowed) {
    if (value == a) return true;
  }
  return false;
}

std::vector<TournamentGroupSpec> read_groups(FieldReader& r) {
  std::vector<TournamentGroupSpec> groups;
  const nlohmann::json* list = r.find("groups");
  if (list == nullptr) return groups;
  if (!list->is_array() || list->empty() || list->size() > static_cast<std::size_t>(max_tournament_groups)) {
    r.fail("groups", "expected a list of 1 to " + std::to_string(max_tournament_groups) + " groups");
    return groups;
  }
  for (std::size_t i = 0; i < list->size(); ++i) {
    const std::string name = "groups[" + std::to_string(i) + "]";
    if (!(*list)[i].is_object()) {
      r.fail(name, "expected an object");
      return groups;
    }
    FieldReader g(r, name, (*list)[i]);
    TournamentGroupSpec spec{g.text("name", group_name_rule), g.rank("min_rank"), g.rank("max_rank")};
    if (g.ok() && spec.min_rank > spec.max_rank) g.fail("max_rank", "must not be below min_rank");
    groups.push_back(std::move(spec));
  }
  return groups;
}

std::vector<std::int64_t> read_round_times(FieldReader& r) {
  std::vector<std::int64_t> times;
  const nlohmann::json* list = r.find("round_times_ms");
  if (list == nullptr) return times;
  if (!list->is_array() || list->size() > static_cast<std::size_t>(max_tournament_rounds)) {
    r.fail("round_times_ms", "expected a list of times in milliseconds");
    return times;
  }
  for (const auto& item : *list) {
    if (!item.is_number_integer() || item.get<std::int64_t>() < 0 || item.get<std::int64_t>() > max_time_ms ||
        (!times.empty() && item.get<std::int64_t>() <= times.back())) {
      r.fail("round_times_ms", "expected increasing times in milliseconds");
      return times;
    }
    times.push_back(item.get<std::int64_t>());
  }
  return times;
}

std::optional<std::vector<int>> read_bonus(FieldReader& r) {
  const nlohmann::json* list = r.find("bonus");
  if (list == nullptr) return std::nullopt;
  std::vector<int> points;
  if (!list->is_array() || list->size() > 64) {
    r.fail("bonus", "expected a list of at most 64 points, for places 1, 2, ...");
    return points;
  }
  for (const auto& item : *list) {
    if (!item.is_number_integer() || item.get<std::int64_t>() < 0 || item.get<std::int64_t>() > 1000) {
      r.fail("bonus", "expected whole points from 0 to 1000");
      return points;
    }
    points.push_back(static_cast<int>(item.get<std::int64_t>()));
  }
  return points;
}

// A list of distinct tie-break names, at most one of each.
std::optional<std::vector<std::string>> read_tie_breaks(FieldReader& r) {
  const nlohmann::json* list = r.find("tie_breaks");
  if (list == nullptr) return std::nullopt;
  constexpr std::string_view expected =
      "expected a list of distinct names among sos, sos-1, sos-2, mos, sosos, sodos, wins, direct";
  std::vector<std::string> names;
  if (!list->is_array() || list->size() > 8) {
    r.fail("tie_breaks", std::string(expected));
    return names;
  }
  for (const auto& item : *list) {
    const bool known = item.is_string() && one_of(item.get<std::string>(),
                                                  {"sos", "sos-1", "sos-2", "mos", "sosos", "sodos", "wins", "direct"});
    if (!known || std::find(names.begin(), names.end(), item.get<std::string>()) != names.end()) {
      r.fail("tie_breaks", std::string(expected));
      return names;
    }
    names.push_back(item.get<std::string>());
  }
  return names;
}

std::string read_pairing_method(FieldReader& r, std::string_view field, std::string fallback) {
  std::string method = r.optional_string(field).value_or(std::move(fallback));
  if (!one_of(method, {"adjacent", "fold", "slide"})) r.fail(field, "expected \"adjacent\", \"fold\" or \"slide\"");
  return method;
}

// The creation's fields; `whole` for a creation (name and rounds required),
// else only those present are read (an edit).
void read_definition(FieldReader& r, req::AdminTournamentCreate& out, bool whole) {
  const auto given = [&](std::string_view field) { return whole || r.has(field); };
  if (given("name")) out.name = r.text("name", tournament_name_rule);
  out.system = r.optional_string("system").value_or(out.system);
  if (!one_of(out.system, {"swiss", "mcmahon", "round_robin", "single_elimination"})) {
    r.fail("system", "expected \"swiss\", \"mcmahon\", \"round_robin\" or \"single_elimination\"");
  }
  out.preset = r.optional_string("preset");
  if (out.preset && *out.preset != "promotion") r.fail("preset", "expected \"promotion\"");
  out.groups = read_groups(r);
  if (out.preset && !out.groups.empty()) r.fail("groups", "the preset names the groups");
  if (r.has("mcmahon_bar")) out.mcmahon_bar = r.rank("mcmahon_bar");
  if (r.has("mcmahon_floor")) out.mcmahon_floor = r.rank("mcmahon_floor");
  if (r.ok() && out.mcmahon_floor > out.mcmahon_bar) r.fail("mcmahon_floor", "must not be above the bar");
  if (given("settings")) out.settings = read_settings(r, "settings");
  if (r.ok() && out.settings.rest.handicap != 0) r.fail("settings.handicap", "tournament games are even games");
  if (given("rounds")) out.rounds = static_cast<int>(r.integer("rounds", 1, max_tournament_rounds));
  out.registration_minutes =
      static_cast<int>(r.optional_integer("registration_minutes", 0, 60 * 24 * 366).value_or(out.registration_minutes));
  out.round_start = r.optional_string("round_start").value_or(out.round_start);
  if (!one_of(out.round_start, {"when_done", "fixed"})) r.fail("round_start", "expected \"when_done\" or \"fixed\"");
  out.round_times_ms = read_round_times(r);
  if (whole && r.ok() && out.round_start == "fixed" && static_cast<int>(out.round_times_ms.size()) != out.rounds) {
    r.fail("round_times_ms", "fixed round times need one time per round");
  }
  out.round_gap_s = static_cast<int>(r.optional_integer("round_gap_s", 0, 7 * 24 * 3600).value_or(out.round_gap_s));
  out.no_show_s = static_cast<int>(r.optional_integer("no_show_s", 1, 24 * 3600).value_or(out.no_show_s));
  out.bye_points = r.optional_number("bye_points").value_or(out.bye_points);
  if (out.bye_points != 0 && out.bye_points != 0.5 && out.bye_points != 1) r.fail("bye_points", "expected 0, 0.5 or 1");
  out.bonus = read_bonus(r);
  if (auto tie_breaks = read_tie_breaks(r)) out.tie_breaks = std::move(*tie_breaks);
  out.pairing = read_pairing_method(r, "pairing", out.pairing);
  out.first_round_pairing = read_pairing_method(r, "first_round_pairing", out.first_round_pairing);
  out.handicap_max = static_cast<int>(r.optional_integer("handicap_max", 0, max_handicap).value_or(out.handicap_max));
  out.handicap_reduction =
      static_cast<int>(r.optional_integer("handicap_reduction", 0, max_handicap).value_or(out.handicap_reduction));
}

}  // namespace

void read_fields(FieldReader& r, req::TournamentList& out) { out.limit = r.limit("limit"); }
void read_fields(FieldReader& r, req::TournamentInfo& out) { out.tournament = r.id("tournament"); }
void read_fields(FieldReader& r, req::TournamentPairings& out) {
  out.tournament = r.id("tournament");
  if (auto round = r.optional_integer("round", 1, max_tournament_rounds)) out.round = static_cast<int>(*round);
}
void read_fields(FieldReader& r, req::TournamentStandings& out) { out.tournament = r.id("tournament"); }
void read_fields(FieldReader& r, req::TournamentRegister& out) { out.tournament = r.id("tournament"); }
void read_fields(FieldReader& r, req::TournamentWithdraw& out) { out.tournament = r.id("tournament"); }

void read_fields(FieldReader& r, req::AdminTournamentCreate& out) { read_definition(r, out, true); }

void read_fields(FieldReader& r, req::AdminTournamentEdit& out) {
  out.tournament = r.id("tournament");
  out.reason = r.optional_text("reason", reason_rule).value_or("");
  read_definition(r, out.change, false);
  for (std::string_view field : req::AdminTournamentEdit::editable) {
    if (r.has(field)) out.fields.emplace_back(field);
  }
  if (r.ok() && out.fields.empty()) r.fail("tournament", "name at least one setting to change");
}

void read_fields(FieldReader& r, req::AdminTournamentEnd& out) {
  out.tournament = r.id("tournament");
  out.reason = r.text("reason", reason_rule);
}

void read_fields(FieldReader& r, req::AdminTournamentStart& out) {
  out.tournament = r.id("tournament");
  out.reason = r.optional_text("reason", reason_rule).value_or("");
}

void read_fields(FieldReader& r, req::AdminTournamentRepair& out) {
  out.tournament = r.id("tournament");
  out.reason = r.text("reason", reason_rule);
}

void read_fields(FieldReader& r, req::AdminTournamentResult& out) {
  out.tournament = r.id("tournament");
  out.pairing = r.id("pairing");
  out.result = r.string("result");
  if (r.ok() && !one_of(out.result, {"black_wins", "white_wins", "jigo", "both_lose"})) {
    r.fail("result", "expected \"black_wins\", \"white_wins\", \"jigo\" or \"both_lose\"");
  }
  out.reason = r.text("reason", reason_rule);
}

void read_fields(FieldReader& r, req::AdminTournamentWithdraw& out) {
  out.tournament = r.id("tournament");
  out.user = r.user_name("user");
  out.reason = r.text("reason", reason_rule);
}

}  // namespace yunzi::protocol
