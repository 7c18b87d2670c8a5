#include "tsumego/line_position.hpp"

#include "tsumego/region.hpp"

namespace yunzi::tsumego {

using engine::Color;

namespace {

engine::GameSetup setup_of(const Problem& problem) {
  engine::GameSetup setup;
  setup.size = problem.size;
  setup.komi = 0;
  setup.ko_rule = engine::KoRule::situational;
  setup.setup_stones = problem.stones;
  setup.first_player = problem.to_move;
  return setup;
}

}  // namespace

Expected<Done, LineRefusal> play_on(engine::Game& game, const Play& move, std::size_t move_index) {
  const Color color = game.to_move();
  std::optional<engine::MoveError> refused;
  if (move) {
    if (auto played = game.play(color, *move); !played) refused = played.error();
  } else if (auto passed = game.pass(color); !passed) {
    refused = passed.error();
  }
  if (refused) return unexpected(LineRefusal{move_index, std::string(engine::to_string(*refused))});
  return Done{};
}

Expected<engine::Game, LineRefusal> replay(const Problem& problem, const std::vector<Play>& line) {
  auto created = engine::Game::create(setup_of(problem));
  if (!created) return unexpected(LineRefusal{0, std::string(engine::to_string(created.error()))});
  engine::Game game = std::move(created).value();
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (auto played = play_on(game, line[i], i); !played) return unexpected(played.error());
  }
  return game;
}

std::vector<engine::Vertex> problem_region(const Problem& problem) {
  return region_points(board_of(problem), problem.region);
}

LifeQuestion question_at(const Problem& problem, const engine::Game& game, Color to_move,
                         const std::vector<engine::Vertex>& region) {
  engine::Board board = game.board();
  std::optional<engine::Vertex> ko_ban;
  const std::vector<engine::Move>& moves = game.moves();
  // The point just taken in a ko may not be taken back at once by the other side; a pass lifts the ban.
  if (!moves.empty() && moves.back().vertex && moves.back().color != to_move && board.ko_shape_point() >= 0) {
    ko_ban = board.vertex_of(board.ko_shape_point());
  }
  board.restore_chains();
  return LifeQuestion{std::move(board), to_move, problem.target.value_or(engine::Vertex{}), region, ko_ban};
}

bool player_owns_target(const Problem& problem) {
  for (const engine::SetupStone& stone : problem.stones) {
    if (problem.target && stone.vertex == *problem.target) return stone.color == problem.to_move;
  }
  return false;
}

bool meets(const Problem& problem, Status status) {
  if (!problem.goal || status == Status::unknown) return false;
  switch (*problem.goal) {
    case Goal::live: return status == Status::alive || status == Status::seki;
    case Goal::kill:
    case Goal::capture: return status == Status::dead;
    case Goal::ko: break;
  }
  // A ko for the group's owner is at least a ko; for its attacker, at most one.
  return player_owns_target(problem) ? status != Status::dead : (status == Status::ko || status == Status::dead);
}

}  // namespace yunzi::tsumego
