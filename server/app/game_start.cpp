// Creating, restoring and ending games: the game row is written through the
// writer first, then the room starts; the end of a game clears it from the
// registry and the lobby and announces rank changes.
#include <algorithm>
#include <string>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "core/rank.hpp"
#include "protocol/events.hpp"
#include "server/app/app.hpp"
#include "server/game/clock_codec.hpp"
#include "server/game/stored_game.hpp"

namespace yunzi::app {
namespace {

protocol::LobbyGame lobby_entry(GameId id, const GameSettings& settings, const protocol::UserInfo& black,
                                const protocol::UserInfo& white, int move_number) {
  protocol::LobbyGame entry;
  entry.game = id;
  entry.black = black;
  entry.white = white;
  entry.size = settings.size;
  entry.handicap = settings.handicap;
  entry.komi = settings.komi;
  entry.rated = settings.rated;
  entry.move_number = move_number;
  return entry;
}

struct CreatedGame {
  GameId id = 0;
  std::optional<db::GameFence> fence;
  std::optional<GameRefusal> refused;
};

}  // namespace

void App::create_game(lobby::GamePlan plan, protocol::Responder respond) {
  const db::NewGame row = lobby::new_game_row(plan, now_ms_());
  // Claimed in the transaction that creates it, so that no other node's
  // lease round can take it for an orphan.
  const TimeMs now = now_ms_();
  writer_.submit_for<CreatedGame>(
      [row, now, &elsewhere = elsewhere_,
       games_per_user = options_.lobby_limits.games_per_user](db::Stores& stores) -> db::DbResult<CreatedGame> {
        auto refused = elsewhere.refuse_new_game(stores, row, games_per_user);
        if (!refused) return unexpected(refused.error());
        if (*refused) return CreatedGame{0, std::nullopt, std::move(*refused)};
        auto id = stores.games().create(row);
        if (!id) return unexpected(id.error());
        auto fence = elsewhere.claim_new_game(stores, *id, now);
        if (!fence) return unexpected(fence.error());
        return CreatedGame{*id, std::move(*fence), std::nullopt};
      },
      [this, plan, respond](db::DbResult<CreatedGame> created) {
        if (!created || created->refused) {
          if (plan.settings.rated) games_.release_rated(plan.black.id, plan.white.id);
          lobby_->game_not_started(plan.black.id, plan.white.id);
        }
        if (!created) {
          spdlog::error("game creation failed black={} white={} error={}", plan.black.info.name, plan.white.info.name,
                        created.error().message);
          respond.fail(protocol::ErrorCode::internal, "the game could not be stored");
          return;
        }
        if (created->refused) {
          spdlog::info("game refused black={} white={} reason=\"{}\"", plan.black.info.name, plan.white.info.name,
                       created->refused->message);
          respond.fail(created->refused->code, created->refused->message);
          return;
        }
        boost::asio::post(
            io_, [this, created = *created, plan, respond] { start_room(created.id, plan, respond, created.fence); });
      });
}

void App::start_room(GameId id, const lobby::GamePlan& plan, const std::optional<protocol::Responder>& respond,
                     std::optional<db::GameFence> fence) {
  const game::RoomPlayer black{plan.black.id, plan.black.info};
  const game::RoomPlayer white{plan.white.id, plan.white.info};
  auto room = game::GameRoom::create(room_services_, id, plan.settings, black, white, fence);
  if (!room) {
    // Settings the engine refuses (logged by the room); the places taken for the game are given back.
    if (plan.settings.rated) games_.release_rated(black.user_id, white.user_id);
    if (respond) {
      lobby_->game_not_started(black.user_id, white.user_id);
      respond->fail(protocol::ErrorCode::internal, "the game could not start");
    }
    return;
  }
  // Listed before anyone hears game.start: a move sent at once finds the room.
  games_.add(id, game::RunningGame{room, black.user_id, white.user_id, plan.settings.rated, fence,
                                   std::chrono::steady_clock::now(), black.info.name, white.info.name});
  elsewhere_.serve(id);
  room->announce(online_.connections_of(black.user_id), online_.connections_of(white.user_id));
  // Their connections on the other nodes of a cluster join it there.
  elsewhere_.game_made(black.user_id, id);
  elsewhere_.game_made(white.user_id, id);
  metrics_.games_started.Increment();
  lobby_->game_started(lobby_entry(id, plan.settings, black.info, white.info, 0), black.user_id, white.user_id, true);
  follow_news_.game_started(id, black.user_id, black.info, white.user_id, white.info);
  for (UserId player : {black.user_id, white.user_id}) {
    for (const session::SessionPtr& session : online_.sessions_of(player)) {
      session->post([id](session::Session& s) { s.watched_games.insert(id); });
    }
  }
  if (respond) respond->reply(protocol::reply_game(respond->id(), id));
  spdlog::info("game started game={} black={} white={} size={} handicap={} komi={} rated={}", id, black.info.name,
               white.info.name, plan.settings.size, plan.settings.handicap, plan.settings.komi, plan.settings.rated);
}

void App::on_game_ended(GameId game, const protocol::GameEnd& end) {
  auto running = games_.remove(game);
  elsewhere_.unserve(game);
  lobby_->game_ended(game);
  spdlog::info("game ended game={} result={} reason={}", game, to_sgf(end.result), to_string(end.result.how));
  tournaments_->game_ended(game, end);
  if (!running) return;
  for (const protocol::RankChange& change : end.rank_changes) {
    if (change.name == running->black_name) reach_.rank_changed(running->black, change);
    if (change.name == running->white_name) reach_.rank_changed(running->white, change);
  }
}

Expected<std::size_t, std::string> App::restore_games() {
  auto stored =
      reads_.read<std::vector<db::GameWithMoves>>([](db::Stores& stores) { return stores.games().load_in_progress(); });
  if (!stored) return unexpected("cannot read the games in progress: " + stored.error().message);
  std::size_t restored = 0;
  for (const db::GameWithMoves& game : *stored) {
    const db::GameRecord& row = game.game;
    auto players =
        reads_.read<game::StoredPlayers>([&](db::Stores& stores) { return game::stored_players(stores, row); });
    if (!players)
      return unexpected("cannot read the players of game " + std::to_string(row.id) + ": " + players.error().message);
    if (restore_room(game, *players, std::nullopt)) ++restored;
  }
  return restored;
}

bool App::restore_room(const db::GameWithMoves& game, const game::StoredPlayers& players,
                       std::optional<db::GameFence> fence) {
  const db::GameRecord& row = game.game;
  const game::RoomPlayer black{row.black_id, players.black};
  const game::RoomPlayer white{row.white_id, players.white};
  auto room = game::GameRoom::restore(room_services_, game, black, white, fence);
  if (!room) {
    spdlog::error("game not restored game={}", row.id);
    return false;
  }
  if (row.settings.rated) games_.reserve_rated(row.black_id, row.white_id);
  games_.add(row.id, game::RunningGame{room, row.black_id, row.white_id, row.settings.rated, fence,
                                       std::chrono::steady_clock::now(), black.info.name, white.info.name});
  elsewhere_.serve(row.id);
  lobby_->game_started(lobby_entry(row.id, row.settings, black.info, white.info, static_cast<int>(game.moves.size())),
                       row.black_id, row.white_id, false);
  spdlog::info("game restored game={} black={} white={} moves={}{}", row.id, row.black_name, row.white_name,
               game.moves.size(), fence ? " node=" + fence->node + " epoch=" + std::to_string(fence->epoch) : "");
  return true;
}

}  // namespace yunzi::app
