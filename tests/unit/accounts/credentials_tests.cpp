#include <atomic>
#include <catch2/catch.hpp>
#include <future>
#include <set>
#include <thread>

#include "accounts/password_hash.hpp"
#include "server/accounts/session_token.hpp"
#include "server/accounts/worker_pool.hpp"

using namespace yunzi;
using namespace yunzi::accounts;

TEST_CASE("argon2id hashes verify the right password only", "[accounts][credentials]") {
  auto hash = hash_password("correct horse", PasswordCost::minimum());
  REQUIRE(hash);
  CHECK(hash->rfind("$argon2id$", 0) == 0);
  CHECK(verify_password(*hash, "correct horse"));
  CHECK_FALSE(verify_password(*hash, "correct horse "));
  CHECK_FALSE(verify_password(*hash, ""));
  CHECK_FALSE(verify_password("not a hash", "correct horse"));
  CHECK(*hash_password("correct horse", PasswordCost::minimum()) != *hash);  // salted
  const std::string with_nul("a\0b12345", 8);
  auto nul_hash = hash_password(with_nul, PasswordCost::minimum());
  REQUIRE(nul_hash);
  CHECK(verify_password(*nul_hash, with_nul));
  CHECK_FALSE(verify_password(*nul_hash, "a"));
}

TEST_CASE("session tokens are random, URL-safe and hashed for storage", "[accounts][credentials]") {
  std::set<std::string> seen;
  for (int i = 0; i < 100; ++i) {
    SessionToken token = new_session_token();
    CHECK(token.text.size() == 43);
    CHECK(token.text.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") ==
          std::string::npos);
    CHECK(token.hash.size() == 32);
    CHECK(token_hash(token.text) == token.hash);
    seen.insert(token.text);
  }
  CHECK(seen.size() == 100);
}

TEST_CASE("forged or mangled tokens have no hash", "[accounts][credentials]") {
  const std::string good = new_session_token().text;
  CHECK_FALSE(token_hash("").has_value());
  CHECK_FALSE(token_hash(good.substr(1)).has_value());
  CHECK_FALSE(token_hash(good + "A").has_value());
  CHECK_FALSE(token_hash(std::string(43, '!')).has_value());
  CHECK_FALSE(token_hash(good.substr(0, 42) + "=").has_value());
  std::string flipped = good;
  flipped[5] = flipped[5] == 'A' ? 'B' : 'A';
  REQUIRE(token_hash(flipped).has_value());
  CHECK(token_hash(flipped) != token_hash(good));
}

TEST_CASE("the worker pool runs tasks off the caller's thread and drains on shutdown", "[accounts][pool]") {
  WorkerPool pool(2);
  CHECK(pool.size() == 2);
  std::promise<std::thread::id> where;
  REQUIRE(pool.post([&] { where.set_value(std::this_thread::get_id()); }));
  CHECK(where.get_future().get() != std::this_thread::get_id());
  std::atomic<int> ran{0};
  for (int i = 0; i < 100; ++i) pool.post([&] { ++ran; });
  pool.shutdown();
  CHECK(ran == 100);
  CHECK_FALSE(pool.post([&] { ++ran; }));
  CHECK(ran == 100);
}
