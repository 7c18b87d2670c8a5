// One board's tree without a server: moves judged along their own path
// (ko and superko there, not in other variations), a move already made
// reused, the colour to move, cutting a subtree, and the boards made from
// SGF (variations in the record's order, HA without stones, moves without
// a node) and from a stored game.
#include <catch2/catch.hpp>

#include "server/boards/board_replay.hpp"
#include "server/boards/board_sources.hpp"
#include "server/boards/board_tree.hpp"
#include "server/boards/live_copy.hpp"

using namespace yunzi;
using engine::Color;
using engine::Vertex;

namespace {

Vertex at(const std::string& gtp) { return *engine::parse_gtp(gtp, 9); }

boards::BoardTree empty_tree(int handicap = 0) {
  db::BoardRecord record;
  static_cast<db::NewBoard&>(record) = *boards::empty_board(9, 7.5, handicap);
  auto tree = boards::BoardTree::from_record(record);
  REQUIRE(tree);
  return std::move(*tree);
}

// Plays the moves from `from` (nullopt for a pass); returns the last node.
std::int64_t play_line(boards::BoardTree& tree, std::int64_t from, const std::vector<std::string>& moves) {
  for (const std::string& move : moves) {
    auto plan = tree.plan_move(from, move == "pass" ? std::nullopt : std::optional<Vertex>(at(move)));
    INFO(move);
    REQUIRE(plan);
    if (plan->added) tree.add(plan->node);
    from = plan->node.id;
  }
  return from;
}

}  // namespace

TEST_CASE("moves are judged along their own path", "[app][boards]") {
  boards::BoardTree tree = empty_tree();
  CHECK(tree.to_move_at(0) == Color::black);
  const std::int64_t before_ko = play_line(tree, 0, {"D6", "E6", "C5", "D5", "D4", "F5", "J9", "E4"});
  const std::int64_t taken = play_line(tree, before_ko, {"E5"});
  CHECK(tree.plan_move(taken, at("D5")).error() == engine::MoveError::ko);
  const std::int64_t passed = play_line(tree, taken, {"pass", "pass"});
  CHECK(tree.plan_move(passed, at("D5")).error() == engine::MoveError::superko);
  // From before the capture D5 is only occupied; the ko belongs to the other path.
  CHECK(tree.plan_move(before_ko, at("D5")).error() == engine::MoveError::occupied);
  // A transposition of another variation's position is no repetition on its own path.
  play_line(tree, 0, {"C3", "G7", "D4"});
  const std::int64_t transposed = play_line(tree, 0, {"D4", "G7"});
  CHECK(tree.plan_move(transposed, at("C3")).has_value());
  CHECK(tree.to_move_at(passed) == Color::white);
  CHECK(tree.number_of(passed) == 11);

  // The same move again reuses the node; another one branches.
  const auto again = tree.plan_move(before_ko, at("E5"));
  REQUIRE(again);
  CHECK_FALSE(again->added);
  CHECK(again->node.id == taken);
  CHECK(again->captured == std::vector<Vertex>{at("D5")});
  const auto branch = tree.plan_move(0, at("A1"));
  REQUIRE(branch);
  CHECK(branch->added);
  CHECK(branch->node.id == tree.next_id());
  CHECK(branch->node.move.color == Color::black);
}

TEST_CASE("cutting removes the subtree and nothing else", "[app][boards]") {
  boards::BoardTree tree = empty_tree();
  const std::int64_t d4 = play_line(tree, 0, {"D4"});
  const std::int64_t e5 = play_line(tree, d4, {"E5", "F6"});
  const std::int64_t c3 = play_line(tree, 0, {"C3"});
  play_line(tree, d4, {"G7"});
  CHECK(tree.node_count() == 6);
  CHECK(tree.is_within(e5, d4));
  CHECK_FALSE(tree.is_within(c3, d4));
  CHECK(tree.cut(d4) == 4);
  CHECK(tree.node_count() == 2);
  CHECK(tree.has(c3));
  CHECK_FALSE(tree.has(d4));
  CHECK_FALSE(tree.has(e5));
  CHECK(tree.wire_tree().nodes.size() == 2);
}

