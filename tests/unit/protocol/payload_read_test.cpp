// The lobby's payloads written as JSON and read back (the form a cluster
// node tells the others its seeks and games in), and refused when mangled.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol/payload_json.hpp"
#include "protocol/payload_read.hpp"

using namespace yunzi;
using namespace yunzi::protocol;
using nlohmann::json;

namespace {

UserInfo user(std::string name, const char* rank, Role role = Role::user) {
  return UserInfo{std::move(name), *parse_rank(rank), role};
}

bool same(const UserInfo& a, const UserInfo& b) { return a.name == b.name && a.rank == b.rank && a.role == b.role; }

}  // namespace

TEST_CASE("a seek reads back as it was written, for every clock", "[protocol][payload_read]") {
  const TimeControl clock =
      GENERATE(TimeControl::none(), TimeControl::absolute(600'000), TimeControl::byoyomi(1'200'000, 3, 30'000),
               TimeControl::fischer(300'000, 10'000, 600'000), TimeControl::canadian(600'000, 25, 300'000));
  SeekInfo seek{(std::int64_t{7} << 32) + 3, user("李 小龙", "3d", Role::admin), GameSettings{}};
  seek.settings.size = 13;
  seek.settings.rated = false;
  seek.settings.handicap = 2;
  seek.settings.komi = 0.5;
  seek.settings.color = ColorChoice::white;
  seek.settings.ko = KoRule::positional;
  seek.settings.time = clock;
  const auto read = read_seek_info(json::parse(to_json(seek).dump()));
  REQUIRE(read);
  CHECK(read->id == seek.id);
  CHECK(same(read->from, seek.from));
  CHECK(read->settings == seek.settings);
}

TEST_CASE("a lobby game reads back as it was written", "[protocol][payload_read]") {
  LobbyGame game{41, user("alice", "5k"), user("bob", "2d"), 9, 0, 7.5, true, 120, 4, 2};
  const auto read = read_lobby_game(json::parse(to_json(game).dump()));
  REQUIRE(read);
  CHECK(read->game == 41);
  CHECK(same(read->black, game.black));
  CHECK(same(read->white, game.white));
  CHECK(read->size == 9);
  CHECK(read->komi == 7.5);
  CHECK(read->rated);
  CHECK(read->move_number == 120);
  CHECK(read->spectators == 4);
  CHECK(read->anonymous_spectators == 2);
}

TEST_CASE("a mangled payload is refused, not guessed at", "[protocol][payload_read]") {
  const json good_user = to_json(user("carol", "18k"));
  CHECK(read_user_info(good_user));
  for (const char* key : {"name", "rank", "role"}) {
    json missing = good_user;
    missing.erase(key);
    CHECK_FALSE(read_user_info(missing));
    json mistyped = good_user;
    mistyped[key] = 3;
    CHECK_FALSE(read_user_info(mistyped));
  }
  json bad_rank = good_user;
  bad_rank["rank"] = "40k";
  CHECK_FALSE(read_user_info(bad_rank));

  const json good_game = to_json(LobbyGame{5, user("a", "1k"), user("b", "1d")});
  json fractional = good_game;
  fractional["move_number"] = 1.5;
  CHECK_FALSE(read_lobby_game(fractional));
  json no_white = good_game;
  no_white.erase("white");
  CHECK_FALSE(read_lobby_game(no_white));
  CHECK_FALSE(read_lobby_game(json::array()));
  CHECK_FALSE(read_seek_info(json("seek")));

  json seek = to_json(SeekInfo{1, user("a", "1k"), GameSettings{}});
  seek["settings"]["ko"] = "superko";
  CHECK_FALSE(read_seek_info(seek));
}
