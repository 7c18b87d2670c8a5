#include "tests/e2e/server/game_helpers.hpp"

#include <algorithm>
#include <thread>

#include <catch2/catch.hpp>

#include "engine/game.hpp"
#include "engine/scoring.hpp"

namespace yunzi::e2e {

Json friendly_settings(Json time) {
  return {{"size", 9}, {"rated", false}, {"komi", 7.5}, {"color", "black"}, {"time", std::move(time)}};
}

std::int64_t start_game(Player& black, Player& white, Json settings) {
  const Json sent = black.ok({{"type", "challenge"}, {"to", white.name()}, {"settings", settings}});
  REQUIRE(sent.contains("challenge"));
  const auto challenge_id = sent["challenge"]["id"].get<std::int64_t>();
  const Json offer = white.wait_event("challenge");
  CHECK(offer["challenge"]["id"] == challenge_id);
  CHECK(offer["challenge"]["from"]["name"] == black.name());

  const Json accepted = white.ok({{"type", "challenge.accept"}, {"challenge", challenge_id}});
  REQUIRE(accepted.contains("game"));
  REQUIRE(accepted["game"].is_number_integer());
  const auto game = accepted["game"].get<std::int64_t>();
  for (Player* player : {&black, &white}) {
    const Json start = player->wait_game_event(game, "game.start");
    CHECK(start["seq"] == 1);
    CHECK(start["black"]["name"] == black.name());
    CHECK(start["white"]["name"] == white.name());
    CHECK(start["size"] == settings.value("size", 19));
    CHECK(start["phase"] == "play");
    CHECK(start["to_move"] == "black");
    CHECK(start["moves"] == Json::array());
  }
  return game;
}

std::vector<Json> play_moves(Player& black, Player& white, std::int64_t game, const std::vector<std::string>& moves,
                             const std::vector<Player*>& watchers, int first_move_number,
                             const std::string& first_color) {
  std::vector<Json> seen;
  std::string color = first_color;
  int move_number = first_move_number;
  for (const auto& vertex : moves) {
    Player& mover = color == "black" ? black : white;
    if (vertex == "pass") {
      mover.ok({{"type", "game.pass"}, {"game", game}});
    } else {
      mover.ok({{"type", "game.move"}, {"game", game}, {"vertex", vertex}});
    }
    for (std::size_t i = 0; i < watchers.size(); ++i) {
      const Json event = watchers[i]->wait_game_event(game, "game.move");
      INFO(watchers[i]->name() << " saw " << event.dump());
      CHECK(event["color"] == color);
      CHECK(event["vertex"] == vertex);
      CHECK(event["move_number"] == move_number);
      CHECK(event["captured"].is_array());
      CHECK(event.contains("clock"));
      if (i == 0) seen.push_back(event);
    }
    color = color == "black" ? "white" : "black";
    ++move_number;
  }
  return seen;
}

CountedRecord walled_record(int size, int black_columns) {
  auto column = [](int number) {
    const char letter = static_cast<char>('A' + number - 1);
    return std::string(1, letter >= 'I' ? static_cast<char>(letter + 1) : letter);
  };
  CountedRecord r;
  r.size = size;
  // The walls, from the middle outwards so each move stays connected.
  const int middle = (size + 1) / 2;
  std::vector<int> rows{middle};
  for (int step = 1; middle - step >= 1; ++step) {
    rows.push_back(middle - step);
    rows.push_back(middle + step);
  }
  for (const int row : rows) {
    r.moves.push_back(column(black_columns) + std::to_string(row));
    r.moves.push_back(column(black_columns + 1) + std::to_string(row));
  }
  r.dead_black_stone = column(size - 1) + std::to_string(middle);  // in White's area
  r.dead_white_stone = column(2) + std::to_string(middle);         // in Black's area
  r.moves.push_back(r.dead_black_stone);
  r.moves.push_back(r.dead_white_stone);
  r.moves.push_back("pass");
  r.moves.push_back("pass");
  return r;
}

const CountedRecord& counted_record() {
  static const CountedRecord record = walled_record(9, 5);
  return record;
}

std::string engine_result(const CountedRecord& record, double komi) {
  using namespace yunzi::engine;
  GameSetup setup;
  setup.size = record.size;
  setup.komi = komi;
  auto game = Game::create(setup);
  REQUIRE(game);
  Color color = Color::black;
  for (const auto& move : record.moves) {
    if (move == "pass") {
      REQUIRE(game->pass(color));
    } else {
      auto vertex = parse_gtp(move, record.size);
      REQUIRE(vertex);
      REQUIRE(game->play(color, *vertex));
    }
    color = opponent(color);
  }
  REQUIRE(game->phase() == Phase::scoring);
  const std::vector<Vertex> dead = {*parse_gtp(record.dead_white_stone, record.size),
                                    *parse_gtp(record.dead_black_stone, record.size)};
  auto score = score_game(*game, dead);
  REQUIRE(score);
  return to_sgf(score->result);
}

std::vector<std::string> sorted_vertices(const Json& array) {
  std::vector<std::string> out;
  for (const auto& v : array) out.push_back(v.get<std::string>());
  std::sort(out.begin(), out.end());
  return out;
}

void resign_once_live(Player& player, std::int64_t game) {
  for (int attempt = 0; attempt < 250; ++attempt) {
    const Json reply = player.call({{"type", "game.resign"}, {"game", game}});
    if (reply.value("type", "") == "ok") return;
    INFO(player.name() << ": " << reply.dump());
    REQUIRE(reply.value("code", "") == "not_found");
    std::this_thread::sleep_for(20ms);
  }
  FAIL(player.name() << ": game " << game << " never became live");
}

}  // namespace yunzi::e2e
