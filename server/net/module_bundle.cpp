#include "server/net/module_bundle.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <set>
#include <string_view>
#include <utility>

namespace yunzi::net {

namespace {

struct Import {
  std::size_t line = 0;  // 0-based, the first of the statement's lines
  std::size_t line_count = 1;
  std::string module;   // resolved, relative to the root
  std::string binding;  // what stands left of `= module`: "{ a, b: c }", a name, or empty
};

struct ParsedModule {
  std::vector<std::string_view> lines;
  std::vector<Import> imports;
  std::vector<std::string> exports;
};

bool is_identifier_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$'; }

bool is_identifier_char(char c) { return is_identifier_start(c) || (c >= '0' && c <= '9'); }

// A statement starting with `keyword` at the start of the line: `import(`
// and `import.meta` are expressions, not statements.
bool starts_statement(std::string_view line, std::string_view keyword) {
  if (line.rfind(keyword, 0) != 0 || line.size() == keyword.size()) return false;
  const char next = line[keyword.size()];
  return next == ' ' || next == '\t' || next == '{' || next == '*' || next == '"' || next == '\'';
}

// A cursor over one line, for the few statement shapes the bundle knows.
class LineReader {
 public:
  explicit LineReader(std::string_view text) : text_(text) {}

  void skip_spaces() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
  }
  bool word(std::string_view expected) {
    skip_spaces();
    if (text_.substr(pos_, expected.size()) != expected) return false;
    const std::size_t after = pos_ + expected.size();
    if (after < text_.size() && is_identifier_char(expected.back()) && is_identifier_char(text_[after])) return false;
    pos_ = after;
    return true;
  }
  std::optional<std::string> identifier() {
    skip_spaces();
    if (pos_ >= text_.size() || !is_identifier_start(text_[pos_])) return std::nullopt;
    const std::size_t start = pos_;
    while (pos_ < text_.size() && is_identifier_char(text_[pos_])) ++pos_;
    return std::string(text_.substr(start, pos_ - start));
  }
  std::optional<std::string> quoted() {
    skip_spaces();
    if (pos_ >= text_.size() || (text_[pos_] != '"' && text_[pos_] != '\'')) return std::nullopt;
    const char quote = text_[pos_];
    const std::size_t end = text_.find(quote, pos_ + 1);
    if (end == std::string_view::npos) return std::nullopt;
    std::string value(text_.substr(pos_ + 1, end - pos_ - 1));
    pos_ = end + 1;
    return value;
  }
  // The statement ends here: a semicolon and nothing but spaces after it.
  bool statement_end() {
    if (!word(";")) return false;
    skip_spaces();
    return pos_ == text_.size();
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
};

bool ends_statement(std::string_view line) {
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
  return !line.empty() && line.back() == ';';
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    start = end + 1;
  }
  return lines;
}

std::optional<std::string> resolve(const std::string& from, const std::string& spec) {
  namespace fs = std::filesystem;
  fs::path target;
  if (spec.rfind("./", 0) == 0 || spec.rfind("../", 0) == 0) {
    target = fs::path(from).parent_path() / spec;
  } else if (spec.rfind('/', 0) == 0) {
    target = fs::path(spec.substr(1));
  } else {
    return std::nullopt;
  }
  std::string resolved = target.lexically_normal().generic_string();
  if (resolved.empty() || resolved.rfind("..", 0) == 0) return std::nullopt;
  return resolved;
}

// `{ a, b as c }` as an object pattern: `{ a, b: c }`.
std::optional<std::string> import_pattern(LineReader& reader) {
  std::string pattern = "{";
  bool first = true;
  while (!reader.word("}")) {
    if (!first && !reader.word(",")) return std::nullopt;
    if (reader.word("}")) break;  // a trailing comma
    const auto name = reader.identifier();
    if (!name) return std::nullopt;
    pattern += first ? " " : ", ";
    pattern += *name;
    if (reader.word("as")) {
      const auto local = reader.identifier();
      if (!local) return std::nullopt;
      pattern += ": " + *local;
    }
    first = false;
  }
  return pattern + " }";
}

Expected<Import, std::string> parse_import(const std::string& file, std::string_view line) {
  LineReader reader(line);
  reader.word("import");
  Import parsed;
  std::optional<std::string> spec;
  if (auto direct = reader.quoted()) {
    spec = std::move(direct);
  } else {
    if (reader.word("*")) {
      const auto name = reader.word("as") ? reader.identifier() : std::nullopt;
      if (!name) return unexpected(std::string("a namespace import needs `* as name`"));
      parsed.binding = *name;
    } else if (reader.word("{")) {
      auto pattern = import_pattern(reader);
      if (!pattern) return unexpected(std::string("the import list is not `{ a, b as c }`"));
      parsed.binding = std::move(*pattern);
    } else {
      return unexpected(std::string("only named, namespace and bare imports are joined"));
    }
    if (!reader.word("from")) return unexpected(std::string("the import has no `from`"));
    spec = reader.quoted();
  }
  if (!spec || !reader.statement_end()) return unexpected(std::string("an import ends its last line with `;`"));
  auto resolved = resolve(file, *spec);
  if (!resolved) return unexpected("the specifier " + *spec + " is not a path inside the site");
  parsed.module = std::move(*resolved);
  return parsed;
}

Expected<std::string, std::string> parse_export(std::string_view line) {
  LineReader reader(line);
  reader.word("export");
  if (reader.word("async")) {
    if (!reader.word("function")) return unexpected(std::string("`export async` is followed by a function"));
    reader.word("*");
  } else if (reader.word("function")) {
    reader.word("*");
  } else if (!reader.word("const") && !reader.word("class")) {
    return unexpected(std::string("only `export function|const|class NAME` is joined"));
  }
  auto name = reader.identifier();
  if (!name) return unexpected(std::string("an export names one binding"));
  return std::move(*name);
}

Expected<ParsedModule, BundleError> parse_module(const std::string& file, const std::string& text) {
  ParsedModule parsed;
  parsed.lines = split_lines(text);
  for (std::size_t i = 0; i < parsed.lines.size(); ++i) {
    const std::string_view line = parsed.lines[i];
    if (starts_statement(line, "import")) {
      // A long import list runs over lines up to the one ending in `;`.
      std::string statement(line);
      std::size_t last = i;
      while (!ends_statement(parsed.lines[last]) && last + 1 < parsed.lines.size()) {
        statement += ' ';
        statement += parsed.lines[++last];
      }
      auto import = parse_import(file, statement);
      if (!import) return unexpected(BundleError{file, i + 1, import.error()});
      import->line = i;
      import->line_count = last - i + 1;
      parsed.imports.push_back(std::move(*import));
      i = last;
    } else if (starts_statement(line, "export")) {
      auto name = parse_export(line);
      if (!name) return unexpected(BundleError{file, i + 1, name.error()});
      parsed.exports.push_back(std::move(*name));
    }
  }
  return parsed;
}

// Static imports only: which scripts a script reaches, or nothing when it
// has none or cannot be read as a module.
std::vector<std::string> imported_modules(const std::string& file, const std::string& text) {
  std::vector<std::string> modules;
  auto parsed = parse_module(file, text);
  if (!parsed) return modules;
  for (const Import& import : parsed->imports) modules.push_back(import.module);
  return modules;
}

class Joiner {
 public:
  explicit Joiner(const ScriptSources& scripts) : scripts_(scripts) {}

