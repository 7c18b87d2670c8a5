// The tournaments in registration or running, on the service's own strand. Each change is written with a fresh read
// of the tournament that replaces the strand's copy, so the copy is what the database holds; then the service
// advances the tournament as far as it can, one timer each waiting for its stored next deadline. In a cluster each
// step locks the row and is taken only from where this node saw it (server/app/README.md, "Tournaments").
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "core/expected.hpp"
#include "db/error.hpp"
#include "db/ownership_store.hpp"
#include "db/read_pool.hpp"
#include "db/records.hpp"
#include "db/tournament_records.hpp"
#include "db/writer.hpp"
#include "protocol/payloads.hpp"
#include "server/app/call.hpp"
#include "server/app/elsewhere.hpp"
#include "server/game/game_registry.hpp"
#include "server/lobby/game_plan.hpp"

namespace yunzi::db {
class Stores;
}

namespace yunzi::app {

class TournamentService : public std::enable_shared_from_this<TournamentService> {
 public:
  using Change = std::function<db::DbResult<Done>(db::Stores&)>;
  // Told whether the change was written; the caller answers its request through its Call.
  using Written = std::function<void(db::DbResult<Done>)>;

  // Starts the room of a tournament game whose row is written (in a
  // cluster, with this node's hold on the game).
  using StartRoom = std::function<void(GameId, const lobby::GamePlan&, std::optional<db::GameFence>)>;
  // Sends a frame to every connection of a user (in a cluster, on every node).
  using TellUser = std::function<void(UserId, const protocol::Frame&)>;
  TournamentService(boost::asio::io_context& io, db::Writer& writer, db::ReadPool& reads, const NowMs& now_ms,
                    game::GameRegistry& games, StartRoom start_room, TellUser tell_user, const Elsewhere& elsewhere);

  // Picks up every unfinished tournament after a restart (after the games
  // in progress were restored); returns how many.
  Expected<std::size_t, std::string> restore();

  // Whether a change pairs the waiting round (again): once it is written,
  // this node tells the round's players their new pairings.
  enum class Pairs { no, yes };
  // Writes `change` (with the tournament read back after it), tells `written`,
  // then advances the tournament. The change may fail; nothing is written then.
  void change(TournamentId id, Change change, Written written, Pairs pairs = Pairs::no);
  // A tournament just created: the service starts following it.
  void follow(TournamentId id);
  // A game ended: its pairing (if it is a tournament game) gets the result.
  void game_ended(GameId game, const protocol::GameEnd& end);

 private:
  struct Running {
    db::StoredTournament t;
    std::unique_ptr<boost::asio::steady_timer> timer;
    bool loaded = false;
    int in_flight = 0;             // writes on their way: the tournament advances after the last
    int no_show_checked = 0;       // the last round whose no-shows were checked
    TimeMs followed_since_ms = 0;  // a deadline that passed before is not applied (a restart)
    // This node has just written the waiting round's pairings: its players are told once they are read back.
    // Only the node that wrote them tells, so that a cluster's other nodes following the tournament do not repeat it.
    bool pairings_written = false;
  };

  Running& entry(TournamentId id);
  void advance(TournamentId id);
  // change(): `pairs_written`, when given, says (by the time the write is
  // done) whether the change wrote the waiting round's pairings.
  void write(TournamentId id, Change change, Written written, std::shared_ptr<const bool> pairs_written);
  void step(Running& r, Change change, Pairs pairs = Pairs::no);
  void pair_next(Running& r, int round);
  void start_round(Running& r);
  void check_no_shows(Running& r);
  void arm(Running& r, TimeMs at);
  // Tells each player of the round their own pairing (stored_tournaments/tournament_announcements.hpp).
  void tell_pairings(const db::StoredTournament& t, int round, TimeMs starts_ms);
  // The round just started: its players' pairings with their games, and the round to every entrant.
  void announce_round(const db::StoredTournament& t, int round, TimeMs started_ms);

  db::Writer& writer_;
  db::ReadPool& reads_;
  const NowMs& now_ms_;
  game::GameRegistry& games_;
  StartRoom start_room_;
  TellUser tell_user_;
  const Elsewhere& elsewhere_;  // claims the games a round starts
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  std::map<TournamentId, Running> running_;
};

}  // namespace yunzi::app
