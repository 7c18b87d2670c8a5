// tournament.* and admin.tournament.* handlers (tournament_requests.cpp,
// tournament_admin.cpp). Reads come from the read pool; every change goes
// through the tournament service, which advances the tournament after it.
#pragma once

#include "db/error.hpp"
#include "protocol/requests.hpp"
#include "server/app/call.hpp"
#include "server/app/desks.hpp"

namespace yunzi::app {

void handle(const TournamentDesk& desk, const Call& call, const protocol::req::TournamentList& r);
void handle(const TournamentDesk& desk, const Call& call, const protocol::req::TournamentInfo& r);
void handle(const TournamentDesk& desk, const Call& call, const protocol::req::TournamentPairings& r);
void handle(const TournamentDesk& desk, const Call& call, const protocol::req::TournamentStandings& r);
void handle(const TournamentDesk& desk, const Call& call, const protocol::req::TournamentRegister& r);
void handle(const TournamentDesk& desk, const Call& call, const protocol::req::TournamentWithdraw& r);

void admin(const AdminDesk& desk, const Call& call, const protocol::req::AdminTournamentCreate& r);
void admin(const AdminDesk& desk, const Call& call, const protocol::req::AdminTournamentEdit& r);
void admin(const AdminDesk& desk, const Call& call, const protocol::req::AdminTournamentEnd& r);
void admin(const AdminDesk& desk, const Call& call, const protocol::req::AdminTournamentStart& r);
void admin(const AdminDesk& desk, const Call& call, const protocol::req::AdminTournamentRepair& r);
void admin(const AdminDesk& desk, const Call& call, const protocol::req::AdminTournamentResult& r);
void admin(const AdminDesk& desk, const Call& call, const protocol::req::AdminTournamentWithdraw& r);

// A failed tournament change as the reply's error.
void reply_change_error(const Call& call, const db::DbError& error);

}  // namespace yunzi::app
