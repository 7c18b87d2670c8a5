// The request handlers, by area: each takes its area's desk (desks.hpp).
// They are defined in this folder, in one file or more per area named after
// what it handles (*_requests.cpp, tournament_admin.cpp); an area with
// several files may declare its handlers in a header of its own
// (tournament_requests.hpp, admin_rank_requests.hpp). Each sends exactly one
// reply per request, now or later.
#pragma once

#include "protocol/requests.hpp"
#include "server/app/call.hpp"
#include "server/app/desks.hpp"
#include "server/app/tournament_requests.hpp"

namespace yunzi::app {

namespace req = protocol::req;

// Session
void handle(const SessionDesk& desk, const Call& call, const req::Hello& r);
void handle(const SessionDesk& desk, const Call& call, const req::Register& r);
void handle(const SessionDesk& desk, const Call& call, const req::Login& r);
void handle(const SessionDesk& desk, const Call& call, const req::Resume& r);
void handle(const SessionDesk& desk, const Call& call, const req::Logout& r);
void handle(const SessionDesk& desk, const Call& call, const req::Ping& r);

// Lobby and matchmaking
void handle(const LobbyDesk& desk, const Call& call, const req::LobbyWatch& r);
void handle(const LobbyDesk& desk, const Call& call, const req::LobbyUnwatch& r);
void handle(const LobbyDesk& desk, const Call& call, const req::SeekCreate& r);
void handle(const LobbyDesk& desk, const Call& call, const req::SeekCancel& r);
void handle(const LobbyDesk& desk, const Call& call, const req::SeekAccept& r);
void handle(const LobbyDesk& desk, const Call& call, const req::AutomatchJoin& r);
void handle(const LobbyDesk& desk, const Call& call, const req::AutomatchLeave& r);
void handle(const LobbyDesk& desk, const Call& call, const req::Challenge& r);
void handle(const LobbyDesk& desk, const Call& call, const req::ChallengeAccept& r);
void handle(const LobbyDesk& desk, const Call& call, const req::ChallengeDecline& r);
void handle(const LobbyDesk& desk, const Call& call, const req::LobbyChat& r);

// Games: watch, unwatch and sgf here; every other game.* goes to the room as is.
void handle(const GameDesk& desk, const Call& call, const req::GameWatch& r);
void handle(const GameDesk& desk, const Call& call, const req::GameUnwatch& r);
void handle(const GameDesk& desk, const Call& call, const req::GameSgf& r);
// `text`: the request as the client sent it, for the node that runs the game when another does.
void forward_to_room(const GameDesk& desk, const Call& call, std::int64_t game, protocol::Request request,
                     const std::string& text);

// Users
void handle(const UserDesk& desk, const Call& call, const req::UserInfo& r);
void handle(const UserDesk& desk, const Call& call, const req::UserGames& r);
void handle(const UserDesk& desk, const Call& call, const req::UserSearch& r);
void handle(const UserDesk& desk, const Call& call, const req::Follow& r);
void handle(const UserDesk& desk, const Call& call, const req::Unfollow& r);
void handle(const UserDesk& desk, const Call& call, const req::Follows& r);
// Machine opponents (bot_requests.cpp)
void handle(const UserDesk& desk, const Call& call, const req::BotOfferSet& r);
void handle(const LobbyDesk& desk, const Call& call, const req::BotList& r);
void handle(const UserDesk& desk, const Call& call, const req::UserHistory& r);
void handle(const UserDesk& desk, const Call& call, const req::Report& r);
void handle(const UserDesk& desk, const Call& call, const req::RankRecommend& r);

// Private messages (message_requests.cpp)
void handle(const MessageDesk& desk, const Call& call, const req::MessageSend& r);
void handle(const MessageDesk& desk, const Call& call, const req::MessageHistory& r);
void handle(const MessageDesk& desk, const Call& call, const req::MessageConversations& r);
void handle(const MessageDesk& desk, const Call& call, const req::MessageRead& r);

// Analysis boards (board_requests.cpp; one board's state lives in the board service)
void handle(const BoardDesk& desk, const Call& call, const req::BoardCreate& r);
void handle(const BoardDesk& desk, const Call& call, const req::BoardList& r);
void handle(const BoardDesk& desk, const Call& call, const req::BoardWatch& r);
void handle(const BoardDesk& desk, const Call& call, const req::BoardUnwatch& r);
void handle(const BoardDesk& desk, const Call& call, const req::BoardPlay& r);
void handle(const BoardDesk& desk, const Call& call, const req::BoardGoto& r);
void handle(const BoardDesk& desk, const Call& call, const req::BoardCut& r);
void handle(const BoardDesk& desk, const Call& call, const req::BoardDelete& r);
// Score estimates (estimate_requests.cpp)
void handle(const BoardDesk& desk, const Call& call, const req::BoardEstimate& r);
void handle(const BoardDesk& desk, const Call& call, const req::GameEstimate& r);

// The machine's review (analysis_requests.cpp)
void handle(const AnalysisDesk& desk, const Call& call, const req::AnalysisRequest& r);
void handle(const AnalysisDesk& desk, const Call& call, const req::AnalysisGet& r);
void handle(const AnalysisDesk& desk, const Call& call, const req::AnalysisClaim& r);
void handle(const AnalysisDesk& desk, const Call& call, const req::AnalysisReport& r);
void handle(const AnalysisDesk& desk, const Call& call, const req::AnalysisFinish& r);
void handle(const AnalysisDesk& desk, const Call& call, const req::AnalysisFail& r);

// Life-and-death problems: the library (problem_library_requests.cpp), attempts (problem_attempts.cpp) and
// imports (problem_import.cpp; an admin's, the role checked before it runs)
void handle(const ProblemDesk& desk, const Call& call, const req::ProblemThemes& r);
void handle(const ProblemDesk& desk, const Call& call, const req::ProblemList& r);
void handle(const ProblemDesk& desk, const Call& call, const req::ProblemGet& r);
void handle(const ProblemDesk& desk, const Call& call, const req::ProblemStats& r);
void handle(const ProblemDesk& desk, const Call& call, const req::ProblemMove& r);
void handle(const ProblemDesk& desk, const Call& call, const req::ProblemRetry& r);
void handle(const ProblemDesk& desk, const Call& call, const req::ProblemHint& r);
void handle(const ProblemDesk& desk, const Call& call, const req::ProblemImport& r);

// Admin: the role is checked before these run.
void handle_admin(const AdminDesk& desk, const Call& call, const protocol::Request& request);

}  // namespace yunzi::app
