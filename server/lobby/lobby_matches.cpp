// Seeks and challenges: the lobby's matchmaking half (lobby.cpp holds presence,
// watchers and the list of games).
#include <algorithm>
#include <set>
#include <string>

#include <boost/asio/post.hpp>

#include "protocol/events.hpp"
#include "server/lobby/lobby.hpp"
#include "server/lobby/lobby_replies.hpp"

namespace yunzi::lobby {
namespace {

std::string games_cap_text(std::size_t cap) { return "at most " + std::to_string(cap) + " games in progress per user"; }

}  // namespace

std::size_t Lobby::seeks_of(UserId user) const {
  return static_cast<std::size_t>(
      std::count_if(seeks_.begin(), seeks_.end(), [user](const auto& entry) { return entry.second.owner == user; }));
}

std::size_t Lobby::challenges_here(UserId user) const {
  return static_cast<std::size_t>(std::count_if(challenges_.begin(), challenges_.end(),
                                                [user](const auto& entry) { return entry.second.from == user; }));
}

std::size_t Lobby::challenges_from(UserId user) const {
  std::size_t count = challenges_here(user);
  if (auto it = peer_users_.find(user); it != peer_users_.end()) {
    for (const auto& [node, peer] : it->second) count += peer.challenges;
  }
  return count;
}

bool Lobby::may_offer_game(const LobbyCaller& caller) const {
  if (games_of(caller.user.id) >= limits_.games_per_user) {
    reply_limit(caller, games_cap_text(limits_.games_per_user) + "; finish one first");
    return false;
  }
  return true;
}

// A rated game of the user's is known here when this node reserved it, or
// when any node lists it (the lobby hears of every node's games).
Contender Lobby::contender(const session::OnlineUser& user) const {
  return Contender{user.id, user.info, rated_listed_.contains(user.id) || games_.has_rated_game(user.id)};
}

bool Lobby::start(const LobbyCaller& acceptor, const session::OnlineUser& creator, const GameSettings& settings) {
  if (games_of(acceptor.user.id) >= limits_.games_per_user) {
    reply_limit(acceptor, games_cap_text(limits_.games_per_user));
    return false;
  }
  if (games_of(creator.id) >= limits_.games_per_user) {
    reply_limit(acceptor, creator.info.name + " already has " + std::to_string(limits_.games_per_user) +
                              " games in progress, the limit per user");
    return false;
  }
  auto plan = plan_game(settings, contender(creator), contender(acceptor.user), rules_, coin_);
  if (!plan) {
    reply_error(acceptor, plan.error().code, plan.error().message);
    return false;
  }
  if (settings.rated && !games_.reserve_rated(creator.id, acceptor.user.id)) {
    reply_error(acceptor, protocol::ErrorCode::not_rated_eligible,
                "a player may have only one rated game in progress at a time");
    return false;
  }
  // Counted now, before the game row is written: acceptances racing for a player's last place get it once.
  count_game(creator.id, +1);
  count_game(acceptor.user.id, +1);
  start_game_(std::move(*plan), acceptor.respond);
  return true;
}

void Lobby::remove_seek(std::int64_t seek) {
  auto it = seeks_.find(seek);
  if (it == seeks_.end()) return;
  const bool here = it->second.origin.empty();
  seeks_.erase(it);
  publish([&] { return protocol::lobby_seek_removed(seek); });
  if (here) peers_->seek_removed(seek);
}

namespace {

// Reached only when the request was not passed to the node holding the seek (it has just left the cluster, say).
bool held_elsewhere(const LobbyCaller& caller, const std::string& origin) {
  if (origin.empty()) return false;
  reply_error(caller, protocol::ErrorCode::conflict, "that seek is held by a node that does not answer; try again");
  return true;
}

}  // namespace

void Lobby::drop_challenges_of(UserId user) {
  std::set<UserId> senders;
  for (auto it = challenges_.begin(); it != challenges_.end();) {
    if (it->second.from == user || it->second.to == user) {
      senders.insert(it->second.from);
      it = challenges_.erase(it);
    } else {
      ++it;
    }
  }
  for (UserId sender : senders) tell_holds(sender);
}

void Lobby::create_seek(LobbyCaller caller, GameSettings settings) {
  on_strand([caller = std::move(caller), settings](Lobby& self) {
    if (auto checked = check_rated_settings(settings, caller.user.info, self.rules_); !checked) {
      reply_error(caller, checked.error().code, checked.error().message);
      return;
    }
    if (self.seeks_of(caller.user.id) >= self.limits_.seeks_per_user) {
      return reply_limit(
          caller, "at most " + std::to_string(self.limits_.seeks_per_user) + " open seeks per user; cancel one first");
    }
    if (self.seeks_.size() >= self.limits_.seeks_max) {
      return reply_limit(caller, "the lobby holds " + std::to_string(self.limits_.seeks_max) +
                                     " open seeks, its limit; try again later");
    }
    if (!self.may_offer_game(caller)) return;
    OpenSeek seek{protocol::SeekInfo{self.next_seek_++, caller.user.info, settings}, caller.user.id, {}};
    self.seeks_[seek.info.id] = seek;
    caller.respond.reply(protocol::reply_seek(caller.respond.id(), seek.info));
    self.publish([&] { return protocol::lobby_seek(seek.info); });
    self.peers_->seek(seek.info, seek.owner);
  });
}

void Lobby::cancel_seek(LobbyCaller caller, std::int64_t seek) {
  on_strand([caller = std::move(caller), seek](Lobby& self) {
    auto it = self.seeks_.find(seek);
    if (it == self.seeks_.end()) return reply_error(caller, protocol::ErrorCode::not_found, "no such seek");
    if (held_elsewhere(caller, it->second.origin)) return;
    if (it->second.owner != caller.user.id) {
      return reply_error(caller, protocol::ErrorCode::forbidden, "that seek is not yours");
    }
    self.remove_seek(seek);
    caller.respond.ok();
  });
}

void Lobby::accept_seek(LobbyCaller caller, std::int64_t seek) {
  on_strand([caller = std::move(caller), seek](Lobby& self) {
    auto it = self.seeks_.find(seek);
    if (it == self.seeks_.end()) {
      return reply_error(caller, protocol::ErrorCode::not_found, "no such seek (taken or cancelled)");
    }
    if (held_elsewhere(caller, it->second.origin)) return;
    if (it->second.owner == caller.user.id) {
      return reply_error(caller, protocol::ErrorCode::bad_request, "you cannot accept your own seek");
    }
    auto owner = self.online_.find(it->second.owner);
    if (!owner) {
      self.remove_seek(seek);
      return reply_error(caller, protocol::ErrorCode::conflict, "the seek's owner has left");
    }
    const GameSettings settings = it->second.info.settings;
    if (self.start(caller, *owner, settings)) self.remove_seek(seek);
  });
}

void Lobby::challenge(LobbyCaller caller, std::string to_name_key, GameSettings settings) {
  on_strand([caller = std::move(caller), to_name_key = std::move(to_name_key), settings](Lobby& self) {
    auto target = self.find_by_name_key(to_name_key);
    if (!target) return reply_error(caller, protocol::ErrorCode::not_found, "no such user online");
    if (target->id == caller.user.id) {
      return reply_error(caller, protocol::ErrorCode::bad_request, "you cannot challenge yourself");
    }
    if (self.challenges_from(caller.user.id) >= self.limits_.challenges_per_user) {
      return reply_limit(caller, "at most " + std::to_string(self.limits_.challenges_per_user) +
                                     " pending challenges per user; withdraw one first");
    }
    if (!self.may_offer_game(caller)) return;
    if (settings.rated) {
      // Refused now rather than at acceptance when the pair can never play it.
      auto plan =
          plan_game(settings, self.contender(caller.user), self.contender(*target), self.rules_, [] { return true; });
      if (!plan) return reply_error(caller, plan.error().code, plan.error().message);
    }
    PendingChallenge pending{protocol::ChallengeInfo{self.next_challenge_++, caller.user.info, target->info, settings},
                             caller.user.id, target->id};
    self.challenges_[pending.info.id] = pending;
    self.tell_holds(caller.user.id);
    caller.respond.reply(protocol::reply_challenge(caller.respond.id(), pending.info));
    self.send_to_user(target->id, protocol::challenge_received(pending.info));
  });
}

void Lobby::accept_challenge(LobbyCaller caller, std::int64_t challenge) {
  on_strand([caller = std::move(caller), challenge](Lobby& self) {
    auto it = self.challenges_.find(challenge);
    if (it == self.challenges_.end()) return reply_error(caller, protocol::ErrorCode::not_found, "no such challenge");
    if (it->second.to != caller.user.id) {
      return reply_error(caller, protocol::ErrorCode::forbidden, "that challenge is not addressed to you");
    }
    auto challenger = self.online_.find(it->second.from);
    const UserId from = it->second.from;
    if (!challenger) {
      self.challenges_.erase(it);
      self.tell_holds(from);
      return reply_error(caller, protocol::ErrorCode::conflict, "the challenger has left");
    }
    const GameSettings settings = it->second.info.settings;
    if (self.start(caller, *challenger, settings)) {
      self.challenges_.erase(challenge);
      self.tell_holds(from);
    }
  });
}

void Lobby::decline_challenge(LobbyCaller caller, std::int64_t challenge, std::optional<std::string> reason) {
  on_strand([caller = std::move(caller), challenge, reason = std::move(reason)](Lobby& self) {
    auto it = self.challenges_.find(challenge);
    if (it == self.challenges_.end()) return reply_error(caller, protocol::ErrorCode::not_found, "no such challenge");
    const PendingChallenge pending = it->second;
    if (pending.to != caller.user.id && pending.from != caller.user.id) {
      return reply_error(caller, protocol::ErrorCode::forbidden, "that challenge is not yours");
    }
    self.challenges_.erase(it);
    self.tell_holds(pending.from);
    caller.respond.ok();
    // The challenger withdrawing tells the target; the target declining tells the challenger.
    const UserId other = pending.to == caller.user.id ? pending.from : pending.to;
    self.send_to_user(other, protocol::challenge_declined(challenge, caller.user.info.name, reason));
  });
}

}  // namespace yunzi::lobby
