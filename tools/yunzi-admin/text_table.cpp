#include "tools/yunzi-admin/text_table.hpp"

#include <algorithm>

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include "tools/yunzi-admin/admin_io.hpp"

namespace yunzi::admin {
namespace {

// Columns on a terminal: East Asian wide and fullwidth characters (Chinese
// names, 升段赛) take two, so the columns after them stay aligned.
std::size_t display_width(const std::string& text) {
  std::size_t width = 0;
  std::int32_t at = 0;
  const auto length = static_cast<std::int32_t>(text.size());
  while (at < length) {
    UChar32 c = 0;
    U8_NEXT(text.data(), at, length, c);
    const auto east_asian = u_getIntPropertyValue(c < 0 ? 0xFFFD : c, UCHAR_EAST_ASIAN_WIDTH);
    width += east_asian == U_EA_WIDE || east_asian == U_EA_FULLWIDTH ? 2 : 1;
  }
  return width;
}

void append_row(std::string& out, const TableRow& row, const std::vector<std::size_t>& widths) {
  std::string line;
  for (std::size_t column = 0; column < widths.size(); ++column) {
    const std::string cell = column < row.size() ? row[column] : std::string();
    line += cell;
    if (column + 1 < widths.size()) line.append(widths[column] - display_width(cell) + 2, ' ');
  }
  out += line + "\n";
}

}  // namespace

std::string one_line(std::string text) {
  std::replace_if(
      text.begin(), text.end(), [](char c) { return c == '\n' || c == '\t' || c == '\r'; }, ' ');
  return text;
}

std::string render_table(const TableRow& headers, const std::vector<TableRow>& rows) {
  std::vector<std::size_t> widths(headers.size(), 0);
  for (std::size_t column = 0; column < headers.size(); ++column) {
    widths[column] = display_width(headers[column]);
    for (const TableRow& row : rows) {
      if (column < row.size()) widths[column] = std::max(widths[column], display_width(row[column]));
    }
  }
  std::string out;
  append_row(out, headers, widths);
  TableRow rule;
  for (std::size_t width : widths) rule.push_back(std::string(width, '-'));
  append_row(out, rule, widths);
  for (const TableRow& row : rows) append_row(out, row, widths);
  return out;
}

std::string text_of(const nlohmann::json& object, const char* key) {
  auto found = object.find(key);
  if (found == object.end() || found->is_null()) return "";
  return found->is_string() ? found->get<std::string>() : found->dump();
}

std::string time_of(const nlohmann::json& object, const char* key) {
  auto found = object.find(key);
  return found != object.end() && found->is_number_integer() ? format_time_utc(found->get<long long>()) : "";
}

}  // namespace yunzi::admin