TEST_CASE("with a handicap White moves first and the stones are the root's", "[app][boards]") {
  boards::BoardTree tree = empty_tree(2);
  CHECK(tree.to_move_at(0) == Color::white);
  const auto setup = tree.wire_tree();
  CHECK(setup.black_setup.size() == 2);
  CHECK(setup.white_setup.empty());
}

TEST_CASE("a board from SGF keeps the variations in the record's order", "[app][boards]") {
  auto board = boards::board_from_sgf("(;SZ[9]KM[5.5]HA[2]GN[t];C[comment only];W[ee](;B[ec];W[dc])(;B[ce]))", 2000);
  REQUIRE(board);
  CHECK(board->komi == 5.5);
  CHECK(board->handicap == 2);
  CHECK(board->setup_black.empty());  // HA without AB: the fixed stones
  CHECK(board->title == "t");
  REQUIRE(board->nodes.size() == 4);
  CHECK(board->nodes[0] == db::BoardNodeRecord{1, 0, {Color::white, Vertex{4, 4}}});
  CHECK(board->nodes[1] == db::BoardNodeRecord{2, 1, {Color::black, Vertex{4, 2}}});
  CHECK(board->nodes[2] == db::BoardNodeRecord{3, 2, {Color::white, Vertex{3, 2}}});
  CHECK(board->nodes[3] == db::BoardNodeRecord{4, 1, {Color::black, Vertex{2, 4}}});
  CHECK(board->current == 0);

  const auto illegal = boards::board_from_sgf("(;SZ[9];B[ee](;W[dd])(;W[ee]))", 2000);
  REQUIRE_FALSE(illegal);
  CHECK(illegal.error().message.find("move 2") != std::string::npos);
  CHECK(boards::board_from_sgf("(;SZ[9];B[ee];W[dd];B[cc])", 3).error().code == protocol::ErrorCode::limit_reached);
}

TEST_CASE("a board from a game keeps its first moves", "[app][boards]") {
  db::GameWithMoves game;
  game.game.id = 12;
  game.game.settings.size = 9;
  game.game.settings.komi = 6.5;
  game.game.black_name = "alice";
  game.game.white_name = "bob";
  for (int i = 0; i < 4; ++i) {
    db::MoveRecord move;
    move.number = i + 1;
    move.move = engine::Move{i % 2 == 0 ? Color::black : Color::white, Vertex{i, i}};
    game.moves.push_back(move);
  }
  auto board = boards::board_from_game(game, 3, 2000);
  REQUIRE(board);
  CHECK(board->source_game == 12);
  CHECK(board->black_name == "alice");
  CHECK(board->nodes.size() == 3);
  CHECK(board->nodes[2] == db::BoardNodeRecord{3, 2, {Color::black, Vertex{2, 2}}});
  CHECK(board->current == 3);
  CHECK(boards::board_from_game(game, std::nullopt, 2000)->nodes.size() == 4);
  // The whole record, opened at move 2 (the rest of the game to step into).
  auto opened_at = boards::board_from_game(game, std::nullopt, 2000, 2);
  REQUIRE(opened_at);
  CHECK(opened_at->nodes.size() == 4);
  CHECK(opened_at->current == 2);
  CHECK(boards::board_from_game(game, 3, 2000, 9)->current == 3);  // never past the moves kept
  CHECK(boards::board_from_game(game, std::nullopt, 4).error().code == protocol::ErrorCode::limit_reached);
}

TEST_CASE("a stored tree that does not replay is refused, whichever variation holds the fault", "[app][boards]") {
  db::BoardRecord record;
  static_cast<db::NewBoard&>(record) = *boards::empty_board(9, 7.5, 0);
  record.nodes = {
      db::BoardNodeRecord{1, 0, {Color::black, at("E5")}}, db::BoardNodeRecord{2, 1, {Color::white, at("D4")}},
      db::BoardNodeRecord{3, 1, {Color::white, at("E5")}}, db::BoardNodeRecord{4, 2, {Color::black, at("C3")}}};
  auto refused = boards::BoardTree::from_record(record);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().find("node 3") != std::string::npos);
  record.nodes[2].move.vertex = at("F6");
  auto read = boards::BoardTree::from_record(record);
  REQUIRE(read);
  CHECK(read->node_count() == 5);
  CHECK(read->next_id() == 5);
}

