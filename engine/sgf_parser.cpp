#include "engine/sgf_parser.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/sgf_charset.hpp"

namespace yunzi::engine {

namespace {

constexpr std::size_t no_node = static_cast<std::size_t>(-1);

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }
bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_property_letter(char c) { return is_upper(c) || (c >= 'a' && c <= 'z'); }

std::string describe_byte(char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (byte >= 0x21 && byte < 0x7F) return std::string("'") + c + "'";
  static const char* digits = "0123456789ABCDEF";
  return std::string("byte 0x") + digits[byte >> 4] + digits[byte & 15];
}

// One "(" being read: the node its first node hangs from (no_node for a
// game root), the last node of its sequence, and whether a sub-tree has
// started (after which no more nodes may follow in this sequence).
struct Frame {
  std::size_t parent = no_node;
  std::size_t last = no_node;
  bool has_subtree = false;
  std::size_t opened_at = 0;
};

class Parser {
 public:
  Parser(std::string_view text, const SgfLimits& limits, const TextDecoder& decoder)
      : text_(text), limits_(limits), decoder_(decoder) {}

  Expected<SgfTree, SgfError> run() {
    tree_.source_charset = decoder_.charset();
    // One ';' per node in well-formed text: growing the arena once is cheaper.
    const auto semicolons = static_cast<std::size_t>(std::count(text_.begin(), text_.end(), ';'));
    tree_.nodes.reserve(std::min(semicolons, limits_.max_nodes));
    while (auto start = next_game_start(pos_)) {
      pos_ = *start;
      if (auto failed = read_game_tree()) return unexpected(std::move(*failed));
    }
    if (tree_.roots.empty()) return unexpected(SgfError{text_.size(), "no game tree \"(;\" found", 0});
    return std::move(tree_);
  }

  bool failed_decoding() const { return failed_decoding_; }

 private:
  using Failure = std::optional<SgfError>;

  static SgfError error_at(std::size_t offset, std::string reason) { return SgfError{offset, std::move(reason), 0}; }

  // The offset of the next "(" followed (after white space) by ";".
  std::optional<std::size_t> next_game_start(std::size_t from) const {
    for (std::size_t at = text_.find('(', from); at != std::string_view::npos; at = text_.find('(', at + 1)) {
      std::size_t after = at + 1;
      while (after < text_.size() && is_space(text_[after])) ++after;
      if (after < text_.size() && text_[after] == ';') return at;
    }
    return std::nullopt;
  }

  void skip_space() {
    while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
  }

  Failure read_game_tree() {
    std::vector<Frame> frames{Frame{no_node, no_node, false, pos_}};
    ++pos_;
    while (!frames.empty()) {
      skip_space();
      if (pos_ >= text_.size()) {
        return error_at(text_.size(),
                        "game tree opened at offset " + std::to_string(frames.back().opened_at) + " is not closed");
      }
      Frame& frame = frames.back();
      const char c = text_[pos_];
      if (c == ';') {
        if (frame.has_subtree) return error_at(pos_, "node after a variation in the same sequence");
        if (auto failed = read_node(frame)) return failed;
      } else if (c == '(') {
        if (frame.last == no_node) return error_at(pos_, "variation before any node");
        if (frames.size() >= limits_.max_depth) {
          return error_at(pos_, "variations nested deeper than " + std::to_string(limits_.max_depth));
        }
        frame.has_subtree = true;
        frames.push_back(Frame{frame.last, no_node, false, pos_});
        ++pos_;
      } else if (c == ')') {
        if (frame.last == no_node) return error_at(pos_, "empty game tree");
        frames.pop_back();
        ++pos_;
      } else {
        return error_at(pos_, "unexpected " + describe_byte(c) + " between nodes");
      }
    }
    return std::nullopt;
  }

