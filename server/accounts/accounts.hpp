// Accounts: register, login, resume and logout, the throttles, and the retirement of long-idle accounts
// (server/accounts/README.md). Every operation is asynchronous: the callback runs on a hashing-pool or writer
// thread, or at once on the caller's when the input is refused before any work. The object must outlive its
// operations: shut the pool down, then the writer, then destroy it.
#pragma once

#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "accounts/account_error.hpp"
#include "accounts/password_hash.hpp"
#include "accounts/registration_rules.hpp"
#include "db/records.hpp"
#include "db/writer.hpp"
#include "server/accounts/accounts_options.hpp"
#include "server/accounts/limit_note.hpp"
#include "server/accounts/login_throttle.hpp"
#include "server/accounts/signup_limit.hpp"
#include "server/accounts/worker_pool.hpp"

namespace yunzi::accounts {

struct Authenticated {
  std::string token;  // give this to the client
  db::UserRecord user;
  TimeMs expires_ms = 0;
};

class Accounts {
 public:
  using Clock = std::function<TimeMs()>;
  using AuthCallback = std::function<void(AccountResult<Authenticated>)>;
  using DoneCallback = std::function<void(AccountResult<Done>)>;
  using RetiredCallback = std::function<void(AccountResult<std::vector<db::UserRecord>>)>;
  using CountCallback = std::function<void(AccountResult<int>)>;

  Accounts(db::Writer& writer, WorkerPool& hashing, Clock clock, AccountsOptions options = {});

  // Creates the account and logs it in. name_taken also for retired and
  // reserved names and for lookalikes of an existing name; rate_limited when
  // the address has made its sign-ups for the hour. address: the client's IP.
  void register_user(std::string_view name, std::string password, std::string_view rank, std::string address,
                     AuthCallback done);
  // address: the client's IP, for throttling.
  void login(std::string_view name, std::string password, std::string address, AuthCallback done);
  // Logs in with a session token and extends the session.
  void resume(std::string_view token, AuthCallback done);
  void logout(std::string_view token, DoneCallback done);
  // Closes accounts without a login for retire_after_ms; returns them.
  void retire_inactive(RetiredCallback done);

  // Gives every account stored before name skeletons existed its skeleton,
  // oldest first (run once at start, before serving); returns how many.
  void fill_name_skeletons(CountCallback done);

  const LoginThrottle& throttle() const { return throttle_; }

  // In a cluster: every change of the login throttle and the sign-up cap
  // is told to `listener` (on whichever thread made it), for the other
  // nodes; what they tell goes to heard_limit_change. Set before serving.
  using LimitListener = std::function<void(const LimitNote&)>;
  void on_limit_change(LimitListener listener) { limit_listener_ = std::move(listener); }
  void heard_limit_change(const LimitNote& note);

 private:
  void create_account(NewAccountName name, Rank rank, std::string password, SignupSlot slot, AuthCallback done);
  void verify_login(std::optional<db::UserRecord> user, LoginAttempt attempt, std::string password, AuthCallback done);
  void start_session(db::UserRecord user, AuthCallback done);
  const std::string& dummy_hash();
  void tell(LimitNote::Kind kind, const LoginAttempt& attempt) const;
  void tell(LimitNote::Kind kind, const SignupSlot& slot) const;
  void release_attempt(const LoginAttempt& attempt);
  LimitListener limit_listener_;

  db::Writer& writer_;
  WorkerPool& hashing_;
  Clock clock_;
  AccountsOptions options_;
  LoginThrottle throttle_;
  SignupLimit signups_;
  std::once_flag dummy_once_;
  std::string dummy_hash_;
};

}  // namespace yunzi::accounts
