// A log message made safe for its line. Messages carry text people typed
// (names, broadcast notices, reasons), which may hold quotes, backslashes,
// line breaks or bytes that are not UTF-8; none of that may split a line or
// break the JSON around it. Valid UTF-8 beyond ASCII is kept as it is.
#pragma once

#include <string>
#include <string_view>

namespace yunzi::logging {

// The inside of a JSON string (without the quotes): '"' and '\' escaped,
// control characters as \n, \t, ... or \u00XX, ill-formed UTF-8 bytes as
// \ufffd. The result is always valid UTF-8.
void append_json_escaped(std::string_view text, std::string& out);

// For plain-text lines: control characters as \n, \t, ... or \xXX, so one
// event stays one line; ill-formed UTF-8 bytes become U+FFFD. Everything
// else, backslashes included, is unchanged.
void append_line_escaped(std::string_view text, std::string& out);

}  // namespace yunzi::logging
