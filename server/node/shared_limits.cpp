#include "server/node/shared_limits.hpp"

#include <array>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

namespace yunzi::node {

namespace {

using nlohmann::json;
using Kind = accounts::LimitNote::Kind;

const std::string subject = "yunzi.accounts.limits";

constexpr std::array<std::pair<Kind, std::string_view>, 5> kind_names{{
    {Kind::login_reserved, "login_reserved"},
    {Kind::login_succeeded, "login_succeeded"},
    {Kind::login_released, "login_released"},
    {Kind::signup_reserved, "signup_reserved"},
    {Kind::signup_released, "signup_released"},
}};

std::string_view name_of(Kind kind) {
  for (const auto& [known, name] : kind_names) {
    if (known == kind) return name;
  }
  return "";
}

std::optional<Kind> kind_named(std::string_view name) {
  for (const auto& [kind, known] : kind_names) {
    if (known == name) return kind;
  }
  return std::nullopt;
}

json encoded(const accounts::LimitNote& note, const std::string& origin) {
  json out = {{"origin", origin}, {"kind", name_of(note.kind)}};
  if (note.kind == Kind::signup_reserved || note.kind == Kind::signup_released) {
    out["address"] = note.slot.address;
    out["at_ms"] = note.slot.at_ms;
  } else {
    out["name_key"] = note.attempt.name_key;
    out["address"] = note.attempt.address;
    out["charged_address"] = note.attempt.charged_address;
  }
  return out;
}

std::optional<accounts::LimitNote> decoded(const json& in) {
  const auto kind = kind_named(in.value("kind", ""));
  if (!kind) return std::nullopt;
  accounts::LimitNote note{*kind, {}, {}};
  if (*kind == Kind::signup_reserved || *kind == Kind::signup_released) {
    if (!in.contains("at_ms") || !in["at_ms"].is_number_integer()) return std::nullopt;
    note.slot = {in.value("address", ""), in["at_ms"].get<std::int64_t>()};
  } else {
    note.attempt = {in.value("name_key", ""), in.value("address", ""), in.value("charged_address", false)};
  }
  return note;
}

}  // namespace

Expected<Done, std::string> SharedLimits::start_on(cluster::Bus& bus, std::string address) {
  bus_ = &bus;
  address_ = std::move(address);
  auto subscribed = bus.subscribe(subject, [this](cluster::BusMessage m) { heard(m); });
  if (!subscribed) return unexpected("cannot subscribe on the bus: " + subscribed.error().message);
  accounts_.on_limit_change(
      [this](const accounts::LimitNote& note) { (void)bus_->publish(subject, encoded(note, address_).dump()); });
  for (const session::SharedQuota& shared : quotas_) {
    shared.quota.on_change([this, name = shared.name](bool taken, std::int64_t key, std::int64_t at_ms) {
      const json told = {{"origin", address_},
                         {"kind", taken ? "quota_taken" : "quota_given_back"},
                         {"quota", name},
                         {"key", key},
                         {"at_ms", at_ms}};
      (void)bus_->publish(subject, told.dump());
    });
  }
  std::lock_guard lock(mutex_);
  subscription_.emplace(std::move(*subscribed));
  return Done{};
}

// Cancelled outside the lock: a cancel waits for a handler still running.
void SharedLimits::stop() {
  // The accounts' pools have stopped by now: nothing tells the listener any more.
  accounts_.on_limit_change(nullptr);
  for (const session::SharedQuota& shared : quotas_) shared.quota.on_change(nullptr);
  std::optional<cluster::Subscription> subscription;
  std::lock_guard lock(mutex_);
  subscription.swap(subscription_);
}

void SharedLimits::heard(const cluster::BusMessage& message) {
  const json in = json::parse(message.data, nullptr, false);
  // The bus hears its own publications too; this node counted them already.
  if (!in.is_object() || in.value("origin", "") == address_) return;
  if (auto note = decoded(in)) return accounts_.heard_limit_change(*note);
  heard_quota(in);
}

void SharedLimits::heard_quota(const json& in) {
  const auto kind = in.find("kind");
  const auto name = in.find("quota");
  const auto key = in.find("key");
  const auto at_ms = in.find("at_ms");
  if (kind == in.end() || name == in.end() || key == in.end() || at_ms == in.end() || !key->is_number_integer() ||
      !at_ms->is_number_integer()) {
    return;
  }
  for (const session::SharedQuota& shared : quotas_) {
    if (*name != shared.name) continue;
    if (*kind == "quota_taken") shared.quota.heard_take(key->get<std::int64_t>(), at_ms->get<std::int64_t>());
    if (*kind == "quota_given_back") {
      shared.quota.heard_give_back(key->get<std::int64_t>(), at_ms->get<std::int64_t>());
    }
  }
}

}  // namespace yunzi::node
