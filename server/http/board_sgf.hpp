// An analysis board over plain HTTP: GET /boards/{id}.sgf, the whole tree
// with its variations (FF[4], CA[UTF-8], SZ, KM, HA, AB/AW, GN from the
// title, PB/PW when the board was copied or imported). A board changes, so
// it is never cached.
#pragma once

#include <optional>
#include <string>

#include "db/board_records.hpp"
#include "db/read_pool.hpp"
#include "server/net/http_types.hpp"

namespace yunzi::http {

// The board as SGF text: one node per board node, children in the order they were made.
std::string board_sgf(const db::BoardRecord& board);

// Takes GET/HEAD of /boards/{id}.sgf (true) and answers it through
// `respond` once the board is read on a reader thread; false for any other
// request.
bool board_record_route(db::ReadPool& reads, const net::HttpRequest& request, const net::HttpResponder& respond);

}  // namespace yunzi::http
