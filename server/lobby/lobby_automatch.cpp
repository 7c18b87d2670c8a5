// Quick play (快速对局, README.md). Each node of a cluster keeps its own queue
// and pairs with another node's waiting players there; when two start
// waiting on two nodes at once, the node whose name sorts after the other's
// hands its player over, so that exactly one of them acts.
#include <algorithm>
#include <optional>
#include <utility>

#include "server/lobby/lobby.hpp"
#include "server/lobby/lobby_replies.hpp"

namespace yunzi::lobby {

std::optional<std::pair<std::vector<Lobby::AutomatchEntry>::iterator, session::OnlineUser>> Lobby::automatch_partner(
    const session::OnlineUser& caller, const GameSettings& settings) {
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
  if (std::erase_if(automatch_, [user](const AutomatchEntry& entry) { return entry.user == user; }) > 0) {
    automatch_paired(user);
  }
}

void Lobby::automatch_paired(UserId user) { peers_->automatch_left(user); }

void Lobby::queue_automatch(const LobbyCaller& caller, const GameSettings& settings) {
  automatch_.push_back({caller.user.id, settings});
  const auto waiting = static_cast<std::size_t>(
      std::count_if(automatch_.begin(), automatch_.end(),
                    [&settings](const AutomatchEntry& entry) { return entry.settings == settings; }));
  caller.respond.reply(protocol::reply_automatch_queued(caller.respond.id(), waiting - 1));
  peers_->automatch_waiting(caller.user.id, caller.user.info, settings);
}

std::optional<Lobby::PeerAutomatch> Lobby::peer_automatch_partner(const session::OnlineUser& caller,
                                                                  const GameSettings& settings) {
  for (auto it = peer_automatch_.begin(); it != peer_automatch_.end(); ++it) {
    if (it->user == caller.id || it->settings != settings || games_of(it->user) >= limits_.games_per_user) continue;
    const session::OnlineUser other{it->user, it->info, std::nullopt};
    if (settings.rated &&
        !plan_game(settings, contender(other), contender(caller), rules_, [] { return true; }).has_value()) {
      continue;
    }
    PeerAutomatch found = *it;
    peer_automatch_.erase(it);
    return found;
  }
  return std::nullopt;
}

void Lobby::pair_elsewhere(const LobbyCaller& caller, const PeerAutomatch& partner) {
  pairing_elsewhere_.insert(caller.user.id);
  peers_->pair_elsewhere(
      partner.origin, caller, partner.user, partner.settings,
      [self = shared_from_this(), caller, partner](PairAnswer answer) {
        self->on_strand([caller, partner, answer](Lobby& lobby) { lobby.elsewhere_answered(caller, partner, answer); });
      });
}

void Lobby::elsewhere_answered(const LobbyCaller& caller, const PeerAutomatch& partner, PairAnswer answer) {
  // Refused, the partner still waits there: listed again, though not told again.
  if (answer == PairAnswer::refused) peer_automatch_.push_back(partner);
  // Left the queue (or went offline) meanwhile: not queued again.
  if (pairing_elsewhere_.erase(caller.user.id) == 0) {
    if (answer != PairAnswer::paired) reply_error(caller, protocol::ErrorCode::not_found, "you left the queue");
    return;
  }
  if (answer == PairAnswer::paired) return;
  drop_automatch(caller.user.id);
  queue_automatch(caller, partner.settings);
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
      if (auto elsewhere = self.peer_automatch_partner(caller.user, settings)) {
        return self.pair_elsewhere(caller, *elsewhere);
      }
      return self.queue_automatch(caller, settings);
    }
    const auto place = partner->first - self.automatch_.begin();
    const AutomatchEntry entry = *partner->first;
    self.automatch_.erase(partner->first);
    // Refused at the last step (the caller is told why): the waiting player keeps their place.
    if (!self.start(caller, partner->second, settings)) {
      self.automatch_.insert(self.automatch_.begin() + place, entry);
      return;
    }
    self.automatch_paired(entry.user);
  });
}

void Lobby::take_automatch(LobbyCaller caller, UserId partner, GameSettings settings) {
  on_strand([caller = std::move(caller), partner, settings](Lobby& self) {
    auto waiting = std::find_if(self.automatch_.begin(), self.automatch_.end(), [&](const AutomatchEntry& entry) {
      return entry.user == partner && entry.settings == settings;
    });
    auto other = self.online_.find(partner);
    if (waiting == self.automatch_.end() || !other) {
      return reply_error(caller, protocol::ErrorCode::conflict, "that player waits for a quick game no more");
    }
    const auto place = waiting - self.automatch_.begin();
    const AutomatchEntry entry = *waiting;
    self.automatch_.erase(waiting);
    if (!self.start(caller, *other, settings)) {
      self.automatch_.insert(self.automatch_.begin() + place, entry);
      return;
    }
    self.automatch_paired(entry.user);
  });
}

void Lobby::peer_automatch(const std::string& origin, UserId user, const protocol::UserInfo& info,
                           const GameSettings& settings) {
  on_strand([origin, user, info, settings](Lobby& self) {
    std::erase_if(self.peer_automatch_, [user](const PeerAutomatch& entry) { return entry.user == user; });
    if (auto told = self.unconfirmed_.find(origin); told != self.unconfirmed_.end()) told->second.waiting.erase(user);
    const PeerAutomatch heard{origin, user, info, settings};
    // Both waiting at once on two nodes: the node that sorts after the other hands its player over.
    if (self.origin_ > origin) {
      if (auto partner = self.automatch_partner(session::OnlineUser{user, info, std::nullopt}, settings)) {
        const session::OnlineUser mine = partner->second;
        self.automatch_.erase(partner->first);
        self.automatch_paired(mine.id);
        return self.pair_elsewhere(LobbyCaller{mine, protocol::Responder::unheard()}, heard);
      }
    }
    self.peer_automatch_.push_back(heard);
  });
}

void Lobby::peer_automatch_left(const std::string& origin, UserId user) {
  on_strand([origin, user](Lobby& self) {
    std::erase_if(self.peer_automatch_,
                  [&](const PeerAutomatch& entry) { return entry.user == user && entry.origin == origin; });
  });
}

void Lobby::leave_automatch(LobbyCaller caller) {
  on_strand([caller = std::move(caller)](Lobby& self) {
    const auto before = self.automatch_.size();
    self.drop_automatch(caller.user.id);
    const bool being_paired = self.pairing_elsewhere_.erase(caller.user.id) > 0;
    if (self.automatch_.size() == before && !being_paired) {
      return reply_error(caller, protocol::ErrorCode::not_found, "you are not waiting for a quick game");
    }
    caller.respond.ok();
  });
}

}  // namespace yunzi::lobby