TEST_CASE("a whole tree replays whatever its shape, and the faulty node is named", "[app][boards]") {
  auto start = engine::Game::create(engine::GameSetup{});
  REQUIRE(start);
  std::vector<db::BoardNodeRecord> nodes;
  // A comb: a line along the first rows, each node with a side variation of one move.
  std::int64_t next = 1;
  std::int64_t line = 0;
  for (int i = 0; i < 60; ++i) {
    const Color color = i % 2 == 0 ? Color::black : Color::white;
    const Vertex on_line{i % 19, i / 19 + (color == Color::black ? 0 : 10)};
    const std::int64_t here = next++;
    nodes.push_back({here, line, engine::Move{color, on_line}});
    nodes.push_back({next++, line, engine::Move{color, Vertex{18, 18}}});
    line = here;
  }
  // A fan: many answers to the line's last move.
  for (int x = 0; x < 19; ++x) nodes.push_back({next++, line, engine::Move{Color::black, Vertex{x, 8}}});
  CHECK(boards::replay_tree(*start, nodes));

  // The same move twice on one path is the fault, in a side branch of the fan.
  const std::int64_t faulty = next++;
  nodes.push_back({faulty, line, engine::Move{Color::black, Vertex{0, 0}}});
  const auto failed = boards::replay_tree(*start, nodes);
  REQUIRE_FALSE(failed);
  CHECK(failed.error().node == faulty);
  CHECK(failed.error().number == 61);
  CHECK(failed.error().error == engine::MoveError::occupied);
}

TEST_CASE("a board from SGF keeps the result and each node's comment", "[app][boards]") {
  const std::string record =
      "(;SZ[9]RE[W+3.5]C[Game notes\\] with a bracket]"
      ";B[ee]C[Black takes the centre]"
      ";C[a node with only a comment]"
      ";W[dc]C[kept\r\nover lines\x01]"
      "(;B[ec]C[main line])(;B[ce]C[a variation's note]))";
  auto board = boards::board_from_sgf(record, 2000);
  REQUIRE(board);
  CHECK(board->result == "W+3.5");
  // The comment-only node's note joins the move above it; control characters go.
  CHECK(board->comments == std::map<std::int64_t, std::string>{
                               {0, "Game notes] with a bracket"},
                               {1, "Black takes the centre\n\na node with only a comment"},
                               {2, "kept\nover lines"},
                               {3, "main line"},
                               {4, "a variation's note"},
                           });

  db::BoardRecord stored;
  static_cast<db::NewBoard&>(stored) = *board;
  auto tree = boards::BoardTree::from_record(stored);
  REQUIRE(tree);
  CHECK(tree->summary().result == "W+3.5");
  const auto wire = tree->wire_tree();
  CHECK(wire.nodes[0].comment == "Game notes] with a bracket");
  CHECK(wire.nodes[4].comment == "a variation's note");
  // A cut takes its nodes' notes, so a later move given a freed id has none.
  CHECK(tree->cut(4) == 1);
  CHECK_FALSE(tree->record().comments.contains(4));
  const std::int64_t again = play_line(*tree, 2, {"C4"});
  CHECK(tree->wire_node(tree->record().nodes.back()).comment.empty());
  CHECK(again >= 4);
}

TEST_CASE("a record's long comments are cut between characters and the total is bounded", "[app][boards]") {
  std::string long_note;
  while (long_note.size() < boards::kMaxCommentBytes + 100) long_note += "黑棋";  // three bytes a character
  std::string record = "(;SZ[9]RE[" + std::string(300, 'B') + "];B[ee]C[" + long_note + "]";
  const std::vector<std::string> points{"dc", "ec", "cc", "fc", "gc", "hc", "dg", "eg", "cg", "fg", "gg",
                                        "hg", "dh", "eh", "ch", "fh", "gh", "hh", "ca", "da", "ea", "fa"};
  for (std::size_t i = 0; i < points.size(); ++i)
    record += std::string(";") + (i % 2 == 0 ? "W" : "B") + "[" + points[i] + "]C[" + long_note + "]";
  record += ")";
  auto board = boards::board_from_sgf(record, 2000);
  REQUIRE(board);
  CHECK(board->result.size() == boards::kMaxResultBytes + std::string("…").size());
  const std::string& first = board->comments.at(1);
  CHECK(first.size() <= boards::kMaxCommentBytes + std::string("…").size());
  CHECK(first.size() > boards::kMaxCommentBytes - 3);
  CHECK(first.substr(first.size() - 3) == "…");
  CHECK((first.size() - 3) % 3 == 0);  // whole characters of three bytes each
  std::size_t total = 0;
  for (const auto& [node, text] : board->comments) total += text.size();
  CHECK(total <= boards::kMaxRecordCommentBytes);
  CHECK(board->comments.size() < points.size() + 1);  // the later ones left out
  CHECK(board->comments.size() >= boards::kMaxRecordCommentBytes / (boards::kMaxCommentBytes + 3));
}

