// A rank of the TOM ladder, 18k..1k then 1d..9d, as one ordered type (index
// 1..27). Every layer uses it: the wire and the store spell it "5k"/"3d",
// the store keeps its index, and the rank rules step it.
#pragma once

#include <compare>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace yunzi {

class Rank {
 public:
  static constexpr int lowest_index = 1;    // 18k
  static constexpr int highest_index = 27;  // 9d
  static constexpr int first_dan_index = 19;

  // A default rank is the lowest one, 18k.
  constexpr Rank() = default;

  static constexpr std::optional<Rank> from_index(int index) {
    if (index < lowest_index || index > highest_index) return std::nullopt;
    return Rank(index);
  }
  // For constants in code; a wrong number is a programmer error.
  static constexpr Rank kyu(int grade) {
    if (grade < 1 || grade > 18) throw std::out_of_range("kyu grade outside 1..18");
    return Rank(first_dan_index - grade);
  }
  static constexpr Rank dan(int grade) {
    if (grade < 1 || grade > 9) throw std::out_of_range("dan grade outside 1..9");
    return Rank(first_dan_index - 1 + grade);
  }

  constexpr int index() const { return index_; }
  constexpr bool is_dan() const { return index_ >= first_dan_index; }
  // 1..9 for dan ranks, 1..18 for kyu ranks.
  constexpr int grade() const { return is_dan() ? index_ - first_dan_index + 1 : first_dan_index - index_; }

  // Moves by whole steps and stops at 18k and 9d.
  constexpr Rank stepped(int steps) const {
    int target = index_ + steps;
    if (target < lowest_index) target = lowest_index;
    if (target > highest_index) target = highest_index;
    return Rank(target);
  }
  friend constexpr Rank operator+(Rank rank, int steps) { return rank.stepped(steps); }
  friend constexpr Rank operator-(Rank rank, int steps) { return rank.stepped(-steps); }

  friend constexpr bool operator==(Rank, Rank) = default;
  friend constexpr auto operator<=>(Rank, Rank) = default;

 private:
  explicit constexpr Rank(int index) : index_(index) {}
  int index_ = lowest_index;
};

inline constexpr Rank lowest_rank = Rank::kyu(18);
inline constexpr Rank highest_rank = Rank::dan(9);

// The ranks a new player may choose when registering: 10k..1d.
inline constexpr Rank lowest_registration_rank = Rank::kyu(10);
inline constexpr Rank highest_registration_rank = Rank::dan(1);

// Signed number of steps from `from` to `to` (2d - 1k = 2).
constexpr int steps_between(Rank from, Rank to) { return to.index() - from.index(); }

std::string to_string(Rank rank);  // "18k" .. "1k", "1d" .. "9d"
// The spellings to_string produces, with K/D in either case (the wire takes
// "3D"); no sign, no leading zero, no spaces.
std::optional<Rank> parse_rank(std::string_view text);
// Only the spelling to_string produces (lower case): for typed-in ranks that
// are stored or compared as text.
std::optional<Rank> parse_rank_exactly(std::string_view text);

}  // namespace yunzi
