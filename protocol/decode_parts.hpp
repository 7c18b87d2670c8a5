// Internal to the decoder: read_fields() for every request with fields,
// one overload per type, defined by area (session, lobby, game, user,
// admin). Requests without fields (logout, lobby.watch, lobby.unwatch) have
// no overload; the dispatcher notices.
#pragma once

#include "protocol/json_fields.hpp"
#include "protocol/requests.hpp"
#include "protocol/text.hpp"

namespace yunzi::protocol {

// decode_session.cpp
void read_fields(FieldReader& r, req::Hello& out);
void read_fields(FieldReader& r, req::Register& out);
void read_fields(FieldReader& r, req::Login& out);
void read_fields(FieldReader& r, req::Resume& out);
void read_fields(FieldReader& r, req::Ping& out);

// decode_lobby.cpp
void read_fields(FieldReader& r, req::SeekCreate& out);
void read_fields(FieldReader& r, req::SeekCancel& out);
void read_fields(FieldReader& r, req::SeekAccept& out);
void read_fields(FieldReader& r, req::AutomatchJoin& out);
void read_fields(FieldReader& r, req::AutomatchLeave& out);
void read_fields(FieldReader& r, req::Challenge& out);
void read_fields(FieldReader& r, req::ChallengeAccept& out);
void read_fields(FieldReader& r, req::ChallengeDecline& out);
void read_fields(FieldReader& r, req::LobbyChat& out);

// decode_settings.cpp: `settings` of a seek or challenge; absent = defaults
// (and no clock).
RequestedSettings read_settings(FieldReader& r, std::string_view name);

// decode_game.cpp
void read_fields(FieldReader& r, req::GameWatch& out);
void read_fields(FieldReader& r, req::GameUnwatch& out);
void read_fields(FieldReader& r, req::GameMove& out);
void read_fields(FieldReader& r, req::GamePass& out);
void read_fields(FieldReader& r, req::GameResign& out);
void read_fields(FieldReader& r, req::GameUndo& out);
void read_fields(FieldReader& r, req::GameUndoAccept& out);
void read_fields(FieldReader& r, req::GameUndoDecline& out);
void read_fields(FieldReader& r, req::GameDead& out);
void read_fields(FieldReader& r, req::GameScoreAccept& out);
void read_fields(FieldReader& r, req::GameScoreResume& out);
void read_fields(FieldReader& r, req::GameChat& out);
void read_fields(FieldReader& r, req::GameSgf& out);

// decode_user.cpp
void read_fields(FieldReader& r, req::UserInfo& out);
void read_fields(FieldReader& r, req::UserGames& out);
void read_fields(FieldReader& r, req::UserSearch& out);
void read_fields(FieldReader& r, req::Follow& out);
void read_fields(FieldReader& r, req::Unfollow& out);
void read_fields(FieldReader& r, req::Follows& out);
void read_fields(FieldReader& r, req::UserHistory& out);
void read_fields(FieldReader& r, req::Report& out);
void read_fields(FieldReader& r, req::RankRecommend& out);

// decode_message.cpp
void read_fields(FieldReader& r, req::MessageSend& out);
void read_fields(FieldReader& r, req::MessageHistory& out);
void read_fields(FieldReader& r, req::MessageConversations& out);
void read_fields(FieldReader& r, req::MessageRead& out);

// decode_board.cpp
void read_fields(FieldReader& r, req::BoardCreate& out);
void read_fields(FieldReader& r, req::BoardWatch& out);
void read_fields(FieldReader& r, req::BoardUnwatch& out);
void read_fields(FieldReader& r, req::BoardPlay& out);
void read_fields(FieldReader& r, req::BoardGoto& out);
void read_fields(FieldReader& r, req::BoardCut& out);
void read_fields(FieldReader& r, req::BoardEstimate& out);
void read_fields(FieldReader& r, req::BoardList& out);
void read_fields(FieldReader& r, req::BoardDelete& out);
void read_fields(FieldReader& r, req::GameEstimate& out);

// decode_analysis.cpp
void read_fields(FieldReader& r, req::AnalysisRequest& out);
void read_fields(FieldReader& r, req::AnalysisGet& out);
void read_fields(FieldReader& r, req::AnalysisClaim& out);
void read_fields(FieldReader& r, req::AnalysisReport& out);
void read_fields(FieldReader& r, req::AnalysisFinish& out);
void read_fields(FieldReader& r, req::AnalysisFail& out);
// decode_bot.cpp
void read_fields(FieldReader& r, req::BotOfferSet& out);
void read_fields(FieldReader& r, req::BotList& out);
// decode_problem.cpp
void read_fields(FieldReader& r, req::ProblemList& out);
void read_fields(FieldReader& r, req::ProblemGet& out);
void read_fields(FieldReader& r, req::ProblemMove& out);
void read_fields(FieldReader& r, req::ProblemRetry& out);
void read_fields(FieldReader& r, req::ProblemHint& out);
void read_fields(FieldReader& r, req::ProblemStats& out);
void read_fields(FieldReader& r, req::ProblemImport& out);

// decode_admin.cpp
void read_fields(FieldReader& r, req::AdminBan& out);
void read_fields(FieldReader& r, req::AdminUnban& out);
void read_fields(FieldReader& r, req::AdminMute& out);
void read_fields(FieldReader& r, req::AdminKick& out);
void read_fields(FieldReader& r, req::AdminAnnul& out);
void read_fields(FieldReader& r, req::AdminSetRank& out);
void read_fields(FieldReader& r, req::AdminBroadcast& out);
void read_fields(FieldReader& r, req::AdminReports& out);
void read_fields(FieldReader& r, req::AdminAudit& out);
void read_fields(FieldReader& r, req::AdminReview& out);
void read_fields(FieldReader& r, req::AdminKeepShortGames& out);
void read_fields(FieldReader& r, req::AdminRecommendations& out);
void read_fields(FieldReader& r, req::AdminApproveRecommendation& out);
void read_fields(FieldReader& r, req::AdminRejectRecommendation& out);
void read_fields(FieldReader& r, req::AdminRevokeRecommendation& out);
void read_fields(FieldReader& r, req::AdminResolveReport& out);
void read_fields(FieldReader& r, req::AdminRetireInactive& out);

// decode_tournament.cpp
void read_fields(FieldReader& r, req::TournamentList& out);
void read_fields(FieldReader& r, req::TournamentInfo& out);
void read_fields(FieldReader& r, req::TournamentPairings& out);
void read_fields(FieldReader& r, req::TournamentStandings& out);
void read_fields(FieldReader& r, req::TournamentRegister& out);
void read_fields(FieldReader& r, req::TournamentWithdraw& out);
void read_fields(FieldReader& r, req::AdminTournamentCreate& out);
void read_fields(FieldReader& r, req::AdminTournamentEdit& out);
void read_fields(FieldReader& r, req::AdminTournamentEnd& out);
void read_fields(FieldReader& r, req::AdminTournamentStart& out);
void read_fields(FieldReader& r, req::AdminTournamentRepair& out);
void read_fields(FieldReader& r, req::AdminTournamentResult& out);
void read_fields(FieldReader& r, req::AdminTournamentWithdraw& out);

// Text rules shared by several areas.
inline constexpr TextRule reason_rule{1, max_reason_chars, true};

}  // namespace yunzi::protocol
