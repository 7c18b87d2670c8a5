// The admins' tools for the rank rules that need a person: the review list
// of short rated games and keeping them, and the 6d recommendations (the
// queue, approval, rejection, revocation and the listing with warnings).
// The role was checked by the dispatcher; admin_requests.cpp routes here.
#pragma once

#include "protocol/requests.hpp"
#include "server/app/call.hpp"
#include "server/app/desks.hpp"

namespace yunzi::app {

void admin(const AdminDesk& desk, const Call& call, const protocol::req::AdminReview& r);
void admin(const AdminDesk& desk, const Call& call, const protocol::req::AdminKeepShortGames& r);
void admin(const AdminDesk& desk, const Call& call, const protocol::req::AdminRecommendations& r);
void admin(const AdminDesk& desk, const Call& call, const protocol::req::AdminApproveRecommendation& r);
void admin(const AdminDesk& desk, const Call& call, const protocol::req::AdminRejectRecommendation& r);
void admin(const AdminDesk& desk, const Call& call, const protocol::req::AdminRevokeRecommendation& r);

}  // namespace yunzi::app