  Failure read_node(Frame& frame) {
    if (tree_.nodes.size() >= limits_.max_nodes) {
      return error_at(pos_, "more than " + std::to_string(limits_.max_nodes) + " nodes");
    }
    const std::size_t node = frame.last == no_node && frame.parent == no_node
                                 ? tree_.add_node(pos_)
                                 : tree_.add_child(frame.last == no_node ? frame.parent : frame.last, pos_);
    if (frame.last == no_node && frame.parent == no_node) tree_.roots.push_back(node);
    frame.last = node;
    ++pos_;
    while (true) {
      skip_space();
      if (pos_ >= text_.size() || !is_property_letter(text_[pos_])) return std::nullopt;
      if (auto failed = read_property(node)) return failed;
    }
  }

  Failure read_property(std::size_t node) {
    const std::size_t start = pos_;
    std::string id;
    while (pos_ < text_.size() && is_property_letter(text_[pos_])) {
      if (is_upper(text_[pos_])) id.push_back(text_[pos_]);
      ++pos_;
    }
    const std::string_view raw_id = text_.substr(start, pos_ - start);
    if (raw_id.size() > limits_.max_identifier_bytes) {
      return error_at(start, "property identifier longer than " + std::to_string(limits_.max_identifier_bytes));
    }
    if (id.empty())
      return error_at(start, "property identifier '" + std::string(raw_id) + "' has no upper-case letter");
    skip_space();
    if (pos_ >= text_.size() || text_[pos_] != '[') return error_at(pos_, "property " + id + " has no value");

    auto& properties = tree_.nodes[node].properties;
    SgfProperty* property = tree_.nodes[node].find(id);
    if (!property) {
      if (properties.size() >= limits_.max_properties_per_node) {
        return error_at(start,
                        "more than " + std::to_string(limits_.max_properties_per_node) + " properties in a node");
      }
      properties.push_back(SgfProperty{std::move(id), {}, {}});
      property = &properties.back();
    }
    while (pos_ < text_.size() && text_[pos_] == '[') {
      if (property->values.size() >= limits_.max_values_per_property) {
        return error_at(pos_, "property " + property->id + " has more than " +
                                  std::to_string(limits_.max_values_per_property) + " values");
      }
      property->offsets.push_back(pos_ + 1);
      property->values.emplace_back();
      if (auto failed = read_value(property->values.back())) return failed;
      skip_space();
    }
    return std::nullopt;
  }

  // Reads from '[' to the closing ']' into `value`: escapes resolved, soft
  // line breaks dropped, CR LF and lone CR turned into '\n', then decoded.
  Failure read_value(std::string& value) {
    const std::size_t open = pos_;
    bool high_bytes = false;
    if (auto failed = unescape_value(open, nullptr, high_bytes)) return failed;
    if (!high_bytes) {
      value = raw_;
      return std::nullopt;
    }
    auto decoded = decoder_.append_utf8(raw_, value);
    if (decoded) {
      normalize_line_breaks(value);
      return std::nullopt;
    }
    // Read the value again, noting where each byte came from, to point at the bad one.
    std::vector<std::size_t> sources;
    unescape_value(open, &sources, high_bytes);
    failed_decoding_ = true;
    return error_at(sources[decoded.error()], "text is not valid " + decoder_.charset());
  }

