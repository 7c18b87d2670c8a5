#include "tools/yunzi-loadgen/yunzi_scenario.hpp"

namespace yunzi::loadgen {

using Json = nlohmann::json;

YunziScenario::YunziScenario(boost::asio::io_context& io, Options options, Endpoints endpoints)
    : Scenario(io, std::move(options), std::move(endpoints), "yunzi"),
      peers_(static_cast<std::size_t>(this->options().connections)),
      slots_(static_cast<std::size_t>(this->options().games)) {
  for (std::size_t i = 0; i < peers_.size(); ++i) {
    peers_[i].name = "loadgen-" + this->options().run_id + "-" + std::to_string(i);
  }
}

void YunziScenario::request(int index, Json message, Ask ask, int game) {
  Peer& peer = peers_[index];
  const std::int64_t id = peer.next_id++;
  message["id"] = id;
  peer.pending.emplace(id, Pending{ask, game});
  send(index, message.dump());
}

void YunziScenario::on_connection_open(int index) {
  request(index, {{"type", "register"}, {"name", peers_[index].name}, {"password", options().password}, {"rank", "5k"}},
          Ask::register_account);
}

void YunziScenario::on_frame(int index, std::string_view text, SteadyTime arrival) {
  const std::optional<FrameFields> frame = read_frame_fields(text);
  if (!frame) {
    counters().count_error("loadgen:unreadable_frame");
    return;
  }
  if (frame->type == "ok" || frame->type == "error") {
    on_reply(index, *frame);
  } else {
    on_event(index, *frame, text, arrival);
  }
}

void YunziScenario::on_reply(int index, const FrameFields& frame) {
  const bool ok = frame.type == "ok";
  if (!frame.re) {
    counters().count_error(ok ? "loadgen:reply_without_re" : frame.code.value_or("unknown"));
    return;
  }
  auto& pending = peers_[index].pending;
  const auto found = pending.find(*frame.re);
  if (found == pending.end()) {
    counters().count_error("loadgen:unexpected_reply");
    return;
  }
  const Pending asked = found->second;
  pending.erase(found);
  if (ok) {
    on_ok(index, asked, frame);
  } else {
    on_error(index, asked, frame.code.value_or("unknown"));
  }
}

void YunziScenario::on_ok(int index, const Pending& pending, const FrameFields& frame) {
  switch (pending.ask) {
    case Ask::register_account:
    case Ask::login:
      peers_[index].logged_in = true;
      connection_ready(index);
      return;
    case Ask::accept: {
      if (!frame.game) {
        counters().count_error("loadgen:accept_without_game");
        game_given_up(pending.game);
        return;
      }
      slots_[pending.game].id = *frame.game;
      game_by_id_[slots_[pending.game].id] = pending.game;
      watch(pending.game);
      return;
    }
    case Ask::watch:
      if (--slots_[pending.game].watches_left == 0) game_set_up(pending.game);
      return;
    case Ask::challenge:  // white's `challenge` event carries it on
    case Ask::move:       // the game.move event confirms it
    case Ask::resign:     // game.end follows
      return;
  }
}

void YunziScenario::on_error(int index, const Pending& pending, const std::string& code) {
  counters().count_error(code);
  switch (pending.ask) {
    case Ask::register_account:
      if (code == "name_taken") {
        request(index, {{"type", "login"}, {"name", peers_[index].name}, {"password", options().password}}, Ask::login);
      } else {
        connection_ready(index);
      }
      return;
    case Ask::login: connection_ready(index); return;
    case Ask::challenge:
    case Ask::accept: game_given_up(pending.game); return;
    case Ask::watch:
      if (--slots_[pending.game].watches_left == 0) game_set_up(pending.game);
      return;
    case Ask::move: traffic().on_move_refused(pending.game); return;
    case Ask::resign: game_given_up(pending.game); return;
  }
}

int YunziScenario::game_of(const FrameFields& frame) const {
  if (!frame.game) return -1;
  const auto found = game_by_id_.find(*frame.game);
  return found == game_by_id_.end() ? -1 : found->second;
}

void YunziScenario::on_event(int index, const FrameFields& frame, std::string_view text, SteadyTime arrival) {
  const Seat seat = seating().seat_of(index);
  if (frame.type == "game.move") {
    on_move_event(seat, frame, arrival);
  } else if (frame.type == "challenge" && seat.role == Role::white) {
    on_challenge_event(index, seat, text);
  } else if (frame.type == "game.end" && seat.role == Role::black) {
    on_game_end_event(seat, frame);
  }
}

void YunziScenario::on_move_event(const Seat& seat, const FrameFields& frame, SteadyTime arrival) {
  const int game = game_of(frame);
  if (game < 0 || game != seat.game) return;
  if (!frame.move_number || !frame.vertex) {
    counters().count_error("loadgen:malformed_move_event");
    return;
  }
  traffic().on_move_event(game, seat.role, *frame.move_number, *frame.vertex, arrival);
}

// The challenge id sits inside a nested object, which the field reader skips;
// one arrives per game set up, so a whole parse here costs little.
void YunziScenario::on_challenge_event(int index, const Seat& seat, std::string_view text) {
  const Json frame = Json::parse(text, nullptr, false);
  const auto challenge = frame.find("challenge");
  if (challenge == frame.end() || !challenge->is_object() || !challenge->contains("id")) {
    counters().count_error("loadgen:malformed_challenge_event");
    return;
  }
  request(index, {{"type", "challenge.accept"}, {"challenge", (*challenge)["id"]}}, Ask::accept, seat.game);
}

void YunziScenario::on_game_end_event(const Seat& seat, const FrameFields& frame) {
  const int game = game_of(frame);
  if (game < 0 || game != seat.game) return;
  GameSlot& slot = slots_[game];
  if (!slot.replacing) {
    // Ended by the server (forfeit, time): count it and play on in a new game.
    counters().count_error("loadgen:game_ended_by_server");
    traffic().suspend(game);
    slot.replacing = true;
  }
  game_by_id_.erase(slot.id);
  challenge(game);
}

void YunziScenario::challenge(int game) {
  const int black = seating().black_of(game);
  const Json settings = {
      {"size", options().board_size}, {"rated", false}, {"color", "black"}, {"time", {{"system", "none"}}}};
  request(black, {{"type", "challenge"}, {"to", peers_[seating().white_of(game)].name}, {"settings", settings}},
          Ask::challenge, game);
}

void YunziScenario::watch(int game) {
  GameSlot& slot = slots_[game];
  slot.watches_left = 0;
  for (int k = 0; k < seating().spectators(); ++k) {
    const int spectator = seating().spectator_of(game, k);
    if (!peers_[spectator].logged_in || !is_open(spectator)) continue;
    ++slot.watches_left;
    request(spectator, {{"type", "game.watch"}, {"game", slot.id}}, Ask::watch, game);
  }
  if (slot.watches_left == 0) game_set_up(game);
}

void YunziScenario::start_games() {
  for (int g = 0; g < seating().games(); ++g) {
    if (peers_[seating().black_of(g)].logged_in && peers_[seating().white_of(g)].logged_in) {
      ++games_expected_;
      challenge(g);
    } else {
      slots_[g].settled = true;
    }
  }
  if (games_expected_ == 0) all_games_ready();
}

void YunziScenario::game_set_up(int game) {
  GameSlot& slot = slots_[game];
  if (slot.replacing) {
    slot.replacing = false;
    traffic().begin(game);
    return;
  }
  game_ready(game);
  settle(game);
}

void YunziScenario::game_given_up(int game) {
  slots_[game].replacing = false;
  traffic().suspend(game);
  settle(game);
}

void YunziScenario::settle(int game) {
  if (slots_[game].settled) return;
  slots_[game].settled = true;
  if (++games_settled_ == games_expected_) all_games_ready();
}

void YunziScenario::send_move(int game, Role mover, int, const std::string& vertex) {
  const int from = mover == Role::black ? seating().black_of(game) : seating().white_of(game);
  request(from, {{"type", "game.move"}, {"game", slots_[game].id}, {"vertex", vertex}}, Ask::move, game);
}

void YunziScenario::replace_game(int game, Role mover) {
  slots_[game].replacing = true;
  const int from = mover == Role::black ? seating().black_of(game) : seating().white_of(game);
  request(from, {{"type", "game.resign"}, {"game", slots_[game].id}}, Ask::resign, game);
}

}  // namespace yunzi::loadgen
