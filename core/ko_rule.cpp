#include "core/ko_rule.hpp"

#include "core/ascii.hpp"

namespace yunzi {

std::string_view to_string(KoRule rule) {
  switch (rule) {
    case KoRule::simple: return "simple";
    case KoRule::positional: return "positional";
    case KoRule::situational: return "situational";
  }
  return "situational";
}

std::optional<KoRule> parse_ko_rule(std::string_view text) {
  for (KoRule rule : {KoRule::simple, KoRule::positional, KoRule::situational}) {
    if (equals_ignoring_case(text, to_string(rule))) return rule;
  }
  return std::nullopt;
}

}  // namespace yunzi
