// Game: one game under the Chinese rules, i.e. a Board plus its history.
// It enforces turn order, ko and superko (simple, positional, situational),
// counts prisoners, ends play after two passes, lets either player resign,
// resumes play from scoring, and takes moves back (friendly-game undo).
// Counting the final position is in scoring.hpp.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "core/game_result.hpp"
#include "engine/board.hpp"
#include "engine/types.hpp"
#include "engine/zobrist.hpp"

namespace yunzi::engine {

struct SetupStone {
  Vertex vertex;
  Color color = Color::black;
  friend bool operator==(const SetupStone&, const SetupStone&) = default;
};

struct GameSetup {
  int size = 19;
  double komi = 7.5;
  KoRule ko_rule = KoRule::situational;
  // 0 or 1: no stones (1 only lowers komi, which the caller sets).
  // 2..9: fixed stones from fixed_handicap(), White moves first.
  int handicap = 0;
  // Arbitrary stones for a position set up by hand or from SGF AB/AW; put
  // after any handicap stones.
  std::vector<SetupStone> setup_stones;
  // Who moves first; by default White with >= 2 handicap stones, else Black.
  std::optional<Color> first_player;
  // When false either colour may move at any time (GTP `play`, SGF records
  // with two moves of one colour in a row); turn order is then not checked.
  bool alternate = true;
  // How many positions the superko set is sized for before it first grows
  // (0: the fewest it holds, 32, doubling as the game goes on). Not a rule: a
  // program that plays many long games (random playouts) sets more, so that
  // its set never grows and stays sparse; a server holding many live games
  // keeps the default, so that a room holds what its game has played.
  std::size_t expected_positions = 0;
};

enum class SetupError : std::uint8_t {
  bad_size,                 // outside 2..25
  bad_handicap,             // not available on this board (see fixed_handicap)
  bad_setup_stone,          // off the board or on an occupied point
  chain_without_liberties,  // the setup stones leave a chain with no liberty
};
std::string_view to_string(SetupError error);
std::string_view describe(SetupError error);

enum class Phase : std::uint8_t { play, scoring, ended };
std::string_view to_string(Phase phase);  // "play" / "scoring" / "ended"

// A way back to one instant of a game that costs little to take: it holds
// the move count and the last few moves, not the board. Game::rewind() puts
// the game back, provided that in between it only gained moves, took back
// at most the moves in `tail`, resumed play or ended.
struct GameMark {
  std::size_t move_count = 0;
  std::vector<Move> tail;  // the last moves, which undo may have taken
  std::vector<std::size_t> resumes;
  std::optional<GameResult> result;
};

class Game {
 public:
  static Expected<Game, SetupError> create(const GameSetup& setup);

  const GameSetup& setup() const { return setup_; }
  const Board& board() const { return board_; }
  Phase phase() const { return phase_; }
  Color to_move() const { return to_move_; }
  // Prisoners held by colour c (stones of the other colour it captured).
  int captures(Color c) const { return c == Color::black ? black_captures_ : white_captures_; }
  // Moves played since the start position; handicap and setup stones are not
  // moves. Passes are moves without a vertex.
  const std::vector<Move>& moves() const { return moves_; }
  std::optional<Move> last_move() const;
  // The handicap and setup stones of the start position, in placing order.
  const std::vector<SetupStone>& start_stones() const { return start_stones_; }
  // Hash of the current position under this game's ko rule (with the side to
  // move for situational superko).
  std::uint64_t position_hash() const;

  // Between moves a live game may keep its board's stones alone (see
  // Board::drop_chains): 421 bytes on 19x19 instead of 9.7 KB. Playing
  // rebuilds the chains first, and so does a check, on a copy of the board;
  // expand() before a check spares that copy. Every method of a compacted
  // game answers as the game did; its board() answers what a Board without
  // its chains answers.
  void compact() noexcept { board_.drop_chains(); }
  void expand() { board_.restore_chains(); }

  // Would `color` playing at v be legal now? Changes nothing.
  Expected<Done, MoveError> check(Color color, Vertex v) const;
  bool is_legal(Color color, Vertex v) const { return check(color, v).has_value(); }

  // Plays a stone; returns the captured stones.
  Expected<std::vector<Vertex>, MoveError> play(Color color, Vertex v);
  // Hot-path form: captured stones (board indices) are appended to *captured.
  Expected<int, MoveError> play_at(Color color, int index, std::vector<Board::Index>* captured = nullptr);
  Expected<Done, MoveError> check_at(Color color, int index) const;
  // Two passes in a row end play: the phase becomes scoring.
  Expected<Done, MoveError> pass(Color color);
  // Ends the game at once, in play or in scoring: the opponent wins by
  // resignation ("W+R"/"B+R").
  Expected<Done, MoveError> resign(Color color);
  // Ends the game with a result decided elsewhere: a count ("B+3.5", "0"),
  // time ("W+T"), forfeit ("B+F"), an aborted game ("Void"). Fails once the
  // game has ended.
  Expected<Done, MoveError> finish(GameResult result);
  // From scoring back to play; the opponent of the last passer moves.
  // False when the game is not in scoring.
  bool resume_play();
  // Takes back the last move (stone or pass), restoring board, prisoners,
  // position history and turn exactly. A pass that ended play is taken back
  // into play. False when there is no move or the game has ended.
  bool undo();

  // See GameMark. Rewinding replays the game from the start, so it is meant
  // for the rare way back (a change that could not be saved), not for play.
  GameMark mark(std::size_t tail) const;
  void rewind(const GameMark& mark);

  // The game as it stood after its first `count` moves (all of them when
  // there are fewer), replayed from the start position with play resumed
  // from scoring where it was: the position a record shows at move `count`.
  // Not ended, whatever this game's phase.
  Game after_moves(std::size_t count) const;

  const std::optional<GameResult>& result() const { return result_; }

 private:
  explicit Game(GameSetup setup);
  Expected<Done, MoveError> check_turn(Color color) const;
  // check_at() on `board`: this game's board, or a copy of it with its chains.
  Expected<Done, MoveError> check_on(const Board& board, Color color, int index) const;
  // Every test of a placement but the repetition of a whole-board situation.
  Expected<Done, MoveError> check_before_repetition(const Board& board, Color color, int index) const;
  // The situation hash after color plays at index (a placement that passed
  // check_before_repetition).
  std::uint64_t situation_after(const Board& board, Color color, int index) const;
  std::uint64_t situation_hash(std::uint64_t board_hash, Color next) const;
  void reset_to_start();
  // Everything but the board back to the start: no moves, the first player
  // to move, the start position the only one seen.
  void reset_history();
  // Plays `moves` from the start position, resuming from scoring at each
  // index in `resumes`, as the game went the first time.
  void replay(const std::vector<Move>& moves, std::vector<std::size_t> resumes);
  void record(Move move);

  GameSetup setup_;
  Board board_;
  std::vector<SetupStone> start_stones_;
  std::vector<Move> moves_;
  // Index into moves_ before which play was resumed from scoring, so undo
  // can replay the scoring/resume transitions exactly.
  std::vector<std::size_t> resumes_;
  PositionSet seen_;
  Phase phase_ = Phase::play;
  Color to_move_ = Color::black;
  int consecutive_passes_ = 0;
  int ko_point_ = -1;               // board index an immediate retake would hit
  Color ko_player_ = Color::black;  // the colour that may not retake there
  int black_captures_ = 0;
  int white_captures_ = 0;
  std::optional<GameResult> result_;
};

}  // namespace yunzi::engine
