#include "server/accounts/accounts.hpp"

#include <spdlog/spdlog.h>

#include "accounts/name_skeleton.hpp"
#include "accounts/registration_rules.hpp"
#include "accounts/reserved_names.hpp"
#include "db/time_text.hpp"
#include "server/accounts/session_token.hpp"

namespace yunzi::accounts {

namespace {

Unexpected<AccountError> internal_error(const db::DbError& error) {
  spdlog::error("accounts: database error kind={} message={}", db::to_string(error.kind), error.message);
  return account_failure(AccountErrorCode::internal, "the server could not complete the request");
}

Unexpected<AccountError> bad_credentials() {
  return account_failure(AccountErrorCode::bad_credentials, "wrong name or password");
}

// A user barred from logging in right now, or nullopt.
std::optional<AccountError> refusal_for(const db::UserRecord& user, TimeMs now) {
  if (user.closed) return AccountError{AccountErrorCode::bad_credentials, "this account is closed"};
  if (user.banned_until_ms && *user.banned_until_ms > now) {
    if (*user.banned_until_ms == db::forever_ms) {
      return AccountError{AccountErrorCode::banned, "this account is banned permanently"};
    }
    return AccountError{AccountErrorCode::banned,
                        "this account is banned until " + db::utc_time_text(*user.banned_until_ms),
                        *user.banned_until_ms};
  }
  return std::nullopt;
}

// What the registration transaction decided.
struct Registration {
  std::optional<AccountError> refusal;
  Authenticated session;
};

// The name's skeleton is held by `holder`: the same name, or one that looks like it.
AccountError taken_by(const std::string& name, const std::string& name_key, const db::UserRecord& holder) {
  if (holder.name_key == name_key) {
    return {AccountErrorCode::name_taken, holder.closed
                                              ? "the name " + holder.name + " is retired and cannot be registered again"
                                              : "the name " + name + " is taken"};
  }
  return {AccountErrorCode::name_taken, "the name " + name + " looks too much like the name " + holder.name +
                                            (holder.closed ? ", which is retired" : ", which is taken")};
}

Unexpected<AccountError> stopping() { return account_failure(AccountErrorCode::internal, "the server is stopping"); }

std::string whole_units(std::int64_t ms, std::int64_t unit_ms) { return std::to_string((ms + unit_ms - 1) / unit_ms); }

}  // namespace

Accounts::Accounts(db::Writer& writer, WorkerPool& hashing, Clock clock, AccountsOptions options)
    : writer_(writer),
      hashing_(hashing),
      clock_(std::move(clock)),
      options_(options),
      throttle_(options.throttle),
      signups_(options.signups) {}

void Accounts::register_user(std::string_view raw_name, std::string password, std::string_view rank_text,
                             std::string address, AuthCallback done) {
  auto name = check_new_name(raw_name);
  if (!name) return done(unexpected(name.error()));
  if (is_reserved_name(name->skeleton)) {
    return done(
        account_failure(AccountErrorCode::name_taken,
                        "the name " + name->name.display + " is reserved: it could pass for the server's staff"));
  }
  auto rank = check_starting_rank(rank_text);
  if (!rank) return done(unexpected(rank.error()));
  auto password_ok = check_password(password);
  if (!password_ok) return done(unexpected(password_ok.error()));
  auto slot = signups_.reserve(address, clock_());
  if (!slot) {
    spdlog::warn("accounts: sign-up limited address={} wait_ms={}", address, slot.error().ms);
    return done(account_failure(AccountErrorCode::rate_limited, "too many new accounts from this address: at most " +
                                                                    std::to_string(signups_.options().per_hour) +
                                                                    " an hour; try again in " +
                                                                    whole_units(slot.error().ms, 60'000) + " min"));
  }
  tell(LimitNote::Kind::signup_reserved, *slot);
  create_account(std::move(*name), *rank, std::move(password), std::move(*slot), std::move(done));
}

void Accounts::create_account(NewAccountName name, Rank rank, std::string password, SignupSlot slot,
                              AuthCallback done) {
  // Whatever ends the sign-up without an account gives its slot back.
  auto finish = [this, slot, done](AccountResult<Authenticated> result) {
    if (!result) {
      signups_.release(slot);
      tell(LimitNote::Kind::signup_released, slot);
    }
    done(std::move(result));
  };
  auto task = [this, name = std::move(name), rank, password = std::move(password), finish]() mutable {
    auto hash = hash_password(password, options_.cost);
    if (!hash) return finish(account_failure(AccountErrorCode::internal, "password hashing failed"));
    const TimeMs now = clock_();
    db::NewUser user{name.name.display, name.name.key, std::move(*hash), rank, Role::user, now, name.skeleton};
    SessionToken token = new_session_token();
    const TimeMs expires = now + options_.session_lifetime_ms;
    writer_.submit_for<Registration>(
        [user = std::move(user), token, now, expires](db::Stores& stores) -> db::DbResult<Registration> {
          auto retired = stores.users().find_retired(user.name_key);
          if (!retired) return unexpected(retired.error());
          if (*retired) {
            return Registration{
                AccountError{AccountErrorCode::name_taken,
                             "the name " + (*retired)->name + " is retired and cannot be registered again"},
                {}};
          }
          auto holder = stores.users().find_by_name_skeleton(*user.name_skeleton);
          if (!holder) return unexpected(holder.error());
          if (*holder) return Registration{taken_by(user.name, user.name_key, **holder), {}};
          auto created = stores.users().create(user);
          if (!created) return unexpected(created.error());
          auto session = stores.sessions().create(db::SessionRecord{token.hash, created->id, now, expires});
          if (!session) return unexpected(session.error());
          auto logged_in = stores.users().set_last_login(created->id, now);
          if (!logged_in) return unexpected(logged_in.error());
          created->last_login_ms = now;
          return Registration{std::nullopt, Authenticated{token.text, std::move(*created), expires}};
        },
        [finish, display = name.name.display](db::DbResult<Registration> result) {
          if (!result) {
            // Two lookalikes registered at the same moment: the unique index takes one.
            if (result.error().kind == db::DbErrorKind::constraint) {
              return finish(account_failure(AccountErrorCode::name_taken, "the name " + display + " is taken"));
            }
            return finish(internal_error(result.error()));
          }
          if (result->refusal) return finish(unexpected(*result->refusal));
          spdlog::info("accounts: registered user={} id={}", result->session.user.name, result->session.user.id);
          finish(std::move(result->session));
        });
  };
  if (!hashing_.post(std::move(task))) finish(stopping());
}

void Accounts::login(std::string_view raw_name, std::string password, std::string address, AuthCallback done) {
  auto name = check_name(raw_name);
  if (!name) return done(bad_credentials());
  // Reserved before anything is hashed, so logins sent at once cannot check
  // more passwords than the allowances hold.
  auto attempt = throttle_.reserve(name->key, address, clock_());
  if (!attempt) {
    spdlog::warn("accounts: login throttled name={} address={} wait_ms={}", name->display, address, attempt.error().ms);
    return done(account_failure(AccountErrorCode::rate_limited, "too many failed logins; try again in " +
                                                                    whole_units(attempt.error().ms, 1000) + " s"));
  }
  tell(LimitNote::Kind::login_reserved, *attempt);
  writer_.submit_for<std::optional<db::UserRecord>>(
      [key = name->key](db::Stores& stores) { return stores.users().find_by_name_key(key); },
      [this, attempt = std::move(*attempt), password = std::move(password),
       done](db::DbResult<std::optional<db::UserRecord>> found) mutable {
        if (!found) {
          release_attempt(attempt);
          return done(internal_error(found.error()));
        }
        auto task = [this, user = std::move(*found), attempt, password = std::move(password), done]() mutable {
          verify_login(std::move(user), std::move(attempt), std::move(password), std::move(done));
        };
        if (!hashing_.post(std::move(task))) {
          release_attempt(attempt);
          done(stopping());
        }
      });
}

void Accounts::release_attempt(const LoginAttempt& attempt) {
  throttle_.release(attempt, clock_());
  tell(LimitNote::Kind::login_released, attempt);
}

void Accounts::tell(LimitNote::Kind kind, const LoginAttempt& attempt) const {
  if (limit_listener_) limit_listener_(LimitNote{kind, attempt, {}});
}

void Accounts::tell(LimitNote::Kind kind, const SignupSlot& slot) const {
  if (limit_listener_) limit_listener_(LimitNote{kind, {}, slot});
}

void Accounts::heard_limit_change(const LimitNote& note) {
  const TimeMs now = clock_();
  switch (note.kind) {
    case LimitNote::Kind::login_reserved: return throttle_.charged_elsewhere(note.attempt, now);
    case LimitNote::Kind::login_succeeded: return throttle_.succeeded(note.attempt, now);
    case LimitNote::Kind::login_released: return throttle_.release(note.attempt, now);
    case LimitNote::Kind::signup_reserved: return signups_.reserved_elsewhere(note.slot);
    case LimitNote::Kind::signup_released: return signups_.release(note.slot);
  }
}

const std::string& Accounts::dummy_hash() {
  std::call_once(dummy_once_,
                 [this] { dummy_hash_ = hash_password("not a real password", options_.cost).value_or(""); });
  return dummy_hash_;
}

void Accounts::verify_login(std::optional<db::UserRecord> user, LoginAttempt attempt, std::string password,
                            AuthCallback done) {
  // An unknown name costs as much as a wrong password, so timing does not
  // tell which names exist.
  const bool matches =
      user ? verify_password(user->password_hash, password) : (verify_password(dummy_hash(), password), false);
  const TimeMs now = clock_();
  if (!matches) {
    // The attempt stays spent: that is what slows the next guess.
    spdlog::warn("accounts: failed login name_key={} address={} failures={}", attempt.name_key, attempt.address,
                 throttle_.recent_failures_of_name(attempt.name_key, now));
    return done(bad_credentials());
  }
  throttle_.succeeded(attempt, now);
  tell(LimitNote::Kind::login_succeeded, attempt);
  if (auto refusal = refusal_for(*user, now)) return done(unexpected(*refusal));
  start_session(std::move(*user), std::move(done));
}

void Accounts::start_session(db::UserRecord user, AuthCallback done) {
  const TimeMs now = clock_();
  SessionToken token = new_session_token();
  const TimeMs expires = now + options_.session_lifetime_ms;
  writer_.submit_for<Authenticated>(
      [user = std::move(user), token = std::move(token), now,
       expires](db::Stores& stores) mutable -> db::DbResult<Authenticated> {
        auto session = stores.sessions().create(db::SessionRecord{token.hash, user.id, now, expires});
        if (!session) return unexpected(session.error());
        auto logged_in = stores.users().set_last_login(user.id, now);
        if (!logged_in) return unexpected(logged_in.error());
        user.last_login_ms = now;
        return Authenticated{token.text, std::move(user), expires};
      },
      [done](db::DbResult<Authenticated> result) {
        if (!result) return done(internal_error(result.error()));
        spdlog::info("accounts: login user={} id={}", result->user.name, result->user.id);
        done(std::move(*result));
      });
}

void Accounts::resume(std::string_view token, AuthCallback done) {
  auto hash = token_hash(token);
  if (!hash) return done(account_failure(AccountErrorCode::bad_credentials, "unknown or malformed session token"));
  const TimeMs now = clock_();
  const TimeMs expires = now + options_.session_lifetime_ms;
  // The result is either the session's user or the reason there is none.
  using Outcome = std::pair<std::optional<db::UserRecord>, AccountError>;
  writer_.submit_for<Outcome>(
      [hash = std::move(*hash), now, expires](db::Stores& stores) -> db::DbResult<Outcome> {
        auto session = stores.sessions().find(hash);
        if (!session) return unexpected(session.error());
        if (!*session) return Outcome{std::nullopt, {AccountErrorCode::bad_credentials, "unknown session token"}};
        if ((*session)->expires_ms <= now) {
          auto removed = stores.sessions().remove(hash);
          if (!removed) return unexpected(removed.error());
          return Outcome{std::nullopt, {AccountErrorCode::bad_credentials, "the session has expired; log in again"}};
        }
        auto user = stores.users().find_by_id((*session)->user_id);
        if (!user) return unexpected(user.error());
        if (!*user) return Outcome{std::nullopt, {AccountErrorCode::bad_credentials, "unknown session token"}};
        if (auto refusal = refusal_for(**user, now)) return Outcome{std::nullopt, *refusal};
        auto extended = stores.sessions().extend(hash, expires);
        if (!extended) return unexpected(extended.error());
        auto logged_in = stores.users().set_last_login((*user)->id, now);
        if (!logged_in) return unexpected(logged_in.error());
        (*user)->last_login_ms = now;
        return Outcome{std::move(*user), {}};
      },
      [done, token = std::string(token), expires](db::DbResult<Outcome> result) {
        if (!result) return done(internal_error(result.error()));
        if (!result->first) return done(unexpected(result->second));
        done(Authenticated{token, std::move(*result->first), expires});
      });
}

void Accounts::logout(std::string_view token, DoneCallback done) {
  auto hash = token_hash(token);
  if (!hash) return done(account_failure(AccountErrorCode::bad_credentials, "unknown or malformed session token"));
  writer_.submit([hash = std::move(*hash)](db::Stores& stores) { return stores.sessions().remove(hash); },
                 [done](db::DbResult<Done> result) {
                   if (!result && result.error().kind == db::DbErrorKind::not_found) {
                     return done(account_failure(AccountErrorCode::bad_credentials, "unknown session token"));
                   }
                   if (!result) return done(internal_error(result.error()));
                   done(Done{});
                 });
}

void Accounts::retire_inactive(RetiredCallback done) {
  const TimeMs now = clock_();
  const TimeMs idle = options_.retire_after_ms;
  writer_.submit_for<std::vector<db::UserRecord>>(
      [now, idle](db::Stores& stores) { return stores.users().close_inactive(now, idle); },
      [done](db::DbResult<std::vector<db::UserRecord>> result) {
        if (!result) return done(internal_error(result.error()));
        for (const auto& user : *result) spdlog::info("accounts: closed idle account, name retired user={}", user.name);
        done(std::move(*result));
      });
}

void Accounts::fill_name_skeletons(CountCallback done) {
  // Every skeleton is computed inside the writer item: oldest account first,
  // so when two old names look alike the older one keeps the skeleton.
  writer_.submit_for<int>(
      [](db::Stores& stores) -> db::DbResult<int> {
        auto missing = stores.users().without_name_skeleton();
        if (!missing) return unexpected(missing.error());
        int filled = 0;
        for (const db::UserRecord& user : *missing) {
          auto skeleton = name_skeleton(user.name);
          if (!skeleton) return db::db_failure(db::DbErrorKind::invalid_argument, skeleton.error().message);
          auto holder = stores.users().find_by_name_skeleton(*skeleton);
          if (!holder) return unexpected(holder.error());
          if (*holder) {
            spdlog::warn(
                "accounts: name looks like an older account's, its skeleton stays unset user={} id={} older={}",
                user.name, user.id, (*holder)->name);
            continue;
          }
          auto set = stores.users().set_name_skeleton(user.id, *skeleton);
          if (!set) return unexpected(set.error());
          ++filled;
        }
        return filled;
      },
      [done](db::DbResult<int> result) {
        if (!result) return done(internal_error(result.error()));
        if (*result > 0) spdlog::info("accounts: name skeletons filled in count={}", *result);
        done(*result);
      });
}

}  // namespace yunzi::accounts
