#include <catch2/catch.hpp>
#include <string>

#include "server/ranking/bracket.hpp"
#include "server/ranking/evaluation.hpp"
#include "tests/unit/ranking/ranking_test_support.hpp"

using namespace yunzi;
using namespace yunzi::ranking;
using namespace yunzi::ranking::test;

namespace {

std::string repeat(char letter, int count) { return std::string(static_cast<std::size_t>(count), letter); }

struct Row {
  const char* start;
  std::string script;
  const char* final_rank;
  int change_at;  // 1-based game of the change, 0 for none
  BlockStatus last_block;
};

void check_row(const Row& row) {
  CAPTURE(row.start, row.script);
  Player player(rank_of(row.start));
  const auto decisions = player.play_script(row.script);
  CHECK(to_string(player.state().rank) == row.final_rank);
  int changed_at = 0;
  for (std::size_t i = 0; i < decisions.size(); ++i) {
    if (decisions[i].change) {
      CHECK(changed_at == 0);
      changed_at = static_cast<int>(i) + 1;
      CHECK(decisions[i].change->from == rank_of(row.start));
      CHECK(to_string(decisions[i].change->to) == row.final_rank);
      CHECK(decisions[i].change->reason ==
            (decisions[i].change->to > decisions[i].change->from ? ChangeReason::promotion : ChangeReason::demotion));
      CHECK(decisions[i].change->game == static_cast<GameId>(i + 1));
    }
    CHECK(decisions[i].conversions.empty());
  }
  CHECK(changed_at == row.change_at);
  CHECK(decisions.back().block == row.last_block);
}

}  // namespace

TEST_CASE("1d-4d bracket: every threshold, early and at the block's end", "[ranking][evaluation]") {
  const auto C = BlockStatus::closed;
  const auto O = BlockStatus::continues;
  const auto row =
      GENERATE_COPY(Row{"2d", repeat('W', 13) + repeat('L', 7), "2d", 0, C},   // 13 wins: stay, closed after 20
                    Row{"2d", repeat('W', 14) + repeat('L', 3), "3d", 17, C},  // 14 wins, 3 losses: +1 early
                    Row{"2d", repeat('W', 14) + repeat('L', 2), "2d", 0, O},   // 18 still possible
                    Row{"2d", repeat('W', 18), "4d", 18, C},                   // 18 of 18: +2
                    Row{"2d", repeat('W', 17) + repeat('L', 3), "3d", 20, C},  // 17 wins: +1 when the block ends
                    Row{"2d", repeat('W', 17) + repeat('L', 2), "2d", 0, O},
                    Row{"2d", repeat('L', 18), "1k", 18, C},  // 18 losses: -2, down into kyu
                    Row{"2d", repeat('L', 17), "2d", 0, O},
                    Row{"2d", repeat('L', 14) + repeat('W', 3), "1d", 17, C},  // 14 losses, 3 wins: -1 early
                    Row{"2d", repeat('L', 14) + repeat('W', 2), "2d", 0, O},   // -2 still possible
                    Row{"2d", repeat('W', 6) + repeat('L', 14), "1d", 20, C},  // 6 wins: -1
                    Row{"2d", repeat('W', 7) + repeat('L', 13), "2d", 0, C},   // 7 wins: stay
                    Row{"3d", repeat('W', 2) + repeat('L', 18), "1d", 20, C},  // 2 wins: -2
                    Row{"4d", repeat('W', 18), "6d", 18, C});
  check_row(row);
}

TEST_CASE("kyu bracket: every threshold", "[ranking][evaluation]") {
  const auto C = BlockStatus::closed;
  const auto O = BlockStatus::continues;
  const auto row =
      GENERATE_COPY(Row{"10k", repeat('W', 14), "8k", 14, C}, Row{"10k", repeat('W', 13), "10k", 0, O},
                    Row{"10k", repeat('W', 10) + repeat('L', 2), "9k", 12, C},
                    Row{"10k", repeat('W', 10) + repeat('L', 1), "10k", 0, O},
                    Row{"10k", repeat('W', 9) + repeat('L', 6), "10k", 0, C}, Row{"10k", repeat('L', 14), "12k", 14, C},
                    Row{"10k", repeat('L', 11) + repeat('W', 2), "11k", 13, C},
                    Row{"10k", repeat('L', 11) + repeat('W', 1), "10k", 0, O},
                    Row{"10k", repeat('W', 5) + repeat('L', 10), "10k", 0, C},
                    Row{"10k", repeat('W', 4) + repeat('L', 11), "11k", 15, C},
                    Row{"10k", repeat('W', 1) + repeat('L', 14), "12k", 15, C});
  check_row(row);
}

TEST_CASE("5d-9d bracket: every threshold", "[ranking][evaluation]") {
  const auto C = BlockStatus::closed;
  const auto O = BlockStatus::continues;
  const auto row = GENERATE_COPY(
      Row{"6d", repeat('W', 20), "8d", 20, C}, Row{"6d", repeat('W', 19), "6d", 0, O},
      Row{"6d", repeat('W', 15) + "L", "7d", 16, C}, Row{"6d", repeat('W', 15), "6d", 0, O},
      Row{"6d", repeat('W', 14) + repeat('L', 6), "6d", 0, C}, Row{"6d", repeat('L', 17), "4d", 17, C},
      Row{"6d", repeat('W', 4) + repeat('L', 13), "5d", 17, C}, Row{"6d", repeat('W', 3) + repeat('L', 13), "6d", 0, O},
      Row{"6d", repeat('W', 8) + repeat('L', 12), "6d", 0, C}, Row{"5d", repeat('L', 17), "3d", 17, C});
  check_row(row);
}

