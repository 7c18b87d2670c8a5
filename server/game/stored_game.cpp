#include "server/game/stored_game.hpp"

#include "server/game/area_count.hpp"
#include "server/game/clock_codec.hpp"
#include "server/game/engine_setup.hpp"

namespace yunzi::game {

db::DbResult<StoredPlayers> stored_players(db::Stores& stores, const db::GameRecord& row) {
  auto role_of = [&](UserId id) -> db::DbResult<Role> {
    auto user = stores.users().find_by_id(id);
    if (!user) return unexpected(user.error());
    return *user ? (*user)->role : Role::user;
  };
  auto black = role_of(row.black_id);
  if (!black) return unexpected(black.error());
  auto white = role_of(row.white_id);
  if (!white) return unexpected(white.error());
  return StoredPlayers{protocol::UserInfo{row.black_name, row.black_rank, *black},
                       protocol::UserInfo{row.white_name, row.white_rank, *white}};
}

Expected<engine::Game, std::string> replay_stored_game(const db::GameWithMoves& stored) {
  const db::GameRecord& row = stored.game;
  auto game = engine::Game::create(engine_setup(row.settings));
  if (!game) {
    return unexpected(std::string("the stored game cannot be set up: ") + std::string(engine::describe(game.error())));
  }
  for (const db::MoveRecord& record : stored.moves) {
    if (game->phase() == engine::Phase::scoring) game->resume_play();
    const auto played = record.move.vertex ? game->play(record.move.color, *record.move.vertex).has_value()
                                           : game->pass(record.move.color).has_value();
    if (!played) return unexpected("move " + std::to_string(record.number) + " of the stored game does not replay");
  }
  return std::move(*game);
}

Expected<protocol::GameSnapshot, std::string> stored_game_snapshot(const db::GameWithMoves& stored,
                                                                   StoredPlayers players) {
  auto game = replay_stored_game(stored);
  if (!game) return unexpected(game.error());
  const db::GameRecord& row = stored.game;
  protocol::GameSnapshot out;
  out.game = row.id;
  out.settings = row.settings;
  out.black = std::move(players.black);
  out.white = std::move(players.white);
  for (const engine::Move& move : game->moves()) out.moves.push_back(move.vertex);
  if (row.settings.handicap >= 2) {
    for (const engine::SetupStone& stone : game->start_stones()) out.handicap_stones.push_back(stone.vertex);
  }
  out.to_move = game->to_move();
  out.phase = protocol::Phase::ended;
  out.captures = {game->captures(engine::Color::black), game->captures(engine::Color::white)};
  out.result = row.result;
  out.dead = stored.final_dead;
  if (row.result && row.result->how == EndReason::count) out.count = area_count(*game, out.dead);
  out.seq = static_cast<std::int64_t>(stored.moves.size());
  if (auto clock = decode_clock_state(row.clock_state)) {
    clock->clock.running.reset();
    out.clock = to_wire(clock->clock);
    out.seq = clock->seq;
  }
  return out;
}

std::vector<protocol::ChatLine> stored_game_chat(const db::GameWithMoves& stored) {
  std::vector<protocol::ChatLine> out;
  for (const db::ChatRecord& line : stored.chat) {
    const auto channel =
        line.channel == "spectators" ? protocol::ChatChannel::spectators : protocol::ChatChannel::players;
    out.push_back(protocol::ChatLine{line.from, line.text, channel});
  }
  return out;
}

}  // namespace yunzi::game
