// From one text frame to its handler: decode (bad_request / unknown_type
// with `re`), the rate limit, the access rule (unauthenticated, forbidden
// for non-admins with a log line), then the area's handler.
#pragma once

#include <string>

#include "server/app/call.hpp"
#include "server/app/desks.hpp"
#include "server/session/session.hpp"

namespace yunzi::app {

// On the session's strand.
void dispatch(const Desks& desks, db::ReadPool& reads, const NowMs& now_ms, const session::SessionPtr& session,
              std::string text, bool over_rate_limit);

}  // namespace yunzi::app
