// Plays a record's main line on a Game: the check that an SGF record is a
// legal game, and the way to its final position.
#include <algorithm>
#include <cctype>
#include <utility>

#include "engine/sgf_record.hpp"

namespace yunzi::engine {

namespace {

// The repetition rule a record is checked under. Records carry no ko rule
// of their own, so RU decides: Japanese and Korean rules (and records with
// no RU, mostly old professional games) have simple ko only, as a triple ko
// ends such a game rather than being a forbidden move; Chinese and the
// other area-counting rules get yunzi's situational superko; Tromp-Taylor
// the positional kind.
KoRule ko_rule_for(std::string_view rules) {
  std::string lower;
  for (const char c : rules) lower.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  const auto has = [&](std::string_view word) { return lower.find(word) != std::string::npos; };
  if (has("tromp") || has("taylor")) return KoRule::positional;
  if (has("chin") || has("cn") || has("aga") || has("nz") || has("zealand") || has("goe") || has("ing")) {
    return KoRule::situational;
  }
  return KoRule::simple;
}

std::string describe_move(const Move& move, int size) {
  const std::string color(1, to_letter(move.color));
  if (move.is_pass()) return color + " pass";
  return color + " " + to_sgf(*move.vertex) + " (" + to_gtp(*move.vertex, size) + ")";
}

}  // namespace

Expected<Game, SgfError> replay_main_line(const SgfRecord& record) {
  GameSetup setup;
  setup.size = record.info.size;
  setup.komi = record.info.komi;
  setup.ko_rule = ko_rule_for(record.info.rules);
  setup.alternate = false;  // SGF allows two moves of one colour in a row
  const bool placed_stones = !record.black_stones.empty() || !record.white_stones.empty();
  // Old records often give HA[n] without the stones: they sit on the fixed points.
  setup.handicap = !placed_stones && record.info.handicap >= 2 ? record.info.handicap : 0;
  for (const Vertex v : record.black_stones) setup.setup_stones.push_back(SetupStone{v, Color::black});
  for (const Vertex v : record.white_stones) setup.setup_stones.push_back(SetupStone{v, Color::white});
  const auto first = std::find_if(record.main_line.begin(), record.main_line.end(),
                                  [](const SgfRecordNode& node) { return node.move.has_value(); });
  if (first != record.main_line.end()) setup.first_player = first->move->color;

  auto created = Game::create(setup);
  if (!created) {
    return unexpected(
        SgfError{record.root_offset, "cannot set up the game: " + std::string(describe(created.error())), 0});
  }
  Game game = std::move(*created);
  int move_number = 0;
  for (const auto& node : record.main_line) {
    if (!node.move) continue;
    ++move_number;
    // Play went on after two passes (a disputed end): resume it.
    if (game.phase() == Phase::scoring) game.resume_play();
    const Move& move = *node.move;
    Expected<Done, MoveError> played = Done{};
    if (move.is_pass()) {
      played = game.pass(move.color);
    } else if (auto placed = game.play(move.color, *move.vertex); !placed) {
      played = unexpected(placed.error());
    }
    if (!played) {
      return unexpected(SgfError{node.offset,
                                 "move " + std::to_string(move_number) + " (" + describe_move(move, setup.size) +
                                     ") is illegal: " + std::string(describe(played.error())),
                                 move_number});
    }
  }
  return game;
}

Expected<SgfGame, SgfError> read_sgf_game(std::string_view text, const SgfLimits& limits) {
  auto tree = parse_sgf(text, limits);
  if (!tree) return unexpected(tree.error());
  auto record = record_from_tree(*tree);
  if (!record) return unexpected(record.error());
  auto game = replay_main_line(*record);
  if (!game) return unexpected(game.error());
  return SgfGame{std::move(*record), std::move(*game)};
}

}  // namespace yunzi::engine
