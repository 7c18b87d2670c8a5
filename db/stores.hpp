// What the rest of yunzi may ask of the database, as small interfaces (one
// per kind of record) so a backend other than SQLite can be added later.
// Every SQL statement lives behind these; callers never see SQL.
#pragma once

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "db/analysis_store.hpp"
#include "db/board_store.hpp"
#include "db/bot_store.hpp"
#include "db/error.hpp"
#include "db/follow_store.hpp"
#include "db/message_store.hpp"
#include "db/ownership_store.hpp"
#include "db/problem_store.hpp"
#include "db/records.hpp"
#include "db/tournament_store.hpp"

namespace yunzi::db {

class UserStore {
 public:
  virtual ~UserStore() = default;
  // Fails with DbErrorKind::constraint when the name key or the name
  // skeleton is taken.
  virtual DbResult<UserRecord> create(const NewUser& user) = 0;
  virtual DbResult<std::optional<UserRecord>> find_by_name_key(std::string_view name_key) = 0;
  // The account (open or closed) whose name has this skeleton.
  virtual DbResult<std::optional<UserRecord>> find_by_name_skeleton(std::string_view skeleton) = 0;
  // Accounts stored without a skeleton (from before it existed), oldest first.
  virtual DbResult<std::vector<UserRecord>> without_name_skeleton() = 0;
  // Fails with DbErrorKind::constraint when another account holds it.
  virtual DbResult<Done> set_name_skeleton(UserId id, std::string_view skeleton) = 0;
  virtual DbResult<std::optional<UserRecord>> find_by_id(UserId id) = 0;
  // Each update fails with DbErrorKind::not_found for an unknown user.
  virtual DbResult<Done> set_rank(UserId id, Rank rank) = 0;
  virtual DbResult<Done> set_role(UserId id, Role role) = 0;
  virtual DbResult<Done> set_banned_until(UserId id, std::optional<TimeMs> until) = 0;
  virtual DbResult<Done> set_muted_until(UserId id, std::optional<TimeMs> until) = 0;
  virtual DbResult<Done> set_last_login(UserId id, TimeMs at) = 0;
  // Open accounts of players (role user: admins and bots are never retired
  // automatically) whose last login (or creation, if they never logged in)
  // is older than idle_ms, by id.
  virtual DbResult<std::vector<UserRecord>> inactive_players(TimeMs now_ms, TimeMs idle_ms) = 0;
  // Closes the account and retires its name for good.
  virtual DbResult<Done> retire(const UserRecord& user, TimeMs now_ms) = 0;
  // inactive_players, each retired, in one transaction. Returns them.
  virtual DbResult<std::vector<UserRecord>> close_inactive(TimeMs now_ms, TimeMs idle_ms) = 0;
  // One page of the account list.
  virtual DbResult<std::vector<UserRecord>> list(const UserQuery& query) = 0;
  virtual DbResult<std::optional<RetiredName>> find_retired(std::string_view name_key) = 0;
  // Open accounts at `rank` or above, by id.
  virtual DbResult<std::vector<UserRecord>> ranked_at_least(Rank rank) = 0;
};

class SessionStore {
 public:
  virtual ~SessionStore() = default;
  virtual DbResult<Done> create(const SessionRecord& session) = 0;
  // Expired sessions are returned too: the caller decides (and may delete).
  virtual DbResult<std::optional<SessionRecord>> find(std::span<const std::uint8_t> token_hash) = 0;
  virtual DbResult<Done> extend(std::span<const std::uint8_t> token_hash, TimeMs expires_ms) = 0;
  virtual DbResult<Done> remove(std::span<const std::uint8_t> token_hash) = 0;
  // Returns how many sessions were deleted.
  virtual DbResult<int> remove_expired(TimeMs now_ms) = 0;
};

class GameStore {
 public:
  virtual ~GameStore() = default;
  virtual DbResult<GameId> create(const NewGame& game) = 0;
  // The move's number must be the game's move count + 1 and the game in
  // play (DbErrorKind::conflict otherwise); the clock snapshot is updated
  // with it. With a fence (a cluster node's), the node must still hold the
  // game (DbErrorKind::not_owner otherwise), as OwnershipStore::hold checks.
  // A failure leaves nothing written (Writer::Leaves::nothing).
  virtual DbResult<Done> append_move(GameId game, const MoveRecord& move, std::string_view clock_state,
                                     const GameFence* fence = nullptr) = 0;
  // Takes back the last `count` moves (friendly undo).
  virtual DbResult<Done> undo_moves(GameId game, int count, std::string_view clock_state) = 0;
  // Ends the game, keeps a count's final marking (end.dead) and applies the
  // rank events (each also sets the user's rank) in one transaction.
  virtual DbResult<Done> end_game(GameId game, const GameEnd& end, std::span<const RankEvent> rank_events) = 0;
  virtual DbResult<Done> set_annulled(GameId game) = 0;
  // Keeps a chat line with its game, dropping the oldest beyond
  // max_chat_lines_per_game.
  virtual DbResult<Done> append_chat(GameId game, const ChatRecord& line) = 0;
  virtual DbResult<std::vector<GameWithMoves>> load_in_progress() = 0;
  // Both loads bring the chat too, load() also a counted game's final marking.
  virtual DbResult<std::optional<GameWithMoves>> load(GameId game) = 0;
  virtual DbResult<std::optional<Profile>> profile(UserId user) = 0;
  // Newest first; `before` pages by game id; limit 1..max_page_size.
  virtual DbResult<std::vector<GameSummary>> games_of_user(UserId user, std::optional<GameId> before, int limit) = 0;
  // The ids of the user's games in progress, oldest first.
  virtual DbResult<std::vector<GameId>> in_progress_of_user(UserId user) = 0;
  // Ended games that were not annulled, with ids above `after`, oldest first; at most `limit` (for tools that
  // go through every finished game, a page at a time).
  virtual DbResult<std::vector<GameId>> ended_after(GameId after, int limit) = 0;
  // The user's games in progress (rated ones apart), with the user's row
  // locked until the transaction ends: nodes of a cluster creating games
  // for one player at the same moment count them one after the other. The
  // two players of a game are locked in the order of their ids.
  virtual DbResult<GamesInProgress> lock_games_in_progress(UserId user) = 0;
  // The user's ended rated games (annulled ones included, moves left out)
  // that ended after `after_ms`, in the order they ended.
  virtual DbResult<std::vector<GameRecord>> rated_games_of_user(UserId user, TimeMs after_ms) = 0;
};

class RankStore {
 public:
  virtual ~RankStore() = default;
  // Records a rank change outside a game's end (admin, recommendation,
  // recomputation) and sets the user's rank.
  virtual DbResult<std::int64_t> record_change(const RankEvent& event) = 0;
  // The events that stand (not superseded), newest first.
  virtual DbResult<std::vector<RankEvent>> events_of_user(UserId user, int limit) = 0;
  // Every event, superseded ones included, oldest first.
  virtual DbResult<std::vector<RankEvent>> history_of_user(UserId user) = 0;
  virtual DbResult<Done> supersede(std::int64_t event, TimeMs at_ms) = 0;
  virtual DbResult<std::int64_t> add_conversion(const RatedConversion& conversion) = 0;
  virtual DbResult<std::vector<RatedConversion>> conversions_of_user(UserId user) = 0;
  virtual DbResult<Done> flag_short_game(const ShortGameFlag& flag) = 0;
  // Flags of the user's games started at or after since_ms, oldest first.
  virtual DbResult<std::vector<ShortGameFlag>> short_games_of_user(UserId user, TimeMs since_ms) = 0;
  // A player's flagged game awaits review while it is neither annulled nor
  // reviewed for that player. The players with at least `threshold` such
  // games whose name key sorts after `after_name_key` ("" for the first
  // page), in order of name key; limit 1..max_page_size.
  virtual DbResult<std::vector<UserId>> players_awaiting_review(int threshold, std::string_view after_name_key,
                                                                int limit) = 0;
  // The user's flagged games awaiting review, oldest first.
  virtual DbResult<std::vector<GameId>> short_games_awaiting_review(UserId user) = 0;
  // Fails with DbErrorKind::constraint when the game was reviewed for that player already.
  virtual DbResult<Done> add_short_game_review(const ShortGameReview& review) = 0;

