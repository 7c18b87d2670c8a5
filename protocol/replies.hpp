// Replies: exactly one per request, `ok` with the result fields or `error`
// with a code. `re` carries the request id and is left out without one.
// The typed builders spell the result fields of each request.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol/errors.hpp"
#include "protocol/payload_json.hpp"

namespace yunzi::protocol {

using RequestId = std::optional<std::int64_t>;

Frame encode_ok(RequestId id, nlohmann::json fields = nlohmann::json::object());
Frame encode_error(RequestId id, ErrorCode code, std::string_view message);
// An error with fields beside code and message (`banned`: `until`).
Frame encode_error(RequestId id, ErrorCode code, std::string_view message, const nlohmann::json& fields);
Frame encode_error(const DecodeError& error);

Frame reply_hello(RequestId id, std::int64_t time_ms);                            // hello
Frame reply_session(RequestId id, std::string_view token, const UserInfo& user);  // register, login
Frame reply_resume(RequestId id, const UserInfo& user, const std::vector<std::int64_t>& games);
Frame reply_ping(RequestId id, const std::optional<ClientTime>& t, std::int64_t time_ms);
Frame reply_seek(RequestId id, const SeekInfo& seek);                 // seek.create
Frame reply_automatch_queued(RequestId id, std::size_t waiting);      // automatch.join, nobody to pair yet
Frame reply_challenge(RequestId id, const ChallengeInfo& challenge);  // challenge
Frame reply_game(RequestId id, std::int64_t game);                    // seek.accept, challenge.accept
// game.watch; `chat`: the room's chat so far as the watcher may see it.
Frame reply_game_state(RequestId id, const GameSnapshot& state, const std::vector<ChatLine>& chat = {});
// game.watch with `since`: the missed events, spliced in as they were sent.
Frame reply_game_events(RequestId id, const std::vector<Frame>& events, const std::vector<ChatLine>& chat = {});
Frame reply_sgf(RequestId id, std::string_view sgf);
Frame reply_user_info(RequestId id, const UserProfile& profile);
// user.search and follows: users with whether each is online.
Frame reply_user_list(RequestId id, const std::vector<std::pair<UserInfo, bool>>& users);
Frame reply_user_games(RequestId id, const std::vector<GameSummary>& games);
Frame reply_user_history(RequestId id, const std::vector<RankEvent>& history);
Frame reply_reports(RequestId id, const std::vector<ReportEntry>& reports);
Frame reply_audit(RequestId id, const std::vector<AuditEntry>& entries);
// `next`: the name to pass as `after` for the following page; absent on the last page.
Frame reply_review(RequestId id, const std::vector<ReviewEntry>& players, const std::optional<std::string>& next);
Frame reply_recommendations(RequestId id, const std::vector<RecommendationEntry>& recommendations);

}  // namespace yunzi::protocol
