// Machine opponents (bot.*): the offer a bot account makes of itself, every
// field bounded (it is shown to every player who lists the bots).
#include <algorithm>

#include "core/game_settings.hpp"
#include "protocol/decode_parts.hpp"

namespace yunzi::protocol {
namespace {

const TextRule offered_engine_rule{1, 60, false};
const TextRule offered_strength_rule{0, 120, false};
constexpr std::size_t max_offered_items = 10;

template <class T, class Read>
std::vector<T> short_list(FieldReader& r, std::string_view name, std::string_view expected, Read read) {
  std::vector<T> out;
  const nlohmann::json* list = r.find(name);
  if (list == nullptr || !list->is_array() || list->empty() || list->size() > max_offered_items) {
    r.fail(name, "expected a list of 1 to " + std::to_string(max_offered_items) + " " + std::string(expected));
    return out;
  }
  for (const nlohmann::json& item : *list) {
    auto value = read(item);
    if (!value || std::find(out.begin(), out.end(), *value) != out.end()) {
      r.fail(name, "expected distinct " + std::string(expected));
      return {};
    }
    out.push_back(*value);
  }
  return out;
}

req::BotOffer offer_of(FieldReader& r) {
  req::BotOffer offer;
  offer.engine = r.text("engine", offered_engine_rule);
  offer.strength = r.optional_text("strength", offered_strength_rule).value_or("");
  offer.sizes = short_list<int>(r, "sizes", "board sizes (9, 13, 19)", [](const nlohmann::json& item) {
    return item.is_number_integer() && is_offered_board_size(item.get<int>()) ? std::optional<int>(item.get<int>())
                                                                              : std::nullopt;
  });
  offer.clocks = short_list<TimeSystem>(r, "clocks", "clock systems", [](const nlohmann::json& item) {
    return item.is_string() ? parse_time_system(item.get<std::string>()) : std::nullopt;
  });
  offer.rated = r.boolean("rated");
  offer.unrated = r.boolean("unrated");
  if (r.ok() && !offer.rated && !offer.unrated) r.fail("unrated", "a bot must play rated or friendly games");
  offer.min_handicap = static_cast<int>(r.integer("min_handicap", 0, 9));
  offer.max_handicap = static_cast<int>(r.integer("max_handicap", 0, 9));
  if (r.ok() && offer.max_handicap < offer.min_handicap) r.fail("max_handicap", "below min_handicap");
  offer.seconds_per_move = static_cast<int>(r.integer("seconds_per_move", 0, 3600));
  offer.min_main_s = static_cast<int>(r.optional_integer("min_main_s", 0, 360'000).value_or(0));
  offer.max_main_s = static_cast<int>(r.integer("max_main_s", 0, 360'000));
  if (r.ok() && offer.max_main_s < offer.min_main_s) r.fail("max_main_s", "below min_main_s");
  offer.max_games = static_cast<int>(r.integer("max_games", 1, 100));
  return offer;
}

}  // namespace

void read_fields(FieldReader& r, req::BotOfferSet& out) {
  const nlohmann::json* offer = r.find("offer");
  if (offer == nullptr || !offer->is_object()) return r.fail("offer", "expected an object");
  FieldReader reader(r, "offer", *offer);
  out.offer = offer_of(reader);
}
void read_fields(FieldReader&, req::BotList&) {}

}  // namespace yunzi::protocol
