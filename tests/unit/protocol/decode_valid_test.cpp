// Every request type decodes from a valid example, with its fields read.
#include <catch2/catch.hpp>

#include "protocol/decode.hpp"
#include "request_examples.hpp"

using namespace yunzi;
using namespace yunzi::protocol;

namespace {

template <class T>
T decode_as(const std::string& text) {
  auto decoded = decode_request(text);
  if (!decoded) FAIL("decode failed: " << decoded.error().message);
  REQUIRE(std::holds_alternative<T>(decoded->request));
  return std::get<T>(decoded->request);
}

}  // namespace

TEST_CASE("every request type of the contract decodes from its example", "[protocol][decode]") {
  REQUIRE(request_examples().size() == std::variant_size_v<Request>);
  for (const auto& example : request_examples()) {
    INFO(example.json);
    auto decoded = decode_request(example.json);
    REQUIRE(decoded.has_value());
    CHECK(type_of(decoded->request) == example.type);
    CHECK(decoded->id == 7);
  }
}

TEST_CASE("decoded requests carry their field values", "[protocol][decode]") {
  const auto hello = decode_as<req::Hello>(R"({"type":"hello","protocol":1,"client":"bot/2"})");
  CHECK(hello.protocol == 1);
  CHECK(hello.client == "bot/2");

  const auto reg = decode_as<req::Register>(R"({"type":"register","name":"李昌镐","password":"pw","rank":"1D"})");
  CHECK(reg.name == "李昌镐");
  CHECK(reg.password == "pw");
  CHECK(reg.rank == Rank::dan(1));

  const auto move = decode_as<req::GameMove>(R"({"type":"game.move","game":42,"vertex":"q16"})");
  CHECK(move.game == 42);
  CHECK(move.vertex.text == "Q16");
  CHECK_FALSE(move.vertex.is_pass());
  CHECK(move.vertex.on_board(19) == yunzi::engine::Vertex{15, 3});
  CHECK_FALSE(move.vertex.on_board(9).has_value());

  const auto pass = decode_as<req::GameMove>(R"({"type":"game.move","game":1,"vertex":"PASS"})");
  CHECK(pass.vertex.is_pass());
  CHECK_FALSE(pass.vertex.on_board(19).has_value());

  const auto dead = decode_as<req::GameDead>(R"({"type":"game.dead","game":3,"vertex":"t19","dead":false})");
  CHECK(dead.vertex.text == "T19");
  CHECK_FALSE(dead.dead);

  const auto accept =
      decode_as<req::GameScoreAccept>(R"({"type":"game.score.accept","game":3,"marking_version":1015})");
  CHECK(accept.game == 3);
  CHECK(accept.marking_version == 1015);
  CHECK(
      decode_as<req::GameScoreAccept>(R"({"type":"game.score.accept","game":3,"marking_version":0})").marking_version ==
      0);
  CHECK(decode_as<req::GameScoreAccept>(R"({"type":"game.score.accept","game":3,"marking_version":9007199254740991})")
            .marking_version == 9007199254740991);

  const auto chat = decode_as<req::GameChat>(R"({"type":"game.chat","game":3,"text":"好棋"})");
  CHECK(chat.text == "好棋");
  CHECK_FALSE(chat.channel.has_value());
  const auto kibitz = decode_as<req::GameChat>(R"({"type":"game.chat","game":3,"text":"hm","channel":"spectators"})");
  CHECK(kibitz.channel == ChatChannel::spectators);

  const auto watch = decode_as<req::GameWatch>(R"({"type":"game.watch","game":9})");
  CHECK_FALSE(watch.since.has_value());
  CHECK(decode_as<req::GameWatch>(R"({"type":"game.watch","game":9,"since":0})").since == 0);

  const auto games = decode_as<req::UserGames>(R"({"type":"user.games","name":"a"})");
  CHECK(games.limit == default_list_limit);
  CHECK_FALSE(games.before.has_value());

  const auto ban = decode_as<req::AdminBan>(R"({"type":"admin.ban","user":"x","reason":"r"})");
  CHECK_FALSE(ban.minutes.has_value());  // permanent
  CHECK(decode_as<req::AdminBan>(R"({"type":"admin.ban","user":"x","minutes":5,"reason":"r"})").minutes == 5);

  const auto review = decode_as<req::AdminReview>(R"({"type":"admin.review"})");
  CHECK(review.limit == default_list_limit);
  CHECK_FALSE(review.after.has_value());
  CHECK(decode_as<req::AdminReview>(R"({"type":"admin.review","after":"Quick"})").after == "Quick");

  const auto keep_all =
      decode_as<req::AdminKeepShortGames>(R"({"type":"admin.keep_short_games","user":"q","reason":"r"})");
  CHECK_FALSE(keep_all.games.has_value());
  const auto keep = decode_as<req::AdminKeepShortGames>(
      R"({"type":"admin.keep_short_games","user":"q","games":[9,4,9,9007199254740991],"reason":"r"})");
  CHECK(keep.games == std::vector<std::int64_t>{9, 4, 9007199254740991});

  CHECK_FALSE(decode_as<req::AdminRecommendations>(R"({"type":"admin.recommendations"})").status.has_value());
  for (const auto state : {RecommendationState::pending, RecommendationState::approved, RecommendationState::rejected,
                           RecommendationState::revoked}) {
    const std::string text = R"({"type":"admin.recommendations","status":")" + std::string(to_string(state)) + "\"}";
    CHECK(decode_as<req::AdminRecommendations>(text).status == state);
  }
  CHECK(decode_as<req::AdminRevokeRecommendation>(
            R"({"type":"admin.revoke_recommendation","user":"r","to":"former","reason":"r"})")
            .to == RevokeTo::former);
  CHECK(decode_as<req::AdminRevokeRecommendation>(
            R"({"type":"admin.revoke_recommendation","user":"r","to":"1D","reason":"r"})")
            .to == RevokeTo::first_dan);

  const auto set_rank =
      decode_as<req::AdminSetRank>(R"({"type":"admin.set_rank","user":"x","rank":"18k","reason":"r"})");
  CHECK(set_rank.rank == Rank::kyu(18));

  const auto decline =
      decode_as<req::ChallengeDecline>(R"({"type":"challenge.decline","challenge":5,"reason":"I do not play 19x19"})");
  CHECK(decline.reason == "I do not play 19x19");
  CHECK_FALSE(decode_as<req::ChallengeDecline>(R"({"type":"challenge.decline","challenge":5})").reason.has_value());
  const auto report = decode_as<req::Report>(R"({"type":"report","user":"x","reason":"line one\nline two"})");
  CHECK_FALSE(report.game.has_value());
  CHECK(report.reason == "line one\nline two");
}

