// Analysis boards as the board store keeps them on a real SQLite file: the
// tree read back as saved, the owner's list newest first, deletion that
// keeps the row for the hourly count, and a damaged tree refused.
#include <catch2/catch.hpp>

#include "db/board_tree_text.hpp"
#include "tests/unit/db/temp_database.hpp"

using namespace yunzi;
using namespace yunzi::db;
using namespace yunzi::db::testing;
using engine::Color;
using engine::Vertex;

namespace {

NewBoard sample_board(UserId owner, TimeMs at) {
  NewBoard board;
  board.owner_id = owner;
  board.title = "大斜 joseki";
  board.size = 9;
  board.komi = 6.5;
  board.handicap = 2;
  board.ko_rule = engine::KoRule::situational;
  board.black_name = "black player";
  board.setup_white = {Vertex{4, 4}};
  board.nodes = {BoardNodeRecord{1, 0, {Color::white, Vertex{2, 2}}},
                 BoardNodeRecord{2, 1, {Color::black, std::nullopt}},
                 BoardNodeRecord{3, 1, {Color::black, Vertex{6, 2}}}};
  board.current = 2;
  board.created_ms = at;
  board.result = "W+3.5";
  board.comments = {{0, "a record's note: [brackets] and ;semicolons;"}, {3, "5:3: looks like a length\nover lines"}};
  return board;
}

}  // namespace

