#include "server/config/value_parsers.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <array>
#include <charconv>

#include "server/net/address_ranges.hpp"

namespace yunzi::config {
namespace {

std::string quoted(std::string_view text) { return "\"" + std::string(text) + "\""; }

// ASCII only, whatever the locale: the EGF file is read by programs that know no other letters.
bool ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

}  // namespace

Expected<std::int64_t, std::string> parse_integer(std::string_view text, std::int64_t min, std::int64_t max) {
  const std::string range = "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
  std::int64_t value = 0;
  const char* end = text.data() + text.size();
  auto [stop, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec == std::errc::invalid_argument || stop != end) {
    return unexpected(quoted(text) + " is not " + range);
  }
  if (ec == std::errc::result_out_of_range || value < min || value > max) {
    return unexpected(quoted(text) + " is out of range: expected " + range);
  }
  return value;
}

Expected<accounts::Allowance, std::string> parse_guess_limit(std::string_view text) {
  const auto slash = text.find('/');
  if (slash == std::string_view::npos) return unexpected(quoted(text) + " is not BURST/SECONDS (such as 5/60)");
  auto burst = parse_integer(text.substr(0, slash), 1, 100'000);
  if (!burst) return unexpected("burst " + burst.error());
  auto seconds = parse_integer(text.substr(slash + 1), 1, 86'400);
  if (!seconds) return unexpected("seconds " + seconds.error());
  return accounts::Allowance{static_cast<int>(*burst), *seconds * 1000};
}

Expected<bool, std::string> parse_bool(std::string_view text) {
  constexpr std::array<std::string_view, 4> yes{"true", "yes", "on", "1"};
  constexpr std::array<std::string_view, 4> no{"false", "no", "off", "0"};
  for (auto word : yes) {
    if (text == word) return true;
  }
  for (auto word : no) {
    if (text == word) return false;
  }
  return unexpected(quoted(text) + " is not true or false");
}

Expected<std::string, std::string> parse_nonempty(std::string_view text) {
  if (text.empty()) return unexpected(std::string("must not be empty"));
  return std::string(text);
}

Expected<std::string, std::string> parse_engine_name(std::string_view text) {
  const bool allowed = !text.empty() && text.size() <= 40 && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
  });
  if (!allowed) return unexpected(quoted(text) + " is not 1 to 40 of a-z, 0-9, '.', '_' and '-'");
  return std::string(text);
}

Expected<std::string, std::string> parse_ip_address(std::string_view text) {
  const std::string address(text);
  unsigned char buffer[16];
  if (inet_pton(AF_INET, address.c_str(), buffer) == 1 || inet_pton(AF_INET6, address.c_str(), buffer) == 1) {
    return address;
  }
  return unexpected(quoted(text) + " is not an IPv4 or IPv6 address (such as 127.0.0.1, 0.0.0.0 or ::1)");
}

namespace {

// Comma-separated items, blanks around them dropped, each read by parse_item.
template <class ParseItem>
Expected<std::vector<std::string>, std::string> parse_list(std::string_view text, ParseItem parse_item) {
  std::vector<std::string> items;
  const auto blank = [](char ch) { return ch == ' ' || ch == '\t'; };
  while (!text.empty()) {
    const auto comma = text.find(',');
    std::string_view item = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    while (!item.empty() && blank(item.front())) item.remove_prefix(1);
    while (!item.empty() && blank(item.back())) item.remove_suffix(1);
    if (item.empty()) continue;
    Expected<std::string, std::string> value = parse_item(item);
    if (!value) return unexpected(value.error());
    items.push_back(std::move(*value));
  }
  return items;
}

}  // namespace

Expected<std::vector<std::string>, std::string> parse_ip_address_list(std::string_view text) {
  return parse_list(text, parse_ip_address);
}

Expected<std::vector<std::string>, std::string> parse_ip_range_list(std::string_view text) {
  return parse_list(text, [](std::string_view item) -> Expected<std::string, std::string> {
    if (!net::parse_address_range(item)) {
      return unexpected(quoted(item) + " is not an IP address or CIDR range (such as 127.0.0.1, ::1 or 10.0.0.0/8)");
    }
    return std::string(item);
  });
}

Expected<std::vector<std::string>, std::string> parse_nats_urls(std::string_view text) {
  return parse_list(text, [](std::string_view item) -> Expected<std::string, std::string> {
    const bool printable = std::all_of(item.begin(), item.end(), [](char c) { return c > ' ' && c < 0x7f; });
    if (!item.starts_with("nats://") || item.size() == 7 || !printable) {
      return unexpected(quoted(item) + " is not a NATS server URL (such as nats://127.0.0.1:4222)");
    }
    return std::string(item);
  });
}

std::string join_list(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) {
    if (!out.empty()) out += ',';
    out += item;
  }
  return out;
}

Expected<std::string, std::string> parse_country_code(std::string_view text) {
  if (text.size() != 2 || !std::all_of(text.begin(), text.end(), ascii_letter)) {
    return unexpected(quoted(text) + " is not a two-letter country code (such as CN)");
  }
  std::string code(text);
  for (char& c : code) c = c >= 'a' ? static_cast<char>(c - 'a' + 'A') : c;
  return code;
}

Expected<std::string, std::string> parse_club_code(std::string_view text) {
  const auto plain = [](char c) { return ascii_letter(c) || (c >= '0' && c <= '9'); };
  if (text.empty() || text.size() > 10 || !std::all_of(text.begin(), text.end(), plain)) {
    return unexpected(quoted(text) + " is not 1 to 10 letters and digits (one word, such as yunzi)");
  }
  return std::string(text);
}

Expected<std::string, std::string> parse_tournament_class(std::string_view text) {
  constexpr std::array<std::string_view, 4> classes{"A", "B", "C", "D"};
  if (std::find(classes.begin(), classes.end(), text) == classes.end()) {
    return unexpected(quoted(text) + " is not " + list_choices(classes));
  }
  return std::string(text);
}

std::string list_choices(std::span<const std::string_view> choices) {
  std::string out;
  for (std::size_t i = 0; i < choices.size(); ++i) {
    if (i > 0) out += i + 1 == choices.size() ? " or " : ", ";
    out += choices[i];
  }
  return out;
}

}  // namespace yunzi::config
