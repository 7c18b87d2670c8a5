// A game's record at any move over plain HTTP: the text diagram and the SVG
// picture of /games/{id}.txt|svg?move=N are read back (stones per point, the
// last-move mark, the SVG's elements) and compared with the position the
// moves give; bad queries are 400, unknown games 404; an ended game may be
// cached, a game in progress may not.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <sstream>
#include <string_view>

#include "engine/types.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"
#include "tools/client/http_get.hpp"

using namespace yunzi;
using namespace yunzi::e2e;
using yunzi::engine::Vertex;

namespace {

constexpr int board_size = 9;

// White's A1 is captured by Black's A2 at move 5.
const std::vector<std::string> record = {"B1", "A1", "E5", "pass", "A2", "G7"};

yunzi::client::HttpReply get(ServerFixture& fx, const std::string& target, const std::string& method = "GET") {
  auto reply = yunzi::client::http_request("127.0.0.1", fx.server.port(), method, target);
  INFO(method << " " << target);
  REQUIRE(reply);
  return *reply;
}

// The position after the first n moves of `record`, as GTP vertex -> 'X'/'O'.
std::map<std::string, char> expected_stones(std::size_t n) {
  std::map<std::string, char> stones;
  for (std::size_t i = 0; i < n; ++i) {
    if (record[i] != "pass") stones[record[i]] = i % 2 == 0 ? 'X' : 'O';
  }
  if (n >= 5) stones.erase("A1");
  return stones;
}

std::optional<std::string> expected_last(std::size_t n) {
  if (n == 0 || record[n - 1] == "pass") return std::nullopt;
  return record[n - 1];
}

std::string gtp(int x, int y) { return yunzi::engine::to_gtp(Vertex{x, y}, board_size); }

struct TextBoard {
  std::map<std::string, char> stones;
  std::vector<std::string> marked;  // points written "(X)"
  int rows = 0;
};

bool all_digits(std::string_view text) {
  return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

// Reads the board rows of the text diagram: the row label in two
// characters, a separator and a cell for each column ("(X)" around the last
// move), a closing separator, the label again: " 9 X .(X). . . . . . 9".
TextBoard read_text_board(const std::string& text) {
  TextBoard board;
  std::istringstream lines(text);
  std::string line;
  const std::size_t cells_end = 3 + 2 * board_size;
  while (std::getline(lines, line)) {
    if (line.size() <= cells_end) continue;
    const std::string label = line.substr(0, 2).substr(line[0] == ' ' ? 1 : 0);
    if (!all_digits(label) || line.substr(cells_end) != label) continue;
    const int y = board_size - std::stoi(label);
    bool row = true;
    for (int x = 0; x <= board_size; ++x) {
      row = row && std::string_view(" ()").find(line[static_cast<std::size_t>(2 + 2 * x)]) != std::string_view::npos;
      if (x < board_size) {
        row = row && std::string_view(".+XO").find(line[static_cast<std::size_t>(3 + 2 * x)]) != std::string_view::npos;
      }
    }
    if (!row) continue;
    ++board.rows;
    for (int x = 0; x < board_size; ++x) {
      const char cell = line[static_cast<std::size_t>(3 + 2 * x)];
      if (cell == 'X' || cell == 'O') board.stones[gtp(x, y)] = cell;
      if (line[static_cast<std::size_t>(2 + 2 * x)] == '(' && line[static_cast<std::size_t>(4 + 2 * x)] == ')') {
        board.marked.push_back(gtp(x, y));
      }
    }
  }
  return board;
}

// The value of name="..." in a tag's text; empty when absent.
std::string attribute(std::string_view tag, const std::string& name) {
  const std::string key = " " + name + "=\"";
  const auto start = tag.find(key);
  if (start == std::string_view::npos) return {};
  const auto from = start + key.size();
  return std::string(tag.substr(from, tag.find('"', from) - from));
}

// Well-formed enough for an image viewer: one root element, every tag
// closed in order, every attribute value quoted, no stray '<', '>' or '&'.
bool well_formed(const std::string& svg, std::string& problem) {
  std::vector<std::string> open;
  int roots = 0;
  std::size_t at = 0;
  while (at < svg.size()) {
    const std::size_t next = svg.find('<', at);
    const std::string_view text =
        std::string_view(svg).substr(at, next == std::string::npos ? std::string::npos : next - at);
    if (text.find_first_of(">&") != std::string_view::npos) {
      problem = "stray character in text: " + std::string(text);
      return false;
    }
    if (next == std::string::npos) break;
    const std::size_t end = svg.find('>', next);
    if (end == std::string::npos) {
      problem = "a tag runs to the end";
      return false;
    }
    std::string_view tag = std::string_view(svg).substr(next + 1, end - next - 1);
    const bool closing = tag.starts_with('/');
    const bool empty = tag.ends_with('/');
    if (closing) tag.remove_prefix(1);
    if (empty) tag.remove_suffix(1);
    const std::string name(tag.substr(0, tag.find(' ')));
    if (name.empty() || name.find_first_of("<\"=") != std::string::npos) {
      problem = "bad tag <" + std::string(tag) + ">";
      return false;
    }
    // After the name: name="value" pairs, values without '<' or '"'.
    std::string_view rest = tag.substr(name.size());
    while (!rest.empty()) {
      const auto equals = rest.find("=\"");
      const auto close = equals == std::string_view::npos ? equals : rest.find('"', equals + 2);
      if (rest.front() != ' ' || close == std::string_view::npos ||
          rest.substr(1, equals - 1).find_first_of(" <\"") != std::string_view::npos ||
          rest.substr(equals + 2, close - equals - 2).find('<') != std::string_view::npos) {
        problem = "bad attributes in <" + std::string(tag) + ">";
        return false;
      }
      rest.remove_prefix(close + 1);
    }
    if (closing) {
      if (open.empty() || open.back() != name) {
        problem = "</" + name + "> closes " + (open.empty() ? std::string("nothing") : open.back());
        return false;
      }
      open.pop_back();
    } else {
      if (open.empty()) ++roots;
      if (!empty) open.push_back(name);
    }
    at = end + 1;
  }
  if (!open.empty()) problem = "<" + open.back() + "> is never closed";
  else if (roots != 1) problem = std::to_string(roots) + " root elements";
  return open.empty() && roots == 1;
}

struct SvgBoard {
  std::map<std::string, char> stones;
  std::vector<std::string> last_marks;
  std::vector<std::pair<std::string, std::string>> numbers;  // vertex, number
};

// The stones and marks of the engine's picture: lines at 1.5 cells from the
// edge, a cell being width / (size + 2).
SvgBoard read_svg_board(const std::string& svg) {
  SvgBoard board;
  const double width = std::stod(attribute(svg.substr(0, svg.find('>')), "width"));
  const double cell = width / (board_size + 2);
  auto vertex_at = [&](std::string_view tag, const char* x_name, const char* y_name) {
    const int x = static_cast<int>(std::lround((std::stod(attribute(tag, x_name)) - 1.5 * cell) / cell));
    const int y = static_cast<int>(std::lround((std::stod(attribute(tag, y_name)) - 1.5 * cell) / cell));
    return gtp(x, y);
  };
  for (std::size_t at = svg.find('<'); at != std::string::npos; at = svg.find('<', at + 1)) {
    const std::size_t end = svg.find('>', at);
    const std::string_view tag = std::string_view(svg).substr(at, end - at);
    const std::string classes = attribute(tag, "class");
    if (tag.starts_with("<circle ")) {
      if (classes == "black" || classes == "white") {
        board.stones[vertex_at(tag, "cx", "cy")] = classes == "black" ? 'X' : 'O';
      }
      if (classes == "last-move") board.last_marks.push_back(vertex_at(tag, "cx", "cy"));
    }
    if (tag.starts_with("<text ") && classes.starts_with("move-number")) {
      board.numbers.emplace_back(vertex_at(tag, "x", "y"), svg.substr(end + 1, svg.find('<', end) - end - 1));
      if (classes.ends_with("last-move")) board.last_marks.push_back(vertex_at(tag, "x", "y"));
    }
  }
  return board;
}

}  // namespace

TEST_CASE("the text diagram and the SVG picture of every move of a game", "[server][http][records]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const std::int64_t game = start_game(alice, bob);
  play_moves(alice, bob, game, record, {&alice, &bob});
  const std::string path = "/games/" + std::to_string(game);

  // In progress: served as spectators see it, never to be cached.
  const auto live = get(fx, path + ".txt?move=2");
  CHECK(live.status == 200);
  CHECK(live.header("Cache-Control") == "no-cache");
  CHECK(read_text_board(live.body).marked == std::vector<std::string>{"A1"});
  CHECK(get(fx, path + ".svg").header("Cache-Control") == "no-cache");
  CHECK(get(fx, path + ".sgf").header("Cache-Control") == "no-cache");

  alice.ok({{"type", "game.resign"}, {"game", game}});
  bob.wait_game_event(game, "game.end");

  for (std::size_t n = 0; n <= record.size(); ++n) {
    const std::string query = "?move=" + std::to_string(n);
    INFO("move " << n);
    const auto text = get(fx, path + ".txt" + query);
    REQUIRE(text.status == 200);
    CHECK(text.content_type == "text/plain; charset=utf-8");
    CHECK(text.header("Cache-Control") == "public, max-age=86400, immutable");
    INFO(text.body);
    CHECK_THAT(text.body, Catch::StartsWith("alice (B) vs bob (W), move " + std::to_string(n) + " of 6, result W+R\n"));
    const TextBoard board = read_text_board(text.body);
    CHECK(board.rows == board_size);
    CHECK(board.stones == expected_stones(n));
    const auto last = expected_last(n);
    CHECK(board.marked == (last ? std::vector<std::string>{*last} : std::vector<std::string>{}));
    if (n == 4) CHECK(text.body.find("Last move: white pass\n") != std::string::npos);
    const std::string captures = n >= 5 ? "Captures: black 1, white 0\n" : "Captures: black 0, white 0\n";
    CHECK(text.body.find(captures) != std::string::npos);

    const auto picture = get(fx, path + ".svg" + query);
    REQUIRE(picture.status == 200);
    CHECK(picture.content_type == "image/svg+xml");
    CHECK(picture.header("Cache-Control") == "public, max-age=86400, immutable");
    std::string problem;
    CHECK(well_formed(picture.body, problem));
    INFO(problem);
    const SvgBoard svg = read_svg_board(picture.body);
    CHECK(svg.stones == expected_stones(n));
    CHECK(svg.last_marks == (last ? std::vector<std::string>{*last} : std::vector<std::string>{}));
    CHECK(svg.numbers.empty());
  }

  // No move given: the final position.
  const auto final_text = get(fx, path + ".txt");
  CHECK(read_text_board(final_text.body).stones == expected_stones(record.size()));
  CHECK_THAT(final_text.body, Catch::StartsWith("alice (B) vs bob (W), move 6 of 6, result W+R\n"));
  const auto final_svg = get(fx, path + ".svg");
  CHECK(read_svg_board(final_svg.body).stones == expected_stones(record.size()));
  CHECK(get(fx, path + ".sgf").header("Cache-Control") == "public, max-age=86400, immutable");
  const auto head = get(fx, path + ".svg?move=3", "HEAD");
  CHECK(head.status == 200);
  CHECK(head.content_type == "image/svg+xml");
  CHECK(head.body.empty());
}

TEST_CASE("move numbers on the picture and under the text diagram", "[server][http][records]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const std::int64_t game = start_game(alice, bob);
  play_moves(alice, bob, game, record, {&alice, &bob});
  const std::string path = "/games/" + std::to_string(game);

  const auto text = get(fx, path + ".txt?move=5&numbers=3");
  REQUIRE(text.status == 200);
  INFO(text.body);
  CHECK(text.body.find("Moves 3-5:\n3 X E5, 4 O pass, 5 X A2\n") != std::string::npos);
  CHECK(read_text_board(text.body).marked == std::vector<std::string>{"A2"});

  // Every move numbered: White's A1 (2) was captured, so its number is gone;
  // the last move is marked by its number.
  const auto picture = get(fx, path + ".svg?numbers=all&move=5");
  REQUIRE(picture.status == 200);
  std::string problem;
  CHECK(well_formed(picture.body, problem));
  INFO(problem);
  const SvgBoard svg = read_svg_board(picture.body);
  using Numbers = std::vector<std::pair<std::string, std::string>>;
  CHECK(svg.numbers == Numbers{{"B1", "1"}, {"E5", "3"}, {"A2", "5"}});
  CHECK(svg.last_marks == std::vector<std::string>{"A2"});
  CHECK(read_svg_board(get(fx, path + ".svg?numbers=1").body).numbers == Numbers{{"G7", "6"}});
}

TEST_CASE("diagram requests out of range, malformed or for no game", "[server][http][records]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const std::int64_t game = start_game(alice, bob);
  play_moves(alice, bob, game, {"E5", "C3"}, {&alice, &bob});
  const std::string path = "/games/" + std::to_string(game);

  for (const char* format : {".txt", ".svg"}) {
    const auto past = get(fx, path + format + "?move=3");
    CHECK(past.status == 400);
    CHECK(past.content_type == "text/plain; charset=utf-8");
    CHECK(past.header("Cache-Control") == "no-store");
    CHECK(past.body == "move 3 is past the end: game " + std::to_string(game) + " has 2 moves\n");
    CHECK(get(fx, path + format + "?move=2").status == 200);

    for (const char* bad : {"?move=-1", "?move=abc", "?move=", "?move=1.0", "?move=1&move=2", "?numbers=some",
                            "?move=99999999999999999999999"}) {
      INFO(format << bad);
      const auto refused = get(fx, path + format + bad);
      CHECK(refused.status == 400);
      CHECK_THAT(refused.body, Catch::Contains("move") || Catch::Contains("numbers"));
    }
    const auto unknown = get(fx, std::string("/games/987654") + format + "?move=1");
    CHECK(unknown.status == 404);
    CHECK(unknown.body == "no game 987654\n");
    CHECK(get(fx, std::string("/games/987654") + format).status == 404);
  }
  // The SGF is the whole record: a query changes nothing.
  CHECK(get(fx, path + ".sgf?move=abc").status == 200);
  CHECK(get(fx, path + ".png").status == 404);
}
