// A session's requests and their Responders on a real io_context: the
// next request starts only once the current one is answered, whoever
// answers it, and error replies are counted by code.
#include <prometheus/registry.h>
#include <prometheus/text_serializer.h>
#include <catch2/catch.hpp>

#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include "protocol/events.hpp"
#include "server/session/session.hpp"
#include "tests/unit/session/recording_connection.hpp"

using namespace yunzi;
using protocol::ErrorCode;

namespace {

using Recorder = app::testing::RecordingConnection;

// A session whose dispatch keeps each request's text and Responder, to answer later.
struct Fixture {
  boost::asio::io_context io;
  std::shared_ptr<Recorder> connection = std::make_shared<Recorder>();
  prometheus::Registry registry;
  session::AppMetrics metrics{registry};
  std::vector<std::string> started;
  std::vector<protocol::Responder> responders;
  std::shared_ptr<session::Session> session = session::Session::create(
      io, connection, metrics, [this](const std::shared_ptr<session::Session>& s, std::string text, bool) {
        started.push_back(text);
        responders.push_back(s->responder(static_cast<std::int64_t>(started.size())));
      });

  void settle() {
    io.restart();
    io.run();
  }
  double errors(ErrorCode code) const { return metrics.errors(code).Value(); }
};

}  // namespace

TEST_CASE("the next request starts only after the current one is answered") {
  Fixture f;
  f.session->receive("first", false);
  f.session->receive("second", false);
  f.session->receive("third", false);
  f.settle();
  CHECK(f.started == std::vector<std::string>{"first"});

  // An event to the connection is no answer.
  f.connection->send(protocol::notice("hi"));
  f.settle();
  CHECK(f.started.size() == 1);

  f.responders[0].ok();
  f.settle();
  CHECK(f.started == std::vector<std::string>{"first", "second"});
  f.responders[1].reply(protocol::encode_ok(2, {{"game", 5}}));
  f.settle();
  REQUIRE(f.started.size() == 3);
  f.responders[2].ok();
  f.settle();

  REQUIRE(f.connection->frames.size() == 4);
  CHECK(f.connection->frames[1] == nlohmann::json{{"type", "ok"}, {"re", 1}});
  CHECK(f.connection->frames[2] == nlohmann::json{{"type", "ok"}, {"re", 2}, {"game", 5}});
  CHECK(f.connection->frames[3] == nlohmann::json{{"type", "ok"}, {"re", 3}});
}

TEST_CASE("an answer from another thread starts the next request on the session's strand") {
  Fixture f;
  f.session->receive("first", false);
  f.session->receive("second", false);
  f.settle();
  std::thread pool([respond = f.responders[0]] { respond.fail(ErrorCode::bad_credentials, "wrong password"); });
  pool.join();
  f.settle();
  CHECK(f.started == std::vector<std::string>{"first", "second"});
  CHECK(f.connection->frames.at(0)["code"] == "bad_credentials");
}

TEST_CASE("error replies are counted by code, successes are not") {
  Fixture f;
  for (int i = 0; i < 4; ++i) f.session->receive("request", false);
  f.settle();
  f.responders[0].fail(ErrorCode::not_found, "no such game");
  f.settle();
  f.responders[1].fail(ErrorCode::illegal_move, "ko");
  f.settle();
  f.responders[2].reply(protocol::encode_error(3, ErrorCode::illegal_move, "occupied"), ErrorCode::illegal_move);
  f.settle();
  f.responders[3].ok();
  f.settle();
  CHECK(f.errors(ErrorCode::not_found) == 1);
  CHECK(f.errors(ErrorCode::illegal_move) == 2);
  CHECK(f.errors(ErrorCode::internal) == 0);
  const std::string text = prometheus::TextSerializer().Serialize(f.registry.Collect());
  CHECK(text.find("yunzi_errors_total{code=\"illegal_move\"} 2") != std::string::npos);
  CHECK(f.connection->frames.size() == 4);
}

TEST_CASE("a request dropped unanswered is answered internal and the next one runs") {
  Fixture f;
  f.session->receive("lost", false);
  f.session->receive("next", false);
  f.settle();
  f.responders.clear();  // the only handle goes without an answer
  f.settle();
  REQUIRE(f.connection->frames.size() == 1);
  CHECK(
      f.connection->frames[0] ==
      nlohmann::json{{"type", "error"}, {"re", 1}, {"code", "internal"}, {"message", "the request was not answered"}});
  CHECK(f.errors(ErrorCode::internal) == 1);
  CHECK(f.started == std::vector<std::string>{"lost", "next"});
}

TEST_CASE("after the session closes, an answer goes nowhere new and a dropped request says nothing") {
  Fixture f;
  f.session->receive("late", false);
  f.settle();
  f.session->post([](session::Session& s) { s.closed = true; });
  f.settle();
  f.responders.clear();
  f.settle();
  CHECK(f.connection->frames.empty());
  CHECK(f.errors(ErrorCode::internal) == 0);
  f.session->receive("ignored", false);
  f.settle();
  CHECK(f.started == std::vector<std::string>{"late"});
}

TEST_CASE("an answer to an earlier request does not start a second one") {
  Fixture f;
  f.session->receive("first", false);
  f.session->receive("second", false);
  f.session->receive("third", false);
  f.settle();
  f.responders[0].ok();
  f.settle();
  REQUIRE(f.started.size() == 2);
  // The first request's Responder goes away after its answer: nothing more happens.
  f.responders.erase(f.responders.begin());
  f.settle();
  CHECK(f.started.size() == 2);
  CHECK(f.connection->frames.size() == 1);
}

TEST_CASE("a session closed with requests waiting starts none of them, and its cleanup runs once it is closed") {
  Fixture f;
  f.session->receive("first", false);
  f.session->receive("second", false);
  f.session->receive("third", false);
  f.settle();
  REQUIRE(f.started == std::vector<std::string>{"first"});

  // Called on the session's strand (as from the connection's close handler), close runs at once.
  int cleanups = 0;
  bool closed_when_cleaned = false;
  bool ran_at_once = false;
  std::vector<std::string> ran;
  f.session->post([&](session::Session& s) {
    s.when_closed("first", [&](session::Session&) { ran.push_back("first, replaced"); });
    s.when_closed("second", [&](session::Session&) { ran.push_back("second"); });
    // The same name again replaces the earlier cleanup and keeps its place.
    s.when_closed("first", [&](session::Session& closing) {
      ++cleanups;
      closed_when_cleaned = closing.closed;
      ran.push_back("first");
    });
    s.close();
    ran_at_once = cleanups == 1;
    // A second close runs nothing again; a cleanup registered after the close runs at once.
    s.close();
    s.when_closed("late", [&](session::Session&) { ran.push_back("late"); });
  });
  f.settle();
  CHECK(ran_at_once);
  CHECK(cleanups == 1);
  CHECK(closed_when_cleaned);
  CHECK(ran == std::vector<std::string>{"first", "second", "late"});

  // The request in flight is answered after the close: the waiting ones stay unstarted.
  f.responders[0].ok();
  f.settle();
  CHECK(f.started == std::vector<std::string>{"first"});
  f.session->receive("after", false);
  f.settle();
  CHECK(f.started == std::vector<std::string>{"first"});
}
