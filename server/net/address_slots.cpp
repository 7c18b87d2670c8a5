#include "server/net/address_slots.hpp"

#include <utility>

namespace yunzi::net {

AddressSlot::AddressSlot(AddressSlots* owner, std::string address) : owner_(owner), address_(std::move(address)) {}

AddressSlot::AddressSlot(AddressSlot&& other) noexcept
    : owner_(std::exchange(other.owner_, nullptr)), address_(std::move(other.address_)) {}

AddressSlot& AddressSlot::operator=(AddressSlot&& other) noexcept {
  if (this != &other) {
    release();
    owner_ = std::exchange(other.owner_, nullptr);
    address_ = std::move(other.address_);
  }
  return *this;
}

AddressSlot::~AddressSlot() { release(); }

void AddressSlot::release() {
  if (owner_ != nullptr) std::exchange(owner_, nullptr)->give_back(address_);
}

std::optional<AddressSlot> AddressSlots::take(const std::string& address) {
  std::lock_guard lock(mutex_);
  std::size_t& count = held_[address];
  if (cap_ != 0 && count >= cap_) return std::nullopt;
  ++count;
  return AddressSlot(this, address);
}

std::size_t AddressSlots::held(const std::string& address) const {
  std::lock_guard lock(mutex_);
  auto it = held_.find(address);
  return it == held_.end() ? 0 : it->second;
}

void AddressSlots::give_back(const std::string& address) {
  std::lock_guard lock(mutex_);
  auto it = held_.find(address);
  if (it == held_.end()) return;
  if (--it->second == 0) held_.erase(it);
}

}  // namespace yunzi::net
