#include "tools/yunzi-loadgen/baseline_scenario.hpp"

#include <charconv>

namespace yunzi::loadgen {

namespace {

bool read_int(std::string_view& text, int& out) {
  const auto result = std::from_chars(text.data(), text.data() + text.size(), out);
  if (result.ec != std::errc() || result.ptr == text.data() + text.size() || *result.ptr != ' ') return false;
  text.remove_prefix(static_cast<std::size_t>(result.ptr - text.data()) + 1);
  return true;
}

}  // namespace

std::string encode_baseline_move(int game, int move_number, const std::string& vertex, int frame_bytes) {
  std::string frame = std::to_string(game) + " " + std::to_string(move_number) + " " + vertex + " ";
  if (static_cast<int>(frame.size()) < frame_bytes)
    frame.append(static_cast<std::size_t>(frame_bytes) - frame.size(), 'x');
  return frame;
}

std::optional<BaselineMove> decode_baseline_move(std::string_view frame) {
  BaselineMove move;
  if (!read_int(frame, move.game) || !read_int(frame, move.move_number)) return std::nullopt;
  const auto space = frame.find(' ');
  if (space == std::string_view::npos || space == 0) return std::nullopt;
  move.vertex = std::string(frame.substr(0, space));
  return move;
}

BaselineScenario::BaselineScenario(boost::asio::io_context& io, Options options, Endpoints endpoints)
    : Scenario(io, std::move(options), std::move(endpoints), "baseline"), settle_(io) {}

void BaselineScenario::on_connection_open(int index) {
  const Seat seat = seating().seat_of(index);
  send(index, seat.role == Role::idle ? "idle-" + std::to_string(index) : "g" + std::to_string(seat.game));
  connection_ready(index);
}

void BaselineScenario::on_frame(int index, std::string_view text, SteadyTime arrival) {
  if (text == "ok") return;  // the baseline's answer to the mover, as yunzi's `ok`
  const Seat seat = seating().seat_of(index);
  const auto move = decode_baseline_move(text);
  if (!move || move->game != seat.game) {
    counters().count_error("loadgen:unexpected_frame");
    return;
  }
  traffic().on_move_event(move->game, seat.role, move->move_number, move->vertex, arrival);
}

void BaselineScenario::start_games() {
  for (int g = 0; g < seating().games(); ++g) {
    const bool seated = is_open(seating().black_of(g)) && is_open(seating().white_of(g));
    if (seated) game_ready(g);
  }
  // Joining is one frame without a reply: give the server a moment to read
  // every connection's room name before the first move is relayed.
  settle_.expires_after(std::chrono::seconds(1));
  settle_.async_wait([this](const boost::system::error_code& ec) {
    if (!ec) all_games_ready();
  });
}

void BaselineScenario::send_move(int game, Role mover, int move_number, const std::string& vertex) {
  const int from = mover == Role::black ? seating().black_of(game) : seating().white_of(game);
  send(from, encode_baseline_move(game, move_number, vertex, options().frame_bytes));
}

void BaselineScenario::replace_game(int game, Role) { traffic().begin(game); }

}  // namespace yunzi::loadgen