TEST_CASE_METHOD(StoreTest, "a board's tree is read back as saved", "[db][boards]") {
  const UserId ann = create_user(stores, "ann").id;
  auto id = stores.boards().create(sample_board(ann, 1'000));
  REQUIRE(id);
  auto found = stores.boards().find(*id);
  REQUIRE(found);
  REQUIRE(found->has_value());
  const BoardRecord& board = **found;
  CHECK(board.owner_name == "ann");
  CHECK(board.title == "大斜 joseki");
  CHECK(board.size == 9);
  CHECK(board.komi == 6.5);
  CHECK(board.handicap == 2);
  CHECK(board.ko_rule == engine::KoRule::situational);
  CHECK_FALSE(board.source_game.has_value());
  CHECK(board.black_name == "black player");
  CHECK(board.setup_black.empty());
  CHECK(board.setup_white == std::vector<Vertex>{Vertex{4, 4}});
  CHECK(board.nodes == sample_board(ann, 0).nodes);
  CHECK(board.node_count == 4);
  CHECK(board.current == 2);
  CHECK(board.updated_ms == 1'000);
  CHECK(board.result == "W+3.5");
  CHECK(board.comments == sample_board(ann, 0).comments);

  auto nodes = board.nodes;
  nodes.push_back(BoardNodeRecord{4, 3, {Color::white, Vertex{8, 8}}});
  const std::map<std::int64_t, std::string> comments{{4, "新的"}};
  REQUIRE(stores.boards().save_tree(*id, {nodes, comments, 4, 2'000}));
  REQUIRE(stores.boards().set_current(*id, 3));
  auto saved = stores.boards().find(*id);
  REQUIRE(saved);
  CHECK((*saved)->nodes == nodes);
  CHECK((*saved)->current == 3);
  CHECK((*saved)->node_count == 5);
  CHECK((*saved)->updated_ms == 2'000);
  CHECK((*saved)->comments == comments);
  CHECK((*saved)->result == "W+3.5");
  CHECK_FALSE(*stores.boards().find(*id + 1));
}

TEST_CASE_METHOD(StoreTest, "a user's boards are listed newest first and deleted ones still count for the hour",
                 "[db][boards]") {
  const UserId ann = create_user(stores, "ann").id;
  const UserId ben = create_user(stores, "ben").id;
  const BoardId first = *stores.boards().create(sample_board(ann, 1'000));
  const BoardId second = *stores.boards().create(sample_board(ann, 2'000));
  const BoardId third = *stores.boards().create(sample_board(ann, 3'000));
  REQUIRE(stores.boards().create(sample_board(ben, 3'000)));
  REQUIRE(stores.boards().save_tree(first, {{}, {}, 0, 4'000}));

  auto listed = stores.boards().of_owner(ann, 10);
  REQUIRE(listed);
  REQUIRE(listed->size() == 3);
  CHECK((*listed)[0].id == first);
  CHECK((*listed)[0].node_count == 1);
  CHECK((*listed)[1].id == third);
  CHECK((*listed)[2].id == second);
  CHECK((*listed)[2].nodes.empty());  // summaries only
  CHECK(stores.boards().of_owner(ann, 2)->size() == 2);

  REQUIRE(stores.boards().remove(second, 5'000));
  CHECK_FALSE(*stores.boards().find(second));
  CHECK(*stores.boards().count_of_owner(ann) == 2);
  CHECK(*stores.boards().created_since(ann, 1'500) == 2);
  CHECK(*stores.boards().created_since(ann, 0) == 3);
  CHECK(stores.boards().remove(second, 6'000).error().kind == DbErrorKind::not_found);
  CHECK(stores.boards().save_tree(second, {{}, {}, 0, 6'000}).error().kind == DbErrorKind::not_found);
  CHECK(stores.boards().of_owner(ann, 10)->size() == 2);
}

TEST_CASE_METHOD(StoreTest, "a damaged tree is refused, not half read", "[db][boards]") {
  const UserId ann = create_user(stores, "ann").id;
  const BoardId id = *stores.boards().create(sample_board(ann, 1'000));
  REQUIRE(db.connection().execute("UPDATE boards SET tree = '1:0Bdd;2:7Wee' WHERE id = ?", id));
  auto found = stores.boards().find(id);
  REQUIRE_FALSE(found);
  CHECK(found.error().kind == DbErrorKind::corrupt);

  const BoardId other = *stores.boards().create(sample_board(ann, 1'000));
  REQUIRE(db.connection().execute("UPDATE boards SET comments = '0:40:too short' WHERE id = ?", other));
  auto short_comment = stores.boards().find(other);
  REQUIRE_FALSE(short_comment);
  CHECK(short_comment.error().kind == DbErrorKind::corrupt);
}

TEST_CASE("the tree's spelling reads back and refuses what it did not write", "[db][boards]") {
  const std::vector<BoardNodeRecord> nodes{BoardNodeRecord{1, 0, {Color::black, Vertex{3, 3}}},
                                           BoardNodeRecord{5, 1, {Color::white, std::nullopt}},
                                           BoardNodeRecord{9, 0, {Color::black, Vertex{18, 18}}}};
  const std::string text = encode_board_nodes(nodes);
  CHECK(text == "1:0Bdd;5:1W;9:0Bss");
  CHECK(decode_board_nodes(text, 19) == nodes);
  CHECK(decode_board_nodes("", 19) == std::vector<BoardNodeRecord>{});
  CHECK_FALSE(decode_board_nodes(text, 9));              // a point off a 9x9 board
  CHECK_FALSE(decode_board_nodes("1:2Bdd", 19));         // parent unknown
  CHECK_FALSE(decode_board_nodes("1:0Bdd;1:0Wee", 19));  // id twice
  CHECK_FALSE(decode_board_nodes("0:0Bdd", 19));         // the root is no entry
  CHECK_FALSE(decode_board_nodes("1:0Xdd", 19));
  CHECK_FALSE(decode_board_nodes("1:0Bd", 19));
  CHECK_FALSE(decode_board_nodes("1;0Bdd", 19));
  CHECK(decode_points("dd,pp", 19) == std::vector<Vertex>{Vertex{3, 3}, Vertex{15, 15}});

  const std::map<std::int64_t, std::string> comments{{0, "root"}, {5, ""}, {12, "7:3:x;\n"}};
  const std::string comment_text = encode_board_comments(comments);
  CHECK(comment_text == "0:4:root5:0:12:7:7:3:x;\n");
  CHECK(decode_board_comments(comment_text) == comments);
  CHECK(decode_board_comments("") == std::map<std::int64_t, std::string>{});
  CHECK_FALSE(decode_board_comments("0:5:root"));    // shorter than it says
  CHECK_FALSE(decode_board_comments("0:1:a0:1:b"));  // a node twice
  CHECK_FALSE(decode_board_comments("-1:1:a"));
  CHECK_FALSE(decode_board_comments("0;1:a"));
  CHECK_FALSE(decode_board_comments("0:1:ab"));  // "b" is no entry
  CHECK_FALSE(decode_points("dd,", 19));
}
