// Reading one setting's text ("8080", "true", "tom") into a value, with a
// message that says what was expected. The caller adds where the text came
// from (flag, environment variable, file key).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "server/accounts/login_throttle.hpp"
#include "server/config/server_config.hpp"

namespace yunzi::config {

// A whole number in [min, max], written in decimal.
Expected<std::int64_t, std::string> parse_integer(std::string_view text, std::int64_t min, std::int64_t max);

// "BURST/SECONDS": burst 1..100000, seconds 1..86400.
Expected<accounts::Allowance, std::string> parse_guess_limit(std::string_view text);

// true/false, also yes/no, on/off, 1/0.
Expected<bool, std::string> parse_bool(std::string_view text);

// Text that must not be empty.
Expected<std::string, std::string> parse_nonempty(std::string_view text);
// An engine's name as workers and the store spell it: 1..40 of a-z, 0-9, '.', '_', '-'.
Expected<std::string, std::string> parse_engine_name(std::string_view text);

// An IPv4 or IPv6 literal, the form the listener can bind.
Expected<std::string, std::string> parse_ip_address(std::string_view text);

// IPv4 or IPv6 literals separated by commas (spaces around them allowed);
// empty text is the empty list.
Expected<std::vector<std::string>, std::string> parse_ip_address_list(std::string_view text);
// IP literals or CIDR ranges ("127.0.0.0/8", "::1", "10.0.0.0/8") separated
// by commas; empty text is the empty list.
Expected<std::vector<std::string>, std::string> parse_ip_range_list(std::string_view text);
// The list as parse_ip_address_list and parse_ip_range_list read it.
std::string join_list(const std::vector<std::string>& items);
// nats://host:port, comma-separated; empty text is none.
Expected<std::vector<std::string>, std::string> parse_nats_urls(std::string_view text);

// What the tournament exports say of the organiser: a country code, two
// ASCII letters (given in either case, kept in capitals: "CN"); a club,
// 1 to 10 ASCII letters and digits, so that it stays one word of the EGF
// file's player lines; the EGF tournament class, A, B, C or D.
Expected<std::string, std::string> parse_country_code(std::string_view text);
Expected<std::string, std::string> parse_club_code(std::string_view text);
Expected<std::string, std::string> parse_tournament_class(std::string_view text);

// "a, b or c" for error messages and help.
std::string list_choices(std::span<const std::string_view> choices);

}  // namespace yunzi::config
