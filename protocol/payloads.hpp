// Plain structs the server fills and the protocol encodes: users, clocks,
// game snapshots, seeks, challenges, lobby entries, results, histories.
// No JSON here; payload_json.hpp turns them into the contract's fields.
// Durations are milliseconds; points in time are Unix milliseconds.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game_result.hpp"
#include "core/rank.hpp"
#include "core/role.hpp"
#include "engine/types.hpp"
#include "protocol/requests.hpp"
#include "protocol/settings.hpp"

namespace yunzi::protocol {

struct UserInfo {
  std::string name;
  Rank rank;
  Role role = Role::user;
};

// One side's clock; only the fields of the game's time system are set
// (byo-yomi: periods + period_ms, Canadian: stones + period_ms).
struct SideClock {
  std::int64_t main_ms = 0;
  std::optional<int> periods;
  std::optional<std::int64_t> period_ms;
  std::optional<int> stones;
};

struct ClockState {
  SideClock black;
  SideClock white;
  std::optional<engine::Color> running;  // nullopt: stopped
};

struct Captures {
  int black = 0;  // stones Black has captured
  int white = 0;
};

enum class Phase { play, scoring, ended };
std::string_view to_string(Phase phase);

// A player as recorded with a game: the name and the rank the game was played at.
struct PlayerRef {
  std::string name;
  Rank rank;
};

// The server's area count of a dead-stone marking (`count` in game.scoring
// and in the state while scoring and once counted), so a client shows the
// count without counting: the areas, the result they give and the empty
// points (and dead stones' points) each colour owns.
struct AreaCount {
  double black = 0;  // area, without komi
  double white = 0;
  double komi = 0;
  std::string result;  // SGF form, komi and handicap compensation counted: "B+3.5", "0"
  std::vector<engine::Vertex> black_territory;
  std::vector<engine::Vertex> white_territory;
};

// The full state of one game (`state` of game.watch, and game.start).
struct GameSnapshot {
  std::int64_t game = 0;
  std::int64_t seq = 0;   // seq of the last event this snapshot includes
  GameSettings settings;  // size, komi, handicap, rated, ko, time (color is not sent)
  UserInfo black;
  UserInfo white;
  std::vector<std::optional<engine::Vertex>> moves;  // nullopt = pass; handicap stones excluded
  std::vector<engine::Vertex> handicap_stones;
  engine::Color to_move = engine::Color::black;
  Phase phase = Phase::play;
  ClockState clock;
  Captures captures;
  std::vector<engine::Vertex> dead;          // during scoring
  std::int64_t marking_version = 0;          // names `dead` during scoring; 0 otherwise
  std::optional<AreaCount> count;            // of `dead`, while scoring and once counted
  std::optional<GameResult> result;          // once ended; sent in SGF form
  int spectators = 0;                        // signed-in users watching (not the players), each once
  int anonymous_spectators = 0;              // connections watching without a login
  std::vector<std::string> spectator_names;  // of those users, by name, at most max_spectator_names
};

// A game's state and game.spectators name at most this many spectators (the
// first by name); `spectators` counts them all.
inline constexpr std::size_t max_spectator_names = 100;

// Who watches a game (game.spectators).
struct SpectatorList {
  int spectators = 0;
  int anonymous_spectators = 0;
  std::vector<std::string> names;
};

struct SeekInfo {
  std::int64_t id = 0;
  UserInfo from;
  GameSettings settings;
};

struct ChallengeInfo {
  std::int64_t id = 0;
  UserInfo from;
  UserInfo to;
  GameSettings settings;
};

// A game in progress as the lobby lists it.
struct LobbyGame {
  std::int64_t game = 0;
  UserInfo black;
  UserInfo white;
  int size = 19;
  int handicap = 0;
  double komi = default_komi_even;
  bool rated = true;
  int move_number = 0;
  int spectators = 0;  // as in GameSnapshot
  int anonymous_spectators = 0;
};

// A finished game in a user's list (`user.games`).
struct GameSummary {
  std::int64_t game = 0;
  PlayerRef black;
  PlayerRef white;
  int size = 19;
  bool rated = true;
  std::optional<GameResult> result;  // sent in SGF form, "" while none
  std::int64_t ended_at = 0;
};

struct RankChange {
  std::string name;
  Rank from;
  Rank to;
  std::string reason;  // "promotion", "demotion", "admin", "recommendation", "annulment", ...
  std::optional<std::int64_t> game;
};

struct Score {
  double black = 0;  // area, without komi
  double white = 0;
  double komi = 0;
};

// `result` is sent in SGF form ("B+R", "W+3.5", "B+T", "W+F", "0", "Void")
// and its `how` as `reason` ("resignation", "time", "count", "forfeit",
// "aborted").
struct GameEnd {
  GameResult result;
  std::optional<Score> score;  // when counted
  std::vector<RankChange> rank_changes;
};

struct MovePlayed {
  engine::Color color = engine::Color::black;
  std::optional<engine::Vertex> vertex;  // nullopt = pass
  std::vector<engine::Vertex> captured;
  ClockState clock;
  int move_number = 1;
};

struct ScoringState {
  std::vector<engine::Vertex> dead;
  std::int64_t marking_version = 0;  // what game.score.accept must name to agree to `dead`
  bool black_accepted = false;
  bool white_accepted = false;
  std::int64_t deadline_ms = 0;    // left until the server settles the count
  std::optional<AreaCount> count;  // of `dead`
};

struct UndoDone {
  int moves_removed = 1;
  engine::Color to_move = engine::Color::black;
  ClockState clock;
};

struct ChatLine {
  std::string from;
  std::string text;
  ChatChannel channel = ChatChannel::players;
};

// How far a user is in the current rank block (`rank_progress`).
struct RankProgress {
  int games = 0;  // counted games in the block
  int wins = 0;
  int losses = 0;
  int block_size = 15;
  int wins_to_promote = 10;   // wins in the block that give +1
  int losses_to_demote = 11;  // losses in the block that give -1
  std::string summary;        // what the next results would bring, in words
};

struct UserProfile {
  UserInfo user;
  int wins = 0;
  int losses = 0;
  RankProgress rank_progress;
  bool online = false;
};

// One row of a user's rank history (`user.history`).
struct RankEvent {
  std::int64_t id = 0;
  Rank from;
  Rank to;
  std::string reason;
  std::optional<std::int64_t> game;
  std::int64_t at = 0;
};

struct ReportEntry {
  std::int64_t id = 0;
  std::string reporter;
  std::string user;
  std::optional<std::int64_t> game;
  std::string reason;
  std::int64_t created_at = 0;
};

struct AuditEntry {
  std::int64_t id = 0;
  std::string admin;
  std::string action;  // the request type, e.g. "admin.ban"
  std::string target;  // a user name or "game 42"
  std::string reason;
  std::int64_t at = 0;
  std::string detail;  // what changed: a ban's length, a role change, ...
};

// A player on the admins' review list: 3 or more short rated games that no
// admin has annulled or kept, whatever the player's rank did since.
struct ReviewEntry {
  PlayerRef user;
  std::vector<std::int64_t> short_games;
};

// One recommendation to 6d as the admins follow it (admin.recommendations).
struct RecommendationEntry {
  std::int64_t id = 0;
  std::string recommender;
  PlayerRef user;  // the recommended user, with the rank held now
  Rank former_rank;
  RecommendationState status = RecommendationState::pending;
  std::int64_t asked_at = 0;
  std::optional<std::int64_t> decided_at;  // approved or rejected then
  std::optional<std::int64_t> revoked_at;
  std::vector<std::string> warnings;  // few_wins_in_first_five, demoted_at_6d, demoted_at_7d
};

}  // namespace yunzi::protocol
