#include "protocol/bot_messages.hpp"

#include "protocol/payload_json.hpp"

namespace yunzi::protocol {

nlohmann::json to_json(const req::BotOffer& offer) {
  nlohmann::json clocks = nlohmann::json::array();
  for (const TimeSystem system : offer.clocks) clocks.push_back(to_string(system));
  return {{"engine", offer.engine},
          {"strength", offer.strength},
          {"sizes", offer.sizes},
          {"rated", offer.rated},
          {"unrated", offer.unrated},
          {"min_handicap", offer.min_handicap},
          {"max_handicap", offer.max_handicap},
          {"clocks", clocks},
          {"seconds_per_move", offer.seconds_per_move},
          {"min_main_s", offer.min_main_s},
          {"max_main_s", offer.max_main_s},
          {"max_games", offer.max_games}};
}

Frame reply_bot_list(RequestId id, const std::vector<BotListing>& bots, bool rated) {
  nlohmann::json list = nlohmann::json::array();
  for (const BotListing& bot : bots) {
    nlohmann::json entry = to_json(bot.user);
    entry["online"] = bot.online;
    entry["offer"] = bot.offer;
    list.push_back(std::move(entry));
  }
  return encode_ok(id, {{"bots", std::move(list)}, {"rated", rated}});
}

}  // namespace yunzi::protocol
