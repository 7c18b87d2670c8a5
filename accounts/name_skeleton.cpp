#include "accounts/name_skeleton.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uspoof.h>

#include <cstdio>

namespace yunzi::accounts {
namespace {

constexpr std::int32_t spoof_checks =
    USPOOF_RESTRICTION_LEVEL | USPOOF_MIXED_NUMBERS | USPOOF_INVISIBLE | USPOOF_HIDDEN_OVERLAY;

// Opened once; after set-up ICU allows concurrent checks and skeletons.
class SpoofChecker {
 public:
  SpoofChecker() {
    UErrorCode status = U_ZERO_ERROR;
    checker_ = uspoof_open(&status);
    if (U_FAILURE(status)) {
      checker_ = nullptr;
      return;
    }
    uspoof_setRestrictionLevel(checker_, USPOOF_MODERATELY_RESTRICTIVE);
    uspoof_setChecks(checker_, spoof_checks, &status);
    fold_ = icu::Normalizer2::getNFKCCasefoldInstance(status);
    if (U_FAILURE(status)) {
      uspoof_close(checker_);
      checker_ = nullptr;
    }
  }
  ~SpoofChecker() {
    if (checker_) uspoof_close(checker_);
  }
  SpoofChecker(const SpoofChecker&) = delete;
  SpoofChecker& operator=(const SpoofChecker&) = delete;

  bool ready() const { return checker_ != nullptr; }
  const USpoofChecker* checker() const { return checker_; }
  const icu::Normalizer2& fold() const { return *fold_; }

 private:
  USpoofChecker* checker_ = nullptr;
  const icu::Normalizer2* fold_ = nullptr;
};

const SpoofChecker& spoof_checker() {
  static const SpoofChecker instance;
  return instance;
}

Unexpected<AccountError> unavailable() {
  return account_failure(AccountErrorCode::internal, "Unicode confusable data unavailable");
}

std::string code_point_text(UChar32 c) {
  char text[16];
  std::snprintf(text, sizeof text, "U+%04X", static_cast<unsigned>(c));
  return text;
}

}  // namespace

AccountResult<std::string> name_skeleton(std::string_view nfc_name) {
  const SpoofChecker& spoof = spoof_checker();
  if (!spoof.ready()) return unavailable();
  UErrorCode status = U_ZERO_ERROR;
  const icu::UnicodeString name = icu::UnicodeString::fromUTF8(nfc_name);
  const icu::UnicodeString folded = spoof.fold().normalize(name, status);
  icu::UnicodeString skeleton;
  uspoof_getSkeletonUnicodeString(spoof.checker(), 0, folded, skeleton, &status);
  // The skeleton's prototypes may be capitals ("0" becomes "O"): fold once more.
  const icu::UnicodeString refolded = spoof.fold().normalize(skeleton, status);
  if (U_FAILURE(status)) return unavailable();
  std::string out;
  refolded.toUTF8String(out);
  return out;
}

AccountResult<Done> check_not_spoofing(std::string_view nfc_name) {
  const icu::UnicodeString name = icu::UnicodeString::fromUTF8(nfc_name);
  for (int32_t i = 0; i < name.length(); i = name.moveIndex32(i, 1)) {
    const UChar32 c = name.char32At(i);
    if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) {
      return bad_name("invisible characters are not allowed (" + code_point_text(c) + ")");
    }
  }
  const SpoofChecker& spoof = spoof_checker();
  if (!spoof.ready()) return unavailable();
  UErrorCode status = U_ZERO_ERROR;
  const int32_t found = uspoof_check2UnicodeString(spoof.checker(), name, nullptr, &status);
  if (U_FAILURE(status)) return unavailable();
  if (found & USPOOF_RESTRICTION_LEVEL) {
    return bad_name("mixes scripts in a way that can imitate another name (such as Latin with Cyrillic or Greek)");
  }
  if (found & USPOOF_MIXED_NUMBERS) return bad_name("mixes digits of different scripts");
  if (found & (USPOOF_INVISIBLE | USPOOF_HIDDEN_OVERLAY)) return bad_name("marks that hide or stack on each other");
  return Done{};
}

}  // namespace yunzi::accounts
