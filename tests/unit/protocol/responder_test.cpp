#include <catch2/catch.hpp>

#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol/responder.hpp"

using namespace yunzi;
using protocol::ErrorCode;
using protocol::Responder;

namespace {

// A channel that keeps what it hears.
struct Recorder final : Responder::Channel {
  void answered(protocol::Frame frame, std::optional<ErrorCode> error) override {
    frames.push_back(nlohmann::json::parse(*frame));
    errors.push_back(error);
  }
  void dropped(const protocol::RequestId& id) override { dropped_ids.push_back(id); }
  void answered_again(const protocol::RequestId& id) override { repeated_ids.push_back(id); }

  std::vector<nlohmann::json> frames;
  std::vector<std::optional<ErrorCode>> errors;
  std::vector<protocol::RequestId> dropped_ids;
  std::vector<protocol::RequestId> repeated_ids;
};

}  // namespace

TEST_CASE("a Responder answers its request once, whichever copy answers") {
  auto recorder = std::make_shared<Recorder>();
  {
    const Responder respond(7, recorder);
    const Responder copy = respond;
    CHECK_FALSE(respond.answered());
    copy.ok({{"seek", 3}});
    CHECK(respond.answered());
    respond.fail(ErrorCode::conflict, "too late");
    copy.ok();
  }
  REQUIRE(recorder->frames.size() == 1);
  CHECK(recorder->frames[0] == nlohmann::json{{"type", "ok"}, {"re", 7}, {"seek", 3}});
  CHECK(recorder->errors[0] == std::nullopt);
  CHECK(recorder->repeated_ids == std::vector<protocol::RequestId>{7, 7});
  CHECK(recorder->dropped_ids.empty());
}

TEST_CASE("a failure goes out as an error reply and names its code to the channel") {
  auto recorder = std::make_shared<Recorder>();
  Responder(4, recorder).fail(ErrorCode::illegal_move, "ko: the point was just taken");
  Responder(5, recorder).fail(ErrorCode::banned, "banned", {{"until", 99}});
  Responder(std::nullopt, recorder).fail(ErrorCode::bad_request, "no id");
  REQUIRE(recorder->frames.size() == 3);
  CHECK(recorder->frames[0] ==
        nlohmann::json{
            {"type", "error"}, {"re", 4}, {"code", "illegal_move"}, {"message", "ko: the point was just taken"}});
  CHECK(recorder->errors[0] == ErrorCode::illegal_move);
  CHECK(recorder->frames[1]["until"] == 99);
  CHECK(recorder->errors[1] == ErrorCode::banned);
  CHECK_FALSE(recorder->frames[2].contains("re"));
  CHECK(recorder->errors[2] == ErrorCode::bad_request);
}

TEST_CASE("a prepared reply keeps the code it is given") {
  auto recorder = std::make_shared<Recorder>();
  const Responder respond(9, recorder);
  respond.reply(protocol::encode_error(9, ErrorCode::not_your_turn, "white is to move"), ErrorCode::not_your_turn);
  CHECK(recorder->errors == std::vector<std::optional<ErrorCode>>{ErrorCode::not_your_turn});
}

TEST_CASE("the channel hears of a request whose every copy went unanswered") {
  auto recorder = std::make_shared<Recorder>();
  {
    const Responder respond(11, recorder);
    { const Responder copy = respond; }
    CHECK(recorder->dropped_ids.empty());
  }
  CHECK(recorder->dropped_ids == std::vector<protocol::RequestId>{11});
  CHECK(recorder->frames.empty());
}

TEST_CASE("answers racing from two threads: one goes out") {
  for (int round = 0; round < 50; ++round) {
    auto recorder = std::make_shared<Recorder>();
    {
      const Responder respond(round, recorder);
      std::thread other([respond] { respond.ok(); });
      respond.fail(ErrorCode::internal, "lost");
      other.join();
    }
    CHECK(recorder->frames.size() == 1);
    CHECK(recorder->repeated_ids.size() == 1);
    CHECK(recorder->dropped_ids.empty());
  }
}

TEST_CASE("an unheard Responder answers into nothing") {
  const Responder respond = Responder::unheard(3);
  CHECK(respond.id() == protocol::RequestId{3});
  respond.ok();
  CHECK(respond.answered());
  respond.ok();  // nobody listens, so nobody is told
  { const Responder dropped = Responder::unheard(); }
}
