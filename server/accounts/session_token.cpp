#include "server/accounts/session_token.hpp"

#include <sodium.h>

#include <array>
#include <cstdlib>

namespace yunzi::accounts {

namespace {

constexpr std::size_t token_bytes = 32;
constexpr int variant = sodium_base64_VARIANT_URLSAFE_NO_PADDING;

std::vector<std::uint8_t> sha256(const std::uint8_t* data, std::size_t size) {
  std::vector<std::uint8_t> digest(crypto_hash_sha256_BYTES);
  crypto_hash_sha256(digest.data(), data, size);
  return digest;
}

}  // namespace

SessionToken new_session_token() {
  if (sodium_init() < 0) std::abort();  // no randomness: nothing safe to hand out
  std::array<std::uint8_t, token_bytes> raw{};
  randombytes_buf(raw.data(), raw.size());
  std::string text(sodium_base64_ENCODED_LEN(token_bytes, variant), '\0');
  sodium_bin2base64(text.data(), text.size(), raw.data(), raw.size(), variant);
  text.resize(text.find('\0'));
  SessionToken token{std::move(text), sha256(raw.data(), raw.size())};
  sodium_memzero(raw.data(), raw.size());
  return token;
}

std::optional<std::vector<std::uint8_t>> token_hash(std::string_view text) {
  if (sodium_init() < 0) return std::nullopt;
  if (text.size() != sodium_base64_ENCODED_LEN(token_bytes, variant) - 1) return std::nullopt;
  std::array<std::uint8_t, token_bytes> raw{};
  std::size_t decoded = 0;
  const char* end = nullptr;
  if (sodium_base642bin(raw.data(), raw.size(), text.data(), text.size(), nullptr, &decoded, &end, variant) != 0 ||
      decoded != token_bytes || end != text.data() + text.size()) {
    return std::nullopt;
  }
  return sha256(raw.data(), raw.size());
}

}  // namespace yunzi::accounts
