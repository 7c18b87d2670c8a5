// board.*: making a board from nothing, a game or an SGF record (the caps
// counted in the writer, so boards made at once from several connections
// cannot pass them together), listing a user's boards, and everything
// about one board, which the board service does on its strand.
#include <spdlog/spdlog.h>

#include "protocol/board_messages.hpp"
#include "protocol/text.hpp"
#include "server/app/board_service.hpp"
#include "server/app/desks.hpp"
#include "server/app/live_positions.hpp"
#include "server/app/reading.hpp"
#include "server/app/request_handlers.hpp"
#include "server/boards/board_sources.hpp"
#include "server/session/name_key.hpp"

namespace yunzi::app {
namespace {

using protocol::ErrorCode;

constexpr std::int64_t board_quota_window_ms = 3'600'000;

// A game in progress is no board for its players: they may not have help during it.
bool plays_in(const db::GameRecord& game, UserId user) {
  return game.status == db::GameStatus::playing && (game.black_id == user || game.white_id == user);
}

// A record's GN as the title when it keeps the title's rules; otherwise no title.
std::string title_from(const std::string& requested, const std::string& from_source) {
  if (!requested.empty()) return requested;
  if (protocol::text_problem(from_source, 0, req::max_board_title_chars, false)) return {};
  return from_source;
}

using BoardSource = Expected<db::NewBoard, boards::BoardSourceError>;

BoardSource board_of_game(const Call& call, const req::BoardCreate& r, std::size_t nodes_per_board,
                          const db::DbResult<std::optional<db::GameWithMoves>>& stored) {
  if (!stored)
    return unexpected(boards::BoardSourceError{ErrorCode::internal, "the game could not be read; try again"});
  if (!*stored) return unexpected(boards::BoardSourceError{ErrorCode::not_found, "no game with that id"});
  if (plays_in((*stored)->game, call.user->id)) {
    return unexpected(
        boards::BoardSourceError{ErrorCode::forbidden, "no analysis board of your own game while it is played"});
  }
  return boards::board_from_game(**stored, r.move, nodes_per_board, r.at);
}

void store_board(const BoardDesk& desk, const Call& call, const req::BoardCreate& r, BoardSource board) {
  const session::SignedIn& user = *call.user;
  if (!board) return call.error(board.error().code, board.error().message);
  board->owner_id = user.id;
  board->title = title_from(r.title, board->title);
  board->created_ms = call.now_ms();
  const boards::BoardLimits& limits = desk.boards.limits();
  desk.writer.submit_for<BoardId>(
      [board = *board, limits](db::Stores& stores) -> db::DbResult<BoardId> {
        auto held = stores.boards().count_of_owner(board.owner_id);
        if (!held) return unexpected(held.error());
        if (*held >= static_cast<std::int64_t>(limits.boards_per_user)) {
          return db::db_failure(db::DbErrorKind::conflict,
                                "at most " + std::to_string(limits.boards_per_user) + " boards; delete one first");
        }
        auto made = stores.boards().created_since(board.owner_id, board.created_ms - board_quota_window_ms);
        if (!made) return unexpected(made.error());
        if (*made >= static_cast<std::int64_t>(limits.boards_per_hour)) {
          return db::db_failure(db::DbErrorKind::conflict, "at most " + std::to_string(limits.boards_per_hour) +
                                                               " new boards an hour; try again later");
        }
        return stores.boards().create(board);
      },
      [call, board = *board, owner = user.name](db::DbResult<BoardId> id) {
        if (!id) {
          if (id.error().kind == db::DbErrorKind::conflict)
            return call.error(ErrorCode::limit_reached, id.error().message);
          return call.error(ErrorCode::internal, "the board could not be stored; try again");
        }
        db::BoardRecord record;
        static_cast<db::NewBoard&>(record) = board;
        record.id = *id;
        record.owner_name = owner;
        record.node_count = static_cast<std::int64_t>(board.nodes.size()) + 1;
        record.updated_ms = board.created_ms;
        spdlog::info("board created board={} user={} nodes={}", *id, owner, record.node_count);
        call.reply(protocol::reply_board(call.id, boards::board_summary(record)));
      });
}

// A record that repeats a game its uploader is playing (`GET /games/{id}.sgf`
// of it, its stones set up, a copy with a candidate move) is that game's
// analysis board under another name.
void store_record(const BoardDesk& desk, const Call& call, const req::BoardCreate& r, BoardSource board) {
  if (!board) return store_board(desk, call, r, std::move(board));
  with_live_positions(call, [&desk, r, board = std::move(*board)](const Call& c, const LivePositions& live) {
    if (const auto game = boards::board_repeating_live_game(board, live)) {
      return c.error(ErrorCode::forbidden, "this record repeats your game " + std::to_string(*game) +
                                               " in progress; no analysis board of your own game while it is played");
    }
    store_board(desk, c, r, board);
  });
}

}  // namespace

void handle(const BoardDesk& desk, const Call& call, const req::BoardCreate& r) {
  if (r.sgf) return store_record(desk, call, r, boards::board_from_sgf(*r.sgf, desk.boards.limits().nodes_per_board));
  if (!r.game) return store_board(desk, call, r, boards::empty_board(r.size, r.komi, r.handicap));
  read_then<std::optional<db::GameWithMoves>>(
      call, [game = *r.game](db::Stores& stores) { return stores.games().load(game); },
      [&desk, r](const Call& c, db::DbResult<std::optional<db::GameWithMoves>> stored) {
        store_board(desk, c, r, board_of_game(c, r, desk.boards.limits().nodes_per_board, stored));
      });
}

void handle(const BoardDesk& desk, const Call& call, const req::BoardList& r) {
  if (!r.user && !call.user) return call.error(ErrorCode::bad_request, "field 'user': name whose boards");
  std::optional<UserId> owner;
  if (!r.user) owner = call.user->id;
  using Boards = std::vector<db::BoardRecord>;
  read_found<Boards>(
      call,
      [owner, name = r.user, limit = static_cast<int>(desk.boards.limits().boards_per_user)](
          db::Stores& stores) mutable -> db::DbResult<std::optional<Boards>> {
        if (!owner) {
          auto user = stores.users().find_by_name_key(session::name_key(*name));
          if (!user) return unexpected(user.error());
          if (!*user || (*user)->closed) return std::optional<Boards>();
          owner = (*user)->id;
        }
        auto listed = stores.boards().of_owner(*owner, limit);
        if (!listed) return unexpected(listed.error());
        return std::optional<Boards>(std::move(*listed));
      },
      "no such user",
      [](const Call& c, const Boards& boards) {
        std::vector<protocol::BoardSummary> out;
        for (const db::BoardRecord& board : boards) out.push_back(boards::board_summary(board));
        c.reply(protocol::reply_boards(c.id, out));
      });
}

void handle(const BoardDesk& desk, const Call& call, const req::BoardWatch& r) { desk.boards.watch(call, r.board); }
void handle(const BoardDesk& desk, const Call& call, const req::BoardUnwatch& r) { desk.boards.unwatch(call, r.board); }
void handle(const BoardDesk& desk, const Call& call, const req::BoardPlay& r) {
  desk.boards.play(call, call.user->id, r);
}
void handle(const BoardDesk& desk, const Call& call, const req::BoardGoto& r) {
  desk.boards.go_to(call, call.user->id, r);
}
void handle(const BoardDesk& desk, const Call& call, const req::BoardCut& r) {
  desk.boards.cut(call, call.user->id, r);
}
void handle(const BoardDesk& desk, const Call& call, const req::BoardDelete& r) {
  desk.boards.remove(call, call.user->id, r.board);
}

}  // namespace yunzi::app
