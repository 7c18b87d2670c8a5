#include "engine/sgf_writer.hpp"

#include <utility>

#include "engine/sgf_values.hpp"

namespace yunzi::engine {

namespace {

constexpr std::size_t line_width = 80;

void append_escaped(std::string& out, const std::string& value) {
  for (const char c : value) {
    if (c == ']' || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
}

// Appends text while tracking the column, so the next piece can decide
// whether it still fits on the line.
class LineWriter {
 public:
  void piece(const std::string& text) {
    if (column_ > 0 && column_ + text.size() > line_width) newline();
    out_ += text;
    const auto last_break = text.rfind('\n');
    column_ = last_break == std::string::npos ? column_ + text.size() : text.size() - last_break - 1;
  }
  void newline() {
    if (column_ == 0) return;
    out_.push_back('\n');
    column_ = 0;
  }
  std::string take() {
    newline();
    return std::move(out_);
  }

 private:
  std::string out_;
  std::size_t column_ = 0;
};

std::string property_text(const SgfProperty& property) {
  std::string text = property.id;
  for (const auto& value : property.values) {
    text.push_back('[');
    append_escaped(text, value);
    text.push_back(']');
  }
  return text;
}

void write_node(const SgfNode& node, LineWriter& out) {
  if (node.properties.empty()) {
    out.piece(";");
    return;
  }
  bool first = true;
  for (const auto& property : node.properties) {
    out.piece(first ? ";" + property_text(property) : property_text(property));
    first = false;
  }
}

void add(SgfNode& node, std::string id, std::string value) {
  node.properties.push_back(SgfProperty{std::move(id), {std::move(value)}, {}});
}

void add_text(SgfNode& node, const char* id, const std::string& value) {
  if (!value.empty()) add(node, id, value);
}

SgfProperty point_list(const char* id, const std::vector<Vertex>& points) {
  SgfProperty property{id, {}, {}};
  for (const Vertex v : points) property.values.push_back(to_sgf(v));
  return property;
}

void add_points(SgfNode& node, const char* id, const std::vector<Vertex>& points) {
  if (!points.empty()) node.properties.push_back(point_list(id, points));
}

void fill_root(SgfNode& root, const SgfRecord& record) {
  const auto& info = record.info;
  add(root, "FF", "4");
  add(root, "CA", "UTF-8");
  add(root, "GM", "1");
  add(root, "SZ", std::to_string(info.size));
  add_text(root, "RU", info.rules);
  add(root, "KM", format_sgf_real(info.komi));
  if (info.handicap > 0) add(root, "HA", std::to_string(info.handicap));
  add_text(root, "PB", info.black_name);
  add_text(root, "BR", info.black_rank);
  add_text(root, "PW", info.white_name);
  add_text(root, "WR", info.white_rank);
  add_text(root, "DT", info.date);
  add_text(root, "EV", info.event);
  add_text(root, "RO", info.round);
  add_text(root, "PC", info.place);
  add_text(root, "GN", info.game_name);
  if (info.main_time) add(root, "TM", format_sgf_real(*info.main_time));
  add_text(root, "OT", info.overtime);
  add_text(root, "RE", info.result);
  add_text(root, "C", info.comment);
  for (const auto& property : info.other) root.properties.push_back(property);
  add_points(root, "AB", record.black_stones);
  add_points(root, "AW", record.white_stones);
}

void fill_node(SgfNode& out, const SgfRecordNode& node) {
  if (node.move) {
    add(out, std::string(1, to_letter(node.move->color)), node.move->is_pass() ? "" : to_sgf(*node.move->vertex));
  }
  if (node.black_time_left) add(out, "BL", format_sgf_real(*node.black_time_left));
  if (node.white_time_left) add(out, "WL", format_sgf_real(*node.white_time_left));
  if (node.black_stones_left) add(out, "OB", std::to_string(*node.black_stones_left));
  if (node.white_stones_left) add(out, "OW", std::to_string(*node.white_stones_left));
  add_text(out, "C", node.comment);
  for (const auto& property : node.other) out.properties.push_back(property);
}

}  // namespace

std::string write_sgf(const SgfTree& tree) {
  // What is left to write, last first: open a variation, a node, close one.
  enum class Kind { open, node, close };
  struct Step {
    Kind kind;
    std::size_t node;
  };
  LineWriter out;
  for (const std::size_t root : tree.roots) {
    std::vector<Step> steps{{Kind::close, 0}, {Kind::node, root}, {Kind::open, 0}};
    while (!steps.empty()) {
      const Step step = steps.back();
      steps.pop_back();
      if (step.kind == Kind::open) {
        out.newline();
        out.piece("(");
      } else if (step.kind == Kind::close) {
        out.piece(")");
      } else {
        const SgfNode& node = tree.nodes[step.node];
        write_node(node, out);
        if (node.children.size() == 1) {
          steps.push_back({Kind::node, node.children.front()});
        } else {
          for (auto child = node.children.rbegin(); child != node.children.rend(); ++child) {
            steps.push_back({Kind::close, 0});
            steps.push_back({Kind::node, *child});
            steps.push_back({Kind::open, 0});
          }
        }
      }
    }
    out.newline();
  }
  return out.take();
}

SgfTree record_to_tree(const SgfRecord& record) {
  SgfTree tree;
  tree.source_charset = "UTF-8";
  // chain[k] is the tree node of main-line entry k (0 is the root).
  std::vector<std::size_t> chain{tree.add_node()};
  tree.roots.push_back(chain.front());
  fill_root(tree.nodes[chain.front()], record);
  for (const auto& node : record.main_line) {
    const std::size_t added = tree.add_child(chain.back());
    fill_node(tree.nodes[added], node);
    chain.push_back(added);
  }
  for (const auto& branch : record.branches) {
    if (branch.after >= chain.size()) continue;
    for (const std::size_t alternative : branch.alternatives.roots) {
      const std::size_t copy = tree.copy_subtree(branch.alternatives, alternative);
      tree.nodes[chain[branch.after]].children.push_back(copy);
    }
  }
  return tree;
}

std::string write_sgf(const SgfRecord& record) { return write_sgf(record_to_tree(record)); }

SgfRecord record_from_export(const SgfExport& game) {
  SgfRecord record;
  auto& info = record.info;
  info.size = game.size;
  info.komi = game.komi;
  info.handicap = game.handicap;
  info.rules = game.rules;
  info.black_name = game.black_name;
  info.white_name = game.white_name;
  info.black_rank = game.black_rank;
  info.white_rank = game.white_rank;
  info.date = game.date;
  info.result = game.result ? to_sgf(*game.result) : std::string();
  info.main_time = game.main_time;
  info.overtime = game.overtime;
  info.comment = game.comment;
  record.black_stones = game.handicap_stones;
  for (const auto& exported : game.moves) {
    SgfRecordNode node;
    node.move = exported.move;
    const bool black = exported.move.color == Color::black;
    (black ? node.black_time_left : node.white_time_left) = exported.time_left;
    (black ? node.black_stones_left : node.white_stones_left) = exported.periods_left;
    node.comment = exported.comment;
    record.main_line.push_back(std::move(node));
  }
  // Markup of the final position, so it goes with the last move (the root
  // when there is none).
  auto& final_node = record.main_line.empty() ? record.info.other : record.main_line.back().other;
  for (const auto& [id, points] : {std::pair{"TB", &game.black_territory}, std::pair{"TW", &game.white_territory}}) {
    if (!points->empty()) final_node.push_back(point_list(id, *points));
  }
  return record;
}

std::string write_sgf(const SgfExport& game) { return write_sgf(record_from_export(game)); }

}  // namespace yunzi::engine
