#include "server/tournament/colours.hpp"

#include <algorithm>

namespace yunzi::tournament {

namespace {

// True when `first` should take black against `second`.
bool first_takes_black(const PlayerHistory& first, const PlayerHistory& second) {
  const int balance_first = first.colour_balance();
  const int balance_second = second.colour_balance();
  if (balance_first != balance_second) return balance_first < balance_second;
  const Colour last_first = first.last_colour();
  const Colour last_second = second.last_colour();
  if (last_first != last_second) {
    if (last_first == Colour::white) return true;
    if (last_second == Colour::white) return false;
    if (last_first == Colour::black) return false;
    return true;  // second had black last, first has not played yet
  }
  if (first.blacks() != second.blacks()) return first.blacks() < second.blacks();
  if (first.entrant.rank_index != second.entrant.rank_index) {
    return first.entrant.rank_index < second.entrant.rank_index;
  }
  return first.entrant.id < second.entrant.id;
}

int sign(int value) { return (value > 0) - (value < 0); }

}  // namespace

Pairing assign_colours(const PlayerHistory& first, const PlayerHistory& second) {
  if (first_takes_black(first, second)) return Pairing{first.entrant.id, second.entrant.id};
  return Pairing{second.entrant.id, first.entrant.id};
}

bool colours_within_limit(const PlayerHistory& first, const PlayerHistory& second) {
  const int low = std::min(first.colour_balance(), second.colour_balance());
  const int high = std::max(first.colour_balance(), second.colour_balance());
  // The lower balance takes black, the higher takes white.
  return low + 1 <= max_colour_imbalance && high - 1 >= -max_colour_imbalance;
}

bool colour_wishes_clash(const PlayerHistory& first, const PlayerHistory& second) {
  const int due_first = sign(first.colour_balance());
  const int due_second = sign(second.colour_balance());
  if (due_first != 0 && due_first == due_second) return true;
  if (due_first == 0 && due_second == 0) {
    const Colour last = first.last_colour();
    return last != Colour::none && last == second.last_colour();
  }
  return false;
}

}  // namespace yunzi::tournament
