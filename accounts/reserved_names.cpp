#include "accounts/reserved_names.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <string>

#include "accounts/name_skeleton.hpp"

namespace yunzi::accounts {
namespace {

constexpr std::array<std::string_view, 17> staff_names{
    "admin", "administrator", "root",   "system", "moderator", "support", "staff", "official", "yunzi",
    "云子",  "雲子",          "管理员", "管理員", "系统",      "系統",    "客服",  "官方"};

// Separators do not change how staff-like a name looks.
std::string without_separators(std::string_view skeleton) {
  std::string out(skeleton);
  std::erase_if(out, [](char c) { return c == '_' || c == '-'; });
  return out;
}

std::set<std::string> reserved_skeletons() {
  std::set<std::string> out;
  for (std::string_view name : staff_names) {
    // The list is plain letters, so only missing Unicode data could fail here,
    // and then no name gets a skeleton at all.
    if (auto skeleton = name_skeleton(name)) out.insert(without_separators(*skeleton));
  }
  return out;
}

}  // namespace

bool is_reserved_name(std::string_view skeleton) {
  static const std::set<std::string> reserved = reserved_skeletons();
  return reserved.contains(without_separators(skeleton));
}

}  // namespace yunzi::accounts
