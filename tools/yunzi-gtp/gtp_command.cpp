#include "tools/yunzi-gtp/gtp_command.hpp"

#include <sstream>

namespace yunzi::gtp {
namespace {

std::string preprocess(std::string_view line) {
  std::string out;
  out.reserve(line.size());
  for (char c : line) {
    if (c == '#') break;
    if (c == '\t') {
      out += ' ';
    } else if (static_cast<unsigned char>(c) >= 32 && c != 127) {
      out += c;
    }
  }
  return out;
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
  std::istringstream words(preprocess(line));
  std::vector<std::string> tokens;
  for (std::string word; words >> word;) tokens.push_back(std::move(word));
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
