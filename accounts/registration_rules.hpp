// What a new account may look like: the name rule (2-20 letters of any
// script, digits, '_' and '-', looked up in NFC ignoring ASCII case), the
// stricter rule for new names (no invisible code points or lookalike script
// mixtures, unique by skeleton: name_skeleton.hpp), the ranks one may start
// at (10k..1d) and the password length (8-128 bytes).
#pragma once

#include <string>
#include <string_view>

#include "accounts/account_error.hpp"
#include "core/rank.hpp"

namespace yunzi::accounts {

struct AccountName {
  std::string display;  // NFC, as typed
  std::string key;      // display with ASCII A-Z folded to a-z: the uniqueness key
};

// A name for a new account: the rule above, the spoofing checks and its skeleton.
struct NewAccountName {
  AccountName name;
  std::string skeleton;  // equal for names that look alike; unique among accounts
};

inline constexpr int min_name_length = 2;  // code points, after NFC
inline constexpr int max_name_length = 20;
inline constexpr std::size_t min_password_bytes = 8;
inline constexpr std::size_t max_password_bytes = 128;

// bad_request with the reason when the name breaks the rule. Enough to look
// an account up (login, user.info): names registered before the stricter
// rule keep working.
AccountResult<AccountName> check_name(std::string_view raw);
// For a name about to be taken (register, yunzi-admin create-admin).
AccountResult<NewAccountName> check_new_name(std::string_view raw);
// Sets up ICU's normalizers and the spoof checker now, on the calling
// thread. The server calls it before its threads start: ICU's own
// once-only set-up is safe, but invisible to ThreadSanitizer, which would
// take the first checks on two threads for a race.
void load_name_rules();
// The rank for exactly "10k".."1k" or "1d" (lower case).
AccountResult<Rank> check_starting_rank(std::string_view text);
AccountResult<Done> check_password(std::string_view password);

}  // namespace yunzi::accounts
