// The rows the stores read and write, as plain structs. Times are Unix
// milliseconds; ranks are stored as their index (core/rank.hpp), and a
// stored index outside 18k..9d makes the read fail as corrupt.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game_result.hpp"
#include "core/game_settings.hpp"
#include "core/ids.hpp"
#include "core/rank.hpp"
#include "core/role.hpp"
#include "engine/types.hpp"

namespace yunzi::db {

// A ban or mute that never ends.
inline constexpr TimeMs forever_ms = INT64_MAX;

struct NewUser {
  std::string name;      // NFC, as the user typed it
  std::string name_key;  // the uniqueness key (ASCII letters folded)
  std::string password_hash;
  Rank rank;
  Role role = Role::user;
  TimeMs created_ms = 0;
  // Equal for names that look alike (accounts/name_skeleton.hpp);
  // unique among accounts. Absent only for rows written without it.
  std::optional<std::string> name_skeleton{};
};

struct UserRecord {
  UserId id = 0;
  std::string name;
  std::string name_key;
  std::string password_hash;
  Rank rank;
  Role role = Role::user;
  TimeMs created_ms = 0;
  std::optional<TimeMs> last_login_ms;
  std::optional<TimeMs> banned_until_ms;
  std::optional<TimeMs> muted_until_ms;
  bool closed = false;
};

// A page of the account list (yunzi-admin db users): accounts whose name
// key contains `name_contains` (empty: all), of one role if given, by name.
struct UserQuery {
  std::string name_contains;  // in name-key form (ASCII letters folded)
  std::optional<Role> role;
  int offset = 0;
  int limit = 20;  // 1..max_page_size
  bool include_closed = true;
};

struct RetiredName {
  std::string name_key;
  std::string name;
  std::optional<UserId> user_id;
  TimeMs retired_ms = 0;
};

struct SessionRecord {
  std::vector<std::uint8_t> token_hash;
  UserId user_id = 0;
  TimeMs created_ms = 0;
  TimeMs expires_ms = 0;
};

struct NewGame {
  UserId black_id = 0;
  UserId white_id = 0;
  Rank black_rank;
  Rank white_rank;
  // As the game was agreed: the colour as the creator asked it, the clock
  // kept in whole seconds (time_* columns: a game's settings hold no fractions).
  GameSettings settings;
  TimeMs started_ms = 0;
  std::string clock_state;  // the server's clock snapshot (opaque text)
};

enum class GameStatus { playing, ended };

// One player's games in progress, as a new game's creation counts them.
struct GamesInProgress {
  int total = 0;
  int rated = 0;
  bool operator==(const GamesInProgress&) const = default;
};

struct GameRecord {
  GameId id = 0;
  UserId black_id = 0;
  UserId white_id = 0;
  std::string black_name;
  std::string white_name;
  Rank black_rank;
  Rank white_rank;
  GameSettings settings;
  GameStatus status = GameStatus::playing;
  std::optional<GameResult> result;  // once ended (stored as SGF text, how and winner)
  int move_count = 0;
  TimeMs started_ms = 0;
  std::optional<TimeMs> ended_ms;
  std::string clock_state;
  bool annulled = false;
};

struct MoveRecord {
  int number = 0;  // 1 for the first move after any handicap stones
  engine::Move move;
  std::optional<std::int64_t> clock_ms;  // the mover's time left after the move
  std::optional<int> periods_left;
  TimeMs server_ms = 0;
};

// One line of a game's chat. `channel` is "players" or "spectators".
struct ChatRecord {
  std::string from;
  std::string text;
  std::string channel;
  TimeMs at_ms = 0;
};

// A game keeps at most this many chat lines (the newest); older ones are
// deleted as new ones arrive, so a chatty room cannot grow the database.
inline constexpr int max_chat_lines_per_game = 200;

struct GameWithMoves {
  GameRecord game;
  std::vector<MoveRecord> moves;
  std::vector<ChatRecord> chat;  // oldest first
  // A counted game's final marking: the dead stones both players agreed to
  // (empty for every other game, and for a count without dead stones).
  std::vector<engine::Vertex> final_dead = {};
};

struct GameEnd {
  GameResult result;
  TimeMs ended_ms = 0;
  std::string clock_state;
  std::vector<engine::Vertex> dead = {};  // a count's agreed dead stones
};

struct RankEvent {
  std::int64_t id = 0;  // set by the store
  UserId user_id = 0;
  Rank from_rank;
  Rank to_rank;
  std::string reason;
  std::optional<GameId> game_id;
  TimeMs at_ms = 0;                     // for an event a game caused: when that game ended
  std::optional<TimeMs> superseded_ms;  // set aside by an annulment's recomputation
};

// pending: waits for an admin; approved: the user became 6d at decided_ms;
// rejected: never took effect.
enum class RecommendationStatus { pending, approved, rejected };
std::string_view to_string(RecommendationStatus status);
std::optional<RecommendationStatus> parse_recommendation_status(std::string_view text);

struct Recommendation {
  std::int64_t id = 0;  // set by the store
  UserId recommender_id = 0;
  UserId user_id = 0;
  Rank former_rank;  // the user's rank before 6d (when pending: when it was made)
  TimeMs at_ms = 0;  // when the recommender made it
  std::optional<TimeMs> revoked_ms;
  std::optional<UserId> revoked_by;
  RecommendationStatus status = RecommendationStatus::approved;
  std::optional<TimeMs> decided_ms;  // approved or rejected then
  std::optional<UserId> decided_by;  // the admin; none when the server applied it at once
};

// A listing of recommendations: every one, or those in one state. `revoked`
// ones are approved ones taken back; `approved` ones are those that stand.
enum class RecommendationFilter { all, pending, approved, rejected, revoked };

struct Profile {
  UserRecord user;
  int wins = 0;
  int losses = 0;
};

struct GameSummary {
  GameId id = 0;
  std::string black_name;
  std::string white_name;
  std::optional<GameResult> result;
  bool rated = false;
  GameStatus status = GameStatus::playing;
  std::optional<TimeMs> ended_ms;
};

struct RatedConversion {
  std::int64_t id = 0;
  GameId game_id = 0;
  UserId user_id = 0;
  std::string reason;
  TimeMs at_ms = 0;
};

struct ShortGameFlag {
  GameId game_id = 0;
  int move_count = 0;
  TimeMs flagged_ms = 0;
};

// An admin kept one player's short game as played.
struct ShortGameReview {
  GameId game_id = 0;
  UserId user_id = 0;
  UserId reviewed_by = 0;
  TimeMs reviewed_ms = 0;
};

struct AuditEntry {
  std::int64_t id = 0;  // set by the store
  // The admin's account; none for an operator at the machine, who is named
  // in actor_name instead.
  std::optional<UserId> actor_id;
  std::string actor_name;
  std::string action;
  std::optional<UserId> target_user_id;
  std::optional<GameId> target_game_id;
  std::string reason;
  std::string detail;
  TimeMs at_ms = 0;
};

enum class ReportOutcome { resolved, dismissed };
std::string_view to_string(ReportOutcome outcome);
std::optional<ReportOutcome> parse_report_outcome(std::string_view text);

struct Report {
  std::int64_t id = 0;  // set by the store
  UserId reporter_id = 0;
  UserId reported_id = 0;
  std::optional<GameId> game_id;
  std::string reason;
  TimeMs created_ms = 0;
  bool open = true;
  std::optional<UserId> handled_by;
  std::optional<TimeMs> handled_ms;
  std::optional<ReportOutcome> outcome = std::nullopt;  // once closed
  std::string note{};                                   // the handling admin's note
};

// Page sizes for lists: 1..max_page_size, larger requests are clamped.
inline constexpr int max_page_size = 100;

}  // namespace yunzi::db
