// The SQLite implementation of the stores in db/stores.hpp. Each store
// borrows a Connection (the writer's, or a reader's) and keeps nothing else:
// statements are cached by the connection.
#pragma once

#include "db/connection.hpp"
#include "db/sql_analysis_store.hpp"
#include "db/sql_board_store.hpp"
#include "db/sql_bot_store.hpp"
#include "db/sql_follow_store.hpp"
#include "db/sql_message_store.hpp"
#include "db/sql_ownership_store.hpp"
#include "db/sql_problem_store.hpp"
#include "db/sql_tournament_store.hpp"
#include "db/stores.hpp"

namespace yunzi::db {

class SqlUserStore final : public UserStore {
 public:
  explicit SqlUserStore(Connection& connection) : db_(connection) {}
  DbResult<UserRecord> create(const NewUser& user) override;
  DbResult<std::optional<UserRecord>> find_by_name_key(std::string_view name_key) override;
  DbResult<std::optional<UserRecord>> find_by_name_skeleton(std::string_view skeleton) override;
  DbResult<std::vector<UserRecord>> without_name_skeleton() override;
  DbResult<Done> set_name_skeleton(UserId id, std::string_view skeleton) override;
  DbResult<std::optional<UserRecord>> find_by_id(UserId id) override;
  DbResult<Done> set_rank(UserId id, Rank rank) override;
  DbResult<Done> set_role(UserId id, Role role) override;
  DbResult<Done> set_banned_until(UserId id, std::optional<TimeMs> until) override;
  DbResult<Done> set_muted_until(UserId id, std::optional<TimeMs> until) override;
  DbResult<Done> set_last_login(UserId id, TimeMs at) override;
  DbResult<std::vector<UserRecord>> inactive_players(TimeMs now_ms, TimeMs idle_ms) override;
  DbResult<Done> retire(const UserRecord& user, TimeMs now_ms) override;
  DbResult<std::vector<UserRecord>> close_inactive(TimeMs now_ms, TimeMs idle_ms) override;
  DbResult<std::vector<UserRecord>> list(const UserQuery& query) override;
  DbResult<std::optional<RetiredName>> find_retired(std::string_view name_key) override;
  DbResult<std::vector<UserRecord>> ranked_at_least(Rank rank) override;

 private:
  Connection& db_;
};

class SqlSessionStore final : public SessionStore {
 public:
  explicit SqlSessionStore(Connection& connection) : db_(connection) {}
  DbResult<Done> create(const SessionRecord& session) override;
  DbResult<std::optional<SessionRecord>> find(std::span<const std::uint8_t> token_hash) override;
  DbResult<Done> extend(std::span<const std::uint8_t> token_hash, TimeMs expires_ms) override;
  DbResult<Done> remove(std::span<const std::uint8_t> token_hash) override;
  DbResult<int> remove_expired(TimeMs now_ms) override;

 private:
  Connection& db_;
};

class SqlGameStore final : public GameStore {
 public:
  explicit SqlGameStore(Connection& connection) : db_(connection) {}
  DbResult<GameId> create(const NewGame& game) override;
  DbResult<Done> append_move(GameId game, const MoveRecord& move, std::string_view clock_state,
                             const GameFence* fence = nullptr) override;
  DbResult<Done> undo_moves(GameId game, int count, std::string_view clock_state) override;
  DbResult<Done> end_game(GameId game, const GameEnd& end, std::span<const RankEvent> rank_events) override;
  DbResult<Done> set_annulled(GameId game) override;
  DbResult<Done> append_chat(GameId game, const ChatRecord& line) override;
  DbResult<std::vector<GameWithMoves>> load_in_progress() override;
  DbResult<std::optional<GameWithMoves>> load(GameId game) override;
  DbResult<std::optional<Profile>> profile(UserId user) override;
  DbResult<std::vector<GameId>> in_progress_of_user(UserId user) override;
  DbResult<std::vector<GameId>> ended_after(GameId after, int limit) override;
  DbResult<GamesInProgress> lock_games_in_progress(UserId user) override;
  DbResult<std::vector<GameSummary>> games_of_user(UserId user, std::optional<GameId> before, int limit) override;
  DbResult<std::vector<GameRecord>> rated_games_of_user(UserId user, TimeMs after_ms) override;

