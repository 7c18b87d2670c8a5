// A fresh SQLite file with the stores over it, users, and rated games
// recorded as the server records them, for the rank tests here and the
// stored tournaments' awards.
#pragma once

#include <string>
#include <vector>

#include "db/database.hpp"
#include "db/sql_stores.hpp"
#include "protocol/payloads.hpp"
#include "server/ranking/policy.hpp"
#include "tests/unit/db/temp_database.hpp"

namespace yunzi::ranking_service_tests {

inline const ranking::TomPolicy tom;
inline constexpr Rank rank_1d = Rank::dan(1);
inline constexpr TimeMs month_start = 1'767'225'600'000;  // 2026-01-01 00:00 UTC
inline constexpr TimeMs hour = 3'600'000;

using db::testing::TempDatabase;

UserId add_user(db::Stores& stores, const std::string& name, Rank rank);

// A rated game between two players that ended with `result` at `ended_ms`
// (its moves are not stored); its id.
GameId record_game(db::Stores& stores, UserId black, UserId white, Rank black_rank, Rank white_rank,
                   const std::string& result, TimeMs ended_ms);

// The same, then judged by the rank rules as at the end of a game on the server.
db::DbResult<std::vector<protocol::RankChange>> play(db::Stores& stores, UserId black, UserId white, Rank black_rank,
                                                     Rank white_rank, const std::string& result, TimeMs ended_ms,
                                                     int moves = 150);

}  // namespace yunzi::ranking_service_tests
