#include "tools/yunzi-problems/stored_games.hpp"

#include "db/database.hpp"
#include "db/game_sgf.hpp"
#include "db/sql_stores.hpp"

namespace yunzi::problems {

Expected<Done, std::string> for_each_finished_game(const std::string& database_url, GameId after,
                                                   const std::function<bool(GameId, const engine::SgfRecord&)>& visit) {
  const auto target = db::parse_database_url(database_url);
  if (!target) return unexpected("the database " + database_url + ": " + target.error().message);
  auto connection = db::open_reader(*target);
  if (!connection) return unexpected("cannot open " + db::describe(*target) + ": " + connection.error().message);
  db::SqlStores stores(*connection);
  for (GameId last = after;;) {
    const auto page = stores.games().ended_after(last, db::max_page_size);
    if (!page) return unexpected("cannot list the games: " + page.error().message);
    if (page->empty()) return Done{};
    for (const GameId id : *page) {
      last = id;
      const auto text = db::load_game_sgf(stores.games(), id);
      if (!text) return unexpected("cannot read game " + std::to_string(id) + ": " + text.error().message);
      if (!*text) continue;  // gone since the page was read
      const auto game = engine::read_sgf_game(**text);
      if (!game) return unexpected("game " + std::to_string(id) + " is no readable SGF");
      if (!visit(id, game->record)) return Done{};
    }
  }
}

}  // namespace yunzi::problems
