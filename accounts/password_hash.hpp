// Password hashing with libsodium's argon2id (crypto_pwhash_str): the stored
// string carries its own salt and cost, so the cost can rise later without
// breaking existing hashes. Slow on purpose: call it from the WorkerPool.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace yunzi::accounts {

struct PasswordCost {
  unsigned long long opslimit;
  std::size_t memlimit;
  static PasswordCost interactive();  // libsodium's interactive limits (64 MiB)
  static PasswordCost minimum();      // the smallest allowed, for tests
  friend bool operator==(const PasswordCost&, const PasswordCost&) = default;
};

// nullopt only when the memory for hashing cannot be had.
std::optional<std::string> hash_password(std::string_view password, const PasswordCost& cost);
bool verify_password(const std::string& stored_hash, std::string_view password);

}  // namespace yunzi::accounts