  virtual DbResult<std::int64_t> add_recommendation(const Recommendation& recommendation) = 0;
  // Every status, oldest first.
  virtual DbResult<std::vector<Recommendation>> recommendations_by(UserId recommender) = 0;
  // The newest approved recommendation of the user that is not revoked.
  virtual DbResult<std::optional<Recommendation>> standing_recommendation_of(UserId user) = 0;
  // The user's recommendation waiting for an admin, if any.
  virtual DbResult<std::optional<Recommendation>> pending_recommendation_of(UserId user) = 0;
  // A pending recommendation becomes approved (`former_rank`: the user's rank
  // just before 6d) or rejected; not_found when it is not pending.
  virtual DbResult<Done> approve_recommendation(std::int64_t recommendation, Rank former_rank, UserId by,
                                                TimeMs at_ms) = 0;
  virtual DbResult<Done> reject_recommendation(std::int64_t recommendation, UserId by, TimeMs at_ms) = 0;
  virtual DbResult<Done> revoke_recommendation(std::int64_t recommendation, UserId by, TimeMs at_ms) = 0;
  // Newest first; `before` pages by id; limit 1..max_page_size.
  virtual DbResult<std::vector<Recommendation>> recommendations_page(RecommendationFilter filter,
                                                                     std::optional<std::int64_t> before, int limit) = 0;
};

class ModerationStore {
 public:
  virtual ~ModerationStore() = default;
  virtual DbResult<std::int64_t> add_audit(const AuditEntry& entry) = 0;
  // Newest first; `before` pages by entry id.
  virtual DbResult<std::vector<AuditEntry>> audit_page(std::optional<std::int64_t> before, int limit) = 0;
  virtual DbResult<std::int64_t> add_report(const Report& report) = 0;
  // Oldest first, so the queue is worked in order.
  virtual DbResult<std::vector<Report>> open_reports(int limit) = 0;
  // Closes an open report with its outcome and note; not_found when there is
  // no open report of that id. Returns the report as closed.
  virtual DbResult<Report> close_report(std::int64_t report, UserId handled_by, ReportOutcome outcome,
                                        std::string_view note, TimeMs at_ms) = 0;
};

// All stores over one connection, handed to work running on the writer
// thread (and to readers).
class Stores {
 public:
  virtual ~Stores() = default;
  virtual UserStore& users() = 0;
  virtual SessionStore& sessions() = 0;
  virtual GameStore& games() = 0;
  virtual RankStore& ranks() = 0;
  virtual ModerationStore& moderation() = 0;
  virtual TournamentStore& tournaments() = 0;
  virtual FollowStore& follows() = 0;
  virtual MessageStore& messages() = 0;
  virtual BoardStore& boards() = 0;
  virtual OwnershipStore& owners() = 0;
  virtual AnalysisStore& analyses() = 0;
  virtual BotStore& bots() = 0;
  virtual ProblemStore& problems() = 0;
};

// Shared checks of the stores' arguments.
DbResult<int> checked_page_size(int limit);

}  // namespace yunzi::db
