#include <catch2/catch.hpp>

#include <string>

#include "server/node/relay_batch.hpp"

using namespace yunzi::node::relay_wire;

namespace {

FrameRecord record(std::string frame, std::vector<std::uint64_t> connections) {
  return FrameRecord{std::make_shared<const std::string>(std::move(frame)), std::move(connections)};
}

}  // namespace

TEST_CASE("relay batch: records come back in order with their connections, frames byte for byte") {
  std::string payload;
  // A frame may hold anything a JSON text holds, newlines and digits included.
  append_record(payload, record(R"({"type":"game.move","seq":7,"text":"a\nb 12 "})", {3, 1ull << 62, 9}));
  append_record(payload, record("", {4}));
  append_record(payload, record("x", {18446744073709551615ull}));
  const auto records = read_records(payload);
  REQUIRE(records);
  REQUIRE(records->size() == 3);
  CHECK(*(*records)[0].frame == R"({"type":"game.move","seq":7,"text":"a\nb 12 "})");
  CHECK((*records)[0].connections == std::vector<std::uint64_t>{3, 1ull << 62, 9});
  CHECK(*(*records)[1].frame == "");
  CHECK((*records)[1].connections == std::vector<std::uint64_t>{4});
  CHECK(*(*records)[2].frame == "x");
  CHECK((*records)[2].connections == std::vector<std::uint64_t>{18446744073709551615ull});
  CHECK(read_records("")->empty());
}

TEST_CASE("relay batch: a malformed payload is refused whole") {
  std::string good;
  append_record(good, record("{}", {5}));
  CHECK(read_records(good));
  for (const std::string& bad : {
           std::string("1 5 3\n{}"),            // shorter than its length
           std::string("0 2\n{}"),              // no connection
           std::string("1 5 2{}"),              // no newline
           std::string("2 5 2\n{}"),            // fewer connections than counted
           std::string("1 -5 2\n{}"),           // not a number
           std::string("99999999999 5 2\n{}"),  // a count past any node's connections
           good + "1 5",                        // a record cut short after a good one
       }) {
    INFO(bad);
    CHECK_FALSE(read_records(bad));
  }
}
