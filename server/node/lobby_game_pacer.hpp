// How often the other nodes hear of a game this node runs: its lobby entry changes with every move and spectator,
// but another node's lobby may be a moment behind, so an entry goes at once when none went for an interval and
// otherwise the newest one held goes at the interval's end, together with every other game's held over it: one
// message an interval for all the busy games of the node instead of one a move each. A game's start and end go at
// once, the end with whatever was held, so nothing of a game follows its removal. Thread-safe; the interval's timer
// runs on a strand of the executor given.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "core/ids.hpp"
#include "protocol/lobby_messages.hpp"

namespace yunzi::node {

class LobbyGamePacer : public std::enable_shared_from_this<LobbyGamePacer> {
 public:
  struct Entry {
    protocol::LobbyGame entry;
    UserId black;
    UserId white;
  };
  using PublishEntry = std::function<void(const Entry& entry)>;
  // The entries held over an interval, a game's newest only, in the order of the games' ids.
  using PublishHeld = std::function<void(const std::vector<Entry>& entries)>;
  using PublishRemoval = std::function<void(GameId game)>;

  // The publishers are called with the pacer's lock held: what they publish
  // leaves in the order the pacer decided, never an entry after its removal.
  LobbyGamePacer(boost::asio::any_io_executor executor, std::chrono::milliseconds interval, PublishEntry entry,
                 PublishHeld held, PublishRemoval removal);

  // `at_once`: the entry goes out now, whenever it last did (a node telling
  // all it holds).
  void changed(const protocol::LobbyGame& entry, UserId black, UserId white, bool at_once);
  // The game ended here: its removal goes out, and nothing held of it.
  void removed(GameId game);
  // Another node runs the game now: nothing held of it goes out from here.
  void moved_away(GameId game);
  // Ends the timer; what is held is dropped.
  void stop();

 private:
  using Clock = std::chrono::steady_clock;

  void arm();  // with the lock held
  void interval_over();

  const std::chrono::milliseconds interval_;
  const PublishEntry publish_entry_;
  const PublishHeld publish_held_;
  const PublishRemoval publish_removal_;
  std::mutex mutex_;
  boost::asio::steady_timer timer_;
  bool armed_ = false;
  bool stopped_ = false;
  std::map<GameId, Clock::time_point> last_sent_;
  std::map<GameId, Entry> held_;
};

}  // namespace yunzi::node
