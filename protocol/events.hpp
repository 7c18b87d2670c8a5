// Builders for every server-pushed event. Each encodes once and returns a
// Frame that is shared by every recipient. Game events carry `game` and
// `seq` (the room's counter), except game.chat, which is not part of a
// game's replayable history (spectator chat is not shown to the players).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/payload_json.hpp"

namespace yunzi::protocol {

// Game events (game_events.cpp)
Frame game_start(const GameSnapshot& state);  // seq is state.seq, 1 for a new game
Frame game_move(std::int64_t game, std::int64_t seq, int board_size, const MovePlayed& move);
Frame game_clock(std::int64_t game, std::int64_t seq, const ClockState& clock);
Frame game_scoring(std::int64_t game, std::int64_t seq, int board_size, const ScoringState& scoring);
Frame game_end(std::int64_t game, std::int64_t seq, const GameEnd& end);
Frame game_chat(std::int64_t game, const ChatLine& line);
Frame game_spectators(std::int64_t game, const SpectatorList& list);  // no seq, like game.chat
Frame game_undo_requested(std::int64_t game, std::int64_t seq, engine::Color by);
Frame game_undone(std::int64_t game, std::int64_t seq, const UndoDone& undo);
Frame game_undo_declined(std::int64_t game, std::int64_t seq, engine::Color by);
Frame game_opponent_gone(std::int64_t game, std::int64_t seq, engine::Color who, std::int64_t deadline_ms);
Frame game_opponent_back(std::int64_t game, std::int64_t seq, engine::Color who);

// Lobby events, to every connection that watches the lobby (lobby_events.cpp)
Frame lobby_user_left(std::string_view name);
Frame lobby_seek(const SeekInfo& seek);
Frame lobby_seek_removed(std::int64_t seek);
Frame lobby_game(const LobbyGame& game);  // started or changed (moves, spectators)
Frame lobby_game_removed(std::int64_t game);

// Events to one user (lobby_events.cpp)
Frame challenge_received(const ChallengeInfo& challenge);  // type "challenge"
// `reason` is left out when the decliner gave none.
Frame challenge_declined(std::int64_t challenge, std::string_view by, const std::optional<std::string>& reason = {});
Frame rank_changed(const RankChange& change);  // type "rank.change"
Frame notice(std::string_view text);
Frame kicked(std::string_view reason);
// To a player's followers: they came online (type "follow.online"), they
// started a game (type "follow.game").
Frame followed_online(const UserInfo& user);
Frame followed_game(const UserInfo& user, std::int64_t game, const UserInfo& opponent);

}  // namespace yunzi::protocol
