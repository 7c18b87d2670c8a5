// One struct per request type of protocol v1 (plus the extensions
// lobby.chat, message.*, board.*, game.estimate, user.history, rank.recommend, the admins' rank requests,
// problem.* and the others of protocol/README.md), the `Request` variant of them all and the decoded envelope. Every
// field has been validated by decode_request(); ids of games, seeks and challenges are positive.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/rank.hpp"
#include "core/role.hpp"
#include "engine/types.hpp"
#include "protocol/settings.hpp"
#include "protocol/tournament_requests.hpp"

namespace yunzi::protocol {

// A vertex as the client wrote it, checked for shape only ("pass" or a
// column letter without I and a row 1..25), normalised to upper case; only
// the game knows its board size, so it resolves the point.
struct VertexText {
  std::string text;  // "Q16" or "pass"

  bool is_pass() const { return text == "pass"; }
  // The point on a board of `size`, nullopt for a pass or off the board.
  std::optional<engine::Vertex> on_board(int size) const { return engine::parse_gtp(text, size); }
  friend bool operator==(const VertexText&, const VertexText&) = default;
};

// `t` of a ping, echoed exactly as sent: an integer stays an integer.
using ClientTime = std::variant<std::int64_t, double>;

enum class ChatChannel { players, spectators };
std::string_view to_string(ChatChannel channel);

// A listing of 6d recommendations by state (`status` of admin.recommendations).
enum class RecommendationState { pending, approved, rejected, revoked };
std::string_view to_string(RecommendationState state);
std::optional<RecommendationState> parse_recommendation_state(std::string_view text);

// Where admin.revoke_recommendation puts the user: the former rank or 1d.
enum class RevokeTo { former, first_dan };

inline constexpr int max_list_limit = 100;
// Game ids one admin.keep_short_games may name.
inline constexpr std::size_t max_kept_games = 100;
inline constexpr int default_list_limit = 20;
inline constexpr int max_sanction_minutes = 60 * 24 * 366 * 10;

namespace req {

// One line a request: the table reads as the protocol's list of types.
// clang-format off

// Session
struct Hello { static constexpr std::string_view type = "hello"; int protocol = 1; std::optional<std::string> client; };
struct Register { static constexpr std::string_view type = "register"; std::string name; std::string password; Rank rank; };
struct Login { static constexpr std::string_view type = "login"; std::string name; std::string password; };
struct Resume { static constexpr std::string_view type = "resume"; std::string token; };
struct Logout { static constexpr std::string_view type = "logout"; };
struct Ping { static constexpr std::string_view type = "ping"; std::optional<ClientTime> t; };

// Lobby and matchmaking
struct LobbyWatch { static constexpr std::string_view type = "lobby.watch"; };
struct LobbyUnwatch { static constexpr std::string_view type = "lobby.unwatch"; };
struct SeekCreate { static constexpr std::string_view type = "seek.create"; RequestedSettings settings; };
struct SeekCancel { static constexpr std::string_view type = "seek.cancel"; std::int64_t seek = 0; };
struct SeekAccept { static constexpr std::string_view type = "seek.accept"; std::int64_t seek = 0; };
// Quick play: paired with the longest-waiting player asking for the same settings.
struct AutomatchJoin { static constexpr std::string_view type = "automatch.join"; RequestedSettings settings; };
struct AutomatchLeave { static constexpr std::string_view type = "automatch.leave"; };
struct Challenge { static constexpr std::string_view type = "challenge"; std::string to; RequestedSettings settings; };
struct ChallengeAccept { static constexpr std::string_view type = "challenge.accept"; std::int64_t challenge = 0; };
// A line in the lobby's chat room, for every connection that watches the lobby.
struct LobbyChat { static constexpr std::string_view type = "lobby.chat"; std::string text; };
struct ChallengeDecline {
  static constexpr std::string_view type = "challenge.decline";
  std::int64_t challenge = 0;
  std::optional<std::string> reason;  // passed on to the challenger
};

// Games
struct GameWatch { static constexpr std::string_view type = "game.watch"; std::int64_t game = 0; std::optional<std::int64_t> since; };
struct GameUnwatch { static constexpr std::string_view type = "game.unwatch"; std::int64_t game = 0; };
struct GameMove { static constexpr std::string_view type = "game.move"; std::int64_t game = 0; VertexText vertex; };
struct GamePass { static constexpr std::string_view type = "game.pass"; std::int64_t game = 0; };
struct GameResign { static constexpr std::string_view type = "game.resign"; std::int64_t game = 0; };
struct GameUndo { static constexpr std::string_view type = "game.undo"; std::int64_t game = 0; };
struct GameUndoAccept { static constexpr std::string_view type = "game.undo.accept"; std::int64_t game = 0; };
struct GameUndoDecline { static constexpr std::string_view type = "game.undo.decline"; std::int64_t game = 0; };
struct GameDead { static constexpr std::string_view type = "game.dead"; std::int64_t game = 0; VertexText vertex; bool dead = true; };
// `marking_version`: the version of the marking the player agrees to (game.scoring, state).
struct GameScoreAccept { static constexpr std::string_view type = "game.score.accept"; std::int64_t game = 0; std::int64_t marking_version = 0; };
struct GameScoreResume { static constexpr std::string_view type = "game.score.resume"; std::int64_t game = 0; };
// `channel` absent: the sender's own (players for the two players, spectators for everyone else).
struct GameChat { static constexpr std::string_view type = "game.chat"; std::int64_t game = 0; std::string text; std::optional<ChatChannel> channel; };
struct GameSgf { static constexpr std::string_view type = "game.sgf"; std::int64_t game = 0; };

// Users
struct UserInfo { static constexpr std::string_view type = "user.info"; std::string name; };
// Players whose name holds `name` (in name-key form), by name.
struct UserSearch { static constexpr std::string_view type = "user.search"; std::string name; int limit = default_list_limit; };
struct Follow { static constexpr std::string_view type = "follow"; std::string user; };
struct Unfollow { static constexpr std::string_view type = "unfollow"; std::string user; };
struct Follows { static constexpr std::string_view type = "follows"; };
struct UserGames { static constexpr std::string_view type = "user.games"; std::string name; std::optional<std::int64_t> before; int limit = default_list_limit; };
struct UserHistory { static constexpr std::string_view type = "user.history"; std::string name; std::optional<std::int64_t> before; int limit = default_list_limit; };
struct Report { static constexpr std::string_view type = "report"; std::string user; std::optional<std::int64_t> game; std::string reason; };
struct RankRecommend { static constexpr std::string_view type = "rank.recommend"; std::string user; };

// Private messages between two users (online or not), kept in the database.
struct MessageSend { static constexpr std::string_view type = "message.send"; std::string to; std::string text; };
// `before`: a message id; the page holds older messages.
struct MessageHistory { static constexpr std::string_view type = "message.history"; std::string with; std::optional<std::int64_t> before; int limit = default_list_limit; };
struct MessageConversations { static constexpr std::string_view type = "message.conversations"; int limit = default_list_limit; };
struct MessageRead { static constexpr std::string_view type = "message.read"; std::string with; };

// Analysis and demo boards: a move tree owned by one user (board_messages.hpp has the payloads).
// At most one source: `game` (with `move`: the first moves kept) or `sgf`.
inline constexpr std::size_t max_board_title_chars = 80;
struct BoardCreate {
  static constexpr std::string_view type = "board.create";
  int size = 19;
  double komi = 7.5;
  int handicap = 0;
  std::string title;
  std::optional<std::int64_t> game;
  std::optional<std::int64_t> move;
  std::optional<std::int64_t> at;  // with `game`: the current node after this many moves
  std::optional<std::string> sgf;
};
struct BoardWatch { static constexpr std::string_view type = "board.watch"; std::int64_t board = 0; };
struct BoardUnwatch { static constexpr std::string_view type = "board.unwatch"; std::int64_t board = 0; };
// `from`: a node id (0 is the root).
struct BoardPlay { static constexpr std::string_view type = "board.play"; std::int64_t board = 0; std::int64_t from = 0; VertexText vertex; };
struct BoardGoto { static constexpr std::string_view type = "board.goto"; std::int64_t board = 0; std::int64_t node = 0; };
struct BoardCut { static constexpr std::string_view type = "board.cut"; std::int64_t board = 0; std::int64_t node = 0; };
struct BoardEstimate { static constexpr std::string_view type = "board.estimate"; std::int64_t board = 0; std::int64_t node = 0; };
// `user` absent: the caller's own boards.
struct BoardList { static constexpr std::string_view type = "board.list"; std::optional<std::string> user; };
struct BoardDelete { static constexpr std::string_view type = "board.delete"; std::int64_t board = 0; };
// `move` absent: the game's current position.
struct GameEstimate { static constexpr std::string_view type = "game.estimate"; std::int64_t game = 0; std::optional<std::int64_t> move; };

// The machine's review of a finished game (analysis.*): asked and read by
// players; claimed, reported and finished by review workers (bot accounts).
inline constexpr std::size_t max_positions_per_report = 50;
inline constexpr std::size_t max_engine_moves = 10;  // best moves kept of one position
inline constexpr std::size_t max_engine_line = 30;   // moves of one principal variation
struct EngineMove {
  VertexText vertex;
  std::optional<double> score;    // Black's lead after it, in points
  std::optional<double> winrate;  // Black's, 0..1
  std::optional<std::int64_t> visits;
  std::vector<VertexText> line;  // the engine's principal variation, the move first
  friend bool operator==(const EngineMove&, const EngineMove&) = default;
};
// The engine's view of the position after `move` moves (0: the start).
struct AnalysedPosition {
  int move = 0;
  std::optional<double> score;
  std::optional<double> winrate;
  std::vector<EngineMove> best;  // the engine's preferred moves, best first
  friend bool operator==(const AnalysedPosition&, const AnalysedPosition&) = default;
};
struct AnalysisRequest { static constexpr std::string_view type = "analysis.request"; std::int64_t game = 0; };
struct AnalysisGet { static constexpr std::string_view type = "analysis.get"; std::int64_t game = 0; };
struct AnalysisClaim { static constexpr std::string_view type = "analysis.claim"; std::string engine; };
struct AnalysisReport {
  static constexpr std::string_view type = "analysis.report";
  std::int64_t analysis = 0;
  std::vector<AnalysedPosition> positions;
};
struct AnalysisFinish { static constexpr std::string_view type = "analysis.finish"; std::int64_t analysis = 0; };
struct AnalysisFail { static constexpr std::string_view type = "analysis.fail"; std::int64_t analysis = 0; std::string reason; };

// Machine opponents: what a bot account plays (bot.offer, bots only) and the list of bots (bot.list).
struct BotOffer {
  std::string engine;    // the engine's own name: "GNU Go 3.8"
  std::string strength;  // in words: "level 1, a third of the moves at random"
  std::vector<int> sizes;
  bool rated = false;
  bool unrated = true;
  int min_handicap = 0;
  int max_handicap = 9;
  std::vector<TimeSystem> clocks;
  int seconds_per_move = 0;  // the least time per move a clock must leave (as in the bot's own rule)
  int min_main_s = 0;
  int max_main_s = 36'000;
  int max_games = 1;
  friend bool operator==(const BotOffer&, const BotOffer&) = default;
};
struct BotOfferSet { static constexpr std::string_view type = "bot.offer"; BotOffer offer; };
struct BotList { static constexpr std::string_view type = "bot.list"; };

// Life-and-death problems (problem.*); problem.import is an admin's (the role is checked as for admin.*).
inline constexpr std::size_t max_problem_theme_chars = 40;
inline constexpr std::size_t max_imported_themes = 8;
struct ProblemThemes { static constexpr std::string_view type = "problem.themes"; };
struct ProblemList { static constexpr std::string_view type = "problem.list"; std::optional<std::string> theme; std::optional<Rank> grade_from; std::optional<Rank> grade_to; std::optional<std::int64_t> after; int limit = default_list_limit; };
// `problem` absent: the day's problem (`daily: true`).
struct ProblemGet { static constexpr std::string_view type = "problem.get"; std::optional<std::int64_t> problem; };
struct ProblemMove { static constexpr std::string_view type = "problem.move"; std::int64_t problem = 0; VertexText move; };
struct ProblemRetry { static constexpr std::string_view type = "problem.retry"; std::int64_t problem = 0; };
struct ProblemHint { static constexpr std::string_view type = "problem.hint"; std::int64_t problem = 0; };
struct ProblemStats { static constexpr std::string_view type = "problem.stats"; std::string user; };
struct ProblemImport { static constexpr std::string_view type = "problem.import"; std::string sgf; std::vector<std::string> themes; };

// Admin
struct AdminBan { static constexpr std::string_view type = "admin.ban"; std::string user; std::optional<int> minutes; std::string reason; };
struct AdminUnban { static constexpr std::string_view type = "admin.unban"; std::string user; std::string reason; };
struct AdminMute { static constexpr std::string_view type = "admin.mute"; std::string user; int minutes = 0; std::string reason; };
struct AdminKick { static constexpr std::string_view type = "admin.kick"; std::string user; std::string reason; };
struct AdminAnnul { static constexpr std::string_view type = "admin.annul"; std::int64_t game = 0; std::string reason; };
struct AdminSetRank { static constexpr std::string_view type = "admin.set_rank"; std::string user; Rank rank; std::string reason; };
struct AdminBroadcast { static constexpr std::string_view type = "admin.broadcast"; std::string text; };
struct AdminReports { static constexpr std::string_view type = "admin.reports"; int limit = default_list_limit; };
struct AdminAudit { static constexpr std::string_view type = "admin.audit"; int limit = default_list_limit; std::optional<std::int64_t> before; };
// `after`: a user name; the page starts after it in name order.
struct AdminReview { static constexpr std::string_view type = "admin.review"; int limit = default_list_limit; std::optional<std::string> after; };
// `games` absent: every short game of the user awaiting review.
struct AdminKeepShortGames { static constexpr std::string_view type = "admin.keep_short_games"; std::string user; std::optional<std::vector<std::int64_t>> games; std::string reason; };
struct AdminRecommendations { static constexpr std::string_view type = "admin.recommendations"; int limit = default_list_limit; std::optional<std::int64_t> before; std::optional<RecommendationState> status; };
struct AdminApproveRecommendation { static constexpr std::string_view type = "admin.approve_recommendation"; std::string user; std::string reason; };
struct AdminRejectRecommendation { static constexpr std::string_view type = "admin.reject_recommendation"; std::string user; std::string reason; };
struct AdminRevokeRecommendation { static constexpr std::string_view type = "admin.revoke_recommendation"; std::string user; RevokeTo to = RevokeTo::former; std::string reason; };
enum class ReportOutcome { resolved, dismissed };
struct AdminResolveReport {
  static constexpr std::string_view type = "admin.resolve_report";
  std::int64_t report = 0;
  ReportOutcome outcome = ReportOutcome::resolved;
  std::string note;
};
inline constexpr int default_retire_days = 3 * 365;
inline constexpr int max_retire_days = 36'500;
struct AdminRetireInactive {
  static constexpr std::string_view type = "admin.retire_inactive";
  int days = default_retire_days;
  bool dry_run = false;  // list who would go, change nothing
};

// clang-format on

}  // namespace req

using Request = std::variant<
    req::Hello, req::Register, req::Login, req::Resume, req::Logout, req::Ping, req::LobbyWatch, req::LobbyUnwatch,
    req::SeekCreate, req::SeekCancel, req::SeekAccept, req::AutomatchJoin, req::AutomatchLeave, req::Challenge,
    req::ChallengeAccept, req::ChallengeDecline, req::LobbyChat, req::GameWatch, req::GameUnwatch, req::GameMove,
    req::GamePass, req::GameResign, req::GameUndo, req::GameUndoAccept, req::GameUndoDecline, req::GameDead,
    req::GameScoreAccept, req::GameScoreResume, req::GameChat, req::GameSgf, req::GameEstimate, req::UserInfo,
    req::UserSearch, req::Follow, req::Unfollow, req::Follows, req::UserGames, req::UserHistory, req::Report,
    req::RankRecommend, req::MessageSend, req::MessageHistory, req::MessageConversations, req::MessageRead,
    req::BoardCreate, req::BoardWatch, req::BoardUnwatch, req::BoardPlay, req::BoardGoto, req::BoardCut,
    req::BoardEstimate, req::BoardList, req::BoardDelete, req::AdminBan, req::AdminUnban, req::AdminMute,
    req::AdminKick, req::AdminAnnul, req::AdminSetRank, req::AdminBroadcast, req::AdminReports, req::AdminAudit,
    req::AdminReview, req::AdminKeepShortGames, req::AdminRecommendations, req::AdminApproveRecommendation,
    req::AdminRejectRecommendation, req::AdminRevokeRecommendation, req::TournamentList, req::TournamentInfo,
    req::TournamentPairings, req::TournamentStandings, req::TournamentRegister, req::TournamentWithdraw,
    req::AdminTournamentCreate, req::AdminTournamentEdit, req::AdminTournamentEnd, req::AdminTournamentStart,
    req::AdminTournamentRepair, req::AdminTournamentResult, req::AdminTournamentWithdraw, req::AdminResolveReport,
    req::AdminRetireInactive, req::AnalysisRequest, req::AnalysisGet, req::AnalysisClaim, req::AnalysisReport,
    req::AnalysisFinish, req::AnalysisFail, req::BotOfferSet, req::BotList, req::ProblemThemes, req::ProblemList,
    req::ProblemGet, req::ProblemMove, req::ProblemRetry, req::ProblemHint, req::ProblemStats, req::ProblemImport>;

// The wire `type` of a decoded request.
std::string_view type_of(const Request& request);

struct Envelope {
  std::optional<std::int64_t> id;  // echoed as `re`
  Request request;
};

}  // namespace yunzi::protocol
