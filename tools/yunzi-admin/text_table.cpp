#include "tools/yunzi-admin/text_table.hpp"

#include <algorithm>

#include "tools/yunzi-admin/admin_io.hpp"

namespace yunzi::admin {
namespace {

std::size_t code_points(const std::string& text) {
  // Continuation bytes (10xxxxxx) do not start a code point.
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

void append_row(std::string& out, const TableRow& row, const std::vector<std::size_t>& widths) {
  std::string line;
  for (std::size_t column = 0; column < widths.size(); ++column) {
    const std::string cell = column < row.size() ? row[column] : std::string();
    line += cell;
    if (column + 1 < widths.size()) line.append(widths[column] - code_points(cell) + 2, ' ');
  }
  out += line + "\n";
}

}  // namespace

std::string one_line(std::string text) {
  std::replace_if(text.begin(), text.end(), [](char c) { return c == '\n' || c == '\t' || c == '\r'; }, ' ');
  return text;
}

std::string render_table(const TableRow& headers, const std::vector<TableRow>& rows) {
  std::vector<std::size_t> widths(headers.size(), 0);
  for (std::size_t column = 0; column < headers.size(); ++column) {
    widths[column] = code_points(headers[column]);
    for (const TableRow& row : rows) {
      if (column < row.size()) widths[column] = std::max(widths[column], code_points(row[column]));
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
