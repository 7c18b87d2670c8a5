// The same fan-out against yunzi_bench_ws_baseline: each game is a room
// ("g<game>") of its two players and its spectators, each idle connection
// sits alone in a room of its own. A move is a text frame
// "<game> <move number> <vertex>" padded to --frame-bytes, which the
// baseline relays to the room's other members, so the load generator does
// the same work per move as against yunzi while the server does none of
// yunzi's (no rules, no database, no JSON).
#pragma once

#include "tools/yunzi-loadgen/scenario.hpp"

namespace yunzi::loadgen {

class BaselineScenario : public Scenario {
 public:
  BaselineScenario(boost::asio::io_context& io, Options options, Endpoints endpoints);

 protected:
  void on_connection_open(int index) override;
  void on_frame(int index, std::string_view text, SteadyTime arrival) override;
  void start_games() override;
  void send_move(int game, Role mover, int move_number, const std::string& vertex) override;
  void replace_game(int game, Role mover) override;

 private:
  boost::asio::steady_timer settle_;
};

// The frame format, shared with the tests.
std::string encode_baseline_move(int game, int move_number, const std::string& vertex, int frame_bytes);
struct BaselineMove {
  int game = -1;
  int move_number = 0;
  std::string vertex;
};
std::optional<BaselineMove> decode_baseline_move(std::string_view frame);

}  // namespace yunzi::loadgen