TEST_CASE("ping echoes t exactly as it came", "[protocol][decode]") {
  CHECK(std::get<std::int64_t>(*decode_as<req::Ping>(R"({"type":"ping","t":-5})").t) == -5);
  CHECK(std::get<double>(*decode_as<req::Ping>(R"({"type":"ping","t":12.25})").t) == 12.25);
  CHECK_FALSE(decode_as<req::Ping>(R"({"type":"ping"})").t.has_value());
}

TEST_CASE("the id may be any JSON integer and is optional", "[protocol][decode]") {
  CHECK(decode_request(R"({"type":"logout","id":-3})")->id == -3);
  CHECK(decode_request(R"({"type":"logout","id":0})")->id == 0);
  CHECK(decode_request(R"({"type":"logout","id":9223372036854775807})")->id == INT64_MAX);
  CHECK_FALSE(decode_request(R"({"type":"logout"})")->id.has_value());
}

TEST_CASE("unknown fields are ignored so clients may send extensions", "[protocol][decode]") {
  const auto decoded = decode_request(R"({"type":"game.pass","game":4,"comment":"x","extra":[1,2]})");
  REQUIRE(decoded.has_value());
  CHECK(std::get<req::GamePass>(decoded->request).game == 4);
}

TEST_CASE("a tournament made without a round gap pauses 60 s before each round, 0 starts at once",
          "[protocol][decode]") {
  const auto plain = decode_as<req::AdminTournamentCreate>(
      R"({"type":"admin.tournament.create","name":"Club","settings":{"size":9},"rounds":2})");
  CHECK(plain.round_gap_s == 60);
  const auto at_once = decode_as<req::AdminTournamentCreate>(
      R"({"type":"admin.tournament.create","name":"Club","settings":{"size":9},"rounds":2,"round_gap_s":0})");
  CHECK(at_once.round_gap_s == 0);
}