  Expected<ModuleBundle, BundleError> join(const std::string& entry) {
    if (auto failed = visit(entry, entry, 0)) return unexpected(std::move(*failed));
    ModuleBundle bundle;
    bundle.entry = entry;
    bundle.modules = order_.size();
    bundle.text = "// " + entry + " and the " + std::to_string(order_.size() - 1) +
                  " modules it imports, joined by the server (server/net/module_bundle.hpp).\n";
    for (const std::string& file : order_) append(bundle.text, file);
    return bundle;
  }

 private:
  // Depth first, imports in source order, each module after what it
  // imports: the order in which a browser evaluates an acyclic graph.
  std::optional<BundleError> visit(const std::string& file, const std::string& importer, std::size_t line) {
    if (names_.count(file) > 0) return std::nullopt;
    if (visiting_.count(file) > 0) return BundleError{importer, line, "an import cycle through " + file};
    const auto source = scripts_.find(file);
    if (source == scripts_.end()) return BundleError{importer, line, "no script " + file};
    auto parsed = parse_module(file, source->second);
    if (!parsed) return parsed.error();
    visiting_.insert(file);
    for (const Import& import : parsed->imports) {
      if (auto failed = visit(import.module, file, import.line + 1)) return failed;
    }
    visiting_.erase(file);
    names_.emplace(file, "yunzi_module_" + std::to_string(order_.size()));
    parsed_.emplace(file, std::move(*parsed));
    order_.push_back(file);
    return std::nullopt;
  }

  void append(std::string& out, const std::string& file) const {
    const ParsedModule& parsed = parsed_.at(file);
    out += "// " + file + "\nconst " + names_.at(file) + " = (() => {\n";
    auto import = parsed.imports.begin();
    for (std::size_t i = 0; i < parsed.lines.size(); ++i) {
      std::string_view line = parsed.lines[i];
      if (import != parsed.imports.end() && import->line == i) {
        if (!import->binding.empty()) out += "const " + import->binding + " = " + names_.at(import->module) + ";";
        out.append(import->line_count - 1, '\n');  // the lines stay where they were
        i += import->line_count - 1;
        ++import;
      } else {
        if (starts_statement(line, "export")) line.remove_prefix(std::string_view("export").size());
        out += line;
      }
      out += '\n';
    }
    out += "return {";
    for (std::size_t i = 0; i < parsed.exports.size(); ++i) out += (i == 0 ? " " : ", ") + parsed.exports[i];
    out += " };\n})();\n";
  }

  const ScriptSources& scripts_;
  std::set<std::string> visiting_;
  std::map<std::string, std::string> names_;
  std::map<std::string, ParsedModule> parsed_;
  std::vector<std::string> order_;
};

}  // namespace

std::vector<std::string> module_entries(const ScriptSources& scripts) {
  std::set<std::string> imported;
  std::set<std::string> importing;
  for (const auto& [file, text] : scripts) {
    const auto modules = imported_modules(file, text);
    if (!modules.empty()) importing.insert(file);
    imported.insert(modules.begin(), modules.end());
  }
  std::vector<std::string> entries;
  std::copy_if(importing.begin(), importing.end(), std::back_inserter(entries),
               [&](const std::string& file) { return imported.count(file) == 0; });
  return entries;
}

Expected<ModuleBundle, BundleError> bundle_module(const ScriptSources& scripts, const std::string& entry) {
  return Joiner(scripts).join(entry);
}

}  // namespace yunzi::net
