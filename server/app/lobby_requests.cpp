// lobby.watch/unwatch, seeks, challenges and the lobby's chat: checked for who asks, given
// the server's default clock when they name none, then handed to the
// lobby's strand, which replies.
#include "server/app/desks.hpp"
#include "server/app/request_handlers.hpp"
#include "server/session/name_key.hpp"

namespace yunzi::app {
namespace {

// The caller as the lobby knows them; nullopt (and the error replied) when
// their session has no online entry, which only a logout race can cause.
std::optional<lobby::LobbyCaller> caller_of(const LobbyDesk& desk, const Call& call) {
  auto user = desk.online.find(call.user->id);
  if (!user) {
    call.error(protocol::ErrorCode::unauthenticated, "log in first");
    return std::nullopt;
  }
  return lobby::LobbyCaller{*user, call.respond};
}

// A request about a seek or challenge: to the lobby here, or to the node of the cluster that holds it.
template <class Act>
void about_offer(const LobbyDesk& desk, const Call& call, const char* kind, std::int64_t target, Act act,
                 nlohmann::json extra = {}) {
  auto caller = caller_of(desk, call);
  if (!caller) return;
  if (desk.elsewhere.pass_on(*caller, kind, target, std::move(extra))) return;
  act(std::move(*caller));
}

}  // namespace

void handle(const LobbyDesk& desk, const Call& call, const req::LobbyWatch&) {
  call.session->lobby_watcher = true;
  call.session->when_closed("lobby", [&lobby = desk.lobby](session::Session& s) { lobby.connection_closed(s.id()); });
  desk.lobby.watch(call.session->connection(), call.respond);
}

void handle(const LobbyDesk& desk, const Call& call, const req::LobbyUnwatch&) {
  call.session->lobby_watcher = false;
  desk.lobby.unwatch(call.session->id(), call.respond);
}

void handle(const LobbyDesk& desk, const Call& call, const req::SeekCreate& r) {
  if (auto caller = caller_of(desk, call)) {
    desk.lobby.create_seek(std::move(*caller), lobby::settings_to_play(r.settings, desk.plan_rules));
  }
}

void handle(const LobbyDesk& desk, const Call& call, const req::SeekCancel& r) {
  about_offer(desk, call, "seek.cancel", r.seek,
              [&](lobby::LobbyCaller caller) { desk.lobby.cancel_seek(caller, r.seek); });
}

void handle(const LobbyDesk& desk, const Call& call, const req::SeekAccept& r) {
  about_offer(desk, call, "seek.accept", r.seek,
              [&](lobby::LobbyCaller caller) { desk.lobby.accept_seek(caller, r.seek); });
}

void handle(const LobbyDesk& desk, const Call& call, const req::AutomatchJoin& r) {
  if (auto caller = caller_of(desk, call)) {
    desk.lobby.join_automatch(std::move(*caller), lobby::settings_to_play(r.settings, desk.plan_rules));
  }
}

void handle(const LobbyDesk& desk, const Call& call, const req::AutomatchLeave&) {
  if (auto caller = caller_of(desk, call)) desk.lobby.leave_automatch(std::move(*caller));
}

void handle(const LobbyDesk& desk, const Call& call, const req::Challenge& r) {
  if (auto caller = caller_of(desk, call)) {
    desk.lobby.challenge(std::move(*caller), session::name_key(r.to),
                         lobby::settings_to_play(r.settings, desk.plan_rules));
  }
}

void handle(const LobbyDesk& desk, const Call& call, const req::ChallengeAccept& r) {
  about_offer(desk, call, "challenge.accept", r.challenge,
              [&](lobby::LobbyCaller caller) { desk.lobby.accept_challenge(caller, r.challenge); });
}

void handle(const LobbyDesk& desk, const Call& call, const req::ChallengeDecline& r) {
  nlohmann::json extra = nlohmann::json::object();
  if (r.reason) extra["reason"] = *r.reason;
  about_offer(
      desk, call, "challenge.decline", r.challenge,
      [&](lobby::LobbyCaller caller) { desk.lobby.decline_challenge(caller, r.challenge, r.reason); },
      std::move(extra));
}

void handle(const LobbyDesk& desk, const Call& call, const req::LobbyChat& r) {
  const UserId user = call.user->id;
  const TimeMs now = call.now_ms();
  if (desk.online.is_muted(user, now)) return call.error(protocol::ErrorCode::muted, "you are muted");
  if (!desk.chat_quota.try_take(user, now)) {
    return call.error(protocol::ErrorCode::rate_limited, "at most " + std::to_string(desk.chat_quota.max_uses()) +
                                                             " lobby chat lines a minute; slow down");
  }
  if (auto caller = caller_of(desk, call)) desk.lobby.chat(std::move(*caller), r.text, now);
}

}  // namespace yunzi::app