TEST_CASE("a tournament edit names only the fields it changes", "[protocol][decode]") {
  const auto edit = decode_as<req::AdminTournamentEdit>(
      R"({"type":"admin.tournament.edit","tournament":4,"rounds":6,"groups":[{"name":"dan","min_rank":"1d","max_rank":"9d"}],"round_gap_s":30})");
  CHECK(edit.tournament == 4);
  CHECK(edit.fields == std::vector<std::string>{"groups", "rounds", "round_gap_s"});
  CHECK(edit.change.rounds == 6);
  CHECK(edit.change.round_gap_s == 30);
  REQUIRE(edit.change.groups.size() == 1);
  CHECK(edit.change.groups[0].min_rank == Rank::dan(1));
  // A fixed schedule is checked against the rounds once the edit meets the stored settings.
  const auto times = decode_as<req::AdminTournamentEdit>(
      R"({"type":"admin.tournament.edit","tournament":4,"round_start":"fixed","round_times_ms":[1000,2000]})");
  CHECK(times.change.round_times_ms == std::vector<std::int64_t>{1000, 2000});

  for (const char* bad :
       {R"({"type":"admin.tournament.edit","tournament":4})",
        R"({"type":"admin.tournament.edit","tournament":4,"reason":"only a reason"})",
        R"({"type":"admin.tournament.edit","tournament":4,"rounds":0})",
        R"({"type":"admin.tournament.edit","tournament":4,"system":"ladder"})",
        R"({"type":"admin.tournament.edit","tournament":4,"name":""})",
        R"({"type":"admin.tournament.edit","rounds":3})", R"({"type":"admin.tournament.end","tournament":4})"}) {
    INFO(bad);
    auto decoded = decode_request(bad);
    REQUIRE_FALSE(decoded.has_value());
    CHECK(decoded.error().code == ErrorCode::bad_request);
  }
}

