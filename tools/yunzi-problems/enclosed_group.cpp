#include "tools/yunzi-problems/enclosed_group.hpp"

#include <algorithm>
#include <set>

namespace yunzi::problems {

using engine::Vertex;

namespace {

bool on_board(Vertex v) { return engine::on_board(v, board_size); }

std::vector<Vertex> around(const std::set<Vertex>& inside, bool diagonals) {
  std::set<Vertex> out;
  for (Vertex v : inside) {
    for (int dx = -1; dx <= 1; ++dx) {
      for (int dy = -1; dy <= 1; ++dy) {
        if ((dx == 0 && dy == 0) || (!diagonals && dx != 0 && dy != 0)) continue;
        const Vertex n{v.x + dx, v.y + dy};
        if (on_board(n) && !inside.contains(n)) out.insert(n);
      }
    }
  }
  return {out.begin(), out.end()};
}

template <typename T>
const T& pick(const std::vector<T>& from, std::mt19937_64& rng) {
  return from[std::uniform_int_distribution<std::size_t>(0, from.size() - 1)(rng)];
}

bool chance(double p, std::mt19937_64& rng) { return std::bernoulli_distribution(p)(rng); }

}  // namespace

Vertex turned(Vertex v, int symmetry) {
  const int last = board_size - 1;
  if (symmetry & 1) v.x = last - v.x;
  if (symmetry & 2) v.y = last - v.y;
  if (symmetry & 4) std::swap(v.x, v.y);
  return v;
}

const std::vector<NamedShape>& classic_shapes() {
  static const std::vector<NamedShape> shapes = {
      {"straight three", {{0, 0}, {1, 0}, {2, 0}}},
      {"bent three", {{0, 0}, {1, 0}, {0, 1}}},
      {"pyramid four", {{0, 0}, {1, 0}, {2, 0}, {1, 1}}},
      {"crossed five", {{1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}}},
      {"bulky five", {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 0}}},
      {"rabbity six", {{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {1, 2}}},
  };
  return shapes;
}

EnclosedGroup enclose(std::vector<Vertex> eye_space, bool in_corner) {
  EnclosedGroup made;
  made.in_corner = in_corner;
  const std::set<Vertex> eye(eye_space.begin(), eye_space.end());
  made.eye_space = std::move(eye_space);
  // The group is the solid ring around the eye space, diagonals included, so that it is one chain.
  made.group = around(eye, true);
  std::set<Vertex> inner(eye);
  inner.insert(made.group.begin(), made.group.end());
  made.wall = around(inner, true);
  return made;
}

namespace {

std::string count_word(int n) {
  static const char* const words[] = {"zero", "one",   "two",   "three", "four", "five",
                                      "six",  "seven", "eight", "nine",  "ten"};
  return n >= 0 && n <= 10 ? words[n] : std::to_string(n);
}

// `stones` on the second line from x = `first`; the first line below them and below both end stones stays open.
EnclosedGroup second_line_row(int first, int stones) {
  EnclosedGroup made;
  made.in_corner = first == 0;
  std::set<Vertex> inside;
  for (int x = first; x < first + stones; ++x) {
    made.group.push_back({x, 1});
    inside.insert({x, 1});
  }
  for (int x = std::max(0, first - 1); x <= first + stones; ++x) {
    made.eye_space.push_back({x, 0});
    inside.insert({x, 0});
  }
  for (const Vertex end : {Vertex{first - 1, 1}, Vertex{first + stones, 1}}) {
    if (!on_board(end)) continue;
    made.extra_attacker.push_back(end);
    inside.insert(end);
  }
  made.wall = around(inside, true);
  made.shape_name = count_word(stones) + " on the second line";
  made.shape_theme = "second line";
  return made;
}

// The corner group with an inside of `width` by `height` points: the owner's stones from (width, 1) up to the
// corner stone (width, height) and across to (1, height); open below and beside the arms' ends and one point on.
EnclosedGroup corner_shape(int width, int height, const std::string& name) {
  EnclosedGroup made;
  for (int y = 1; y <= height; ++y) made.group.push_back({width, y});
  for (int x = 1; x < width; ++x) made.group.push_back({x, height});
  for (int x = 0; x < width; ++x) {
    for (int y = 0; y < height; ++y) made.eye_space.push_back({x, y});
  }
  for (const Vertex open : {Vertex{width, 0}, Vertex{width + 1, 0}, Vertex{0, height}, Vertex{0, height + 1}}) {
    made.eye_space.push_back(open);
  }
  std::set<Vertex> inside(made.group.begin(), made.group.end());
  inside.insert(made.eye_space.begin(), made.eye_space.end());
  made.wall = around(inside, true);
  // The open points alone (a leg or a hane added later stands on one): the group is one chain, taken whole or not
  // at all.
  made.region = made.eye_space;
  made.shape_name = name;
  made.shape_theme = "corner shape";
  return made;
}

enum class ArmEnd { open, leg, hane };

// One arm's end of a corner shape: as it stands, with the owner's leg on the first line below it, or with the
// attacker's hane one point on; `said` gathers the words for the shape's name.
void end_arm(EnclosedGroup& shape, std::string& said, ArmEnd end, Vertex leg, Vertex hane, const char* arm) {
  if (end == ArmEnd::open) return;
  const Vertex at = end == ArmEnd::leg ? leg : hane;
  (end == ArmEnd::leg ? shape.extra_owner : shape.extra_attacker).push_back(at);
  std::erase(shape.eye_space, at);
  said += std::string(said.empty() ? ", " : " and ") + (end == ArmEnd::leg ? "a leg on " : "a hane at ") + arm;
}

// The eye space of three points along one edge and one along the other, bent at the corner point: the attacker
// to move makes a ko at the point next to the corner on the long arm, which the owner cannot end (the ko the
// Japanese rules count as dead, 盘角曲四). As it stands, and with the attacker's stones inside as a game leaves them.
std::vector<EnclosedGroup> bent_fours() {
  const Vertex corner{0, 0}, on_long_arm{0, 1}, long_end{0, 2}, on_short_arm{1, 0};
  const struct {
    std::vector<Vertex> inside;
    const char* said;
  } variants[] = {
      {{}, ""},
      {{corner}, ", a stone on the corner point"},
      {{on_long_arm}, ", a stone next to the corner on the long arm"},
      {{long_end}, ", a stone at the long arm's end"},
      {{on_short_arm}, ", a stone on the short arm"},
      {{on_long_arm, on_short_arm}, ", stones on both points next to the corner"},
  };
  const EnclosedGroup as_it_stands = enclose({corner, on_long_arm, long_end, on_short_arm}, true);
  std::vector<EnclosedGroup> made;
  for (const auto& [inside, said] : variants) {
    EnclosedGroup shape = as_it_stands;
    shape.extra_attacker = inside;
    shape.shape_name = std::string("bent four in the corner") + said;
    shape.shape_theme = "corner shape";
    made.push_back(std::move(shape));
  }
  return made;
}

}  // namespace

std::vector<EnclosedGroup> corner_shapes() {
  std::vector<EnclosedGroup> shapes;
  const struct {
    int width, height;
    const char* name;
  } named[] = {{2, 3, "the L group"}, {2, 4, "the long L group"}};
  for (const auto& [width, height, name] : named) {
    const EnclosedGroup plain = corner_shape(width, height, name);
    // The arm at x = width has `height` stones, the long one; the arm at y = height has `width`.
    for (const ArmEnd long_end : {ArmEnd::open, ArmEnd::leg, ArmEnd::hane}) {
      for (const ArmEnd short_end : {ArmEnd::open, ArmEnd::leg, ArmEnd::hane}) {
        EnclosedGroup variant = plain;
        std::string said;
        end_arm(variant, said, long_end, {width, 0}, {width + 1, 0}, "the long arm");
        end_arm(variant, said, short_end, {0, height}, {0, height + 1}, "the short arm");
        variant.shape_name += said;
        shapes.push_back(std::move(variant));
      }
    }
  }
  for (EnclosedGroup& bent_four : bent_fours()) shapes.push_back(std::move(bent_four));
  return shapes;
}

std::vector<EnclosedGroup> second_line_rows() {
  std::vector<EnclosedGroup> rows;
  // Each row as it stands, then with a stone already on the first line at its far end: the owner's descent
  // (sagari) or the attacker's hane, the moves that make these counts unsettled.
  auto with_variants = [&](int first, int stones) {
    const EnclosedGroup plain = second_line_row(first, stones);
    rows.push_back(plain);
    const Vertex far_end{first + stones - 1, 0};
    EnclosedGroup descent = plain;
    descent.extra_owner.push_back(far_end);
    descent.shape_name += ", with a descent";
    rows.push_back(std::move(descent));
    EnclosedGroup hane = plain;
    hane.extra_attacker.push_back(far_end);
    hane.shape_name += ", after a hane";
    rows.push_back(std::move(hane));
  };
  for (int stones = 3; stones <= 7; ++stones) with_variants(0, stones);
  for (int stones = 5; stones <= 9; ++stones) with_variants(5, stones);
  return rows;
}

EnclosedGroup random_group(std::mt19937_64& rng) {
  const bool in_corner = chance(0.6, rng);
  const Vertex seed = in_corner ? Vertex{0, 0} : Vertex{std::uniform_int_distribution<int>(6, 10)(rng), 0};
  const int points = std::uniform_int_distribution<int>(3, 7)(rng);
  std::set<Vertex> eye{seed};
  const Vertex steps[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  while (static_cast<int>(eye.size()) < points) {
    const Vertex from = pick(std::vector<Vertex>(eye.begin(), eye.end()), rng);
    const Vertex step = steps[std::uniform_int_distribution<int>(0, 3)(rng)];
    const Vertex next{from.x + step.x, from.y + step.y};
    const bool near_seed = std::abs(next.x - seed.x) <= 3 && next.y <= 2;
    if (on_board(next) && near_seed && (!in_corner || next.x >= 0)) eye.insert(next);
  }
  EnclosedGroup made = enclose({eye.begin(), eye.end()}, in_corner);
  // Flaws: a stone of the ring missing (a cutting point or a shortage of liberties), a stone inside the eye space.
  // The wall stays whole: a gap in it would open onto the points outside the region, which count as liberties
  // for ever, so the group would escape there where on a real board it would not.
  if (chance(0.5, rng)) {
    const Vertex gone = pick(made.group, rng);
    std::erase(made.group, gone);
    made.flawless = false;
  }
  if (chance(0.4, rng)) {
    made.extra_attacker.push_back(pick(made.eye_space, rng));
    made.flawless = false;
  }
  if (chance(0.3, rng)) {
    const Vertex inside = pick(made.eye_space, rng);
    if (std::find(made.extra_attacker.begin(), made.extra_attacker.end(), inside) == made.extra_attacker.end()) {
      made.extra_owner.push_back(inside);
      made.flawless = false;
    }
  }
  return made;
}

}  // namespace yunzi::problems
