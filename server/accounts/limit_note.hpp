// One change of the login throttle or of the sign-up cap, as the nodes of a
// cluster tell each other, so that a guesser or a sign-up farm spreading
// its attempts over the nodes meets the same limits as on one node.
#pragma once

#include "server/accounts/login_throttle.hpp"
#include "server/accounts/signup_limit.hpp"

namespace yunzi::accounts {

struct LimitNote {
  enum class Kind { login_reserved, login_succeeded, login_released, signup_reserved, signup_released };
  Kind kind = Kind::login_reserved;
  LoginAttempt attempt;  // the login_* kinds
  SignupSlot slot;       // the signup_* kinds
};

}  // namespace yunzi::accounts