TEST_CASE("caps at 9d and 18k change what is certain", "[ranking][evaluation]") {
  const auto C = BlockStatus::closed;
  const auto O = BlockStatus::continues;
  const auto row = GENERATE_COPY(Row{"9d", repeat('W', 20), "9d", 0, C},  // nothing above 9d: a stay
                                 Row{"9d", repeat('W', 15) + "L", "9d", 0, O},
                                 Row{"8d", repeat('W', 15), "9d", 15, C},  // +1 and +2 both lead to 9d
                                 Row{"18k", repeat('L', 15), "18k", 0, C},
                                 Row{"17k", repeat('L', 11), "18k", 11, C},       // -1 and -2 both lead to 18k
                                 Row{"1k", repeat('W', 14), "2d", 14, C},         // 1k + 2 = 2d
                                 Row{"1k", repeat('W', 10) + "LL", "1d", 12, C},  // 1k + 1 = 1d
                                 Row{"1d", repeat('L', 14) + "WWW", "1k", 17, C});
  check_row(row);
}

TEST_CASE("crossing 1k to 1d changes the block size", "[ranking][evaluation]") {
  Player player(rank_of("1k"));
  player.play_script(repeat('W', 10) + "LL");
  REQUIRE(player.state().rank == rank_of("1d"));
  CHECK(player.state().block_games.empty());
  CHECK(bracket_for(player.state().block_start_rank).block_size == 20);
  // 14 straight wins promote by two in kyu; at 1d they are not yet certain.
  const auto decisions = player.play_script(repeat('W', 14));
  CHECK_FALSE(decisions.back().change.has_value());
  CHECK(player.state().rank == rank_of("1d"));
  player.play_script("LLL");
  CHECK(player.state().rank == rank_of("2d"));

  Player falling(rank_of("1d"));
  falling.play_script(repeat('L', 14) + "WWW");
  REQUIRE(falling.state().rank == rank_of("1k"));
  // The new kyu block closes after 15 games.
  const auto kyu_block = falling.play_script(repeat('W', 5) + repeat('L', 10));
  CHECK(kyu_block.back().block == BlockStatus::closed);
  CHECK_FALSE(kyu_block.back().change.has_value());
}

TEST_CASE("a rank change starts a new block; old games never count again", "[ranking][evaluation]") {
  Player player(rank_of("10k"));
  player.play_script(repeat('W', 10) + "LL");
  REQUIRE(player.state().rank == rank_of("9k"));
  player.play_script(repeat('W', 9));
  CHECK(player.state().rank == rank_of("9k"));
  player.play_script("LL");
  CHECK(player.state().rank == rank_of("9k"));
  player.play_script("W");
  CHECK(player.state().rank == rank_of("8k"));
}

TEST_CASE("draws, void, converted and annulled games do not count", "[ranking][evaluation]") {
  Player player(rank_of("10k"));
  const auto decisions = player.play_script("WDWVWWWDWWWWVWWWWW");
  for (std::size_t i = 0; i + 1 < decisions.size(); ++i) CHECK_FALSE(decisions[i].change.has_value());
  CHECK(player.state().rank == rank_of("8k"));
  CHECK(player.changes().front().game == 18);

  PlayerState state{1, rank_of("10k"), rank_of("10k"), games_from(repeat('W', 13)), {}};
  state.block_games[2].annulled = true;
  state.block_games[5].converted = true;
  auto decision = evaluate_after_game(state, win(14));
  REQUIRE(decision.has_value());
  CHECK_FALSE(decision->change.has_value());
  CHECK(decision->block == BlockStatus::continues);
  state.block_games[2].annulled = false;
  state.block_games[5].converted = false;
  decision = evaluate_after_game(state, win(14));
  REQUIRE(decision->change.has_value());
  CHECK(decision->change->to == rank_of("8k"));
}

TEST_CASE("evaluation refuses a state that contradicts itself", "[ranking][evaluation]") {
  PlayerState state{1, rank_of("10k"), rank_of("10k"), games_from("WWL"), {}};
  SECTION("a game twice") { CHECK(evaluate_after_game(state, win(2)).error().code == RankingErrorCode::bad_input); }
  SECTION("a game against oneself") { CHECK_FALSE(evaluate_after_game(state, win(9, 1)).has_value()); }
  SECTION("a negative move count") {
    RatedGame odd = win(9);
    odd.move_count = -1;
    CHECK_FALSE(evaluate_after_game(state, odd).has_value());
  }
  SECTION("a block that should have closed") {
    state.block_games = games_from(repeat('W', 9) + repeat('L', 6));
    const auto result = evaluate_after_game(state, win(99));
    REQUIRE_FALSE(result.has_value());
    CHECK(result.error().message.find("should have closed") != std::string::npos);
  }
}