TEST_CASE("quick play asks for even games with the colours drawn", "[protocol][decode]") {
  const auto join = decode_as<req::AutomatchJoin>(R"({"type":"automatch.join","settings":{"size":13,"rated":false}})");
  CHECK(join.settings.rest.size == 13);
  CHECK_FALSE(join.settings.rest.rated);
  CHECK_FALSE(join.settings.time.has_value());  // the server's default clock
  const auto timed = decode_as<req::AutomatchJoin>(
      R"({"type":"automatch.join","settings":{"size":9,"time":{"system":"byoyomi","main_s":60,"periods":3,"period_s":30}}})");
  REQUIRE(timed.settings.time.has_value());
  const yunzi::TimeControl& byoyomi = *timed.settings.time;
  REQUIRE(byoyomi.system == yunzi::TimeSystem::byoyomi);
  CHECK(byoyomi.main_ms == 60'000);
  CHECK(byoyomi.periods == 3);
  CHECK(byoyomi.period_ms == 30'000);
  for (const char* bad : {R"({"type":"automatch.join","settings":{"size":13,"handicap":2,"rated":false}})",
                          R"({"type":"automatch.join","settings":{"size":13,"color":"black","rated":false}})",
                          R"({"type":"automatch.join","settings":{"size":12}})",
                          R"({"type":"automatch.join","settings":{"size":9,"time":{"system":"hourglass"}}})"}) {
    INFO(bad);
    auto decoded = decode_request(bad);
    REQUIRE_FALSE(decoded.has_value());
    CHECK(decoded.error().code == ErrorCode::bad_request);
  }
}

TEST_CASE("board.create keeps its defaults and a handicap's komi", "[protocol][decode][board]") {
  const auto plain = decode_as<req::BoardCreate>(R"({"type":"board.create"})");
  CHECK(plain.size == 19);
  CHECK(plain.komi == 7.5);
  CHECK(plain.handicap == 0);
  CHECK(plain.title.empty());
  CHECK_FALSE(plain.game.has_value());
  CHECK_FALSE(plain.sgf.has_value());
  const auto handicap = decode_as<req::BoardCreate>(R"({"type":"board.create","size":13,"handicap":3})");
  CHECK(handicap.size == 13);
  CHECK(handicap.komi == 0.5);
  const auto copy = decode_as<req::BoardCreate>(R"({"type":"board.create","game":12,"move":40,"title":"定式"})");
  CHECK(copy.game == 12);
  CHECK(copy.move == 40);
  CHECK(copy.title == "定式");
  const auto play = decode_as<req::BoardPlay>(R"({"type":"board.play","board":3,"from":0,"vertex":"pass"})");
  CHECK(play.from == 0);
  CHECK(play.vertex.is_pass());
}

TEST_CASE("a worker's analysed positions are read whole and checked", "[protocol][decode][analysis]") {
  const auto report = decode_as<req::AnalysisReport>(
      R"({"type":"analysis.report","analysis":3,"positions":[{"move":0,"score":-6.5,"winrate":0.41,)"
      R"("best":[{"vertex":"d4","score":-5,"visits":120,"line":["D4","q16","Pass"]}]},{"move":1,"best":[]}]})");
  REQUIRE(report.positions.size() == 2);
  const req::AnalysedPosition& first = report.positions[0];
  CHECK(first.move == 0);
  CHECK(first.score == -6.5);
  CHECK(first.winrate == 0.41);
  REQUIRE(first.best.size() == 1);
  CHECK(first.best[0].vertex.text == "D4");
  CHECK(first.best[0].visits == 120);
  CHECK_FALSE(first.best[0].winrate);
  CHECK(first.best[0].line == std::vector<VertexText>{VertexText{"D4"}, VertexText{"Q16"}, VertexText{"pass"}});
  CHECK_FALSE(report.positions[1].score);

  const auto refused = [](const std::string& positions) {
    auto decoded = decode_request(R"({"type":"analysis.report","analysis":3,"positions":)" + positions + "}");
    REQUIRE_FALSE(decoded);
    return decoded.error().message;
  };
  CHECK(refused(R"([{"move":0,"winrate":1.5}])").find("positions[0].winrate") != std::string::npos);
  CHECK(refused(R"([{"move":0,"score":1e9}])").find("positions[0].score") != std::string::npos);
  CHECK(refused(R"([{"move":-1}])").find("positions[0].move") != std::string::npos);
  CHECK(refused(R"([{"move":0,"best":[{"vertex":"Z99"}]}])").find("best[0].vertex") != std::string::npos);
  CHECK(refused(R"([{"move":0,"best":[{"vertex":"D4","line":["D4","nowhere"]}]}])").find("line") != std::string::npos);
  CHECK(refused(R"([3])").find("positions[0]") != std::string::npos);
  std::string many = "[";
  for (int i = 0; i <= 50; ++i) many += std::string(i ? "," : "") + R"({"move":)" + std::to_string(i) + "}";
  CHECK(refused(many + "]").find("at most 50") != std::string::npos);
  CHECK_FALSE(decode_request(R"({"type":"analysis.claim","engine":"Kata Go"})"));
}

TEST_CASE("a bot's offer is read whole and every field is bounded", "[protocol][decode][bot]") {
  const std::string good =
      R"("engine":"GNU Go 3.8","strength":"level 1","sizes":[9,19],"rated":false,"unrated":true,)"
      R"("min_handicap":2,"max_handicap":9,"clocks":["byoyomi","none"],"seconds_per_move":5,"max_main_s":3600,"max_games":2)";
  const auto offer = decode_as<req::BotOfferSet>(R"({"type":"bot.offer","offer":{)" + good + "}}").offer;
  CHECK(offer.engine == "GNU Go 3.8");
  CHECK(offer.strength == "level 1");
  CHECK(offer.sizes == std::vector<int>{9, 19});
  CHECK_FALSE(offer.rated);
  CHECK(offer.min_handicap == 2);
  CHECK(offer.clocks == std::vector<TimeSystem>{TimeSystem::byoyomi, TimeSystem::none});
  CHECK(offer.seconds_per_move == 5);
  CHECK(offer.max_games == 2);

  // The good offer with one field's value changed.
  const auto refused = [&good](const std::string& field, const std::string& value) {
    auto offer = nlohmann::json::parse("{" + good + "}");
    offer[field] = nlohmann::json::parse(value);
    auto decoded = decode_request(nlohmann::json{{"type", "bot.offer"}, {"offer", offer}}.dump());
    REQUIRE_FALSE(decoded);
    return decoded.error().message;
  };
  CHECK(refused("sizes", "[7]").find("offer.sizes") != std::string::npos);
  CHECK(refused("sizes", "[9,9]").find("distinct") != std::string::npos);
  CHECK(refused("sizes", "[]").find("offer.sizes") != std::string::npos);
  CHECK(refused("clocks", R"(["hourglass"])").find("offer.clocks") != std::string::npos);
  CHECK(refused("unrated", "false").find("rated or friendly") != std::string::npos);
  CHECK(refused("max_handicap", "1").find("below min_handicap") != std::string::npos);
  CHECK(refused("max_games", "0").find("offer.max_games") != std::string::npos);
  CHECK(refused("engine", R"("")").find("offer.engine") != std::string::npos);
  CHECK(refused("strength", "\"" + std::string(121, 'x') + "\"").find("offer.strength") != std::string::npos);
  CHECK_FALSE(decode_request(R"({"type":"bot.offer","offer":[]})"));
}

TEST_CASE("problem requests: a theme, a grade range, a move, one problem or the day's", "[protocol][decode][problem]") {
  const auto list = decode_as<req::ProblemList>(
      R"({"type":"problem.list","theme":"vital point","grade_from":"15K","grade_to":"1d","after":9,"limit":5})");
  CHECK(list.theme == "vital point");
  CHECK(list.grade_from == Rank::kyu(15));
  CHECK(list.grade_to == Rank::dan(1));
  CHECK(list.after == 9);
  CHECK(list.limit == 5);
  CHECK(decode_as<req::ProblemList>(R"({"type":"problem.list"})").limit == default_list_limit);
  CHECK(decode_as<req::ProblemGet>(R"({"type":"problem.get","problem":4})").problem == 4);
  CHECK_FALSE(decode_as<req::ProblemGet>(R"({"type":"problem.get","daily":true})").problem);
  const auto move = decode_as<req::ProblemMove>(R"({"type":"problem.move","problem":4,"move":"b2"})");
  CHECK(move.move.text == "B2");
  CHECK(decode_as<req::ProblemMove>(R"({"type":"problem.move","problem":4,"move":"pass"})").move.is_pass());
  const auto imported =
      decode_as<req::ProblemImport>(R"j({"type":"problem.import","sgf":"(;SZ[9])","themes":["ko","corner"]})j");
  CHECK(imported.sgf == "(;SZ[9])");
  CHECK(imported.themes == std::vector<std::string>{"ko", "corner"});

  const auto refused = [](const std::string& text) {
    auto decoded = decode_request(text);
    REQUIRE_FALSE(decoded);
    return decoded.error().message;
  };
  CHECK_THAT(refused(R"({"type":"problem.get","problem":4,"daily":true})"), Catch::Contains("either"));
  CHECK_THAT(refused(R"({"type":"problem.get","daily":false})"), Catch::Contains("either"));
  CHECK_THAT(refused(R"({"type":"problem.get","problem":0})"), Catch::Contains("'problem'"));
  CHECK_THAT(refused(R"({"type":"problem.move","problem":4,"move":"I5"})"), Catch::Contains("'move'"));
  CHECK_THAT(refused(R"({"type":"problem.move","problem":4,"move":"Z99"})"), Catch::Contains("'move'"));
  CHECK_THAT(refused(R"({"type":"problem.list","grade_from":"1d","grade_to":"5k"})"), Catch::Contains("grade_from"));
  CHECK_THAT(refused(R"({"type":"problem.list","theme":")" + std::string(41, 'x') + R"("})"),
             Catch::Contains("'theme'"));
  CHECK_THAT(refused(R"({"type":"problem.list","theme":""})"), Catch::Contains("'theme'"));
  CHECK_THAT(refused(R"j({"type":"problem.import","sgf":""})j"), Catch::Contains("'sgf'"));
  CHECK_THAT(refused(R"j({"type":"problem.import","sgf":"(;)","themes":["a","b","c","d","e","f","g","h","i"]})j"),
             Catch::Contains("at most 8"));
  CHECK_THAT(refused(R"j({"type":"problem.import","sgf":"(;)","themes":[3]})j"), Catch::Contains("'themes'"));
  CHECK_THAT(refused(R"j({"type":"problem.import","sgf":"(;)","themes":["line\nbreak"]})j"),
             Catch::Contains("'themes'"));
  // What the stored SGF could not read back: a space at an end, more than 40 bytes (14 Chinese characters).
  CHECK_THAT(refused(R"j({"type":"problem.import","sgf":"(;)","themes":[" corner"]})j"),
             Catch::Contains("without a space at either end"));
  CHECK_THAT(refused(R"j({"type":"problem.import","sgf":"(;)","themes":["死活死活死活死活死活死活死活"]})j"),
             Catch::Contains("bytes of UTF-8"));
}
