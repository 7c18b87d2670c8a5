#include "engine/game.hpp"

#include <algorithm>
#include <cassert>
#include <iterator>

#include "engine/handicap.hpp"

namespace yunzi::engine {

std::string_view to_string(SetupError error) {
  switch (error) {
    case SetupError::bad_size: return "bad_size";
    case SetupError::bad_handicap: return "bad_handicap";
    case SetupError::bad_setup_stone: return "bad_setup_stone";
    case SetupError::chain_without_liberties: return "chain_without_liberties";
  }
  return "bad_setup";
}

std::string_view describe(SetupError error) {
  switch (error) {
    case SetupError::bad_size: return "the board size must be between 2 and 25";
    case SetupError::bad_handicap: return "this board has no fixed handicap for that number of stones";
    case SetupError::bad_setup_stone: return "a setup stone is off the board or on an occupied point";
    case SetupError::chain_without_liberties: return "the setup stones leave a chain without liberties";
  }
  return "invalid game setup";
}

std::string_view to_string(Phase phase) {
  switch (phase) {
    case Phase::play: return "play";
    case Phase::scoring: return "scoring";
    case Phase::ended: return "ended";
  }
  return "play";
}

// By default the position set starts at its smallest (64 slots, 512 bytes)
// and doubles with the game: a 19x19 game of 250 moves holds 4 KiB of it and
// one of 30 moves 512 bytes, where a set sized for the longest games (twice
// the area) would hold 16 KiB in every live room from the first move.
Game::Game(GameSetup setup) : setup_(std::move(setup)), board_(setup_.size), seen_(setup_.expected_positions) {}

Expected<Game, SetupError> Game::create(const GameSetup& setup) {
  if (setup.size < min_board_size || setup.size > max_board_size) return unexpected(SetupError::bad_size);
  if (setup.handicap < 0 || setup.handicap > 9) return unexpected(SetupError::bad_handicap);
  Game game(setup);
  if (setup.handicap >= 2) {
    auto points = fixed_handicap(setup.size, setup.handicap);
    if (!points) return unexpected(SetupError::bad_handicap);
    for (Vertex v : *points) game.start_stones_.push_back(SetupStone{v, Color::black});
  }
  game.start_stones_.insert(game.start_stones_.end(), setup.setup_stones.begin(), setup.setup_stones.end());
  for (const SetupStone& stone : game.start_stones_) {
    if (!game.board_.add_stone(stone.color, stone.vertex)) return unexpected(SetupError::bad_setup_stone);
  }
  if (game.board_.has_chain_without_liberties()) return unexpected(SetupError::chain_without_liberties);
  // The board already holds the start position.
  game.reset_history();
  return game;
}

void Game::reset_to_start() {
  board_ = Board(setup_.size);
  for (const SetupStone& stone : start_stones_) board_.add_stone(stone.color, stone.vertex);
  reset_history();
}

void Game::reset_history() {
  phase_ = Phase::play;
  to_move_ = setup_.first_player.value_or(setup_.handicap >= 2 ? Color::white : Color::black);
  consecutive_passes_ = 0;
  ko_point_ = -1;
  black_captures_ = 0;
  white_captures_ = 0;
  result_.reset();
  moves_.clear();
  seen_.clear();
  seen_.insert(situation_hash(board_.hash(), to_move_));
}

std::optional<Move> Game::last_move() const {
  if (moves_.empty()) return std::nullopt;
  return moves_.back();
}

std::uint64_t Game::situation_hash(std::uint64_t board_hash, Color next) const {
  if (setup_.ko_rule == KoRule::situational && next == Color::white) return board_hash ^ zobrist::white_to_move_key();
  return board_hash;
}

std::uint64_t Game::position_hash() const { return situation_hash(board_.hash(), to_move_); }

Expected<Done, MoveError> Game::check_turn(Color color) const {
  if (phase_ != Phase::play) return unexpected(MoveError::game_over);
  if (setup_.alternate && color != to_move_) return unexpected(MoveError::wrong_color);
  return Done{};
}

Expected<Done, MoveError> Game::check(Color color, Vertex v) const {
  if (auto turn = check_turn(color); !turn) return turn;
  if (!board_.contains(v)) return unexpected(MoveError::off_board);
  return check_at(color, board_.index_of(v));
}

Expected<Done, MoveError> Game::check_before_repetition(const Board& board, Color color, int index) const {
  if (auto turn = check_turn(color); !turn) return turn;
  if (auto placed = board.check_at(color, index); !placed) return placed;
  if (index == ko_point_ && color == ko_player_) return unexpected(MoveError::ko);
  return Done{};
}

std::uint64_t Game::situation_after(const Board& board, Color color, int index) const {
  return situation_hash(board.hash_after_at(color, index), opponent(color));
}

Expected<Done, MoveError> Game::check_at(Color color, int index) const {
  if (!board_.has_chains()) {
    Board expanded = board_;
    expanded.restore_chains();
    return check_on(expanded, color, index);
  }
  return check_on(board_, color, index);
}

Expected<Done, MoveError> Game::check_on(const Board& board, Color color, int index) const {
  if (auto legal = check_before_repetition(board, color, index); !legal) return legal;
  if (setup_.ko_rule != KoRule::simple && seen_.contains(situation_after(board, color, index))) {
    return unexpected(MoveError::superko);
  }
  return Done{};
}

Expected<int, MoveError> Game::play_at(Color color, int index, std::vector<Board::Index>* captured) {
  board_.restore_chains();
  if (auto legal = check_before_repetition(board_, color, index); !legal) return unexpected(legal.error());
  // One probe of the set both refuses a repetition and records the new
  // situation: past the checks above the move cannot fail.
  if (setup_.ko_rule != KoRule::simple && !seen_.insert(situation_after(board_, color, index))) {
    return unexpected(MoveError::superko);
  }
  const int taken = board_.play_at(color, index, captured);
  (color == Color::black ? black_captures_ : white_captures_) += taken;
  ko_point_ = board_.ko_shape_point();
  ko_player_ = opponent(color);
  to_move_ = opponent(color);
  consecutive_passes_ = 0;
  moves_.push_back(Move{color, board_.vertex_of(index)});
  return taken;
}

Expected<std::vector<Vertex>, MoveError> Game::play(Color color, Vertex v) {
  if (auto turn = check_turn(color); !turn) return unexpected(turn.error());
  if (!board_.contains(v)) return unexpected(MoveError::off_board);
  std::vector<Board::Index> captured;
  auto played = play_at(color, board_.index_of(v), &captured);
  if (!played) return unexpected(played.error());
  return board_.to_vertices(captured);
}

Expected<Done, MoveError> Game::pass(Color color) {
  if (auto turn = check_turn(color); !turn) return turn;
  moves_.push_back(Move{color, std::nullopt});
  ko_point_ = -1;
  to_move_ = opponent(color);
  // The same stones with the other side to move is a new situation.
  if (setup_.ko_rule != KoRule::simple) seen_.insert(situation_hash(board_.hash(), to_move_));
  if (++consecutive_passes_ >= 2) phase_ = Phase::scoring;
  return Done{};
}

Expected<Done, MoveError> Game::resign(Color color) {
  if (phase_ == Phase::ended) return unexpected(MoveError::game_over);
  phase_ = Phase::ended;
  result_ = win_by(opponent(color), EndReason::resignation);
  return Done{};
}

Expected<Done, MoveError> Game::finish(GameResult result) {
  if (phase_ == Phase::ended) return unexpected(MoveError::game_over);
  phase_ = Phase::ended;
  result_ = result;
  return Done{};
}

bool Game::resume_play() {
  if (phase_ != Phase::scoring) return false;
  phase_ = Phase::play;
  consecutive_passes_ = 0;
  to_move_ = opponent(moves_.back().color);
  resumes_.push_back(moves_.size());
  return true;
}

bool Game::undo() {
  if (phase_ == Phase::ended || moves_.empty()) return false;
  // A resume recorded after the removed move disappears with it.
  replay(std::vector<Move>(moves_.begin(), moves_.end() - 1), std::move(resumes_));
  return true;
}

GameMark Game::mark(std::size_t tail) const {
  tail = std::min(tail, moves_.size());
  return GameMark{moves_.size(), std::vector<Move>(moves_.end() - static_cast<std::ptrdiff_t>(tail), moves_.end()),
                  resumes_, result_};
}

void Game::rewind(const GameMark& mark) {
  const std::size_t untouched = mark.move_count - mark.tail.size();
  assert(moves_.size() >= untouched);
  std::vector<Move> moves(moves_.begin(), moves_.begin() + static_cast<std::ptrdiff_t>(untouched));
  moves.insert(moves.end(), mark.tail.begin(), mark.tail.end());
  replay(moves, mark.resumes);
  if (mark.result) {
    phase_ = Phase::ended;
    result_ = mark.result;
  }
}

Game Game::after_moves(std::size_t count) const {
  count = std::min(count, moves_.size());
  Game earlier = *this;
  std::vector<std::size_t> resumes;
  std::copy_if(resumes_.begin(), resumes_.end(), std::back_inserter(resumes),
               [count](std::size_t at) { return at <= count; });
  earlier.replay(std::vector<Move>(moves_.begin(), moves_.begin() + static_cast<std::ptrdiff_t>(count)),
                 std::move(resumes));
  return earlier;
}

void Game::replay(const std::vector<Move>& moves, std::vector<std::size_t> resumes) {
  resumes_.clear();
  reset_to_start();
  // Replaying from the start rebuilds every derived field the way it was.
  for (std::size_t i = 0; i <= moves.size(); ++i) {
    if (std::find(resumes.begin(), resumes.end(), i) != resumes.end()) resume_play();
    if (i == moves.size()) break;
    const Move& move = moves[i];
    const bool replayed =
        move.is_pass() ? pass(move.color).has_value() : play_at(move.color, board_.index_of(*move.vertex)).has_value();
    assert(replayed);
    (void)replayed;
  }
}

}  // namespace yunzi::engine
