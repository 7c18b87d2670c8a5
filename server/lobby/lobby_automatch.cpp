// Quick play (快速对局): a player asks for a board and a clock and is paired
// with the longest-waiting player who asked for the same, when the two may
// play that game (the rated rules, the caps); otherwise they wait, once per
// user, until paired, until they leave the queue or go offline.
#include <algorithm>
#include <optional>
#include <utility>

#include "server/lobby/lobby.hpp"
#include "server/lobby/lobby_replies.hpp"

namespace yunzi::app {

std::optional<std::pair<std::vector<Lobby::AutomatchEntry>::iterator, OnlineUser>> Lobby::automatch_partner(
    const OnlineUser& caller, const GameSettings& settings) {
  for (auto it = automatch_.begin(); it != automatch_.end(); ++it) {
    if (it->user == caller.id || it->settings != settings) continue;
    // Read once: the online list changes on the network threads, not on this strand.
    auto other = online_.find(it->user);
    if (!other || games_of(it->user) >= limits_.games_per_user) continue;
    // The rated rules (rank gap, one rated game at a time) decide whether this pair may play it.
    if (settings.rated &&
        !plan_game(settings, contender(*other), contender(caller), rules_, [] { return true; }).has_value()) {
      continue;
    }
    return std::pair{it, *other};
  }
  return std::nullopt;
}

void Lobby::drop_automatch(UserId user) {
  std::erase_if(automatch_, [user](const AutomatchEntry& entry) { return entry.user == user; });
}

void Lobby::join_automatch(LobbyCaller caller, GameSettings settings) {
  on_strand([caller = std::move(caller), settings](Lobby& self) {
    if (auto checked = check_rated_settings(settings, caller.user.info, self.rules_); !checked) {
      return reply_error(caller, checked.error().code, checked.error().message);
    }
    if (self.games_of(caller.user.id) >= self.limits_.games_per_user) {
      return reply_limit(caller, "at most " + std::to_string(self.limits_.games_per_user) +
                                     " games in progress per user; finish one first");
    }
    // Asking again replaces the earlier request (other settings, or the same).
    self.drop_automatch(caller.user.id);
    auto partner = self.automatch_partner(caller.user, settings);
    if (!partner) {
      self.automatch_.push_back({caller.user.id, settings});
      const auto waiting = static_cast<std::size_t>(
          std::count_if(self.automatch_.begin(), self.automatch_.end(),
                        [&settings](const AutomatchEntry& entry) { return entry.settings == settings; }));
      caller.respond.reply(protocol::reply_automatch_queued(caller.respond.id(), waiting - 1));
      return;
    }
    const auto place = partner->first - self.automatch_.begin();
    const AutomatchEntry entry = *partner->first;
    self.automatch_.erase(partner->first);
    // Refused at the last step (the caller is told why): the waiting player keeps their place.
    if (!self.start(caller, partner->second, settings)) self.automatch_.insert(self.automatch_.begin() + place, entry);
  });
}

void Lobby::leave_automatch(LobbyCaller caller) {
  on_strand([caller = std::move(caller)](Lobby& self) {
    const auto before = self.automatch_.size();
    self.drop_automatch(caller.user.id);
    if (self.automatch_.size() == before) {
      return reply_error(caller, protocol::ErrorCode::not_found, "you are not waiting for a quick game");
    }
    caller.respond.ok();
  });
}

}  // namespace yunzi::app