 private:
  // PostgreSQL's move: the fence, the guarded update and the insert in one statement, one round trip.
  DbResult<Done> append_move_at_once(GameId game, const MoveRecord& move, std::string_view clock_state,
                                     const GameFence* fence);
  DbResult<std::vector<MoveRecord>> moves_of(GameId game);
  DbResult<std::vector<ChatRecord>> chat_of(GameId game);
  DbResult<std::vector<engine::Vertex>> final_dead_of(GameId game);
  Connection& db_;
};

class SqlRankStore final : public RankStore {
 public:
  explicit SqlRankStore(Connection& connection) : db_(connection) {}
  DbResult<std::int64_t> record_change(const RankEvent& event) override;
  DbResult<std::vector<RankEvent>> events_of_user(UserId user, int limit) override;
  DbResult<std::vector<RankEvent>> history_of_user(UserId user) override;
  DbResult<Done> supersede(std::int64_t event, TimeMs at_ms) override;
  DbResult<std::int64_t> add_conversion(const RatedConversion& conversion) override;
  DbResult<std::vector<RatedConversion>> conversions_of_user(UserId user) override;
  DbResult<Done> flag_short_game(const ShortGameFlag& flag) override;
  DbResult<std::vector<ShortGameFlag>> short_games_of_user(UserId user, TimeMs since_ms) override;
  DbResult<std::vector<UserId>> players_awaiting_review(int threshold, std::string_view after_name_key,
                                                        int limit) override;
  DbResult<std::vector<GameId>> short_games_awaiting_review(UserId user) override;
  DbResult<Done> add_short_game_review(const ShortGameReview& review) override;
  DbResult<std::int64_t> add_recommendation(const Recommendation& recommendation) override;
  DbResult<std::vector<Recommendation>> recommendations_by(UserId recommender) override;
  DbResult<std::optional<Recommendation>> standing_recommendation_of(UserId user) override;
  DbResult<std::optional<Recommendation>> pending_recommendation_of(UserId user) override;
  DbResult<Done> approve_recommendation(std::int64_t recommendation, Rank former_rank, UserId by,
                                        TimeMs at_ms) override;
  DbResult<Done> reject_recommendation(std::int64_t recommendation, UserId by, TimeMs at_ms) override;
  DbResult<Done> revoke_recommendation(std::int64_t recommendation, UserId by, TimeMs at_ms) override;
  DbResult<std::vector<Recommendation>> recommendations_page(RecommendationFilter filter,
                                                             std::optional<std::int64_t> before, int limit) override;

 private:
  Connection& db_;
};

class SqlModerationStore final : public ModerationStore {
 public:
  explicit SqlModerationStore(Connection& connection) : db_(connection) {}
  DbResult<std::int64_t> add_audit(const AuditEntry& entry) override;
  DbResult<std::vector<AuditEntry>> audit_page(std::optional<std::int64_t> before, int limit) override;
  DbResult<std::int64_t> add_report(const Report& report) override;
  DbResult<std::vector<Report>> open_reports(int limit) override;
  DbResult<Report> close_report(std::int64_t report, UserId handled_by, ReportOutcome outcome, std::string_view note,
                                TimeMs at_ms) override;

 private:
  Connection& db_;
};

class SqlStores final : public Stores {
 public:
  explicit SqlStores(Connection& connection)
      : users_(connection),
        sessions_(connection),
        games_(connection),
        ranks_(connection),
        moderation_(connection),
        tournaments_(connection),
        follows_(connection),
        messages_(connection),
        boards_(connection),
        owners_(connection),
        analyses_(connection),
        bots_(connection),
        problems_(connection) {}
  UserStore& users() override { return users_; }
  SessionStore& sessions() override { return sessions_; }
  GameStore& games() override { return games_; }
  RankStore& ranks() override { return ranks_; }
  ModerationStore& moderation() override { return moderation_; }
  TournamentStore& tournaments() override { return tournaments_; }
  FollowStore& follows() override { return follows_; }
  MessageStore& messages() override { return messages_; }
  BoardStore& boards() override { return boards_; }
  OwnershipStore& owners() override { return owners_; }
  AnalysisStore& analyses() override { return analyses_; }
  BotStore& bots() override { return bots_; }
  ProblemStore& problems() override { return problems_; }

 private:
  SqlUserStore users_;
  SqlSessionStore sessions_;
  SqlGameStore games_;
  SqlRankStore ranks_;
  SqlModerationStore moderation_;
  SqlTournamentStore tournaments_;
  SqlFollowStore follows_;
  SqlMessageStore messages_;
  SqlBoardStore boards_;
  SqlOwnershipStore owners_;
  SqlAnalysisStore analyses_;
  SqlBotStore bots_;
  SqlProblemStore problems_;
};

}  // namespace yunzi::db
