#include "db/board_tree_text.hpp"

#include <charconv>
#include <set>

namespace yunzi::db {
namespace {

std::optional<std::int64_t> read_number(std::string_view& text) {
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end == text.data()) return std::nullopt;
  text.remove_prefix(static_cast<std::size_t>(end - text.data()));
  return value;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> out;
  if (text.empty()) return out;
  for (;;) {
    const auto at = text.find(separator);
    out.push_back(text.substr(0, at));
    if (at == std::string_view::npos) return out;
    text.remove_prefix(at + 1);
  }
}

}  // namespace

std::string encode_board_nodes(const std::vector<BoardNodeRecord>& nodes) {
  std::string out;
  out.reserve(nodes.size() * 12);
  for (const BoardNodeRecord& node : nodes) {
    if (!out.empty()) out += ';';
    out += std::to_string(node.id);
    out += ':';
    out += std::to_string(node.parent);
    out += to_letter(node.move.color);
    if (node.move.vertex) out += engine::to_sgf(*node.move.vertex);
  }
  return out;
}

std::string encode_board_comments(const std::map<std::int64_t, std::string>& comments) {
  std::string out;
  for (const auto& [node, text] : comments) {
    out += std::to_string(node);
    out += ':';
    out += std::to_string(text.size());
    out += ':';
    out += text;
  }
  return out;
}

std::optional<std::map<std::int64_t, std::string>> decode_board_comments(std::string_view text) {
  std::map<std::int64_t, std::string> out;
  while (!text.empty()) {
    const auto node = read_number(text);
    if (!node || *node < 0 || text.empty() || text.front() != ':') return std::nullopt;
    text.remove_prefix(1);
    const auto length = read_number(text);
    if (!length || *length < 0 || text.empty() || text.front() != ':') return std::nullopt;
    text.remove_prefix(1);
    if (static_cast<std::uint64_t>(*length) > text.size()) return std::nullopt;
    if (!out.emplace(*node, std::string(text.substr(0, static_cast<std::size_t>(*length)))).second) return std::nullopt;
    text.remove_prefix(static_cast<std::size_t>(*length));
  }
  return out;
}

std::optional<std::vector<BoardNodeRecord>> decode_board_nodes(std::string_view text, int size) {
  std::vector<BoardNodeRecord> out;
  std::set<std::int64_t> known{0};
  for (std::string_view entry : split(text, ';')) {
    BoardNodeRecord node;
    const auto id = read_number(entry);
    if (!id || *id < 1 || entry.empty() || entry.front() != ':') return std::nullopt;
    entry.remove_prefix(1);
    const auto parent = read_number(entry);
    if (!parent || !known.contains(*parent) || known.contains(*id) || entry.empty()) return std::nullopt;
    const auto color = parse_color_letter(entry.front());
    if (!color) return std::nullopt;
    node.id = *id;
    node.parent = *parent;
    node.move.color = *color;
    entry.remove_prefix(1);
    if (!entry.empty()) {
      node.move.vertex = engine::parse_sgf_point(entry, size);
      if (!node.move.vertex) return std::nullopt;
    }
    known.insert(*id);
    out.push_back(node);
  }
  return out;
}

std::string encode_points(const std::vector<engine::Vertex>& points) {
  std::string out;
  for (const engine::Vertex& v : points) {
    if (!out.empty()) out += ',';
    out += engine::to_sgf(v);
  }
  return out;
}

std::optional<std::vector<engine::Vertex>> decode_points(std::string_view text, int size) {
  std::vector<engine::Vertex> out;
  for (std::string_view entry : split(text, ',')) {
    const auto point = engine::parse_sgf_point(entry, size);
    if (!point) return std::nullopt;
    out.push_back(*point);
  }
  return out;
}

}  // namespace yunzi::db
