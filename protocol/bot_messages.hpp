// Machine opponents on the wire: a bot's offer as JSON (stored so, and
// listed so) and the bot.list reply.
#pragma once

#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol/payloads.hpp"
#include "protocol/replies.hpp"
#include "protocol/requests.hpp"

namespace yunzi::protocol {

nlohmann::json to_json(const req::BotOffer& offer);

struct BotListing {
  UserInfo user;
  bool online = false;
  nlohmann::json offer;  // null for a bot that never offered
};

// bot.list: `bots`, weakest first, and `rated` (whether bots play rated games here).
Frame reply_bot_list(RequestId id, const std::vector<BotListing>& bots, bool rated);

}  // namespace yunzi::protocol
