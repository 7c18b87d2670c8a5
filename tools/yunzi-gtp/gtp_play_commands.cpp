// The GTP commands that play moves or report on the position.
#include "engine/diagram.hpp"
#include "engine/scoring.hpp"
#include "tools/random_play/random_player.hpp"
#include "tools/yunzi-gtp/gtp_frontend.hpp"

namespace yunzi::gtp {

GtpFrontend::Reply GtpFrontend::play(const Args& args) {
  if (auto ok = expect_arg_count(args, 2, "play <color> <vertex>"); !ok) return unexpected(ok.error());
  auto color = parse_color_arg(args[0]);
  if (!color) return unexpected(color.error());
  auto move = parse_move_arg(args[1], size_);
  if (!move) return unexpected(move.error());
  // The spec fixes this text; controllers match it.
  if (!apply(*color, *move)) return unexpected(std::string("illegal move"));
  return std::string();
}

GtpFrontend::Reply GtpFrontend::undo(const Args&) {
  if (!game_.undo()) return unexpected(std::string("cannot undo"));
  return std::string();
}

GtpFrontend::Reply GtpFrontend::genmove(const Args& args) {
  if (auto ok = expect_arg_count(args, 1, "genmove <color>"); !ok) return unexpected(ok.error());
  auto color = parse_color_arg(args[0]);
  if (!color) return unexpected(color.error());
  if (game_.phase() == engine::Phase::scoring) game_.resume_play();
  const std::optional<engine::Vertex> choice = random_play::choose_random_move(game_, *color, rng_);
  if (auto played = apply(*color, choice); !played) {
    return unexpected("cannot play the generated move: " + std::string(engine::to_string(played.error())));
  }
  return engine::to_gtp(choice, size_);
}

GtpFrontend::Reply GtpFrontend::is_legal(const Args& args) {
  if (auto ok = expect_arg_count(args, 2, "is_legal <color> <vertex>"); !ok) return unexpected(ok.error());
  auto color = parse_color_arg(args[0]);
  if (!color) return unexpected(color.error());
  auto move = parse_move_arg(args[1], size_);
  if (!move) return unexpected(move.error());
  if (!*move) return std::string("1");
  if (game_.phase() != engine::Phase::scoring) return std::string(game_.is_legal(*color, **move) ? "1" : "0");
  // After two passes GTP play goes on, so judge the move as play would.
  engine::Game reopened = game_;
  reopened.resume_play();
  return std::string(reopened.is_legal(*color, **move) ? "1" : "0");
}

GtpFrontend::Reply GtpFrontend::list_stones(const Args& args) {
  if (auto ok = expect_arg_count(args, 1, "list_stones <color>"); !ok) return unexpected(ok.error());
  auto color = parse_color_arg(args[0]);
  if (!color) return unexpected(color.error());
  std::string out;
  const engine::Board& board = game_.board();
  // Top row first, left to right, the way a diagram reads.
  for (int y = 0; y < size_; ++y) {
    for (int x = 0; x < size_; ++x) {
      if (board.color_at({x, y}) != *color) continue;
      if (!out.empty()) out += ' ';
      out += engine::to_gtp({x, y}, size_);
    }
  }
  return out;
}

GtpFrontend::Reply GtpFrontend::captures(const Args& args) {
  if (auto ok = expect_arg_count(args, 1, "captures <color>"); !ok) return unexpected(ok.error());
  auto color = parse_color_arg(args[0]);
  if (!color) return unexpected(color.error());
  return std::to_string(game_.captures(*color));
}

GtpFrontend::Reply GtpFrontend::showboard(const Args&) { return "\n" + engine::text_diagram(game_); }

GtpFrontend::Reply GtpFrontend::final_score(const Args&) {
  // Every stone counts as alive: yunzi-gtp does not judge life and death.
  auto score = engine::score_area(game_.board(), {}, komi_, game_.setup().handicap);
  if (!score) return unexpected(std::string("cannot score"));
  return to_sgf(score->result);
}

}  // namespace yunzi::gtp
