// The run against a yunzi server, through protocol v1: every connection
// registers (or, when the name exists, logs in) as loadgen-<run>-<i>; each
// game's black player challenges its white player to a friendly game without
// a clock, white accepts, the spectators send game.watch; idle connections
// stay logged in and silent. A game with no sensible move left is resigned
// and replaced by a new challenge between the same players.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <unordered_map>
#include <vector>

#include "tools/yunzi-loadgen/frame_fields.hpp"
#include "tools/yunzi-loadgen/scenario.hpp"

namespace yunzi::loadgen {

class YunziScenario : public Scenario {
 public:
  YunziScenario(boost::asio::io_context& io, Options options, Endpoints endpoints);

 protected:
  void on_connection_open(int index) override;
  void on_frame(int index, std::string_view text, SteadyTime arrival) override;
  void start_games() override;
  void send_move(int game, Role mover, int move_number, const std::string& vertex) override;
  void replace_game(int game, Role mover) override;

 private:
  enum class Ask : std::uint8_t { register_account, login, challenge, accept, watch, move, resign };
  struct Pending {
    Ask ask;
    int game;
  };
  struct Peer {
    std::string name;
    bool logged_in = false;
    std::int64_t next_id = 1;
    std::unordered_map<std::int64_t, Pending> pending;
  };
  struct GameSlot {
    std::int64_t id = 0;  // the server's game id
    int watches_left = 0;
    bool replacing = false;
    bool settled = false;  // set up, or given up, once
  };

  void request(int index, nlohmann::json message, Ask ask, int game = -1);
  void on_reply(int index, const FrameFields& frame);
  void on_ok(int index, const Pending& pending, const FrameFields& frame);
  void on_error(int index, const Pending& pending, const std::string& code);
  void on_event(int index, const FrameFields& frame, std::string_view text, SteadyTime arrival);
  void on_move_event(const Seat& seat, const FrameFields& frame, SteadyTime arrival);
  void on_challenge_event(int index, const Seat& seat, std::string_view text);
  void on_game_end_event(const Seat& seat, const FrameFields& frame);
  void challenge(int game);
  void watch(int game);
  void game_set_up(int game);
  void game_given_up(int game);
  void settle(int game);
  int game_of(const FrameFields& frame) const;

  std::vector<Peer> peers_;
  std::vector<GameSlot> slots_;
  std::unordered_map<std::int64_t, int> game_by_id_;
  int games_expected_ = 0;
  int games_settled_ = 0;
};

}  // namespace yunzi::loadgen
