#include "accounts/password_hash.hpp"

#include <sodium.h>

namespace yunzi::accounts {

PasswordCost PasswordCost::interactive() {
  return PasswordCost{crypto_pwhash_argon2id_OPSLIMIT_INTERACTIVE, crypto_pwhash_argon2id_MEMLIMIT_INTERACTIVE};
}

PasswordCost PasswordCost::minimum() {
  return PasswordCost{crypto_pwhash_argon2id_OPSLIMIT_MIN, crypto_pwhash_argon2id_MEMLIMIT_MIN};
}

std::optional<std::string> hash_password(std::string_view password, const PasswordCost& cost) {
  if (sodium_init() < 0) return std::nullopt;
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), cost.opslimit, cost.memlimit,
                            crypto_pwhash_ALG_ARGON2ID13) != 0) {
    return std::nullopt;
  }
  return std::string(out);
}

bool verify_password(const std::string& stored_hash, std::string_view password) {
  if (sodium_init() < 0) return false;
  if (stored_hash.size() >= crypto_pwhash_STRBYTES) return false;
  return crypto_pwhash_str_verify(stored_hash.c_str(), password.data(), password.size()) == 0;
}

}  // namespace yunzi::accounts
