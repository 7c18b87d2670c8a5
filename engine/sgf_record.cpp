#include "engine/sgf_record.hpp"

#include <algorithm>
#include <utility>

#include "engine/sgf_values.hpp"

namespace yunzi::engine {

namespace {

SgfError value_error(const SgfProperty& property, std::size_t index, std::string reason) {
  return SgfError{property.offset_of(index), std::move(reason), 0};
}

const std::string& first_value(const SgfProperty& property) {
  static const std::string empty;
  return property.values.empty() ? empty : property.values.front();
}

Expected<Done, SgfError> expect_one_value(const SgfProperty& property) {
  if (property.values.size() != 1) {
    return unexpected(
        value_error(property, 1, property.id + " takes one value, not " + std::to_string(property.values.size())));
  }
  return Done{};
}

// Reads B, W, BL, WL, OB, OW into `node`; false when `property` is none of them.
// Time values that are no number are left for the caller to keep as they are.
Expected<bool, SgfError> take_move_property(const SgfProperty& property, int size, SgfRecordNode& node) {
  const std::string& id = property.id;
  if (const auto color = id.size() == 1 ? parse_color_letter(id[0]) : std::nullopt) {
    if (auto one = expect_one_value(property); !one) return unexpected(one.error());
    if (node.move) return unexpected(value_error(property, 0, "two moves in one node"));
    const auto value = parse_sgf_move(property.values[0], size);
    if (!value.ok) {
      return unexpected(value_error(property, 0,
                                    "bad move " + id + "[" + property.values[0] + "] on a " + std::to_string(size) +
                                        "x" + std::to_string(size) + " board"));
    }
    node.move = Move{*color, value.vertex};
    node.offset = property.offset_of(0);
    return true;
  }
  if (id == "BL" || id == "WL") {
    const auto seconds = parse_sgf_real(first_value(property));
    if (!seconds || property.values.size() != 1) return false;
    (id == "BL" ? node.black_time_left : node.white_time_left) = *seconds;
    return true;
  }
  if (id == "OB" || id == "OW") {
    const auto count = parse_sgf_number(first_value(property));
    if (!count || property.values.size() != 1) return false;
    (id == "OB" ? node.black_stones_left : node.white_stones_left) = *count;
    return true;
  }
  return false;
}

bool is_move_property(const std::string& id) {
  return id == "B" || id == "W" || id == "BL" || id == "WL" || id == "OB" || id == "OW";
}

Expected<Done, SgfError> read_points(const SgfProperty& property, int size, std::vector<Vertex>& out) {
  for (std::size_t i = 0; i < property.values.size(); ++i) {
    if (!append_sgf_points(property.values[i], size, out)) {
      return unexpected(value_error(property, i, "bad point " + property.id + "[" + property.values[i] + "]"));
    }
  }
  return Done{};
}

// Keeps the first occurrence of each point and drops those in `removed`.
void tidy_points(std::vector<Vertex>& points, const std::vector<Vertex>& removed) {
  std::vector<Vertex> kept;
  for (const Vertex v : points) {
    if (std::find(kept.begin(), kept.end(), v) == kept.end() &&
        std::find(removed.begin(), removed.end(), v) == removed.end()) {
      kept.push_back(v);
    }
  }
  points = std::move(kept);
}

// The root's game information and setup stones; move properties of a root
// that holds a move go to `root_move`.
Expected<Done, SgfError> read_root(const SgfNode& root, SgfRecord& record, SgfRecordNode& root_move) {
  auto& info = record.info;
  if (const auto* game = root.find("GM"); game && parse_sgf_number(first_value(*game)) != 1) {
    return unexpected(value_error(*game, 0, "not a Go record: GM[" + first_value(*game) + "]"));
  }
  if (const auto* size = root.find("SZ")) {
    const auto parsed = parse_sgf_size(first_value(*size));
    if (!parsed) return unexpected(value_error(*size, 0, "unsupported board size SZ[" + first_value(*size) + "]"));
    info.size = *parsed;
  }
  const bool root_has_move = root.find("B") || root.find("W");
  std::vector<Vertex> cleared;
  for (const auto& property : root.properties) {
    const std::string& id = property.id;
    const std::string& text = first_value(property);
    if (id == "FF" || id == "CA" || id == "GM" || id == "SZ") continue;
    if (root_has_move && is_move_property(id)) {
      auto taken = take_move_property(property, info.size, root_move);
      if (!taken) return unexpected(taken.error());
      if (!*taken) root_move.other.push_back(property);
      continue;
    }
    if (id == "KM") {
      const auto komi = parse_sgf_komi(text);
      if (!komi) return unexpected(value_error(property, 0, "bad komi KM[" + text + "]"));
      info.komi = *komi;
    } else if (id == "HA") {
      const auto handicap = parse_sgf_number(text);
      if (!handicap || *handicap < 0 || *handicap > 9) {
        return unexpected(value_error(property, 0, "bad handicap HA[" + text + "]"));
      }
      info.handicap = *handicap;
    } else if (id == "TM" && parse_sgf_real(text)) {
      info.main_time = parse_sgf_real(text);
    } else if (id == "AB" || id == "AW" || id == "AE") {
      auto& target = id == "AB" ? record.black_stones : id == "AW" ? record.white_stones : cleared;
      if (auto read = read_points(property, info.size, target); !read) return read;
    } else if (id == "RU") {
      info.rules = text;
    } else if (id == "PB") {
      info.black_name = text;
    } else if (id == "PW") {
      info.white_name = text;
    } else if (id == "BR") {
      info.black_rank = text;
    } else if (id == "WR") {
      info.white_rank = text;
    } else if (id == "DT") {
      info.date = text;
    } else if (id == "RE") {
      info.result = text;
    } else if (id == "EV") {
      info.event = text;
    } else if (id == "RO") {
      info.round = text;
    } else if (id == "PC") {
      info.place = text;
    } else if (id == "GN") {
      info.game_name = text;
    } else if (id == "OT") {
      info.overtime = text;
    } else if (id == "C") {
      info.comment = text;
    } else {
      info.other.push_back(property);
    }
  }
  tidy_points(record.black_stones, cleared);
  tidy_points(record.white_stones, cleared);
  return Done{};
}

Expected<SgfRecordNode, SgfError> read_main_line_node(const SgfNode& node, int size) {
  SgfRecordNode out;
  out.offset = node.offset;
  for (const auto& property : node.properties) {
    if (property.id == "AB" || property.id == "AW" || property.id == "AE") {
      return unexpected(value_error(property, 0, "setup stones (" + property.id + ") after the start of the game"));
    }
    auto taken = take_move_property(property, size, out);
    if (!taken) return unexpected(taken.error());
    if (*taken) continue;
    if (property.id == "C") {
      out.comment = first_value(property);
    } else {
      out.other.push_back(property);
    }
  }
  return out;
}

}  // namespace

bool operator==(const SgfBranch& a, const SgfBranch& b) {
  if (a.after != b.after || a.alternatives.roots.size() != b.alternatives.roots.size()) return false;
  for (std::size_t i = 0; i < a.alternatives.roots.size(); ++i) {
    if (!same_subtree(a.alternatives, a.alternatives.roots[i], b.alternatives, b.alternatives.roots[i])) return false;
  }
  return true;
}

bool same_subtree(const SgfTree& a, std::size_t na, const SgfTree& b, std::size_t nb) {
  std::vector<std::pair<std::size_t, std::size_t>> pending{{na, nb}};
  while (!pending.empty()) {
    const auto [x, y] = pending.back();
    pending.pop_back();
    const SgfNode& left = a.nodes[x];
    const SgfNode& right = b.nodes[y];
    if (left.properties != right.properties || left.children.size() != right.children.size()) return false;
    for (std::size_t i = 0; i < left.children.size(); ++i) pending.emplace_back(left.children[i], right.children[i]);
  }
  return true;
}

Expected<SgfRecord, SgfError> record_from_tree(const SgfTree& tree, std::size_t game_index) {
  if (game_index >= tree.roots.size()) {
    return unexpected(SgfError{0, "the collection has no game " + std::to_string(game_index + 1), 0});
  }
  SgfRecord record;
  record.source_charset = tree.source_charset;
  std::size_t current = tree.roots[game_index];
  record.root_offset = tree.nodes[current].offset;
  SgfRecordNode root_move;
  if (auto root = read_root(tree.nodes[current], record, root_move); !root) return unexpected(root.error());
  if (root_move.move) record.main_line.push_back(std::move(root_move));

  while (true) {
    const auto& children = tree.nodes[current].children;
    if (children.empty()) break;
    if (children.size() > 1) {
      SgfBranch branch;
      branch.after = record.main_line.size();
      branch.alternatives.source_charset = tree.source_charset;
      for (std::size_t i = 1; i < children.size(); ++i) {
        branch.alternatives.roots.push_back(branch.alternatives.copy_subtree(tree, children[i]));
      }
      record.branches.push_back(std::move(branch));
    }
    current = children.front();
    auto node = read_main_line_node(tree.nodes[current], record.info.size);
    if (!node) return unexpected(node.error());
    record.main_line.push_back(std::move(*node));
  }
  return record;
}

}  // namespace yunzi::engine
