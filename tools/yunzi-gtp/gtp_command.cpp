#include "tools/yunzi-gtp/gtp_command.hpp"

namespace yunzi::gtp {
namespace {

// The spec's preprocessing without a copy of the line: a comment ends it,
// tabs separate like spaces, other control characters are dropped.
bool is_separator(char c) { return c == ' ' || c == '\t'; }
bool is_dropped(char c) { return (static_cast<unsigned char>(c) < 32 && c != '\t') || c == 127; }

// The next word of `line` from `pos`, control characters left out.
std::optional<std::string> next_word(std::string_view line, std::size_t& pos) {
  while (pos < line.size() && (is_separator(line[pos]) || is_dropped(line[pos]))) ++pos;
  if (pos >= line.size()) return std::nullopt;
  std::string word;
  for (; pos < line.size() && !is_separator(line[pos]); ++pos) {
    if (!is_dropped(line[pos])) word += line[pos];
  }
  return word;
}

bool all_digits(const std::string& word) {
  if (word.empty() || word.size() > 18) return false;
  for (char c : word) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

}  // namespace

std::optional<GtpCommand> parse_gtp_command(std::string_view line) {
  line = line.substr(0, line.find('#'));
  std::vector<std::string> tokens;
  std::size_t pos = 0;
  while (auto word = next_word(line, pos)) tokens.push_back(std::move(*word));
  if (tokens.empty()) return std::nullopt;

  GtpCommand command;
  std::size_t next = 0;
  if (all_digits(tokens[0])) {
    command.id = std::stol(tokens[0]);
    next = 1;
  }
  // A line holding only an id is still a command: an empty one, which the
  // caller answers as unknown.
  if (next < tokens.size()) command.name = tokens[next++];
  command.args.assign(tokens.begin() + static_cast<std::ptrdiff_t>(next), tokens.end());
  return command;
}

std::string format_gtp_response(const std::optional<long>& id, bool success, std::string_view text) {
  std::string out(1, success ? '=' : '?');
  if (id) out += std::to_string(*id);
  out += ' ';
  bool line_start = false;
  for (char c : text) {
    if (c == '\n' && line_start) continue;
    out += c;
    line_start = c == '\n';
  }
  while (!out.empty() && out.back() == '\n') out.pop_back();
  out += "\n\n";
  return out;
}

}  // namespace yunzi::gtp
