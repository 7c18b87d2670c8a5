#include "accounts/registration_rules.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/ustring.h>

#include <vector>

#include "accounts/name_skeleton.hpp"
#include "core/rank.hpp"

namespace yunzi::accounts {

namespace {

// Four UTF-8 bytes per code point at most, with room for decomposed input.
constexpr std::size_t max_raw_name_bytes = 4 * 3 * max_name_length;

bool is_letter(UChar32 c) {
  switch (u_charType(c)) {
    case U_UPPERCASE_LETTER:
    case U_LOWERCASE_LETTER:
    case U_TITLECASE_LETTER:
    case U_MODIFIER_LETTER:
    case U_OTHER_LETTER: return true;
    default: return false;
  }
}

// Vowel signs and other combining marks that scripts such as Devanagari
// need inside a word; never at the start of a name.
bool is_combining_mark(UChar32 c) {
  const auto type = u_charType(c);
  return type == U_NON_SPACING_MARK || type == U_COMBINING_SPACING_MARK;
}

AccountResult<icu::UnicodeString> decode_strict(std::string_view raw) {
  UErrorCode status = U_ZERO_ERROR;
  int32_t length = 0;
  u_strFromUTF8(nullptr, 0, &length, raw.data(), static_cast<int32_t>(raw.size()), &status);
  if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return bad_name("not valid UTF-8");
  std::vector<UChar> units(static_cast<std::size_t>(length) + 1);
  status = U_ZERO_ERROR;
  u_strFromUTF8(units.data(), length + 1, nullptr, raw.data(), static_cast<int32_t>(raw.size()), &status);
  if (U_FAILURE(status)) return bad_name("not valid UTF-8");
  return icu::UnicodeString(units.data(), length);
}

}  // namespace

AccountResult<AccountName> check_name(std::string_view raw) {
  if (raw.size() > max_raw_name_bytes) return bad_name("too long (at most 20 characters)");
  auto decoded = decode_strict(raw);
  if (!decoded) return unexpected(decoded.error());

  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  if (U_FAILURE(status)) return account_failure(AccountErrorCode::internal, "Unicode normalizer unavailable");
  const icu::UnicodeString normalized = nfc->normalize(*decoded, status);
  if (U_FAILURE(status)) return bad_name("cannot be normalized");

  const int32_t length = normalized.countChar32();
  if (length < min_name_length) return bad_name("too short (at least 2 characters)");
  if (length > max_name_length) return bad_name("too long (at most 20 characters)");

  std::string key;
  bool first = true;
  for (int32_t i = 0; i < normalized.length(); i = normalized.moveIndex32(i, 1)) {
    const UChar32 c = normalized.char32At(i);
    const bool allowed = is_letter(c) || u_charType(c) == U_DECIMAL_DIGIT_NUMBER || c == '_' || c == '-' ||
                         (!first && is_combining_mark(c));
    if (!allowed) return bad_name("only letters, digits, '_' and '-' are allowed");
    first = false;
  }
  AccountName name;
  normalized.toUTF8String(name.display);
  name.key = name.display;
  for (char& c : name.key) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return name;
}

void load_name_rules() { (void)check_new_name("yunzi"); }

AccountResult<NewAccountName> check_new_name(std::string_view raw) {
  auto name = check_name(raw);
  if (!name) return unexpected(name.error());
  if (auto honest = check_not_spoofing(name->display); !honest) return unexpected(honest.error());
  auto skeleton = name_skeleton(name->display);
  if (!skeleton) return unexpected(skeleton.error());
  return NewAccountName{std::move(*name), std::move(*skeleton)};
}

AccountResult<Rank> check_starting_rank(std::string_view text) {
  const auto rank = parse_rank_exactly(text);
  if (!rank || *rank < lowest_registration_rank || *rank > highest_registration_rank) {
    return account_failure(AccountErrorCode::bad_request, "rank: choose a starting rank from 10k to 1d");
  }
  return *rank;
}

AccountResult<Done> check_password(std::string_view password) {
  if (password.size() < min_password_bytes) {
    return account_failure(AccountErrorCode::bad_request, "password: at least 8 bytes");
  }
  if (password.size() > max_password_bytes) {
    return account_failure(AccountErrorCode::bad_request, "password: at most 128 bytes");
  }
  return Done{};
}

}  // namespace yunzi::accounts
