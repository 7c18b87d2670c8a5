#include "tools/yunzi-admin/problems_cli.hpp"

#include <cctype>
#include <chrono>
#include <fstream>
#include <ostream>
#include <sstream>
#include <thread>
#include <vector>

#include "tools/yunzi-admin/admin_session.hpp"
#include "tools/yunzi-admin/db_cli_parts.hpp"
#include "tools/yunzi-admin/exit_codes.hpp"
#include "tools/yunzi-admin/zip_archive.hpp"
#include "tsumego/problem.hpp"

namespace yunzi::admin {
namespace {

// The server verifies each problem with its solver before it answers.
constexpr client::Millis import_timeout{120'000};
// A busy solver answers rate_limited: the problem is sent again after a pause, a few times.
constexpr int busy_retries = 5;
constexpr std::chrono::seconds busy_pause{2};

struct OneProblem {
  std::string label;  // "FILE #N"
  std::string sgf;    // one game tree
};

std::vector<std::string> theme_list(const std::optional<std::string>& text) {
  std::vector<std::string> out;
  if (!text) return out;
  std::stringstream in(*text);
  for (std::string theme; std::getline(in, theme, ',');) {
    if (!theme.empty()) out.push_back(theme);
  }
  return out;
}

// The problems of one SGF text, each written back as one game tree; what cannot be read is printed and counted.
void split_collection(const std::string& label, const std::string& text, AdminIo& io, int& unreadable,
                      std::vector<OneProblem>& out) {
  auto read = tsumego::read_problems(text);
  if (!read) {
    io.out << label << ": rejected: not SGF: " << read.error().reason << "\n";
    ++unreadable;
    return;
  }
  for (std::size_t i = 0; i < read->problems.size(); ++i) {
    const std::string problem_label = label + " #" + std::to_string(i + 1);
    if (!read->problems[i]) {
      io.out << problem_label << ": rejected: " << read->problems[i].error().reason << "\n";
      ++unreadable;
      continue;
    }
    out.push_back({problem_label, tsumego::write_problem(*read->problems[i])});
  }
}

bool is_sgf_name(std::string_view name) {
  if (name.size() < 4) return false;
  std::string end(name.substr(name.size() - 4));
  for (char& c : end) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return end == ".sgf";
}

// Every problem of the files (SGF collections, or zip archives of them).
std::vector<OneProblem> split_files(std::span<const std::string> files, AdminIo& io, int& unreadable) {
  std::vector<OneProblem> out;
  for (const std::string& file : files) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) {
      io.out << file << ": cannot be read\n";
      ++unreadable;
      continue;
    }
    if (!looks_like_zip(text.view())) {
      split_collection(file, text.str(), io, unreadable, out);
      continue;
    }
    auto entries = read_zip(text.view());
    if (!entries) {
      io.out << file << ": rejected: " << entries.error() << "\n";
      ++unreadable;
      continue;
    }
    for (const ZipEntry& entry : *entries) {
      if (is_sgf_name(entry.name)) split_collection(file + ":" + entry.name, entry.data, io, unreadable, out);
    }
  }
  return out;
}

// The server's answer to one problem, sent again while the solver is busy.
Expected<client::Json, std::string> import_one(client::WsClient& ws, const client::Json& request) {
  for (int attempt = 0;; ++attempt) {
    auto reply = ws.request(request, import_timeout);
    if (!reply) return unexpected(reply.error());
    if (is_ok_reply(*reply) || reply->value("code", "") != "rate_limited" || attempt == busy_retries) return *reply;
    std::this_thread::sleep_for(busy_pause);
  }
}

}  // namespace

int run_problems_command(const ParsedArgs& args, std::span<const std::string> operands, AdminIo& io) {
  if (operands.size() < 2 || operands[0] != "import") {
    return usage_error(io, "problems import FILE... [--themes T,T]: at least one SGF file");
  }
  int rejected = 0;
  const std::vector<OneProblem> problems = split_files(operands.subspan(1), io, rejected);
  const std::vector<std::string> themes = theme_list(args.value("--themes"));
  auto session = open_admin_session(args, io);
  if (!session) return session.error();
  int imported = 0;
  for (const OneProblem& problem : problems) {
    auto reply = import_one(**session, {{"type", "problem.import"}, {"sgf", problem.sgf}, {"themes", themes}});
    if (!reply) {
      io.err << "yunzi-admin: no answer to " << problem.label << " (it may have been imported): " << reply.error()
             << "\n";
      return exit_unreachable;
    }
    if (!is_ok_reply(*reply)) {
      io.err << "yunzi-admin: the server refused " << problem.label << ": " << error_text(*reply) << "\n";
      return exit_refused;
    }
    for (const client::Json& added : (*reply)["imported"]) {
      ++imported;
      io.out << problem.label << ": imported as problem " << added["id"].get<std::int64_t>() << "\n";
      for (const client::Json& flag : added["flags"]) io.out << "  flag: " << flag.get<std::string>() << "\n";
    }
    for (const client::Json& refused : (*reply)["rejected"]) {
      ++rejected;
      io.out << problem.label << ": rejected: " << refused["reason"].get<std::string>() << "\n";
    }
  }
  (*session)->close();
  io.out << "imported " << imported << ", rejected " << rejected << "\n";
  return rejected == 0 ? exit_ok : exit_refused;
}

}  // namespace yunzi::admin
