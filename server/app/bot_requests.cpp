// bot.offer and bot.list: machine opponents. A bot account says what it
// plays (kept in the database, so every node lists it and it outlives the
// bot's connection); anyone lists the bots, weakest first, with who is
// online on any node and whether this server lets bots play rated games.
#include <spdlog/spdlog.h>

#include "protocol/bot_messages.hpp"
#include "server/app/desks.hpp"
#include "server/app/reading.hpp"
#include "server/app/request_handlers.hpp"
#include "server/session/online_users.hpp"

namespace yunzi::app {
namespace {

// Every bot account a server would run fits well below this.
constexpr int max_listed_bots = 200;

}  // namespace

void handle(const UserDesk& desk, const Call& call, const req::BotOfferSet& r) {
  const auto online = desk.online.find(call.user->id);
  if (!online || online->info.role != Role::bot) {
    return call.error(protocol::ErrorCode::forbidden, "only bot accounts make offers");
  }
  desk.writer.submit([bot = call.user->id, offer = protocol::to_json(r.offer).dump(),
                      now = call.now_ms()](db::Stores& stores) { return stores.bots().set_offer(bot, offer, now); },
                     [call](db::DbResult<Done> done) {
                       if (!done) {
                         spdlog::error("bot offer not stored connection={} error={}", call.session->id(),
                                       done.error().message);
                         return call.error(protocol::ErrorCode::internal, "the offer could not be stored; try again");
                       }
                       call.ok();
                     });
}

void handle(const LobbyDesk& desk, const Call& call, const req::BotList&) {
  read_or_fail<std::vector<db::BotListing>>(
      call, [](db::Stores& stores) { return stores.bots().list(max_listed_bots); },
      "the database could not be read; try again",
      [&desk](const Call& c, const std::vector<db::BotListing>& bots) {
        std::vector<protocol::BotListing> out;
        out.reserve(bots.size());
        for (const db::BotListing& bot : bots) {
          protocol::BotListing listed{
              session::user_info(bot.user),
              desk.online.is_online(bot.user.id) || desk.online.is_online_elsewhere(bot.user.id), nullptr};
          // Stored by this server from a checked offer; text that does not parse is listed as none.
          if (!bot.offer.empty()) listed.offer = nlohmann::json::parse(bot.offer, nullptr, false);
          if (listed.offer.is_discarded()) listed.offer = nullptr;
          out.push_back(std::move(listed));
        }
        c.reply(protocol::reply_bot_list(c.id, out, desk.plan_rules.bots_may_play_rated));
      });
}

}  // namespace yunzi::app