  // Fills raw_ with the bytes of the value opened at `open` and leaves pos_
  // after its ']'; `sources`, when given, gets the input offset of each byte.
  Failure unescape_value(std::size_t open, std::vector<std::size_t>* sources, bool& high_bytes) {
    pos_ = open + 1;
    raw_.clear();
    high_bytes = false;
    auto keep = [&](char c, std::size_t from) {
      raw_.push_back(c);
      if (sources) sources->push_back(from);
      if (static_cast<unsigned char>(c) >= 0x80) high_bytes = true;
    };
    while (true) {
      if (raw_.size() > limits_.max_value_bytes) {
        return error_at(open, "property value longer than " + std::to_string(limits_.max_value_bytes) + " bytes");
      }
      // Most bytes need no care: copy such runs at once.
      const std::size_t run_start = pos_;
      while (pos_ < text_.size() && is_plain_value_byte(text_[pos_])) ++pos_;
      if (pos_ > run_start) {
        raw_.append(text_.data() + run_start, pos_ - run_start);
        if (sources) {
          for (std::size_t at = run_start; at < pos_; ++at) sources->push_back(at);
        }
        continue;
      }
      if (pos_ >= text_.size()) return error_at(open, "property value opened here is not closed");
      const char c = text_[pos_];
      if (c == ']') break;
      if (c == '\0') return error_at(pos_, "NUL byte in a property value");
      if (c == '\\') {
        ++pos_;
        if (pos_ >= text_.size()) continue;
        const char escaped = text_[pos_];
        if (escaped == '\n' || escaped == '\r') {
          skip_line_break();
        } else {
          if (escaped == '\0') return error_at(pos_, "NUL byte in a property value");
          keep(escaped, pos_++);
        }
      } else if (decoder_.starts_double_byte(static_cast<unsigned char>(c)) && pos_ + 1 < text_.size()) {
        // iconv turns a lead byte with a NUL after it into a character and
        // a NUL, which no writer could give back: refuse it here.
        if (text_[pos_ + 1] == '\0') return error_at(pos_ + 1, "NUL byte in a property value");
        keep(c, pos_);
        keep(text_[pos_ + 1], pos_ + 1);
        pos_ += 2;
      } else if (c == '\r' || c == '\n') {
        keep('\n', pos_);
        skip_line_break();
      } else {
        keep(c, pos_++);
      }
    }
    ++pos_;  // the ']'
    return std::nullopt;
  }

  static bool is_plain_value_byte(char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte >= 0x20 && byte < 0x80 && c != ']' && c != '\\';
  }

  // A set that spells CR with other bytes can still decode to one; fold it
  // as the byte scan folds its own, so writing and reading keep the text.
  static void normalize_line_breaks(std::string& value) {
    if (value.find('\r') == std::string::npos) return;
    std::string folded;
    for (std::size_t i = 0; i < value.size(); ++i) {
      if (value[i] != '\r') {
        folded.push_back(value[i]);
        continue;
      }
      folded.push_back('\n');
      if (i + 1 < value.size() && value[i + 1] == '\n') ++i;
    }
    value = std::move(folded);
  }

  // Steps over one line break: "\n", "\r", "\r\n" or "\n\r".
  void skip_line_break() {
    const char first = text_[pos_++];
    if (pos_ < text_.size() && (text_[pos_] == '\n' || text_[pos_] == '\r') && text_[pos_] != first) ++pos_;
  }

  std::string_view text_;
  const SgfLimits& limits_;
  const TextDecoder& decoder_;
  SgfTree tree_;
  std::size_t pos_ = 0;
  std::string raw_;  // the current value's bytes before decoding
  bool failed_decoding_ = false;
};

}  // namespace

Expected<SgfTree, SgfError> parse_sgf(std::string_view text, const SgfLimits& limits) {
  if (text.size() > limits.max_input_bytes) {
    return unexpected(
        SgfError{limits.max_input_bytes, "input longer than " + std::to_string(limits.max_input_bytes) + " bytes", 0});
  }
  std::vector<std::string> candidates;
  const auto declared = find_declared_charset(text);
  if (declared) {
    candidates.push_back(declared->name);
  } else if (is_valid_utf8(text)) {
    candidates.push_back("UTF-8");
  } else {
    candidates = {"GB18030", "ISO-8859-1"};
  }
  std::optional<SgfError> last_error;
  for (const auto& candidate : candidates) {
    auto decoder = TextDecoder::open(candidate);
    if (!decoder) {
      return unexpected(SgfError{declared ? declared->offset : 0, decoder.error(), 0});
    }
    Parser parser(text, limits, *decoder);
    auto tree = parser.run();
    if (tree) return tree;
    last_error = tree.error();
    if (!parser.failed_decoding()) break;
  }
  return unexpected(std::move(*last_error));
}

}  // namespace yunzi::engine
