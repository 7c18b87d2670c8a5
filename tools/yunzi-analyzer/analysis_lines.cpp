#include "tools/yunzi-analyzer/analysis_lines.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

namespace yunzi::analyzer {
namespace {

std::vector<std::string_view> words_of(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t start = 0;
  while (start < text.size()) {
    while (start < text.size() && text[start] == ' ') ++start;
    std::size_t end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    if (end > start) words.push_back(text.substr(start, end - start));
    start = end;
  }
  return words;
}

std::optional<double> number(std::string_view word) {
  double value = 0;
  const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (ec != std::errc() || end != word.data() + word.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

// The words each key takes: `pv` takes the rest of its "info".
bool is_key(std::string_view word) {
  static constexpr std::string_view keys[] = {
      "move",       "visits",         "edgeVisits",     "utility", "winrate",  "scoreMean",
      "scoreStdev", "scoreLead",      "scoreSelfplay",  "prior",   "lcb",      "utilityLcb",
      "weight",     "order",          "isSymmetryOf",   "pv",      "pvVisits", "pvEdgeVisits",
      "ownership",  "ownershipStdev", "movesOwnership", "info"};
  return std::find(std::begin(keys), std::end(keys), word) != std::end(keys);
}

// A move as engines spell them: "pass", or a column letter and a row number.
bool looks_like_move(std::string_view word) {
  if (word == "pass" || word == "PASS") return true;
  if (word.size() < 2 || word.size() > 3 || !std::isalpha(static_cast<unsigned char>(word[0]))) return false;
  return std::all_of(word.begin() + 1, word.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::vector<Candidate> parse_analysis_line(std::string_view text, bool leela) {
  std::vector<std::pair<int, Candidate>> found;
  const auto words = words_of(text);
  std::size_t i = 0;
  while (i < words.size()) {
    if (words[i] != "info") {
      ++i;
      continue;
    }
    Candidate candidate;
    int order = static_cast<int>(found.size());
    bool has_move = false;
    ++i;
    while (i < words.size() && words[i] != "info") {
      const std::string_view key = words[i++];
      if (key == "pv") {
        while (i < words.size() && looks_like_move(words[i])) candidate.line.emplace_back(words[i++]);
        continue;
      }
      if (i >= words.size()) break;
      const std::string_view value = words[i];
      if (!is_key(key) || key == "pvVisits" || key == "pvEdgeVisits" || key == "ownership") {
        continue;  // a key of a later version, or a list: its values are skipped word by word
      }
      ++i;
      if (key == "move") {
        candidate.move = std::string(value);
        has_move = true;
      } else if (key == "visits") {
        candidate.visits = static_cast<std::int64_t>(number(value).value_or(0));
      } else if (key == "winrate") {
        if (auto w = number(value)) candidate.winrate = leela ? *w / 10000.0 : *w;
      } else if (key == "scoreLead" || (key == "scoreMean" && !candidate.score)) {
        candidate.score = number(value);
      } else if (key == "order") {
        order = static_cast<int>(number(value).value_or(order));
      }
    }
    if (has_move) found.emplace_back(order, std::move(candidate));
  }
  std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<Candidate> out;
  for (auto& [order, candidate] : found) out.push_back(std::move(candidate));
  return out;
}

}  // namespace yunzi::analyzer
