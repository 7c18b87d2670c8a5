// What Accounts is built with: the password hashing cost, how long a login
// lasts, when an idle player leaves the rank lists, the throttle of password
// guesses and the cap on sign-ups per address. yunzi-server's settings hold
// it as it is (server/config/README.md); the defaults are theirs.
#pragma once

#include "accounts/password_hash.hpp"
#include "core/ids.hpp"
#include "server/accounts/login_throttle.hpp"
#include "server/accounts/signup_limit.hpp"

namespace yunzi::accounts {

struct AccountsOptions {
  PasswordCost cost = PasswordCost::interactive();
  TimeMs session_lifetime_ms = 30LL * 24 * 3600 * 1000;
  TimeMs retire_after_ms = 3LL * 365 * 24 * 3600 * 1000;
  ThrottleOptions throttle;
  SignupOptions signups;
  friend bool operator==(const AccountsOptions&, const AccountsOptions&) = default;
};

}  // namespace yunzi::accounts
