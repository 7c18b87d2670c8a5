#include <catch2/catch.hpp>

#include "server/app/dispatch_rules.hpp"

using namespace yunzi;
using app::Access;
using app::access_of;
namespace req = protocol::req;

TEST_CASE("requests open to anyone") {
  for (const protocol::Request& request :
       {protocol::Request{req::Hello{}}, protocol::Request{req::Register{}}, protocol::Request{req::Login{}},
        protocol::Request{req::Resume{}}, protocol::Request{req::Ping{}}, protocol::Request{req::UserInfo{}},
        protocol::Request{req::UserGames{}}, protocol::Request{req::UserHistory{}}, protocol::Request{req::GameWatch{}},
        protocol::Request{req::GameUnwatch{}}, protocol::Request{req::GameSgf{}}, protocol::Request{req::LobbyWatch{}},
        protocol::Request{req::LobbyUnwatch{}}, protocol::Request{req::BoardWatch{}},
        protocol::Request{req::BoardUnwatch{}}, protocol::Request{req::BoardEstimate{}},
        protocol::Request{req::BoardList{}}}) {
    INFO(protocol::type_of(request));
    CHECK(access_of(request) == Access::open);
  }
}

TEST_CASE("requests that need a login") {
  for (const protocol::Request& request : {protocol::Request{req::Logout{}},
                                           protocol::Request{req::SeekCreate{}},
                                           protocol::Request{req::SeekAccept{}},
                                           protocol::Request{req::Challenge{}},
                                           protocol::Request{req::ChallengeDecline{}},
                                           protocol::Request{req::GameMove{}},
                                           protocol::Request{req::GameChat{}},
                                           protocol::Request{req::GameResign{}},
                                           protocol::Request{req::Report{}},
                                           protocol::Request{req::RankRecommend{}},
                                           protocol::Request{req::LobbyChat{}},
                                           protocol::Request{req::MessageSend{}},
                                           protocol::Request{req::MessageHistory{}},
                                           protocol::Request{req::MessageConversations{}},
                                           protocol::Request{req::MessageRead{}},
                                           protocol::Request{req::TournamentList{}},
                                           protocol::Request{req::TournamentStandings{}},
                                           protocol::Request{req::TournamentRegister{}},
                                           protocol::Request{req::TournamentWithdraw{}},
                                           protocol::Request{req::BoardCreate{}},
                                           protocol::Request{req::BoardPlay{}},
                                           protocol::Request{req::BoardGoto{}},
                                           protocol::Request{req::BoardCut{}},
                                           protocol::Request{req::BoardDelete{}},
                                           protocol::Request{req::GameEstimate{}}}) {
    INFO(protocol::type_of(request));
    CHECK(access_of(request) == Access::login);
  }
}

TEST_CASE("every admin request needs the admin role") {
  for (const protocol::Request& request :
       {protocol::Request{req::AdminBan{}}, protocol::Request{req::AdminUnban{}}, protocol::Request{req::AdminMute{}},
        protocol::Request{req::AdminKick{}}, protocol::Request{req::AdminAnnul{}},
        protocol::Request{req::AdminSetRank{}}, protocol::Request{req::AdminBroadcast{}},
        protocol::Request{req::AdminReports{}}, protocol::Request{req::AdminAudit{}},
        protocol::Request{req::AdminReview{}}, protocol::Request{req::AdminRevokeRecommendation{}},
        protocol::Request{req::AdminTournamentCreate{}}, protocol::Request{req::AdminTournamentStart{}},
        protocol::Request{req::AdminTournamentRepair{}}, protocol::Request{req::AdminTournamentResult{}},
        protocol::Request{req::AdminTournamentWithdraw{}}, protocol::Request{req::AdminResolveReport{}},
        protocol::Request{req::AdminRetireInactive{}}}) {
    INFO(protocol::type_of(request));
    CHECK(access_of(request) == Access::admin);
  }
}

TEST_CASE("game requests other than watch, unwatch, sgf and estimate go to the room") {
  STATIC_REQUIRE(app::is_room_request<req::GameMove>());
  STATIC_REQUIRE(app::is_room_request<req::GameResign>());
  STATIC_REQUIRE_FALSE(app::is_room_request<req::GameEstimate>());
  STATIC_REQUIRE_FALSE(app::is_room_request<req::GameWatch>());
  STATIC_REQUIRE_FALSE(app::is_room_request<req::GameSgf>());
  STATIC_REQUIRE_FALSE(app::is_room_request<req::Ping>());
}
