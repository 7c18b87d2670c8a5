// UTF-8 checks and the text rules of the wire: user names, free text
// (chat, reasons), tokens. Lengths of people's text are counted in code
// points so a Chinese name has the same room as a Latin one.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace yunzi::protocol {

// Well-formed UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF.
bool is_valid_utf8(std::string_view bytes);
// Number of code points of valid UTF-8.
std::size_t count_code_points(std::string_view utf8);
// Valid UTF-8 everywhere: each ill-formed byte becomes `replacement`.
std::string replace_invalid_utf8(std::string_view bytes, std::string_view replacement);
// At most `count` code points of the text, made valid UTF-8 first ("?" for an ill-formed byte).
std::string first_code_points(std::string_view bytes, std::size_t count);

inline constexpr std::size_t max_name_chars = 20;
inline constexpr std::size_t max_password_bytes = 128;
inline constexpr std::size_t max_token_bytes = 128;
inline constexpr std::size_t max_chat_chars = 300;
// A private message; line feeds and tabs allowed.
inline constexpr std::size_t max_message_chars = 1000;
inline constexpr std::size_t max_reason_chars = 300;
inline constexpr std::size_t max_notice_chars = 500;
inline constexpr std::size_t max_client_chars = 64;

// Why a user name is refused, or nullopt when it is acceptable: 1..20 code
// points, no whitespace, no control characters, and of ASCII punctuation
// only '_', '-' and '.'. Other scripts are welcome.
std::optional<std::string> name_problem(std::string_view name);

// Why a piece of free text is refused, or nullopt: valid UTF-8, within
// [min_chars, max_chars] code points, no control characters except (when
// allowed) line feed and tab.
std::optional<std::string> text_problem(std::string_view text, std::size_t min_chars, std::size_t max_chars,
                                        bool allow_line_breaks);

}  // namespace yunzi::protocol