TEST_CASE("a board from an ended game carries its result", "[app][boards]") {
  db::GameWithMoves game;
  game.game.settings.size = 9;
  game.game.result = parse_sgf_result("B+R");
  REQUIRE(game.game.result);
  CHECK(boards::board_from_game(game, std::nullopt, 2000)->result == "B+R");
  game.game.result.reset();
  CHECK(boards::board_from_game(game, std::nullopt, 2000)->result.empty());
}

TEST_CASE("a position repeats a live game when only a few points differ, more with more stones", "[app][boards]") {
  const auto board_with = [](const std::vector<std::pair<std::string, Color>>& stones) {
    engine::Board board(9);
    for (const auto& [vertex, color] : stones) REQUIRE(board.play(color, at(vertex)));
    return board;
  };
  std::vector<std::pair<std::string, Color>> twelve;
  const std::vector<std::string> points{"E5", "C3", "G7", "C7", "G3", "E3", "E7", "C5", "G5", "D4", "F4", "D6"};
  for (std::size_t i = 0; i < points.size(); ++i) twelve.emplace_back(points[i], i % 2 ? Color::white : Color::black);
  const engine::Board live = board_with(twelve);
  const std::vector<boards::LivePosition> games{{7, live}};

  CHECK(boards::differing_points(live, live) == 0);
  CHECK(boards::repeated_live_game(live, games) == 7);
  auto one_more = twelve;
  one_more.emplace_back("H8", Color::black);
  CHECK(boards::differing_points(board_with(one_more), live) == 1);
  CHECK(boards::repeated_live_game(board_with(one_more), games) == 7);  // a candidate move
  one_more.emplace_back("B8", Color::white);
  CHECK_FALSE(boards::repeated_live_game(board_with(one_more), games));  // 12 stones allow one point
  auto swapped = twelve;
  swapped[0].second = Color::white;
  CHECK(boards::differing_points(board_with(swapped), live) == 1);
  CHECK_FALSE(boards::repeated_live_game(engine::Board(9), games));
  CHECK_FALSE(boards::repeated_live_game(engine::Board(13), games));  // another size differs everywhere

  // Too few stones to be anybody's secret: not even the same position counts.
  const std::vector<std::pair<std::string, Color>> opening(twelve.begin(), twelve.begin() + 9);
  CHECK_FALSE(boards::repeated_live_game(board_with(opening), {{8, board_with(opening)}}));
  CHECK(boards::allowed_differences(10) == 1);
  CHECK(boards::allowed_differences(39) == 3);
  CHECK(boards::allowed_differences(200) == 4);

  // A new board repeats the game through its start position or any node.
  db::NewBoard setup = *boards::empty_board(9, 7.5, 0);
  for (const auto& [vertex, color] : twelve)
    (color == Color::black ? setup.setup_black : setup.setup_white).push_back(at(vertex));
  CHECK(boards::board_repeating_live_game(setup, games) == 7);
  db::NewBoard moves = *boards::empty_board(9, 7.5, 0);
  std::int64_t id = 0;
  for (const auto& [vertex, color] : twelve) {
    ++id;
    moves.nodes.push_back(db::BoardNodeRecord{id, id - 1, {color, at(vertex)}});
  }
  CHECK(boards::board_repeating_live_game(moves, games) == 7);
  moves.nodes.resize(6);
  CHECK_FALSE(boards::board_repeating_live_game(moves, games));
  CHECK_FALSE(boards::board_repeating_live_game(setup, {}));
}
