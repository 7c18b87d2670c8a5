#include <algorithm>
#include <array>
#include <span>
#include <string>
#include <vector>

#include "tsumego/problem_sgf.hpp"

namespace yunzi::tsumego::problem_sgf {

namespace {

bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

struct Word {
  std::string text;  // lower case
  std::size_t position = 0;
};

// The runs of ASCII letters, lower-cased. Any other byte, a UTF-8 byte of a Chinese character included, ends a
// word, so "alive" is not "live" and "skill" is not "kill".
std::vector<Word> ascii_words(std::string_view text) {
  std::vector<Word> words;
  for (std::size_t i = 0; i < text.size();) {
    if (!is_ascii_letter(text[i])) {
      ++i;
      continue;
    }
    Word word{{}, i};
    for (; i < text.size() && is_ascii_letter(text[i]); ++i) {
      const char c = text[i];
      word.text.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
    }
    words.push_back(std::move(word));
  }
  return words;
}

// Every occurrence of `phrase` blanked out, for compounds whose characters are keywords on their own but whose
// meaning is not: 死活 is "life and death", 不错 is "not bad".
std::string without(std::string_view text, std::string_view phrase) {
  std::string out(text);
  for (auto at = out.find(phrase); at != std::string::npos; at = out.find(phrase, at)) {
    out.replace(at, phrase.size(), std::string(phrase.size(), ' '));
  }
  return out;
}

template <std::size_t N>
bool is_one_of(const std::string& word, const std::array<std::string_view, N>& choices) {
  return std::find(choices.begin(), choices.end(), word) != choices.end();
}

template <std::size_t N>
bool contains_any(std::string_view text, const std::array<std::string_view, N>& phrases) {
  return std::any_of(phrases.begin(), phrases.end(), [&](std::string_view phrase) {
    return !phrase.empty() && text.find(phrase) != std::string_view::npos;
  });
}

struct GoalKeywords {
  Goal goal;
  std::array<std::string_view, 4> words;
  std::array<std::string_view, 3> chinese;
};

// Ko comes first: "Black to live by ko" and 劫活 are ko problems. 死 ("dies") names the other side's fate, so it
// stands for kill.
constexpr std::array<GoalKeywords, 4> goal_keywords{{
    {Goal::ko, {"ko"}, {"劫"}},
    {Goal::live, {"live", "lives", "alive", "living"}, {"活"}},
    {Goal::kill, {"kill", "kills"}, {"杀", "殺", "死"}},
    {Goal::capture, {"capture", "captures"}, {"吃"}},
}};

// The goal whose keyword comes first, ko aside: "Black to kill; White lives if he gets A" is kill.
std::optional<Goal> first_goal_keyword(const std::vector<Word>& words, std::string_view text) {
  std::optional<Goal> found;
  std::size_t earliest = std::string_view::npos;
  const auto consider = [&](Goal goal, std::size_t position) {
    if (position < earliest) {
      earliest = position;
      found = goal;
    }
  };
  for (const auto& keywords : std::span(goal_keywords).subspan(1)) {
    for (const auto& word : words) {
      if (is_one_of(word.text, keywords.words)) consider(keywords.goal, word.position);
    }
    for (const auto phrase : keywords.chinese) {
      if (!phrase.empty()) consider(keywords.goal, text.find(phrase));
    }
  }
  return found;
}

constexpr std::array<std::string_view, 2> wrong_words{"wrong", "incorrect"};
constexpr std::array<std::string_view, 4> wrong_chinese{"失败", "失敗", "错", "錯"};
constexpr std::array<std::string_view, 2> right_words{"right", "correct"};
constexpr std::array<std::string_view, 3> right_chinese{"正解", "正确", "正確"};
// "upper right", "to the right", "the correct move is A": a direction or a pointer elsewhere, not a verdict.
constexpr std::array<std::string_view, 9> not_before_right{"upper", "lower", "top", "bottom", "the",
                                                           "to",    "on",    "at",  "a"};

bool says_right(const std::vector<Word>& words) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (is_one_of(words[i].text, right_words) && (i == 0 || !is_one_of(words[i - 1].text, not_before_right))) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::string_view to_string(Mark mark) {
  switch (mark) {
    case Mark::none: return "none";
    case Mark::right: return "right";
    case Mark::wrong: return "wrong";
  }
  return "none";
}

std::optional<Mark> parse_mark(std::string_view text) {
  for (const Mark mark : {Mark::none, Mark::right, Mark::wrong}) {
    if (text == to_string(mark)) return mark;
  }
  return std::nullopt;
}

std::optional<Goal> goal_in_text(std::string_view text) {
  const std::string cleaned = without(text, "死活");
  const auto words = ascii_words(cleaned);
  const auto& ko = goal_keywords.front();
  for (const auto& word : words) {
    if (is_one_of(word.text, ko.words)) return Goal::ko;
  }
  if (contains_any(cleaned, ko.chinese)) return Goal::ko;
  return first_goal_keyword(words, cleaned);
}

Mark mark_in_comment(std::string_view comment) {
  const std::string cleaned = without(comment, "不错");
  const auto words = ascii_words(cleaned);
  // Wrong first: a refutation often names the right move ("Wrong. 正解 is A").
  const bool wrong =
      std::any_of(words.begin(), words.end(), [](const Word& w) { return is_one_of(w.text, wrong_words); });
  if (wrong || contains_any(cleaned, wrong_chinese)) return Mark::wrong;
  if (says_right(words) || contains_any(cleaned, right_chinese)) return Mark::right;
  return Mark::none;
}

}  // namespace yunzi::tsumego::problem_sgf
