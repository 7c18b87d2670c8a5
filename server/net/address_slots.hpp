// How many WebSocket connections each client address holds, against a cap
// (internal to server/net). A connection takes a slot at the upgrade and
// gives it back when it ends; an upgrade that finds its address full is
// refused. One mutex: touched when a connection opens or closes, never per
// message.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace yunzi::net {

class AddressSlots;

// One place taken for an address; given back when destroyed.
class AddressSlot {
 public:
  AddressSlot(AddressSlot&& other) noexcept;
  AddressSlot& operator=(AddressSlot&& other) noexcept;
  AddressSlot(const AddressSlot&) = delete;
  AddressSlot& operator=(const AddressSlot&) = delete;
  ~AddressSlot();

 private:
  friend class AddressSlots;
  AddressSlot(AddressSlots* owner, std::string address);
  void release();

  AddressSlots* owner_ = nullptr;
  std::string address_;
};

class AddressSlots {
 public:
  // cap 0: no cap.
  explicit AddressSlots(std::size_t cap) : cap_(cap) {}
  AddressSlots(const AddressSlots&) = delete;
  AddressSlots& operator=(const AddressSlots&) = delete;

  // A slot for the address (a canonical IP), or nullopt when it holds the cap.
  std::optional<AddressSlot> take(const std::string& address);
  std::size_t held(const std::string& address) const;
  std::size_t cap() const { return cap_; }

 private:
  friend class AddressSlot;
  void give_back(const std::string& address);

  const std::size_t cap_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::size_t> held_;
};

}  // namespace yunzi::net
