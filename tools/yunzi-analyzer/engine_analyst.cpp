#include "tools/yunzi-analyzer/engine_analyst.hpp"

#include <sstream>

#include "tools/yunzi-analyzer/analysis_lines.hpp"

namespace yunzi::analyzer {
namespace {

using nlohmann::json;

std::string describe(const gtp::GtpError& error) {
  return std::string(gtp::to_string(error.kind)) + ": " + error.message;
}

bool has_command(const std::string& list, const std::string& command) {
  std::istringstream lines(list);
  for (std::string line; std::getline(lines, line);) {
    if (line == command) return true;
  }
  return false;
}

std::string other(const std::string& color) { return color == "black" ? "white" : "black"; }

// GNU Go's "B+3.8 (upper bound: ...)", "W+12.5 ...", "0": Black's lead.
std::optional<double> black_lead(const std::string& estimate) {
  if (estimate.rfind("0", 0) == 0) return 0.0;
  if (estimate.size() < 3 || estimate[1] != '+') return std::nullopt;
  try {
    const double points = std::stod(estimate.substr(2));
    return estimate[0] == 'B' ? points : -points;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace

Expected<EngineAnalyst, std::string> EngineAnalyst::start(const AnalystSettings& settings) {
  auto process = gtp::GtpProcess::start(settings.engine);
  if (!process)
    return unexpected("the engine `" + settings.engine.front() + "` does not start: " + describe(process.error()));
  auto commands = process->send("list_commands");
  if (!commands) return unexpected("the engine does not answer list_commands: " + describe(commands.error()));
  const AnalysisDialect dialect = has_command(*commands, "kata-analyze") ? AnalysisDialect::kata
                                  : has_command(*commands, "lz-analyze") ? AnalysisDialect::leela
                                                                         : AnalysisDialect::plain;
  auto named = process->send("name");
  std::string name = named ? *named : "?";
  if (auto version = process->send("version"); version && !version->empty()) name += " " + *version;
  return EngineAnalyst(std::move(*process), dialect, std::move(name), settings);
}

Expected<json, std::string> EngineAnalyst::searched(const std::string& color, int move) {
  std::vector<Candidate> latest;
  const bool leela = dialect_ == AnalysisDialect::leela;
  const std::string command = std::string(leela ? "lz-analyze " : "kata-analyze ") + color + " 10";
  auto stopped = process_.stream(
      command,
      [&](std::string_view line) {
        auto candidates = parse_analysis_line(line, leela);
        if (candidates.empty()) return true;
        latest = std::move(candidates);
        std::int64_t visits = 0;
        for (const Candidate& c : latest) visits += c.visits;
        return visits < settings_.visits;
      },
      settings_.most_per_position);
  if (!stopped) return unexpected("the engine's analysis failed: " + describe(stopped.error()));
  // The figures are the side to move's; the server keeps Black's.
  const bool black = color == "black";
  const auto for_black_rate = [black](std::optional<double> w) -> json {
    return w ? json(black ? *w : 1 - *w) : json();
  };
  const auto for_black_score = [black](std::optional<double> s) -> json { return s ? json(black ? *s : -*s) : json(); };
  json position = {{"move", move}, {"best", json::array()}};
  if (!latest.empty()) {
    if (latest.front().winrate) position["winrate"] = for_black_rate(latest.front().winrate);
    if (latest.front().score) position["score"] = for_black_score(latest.front().score);
  }
  for (std::size_t i = 0; i < latest.size() && i < settings_.best_moves; ++i) {
    const Candidate& c = latest[i];
    json best = {{"vertex", c.move}, {"visits", c.visits}};
    if (c.winrate) best["winrate"] = for_black_rate(c.winrate);
    if (c.score) best["score"] = for_black_score(c.score);
    json line = json::array();
    for (std::size_t j = 0; j < c.line.size() && j < 30; ++j) line.push_back(c.line[j]);
    best["line"] = std::move(line);
    position["best"].push_back(std::move(best));
  }
  return position;
}

Expected<json, std::string> EngineAnalyst::estimated(const std::string& color, int move) {
  auto estimate = process_.send("estimate_score", settings_.most_per_position);
  if (!estimate) return unexpected("estimate_score failed: " + describe(estimate.error()));
  json position = {{"move", move}, {"best", json::array()}};
  if (auto lead = black_lead(*estimate)) position["score"] = *lead;
  auto top = process_.send("top_moves_" + color, settings_.most_per_position);
  if (!top) return unexpected("top_moves_" + color + " failed: " + describe(top.error()));
  std::istringstream words(*top);
  std::string vertex;
  double value = 0;
  while (position["best"].size() < settings_.best_moves && words >> vertex >> value) {
    position["best"].push_back({{"vertex", vertex}, {"line", json::array({vertex})}});
  }
  return position;
}

Expected<Done, std::string> EngineAnalyst::analyse(const json& job,
                                                   const std::function<bool(const json& position)>& on_position) {
  const auto run = [this](const std::string& command) -> Expected<Done, std::string> {
    if (auto answer = process_.send(command); !answer) return unexpected(command + ": " + describe(answer.error()));
    return Done{};
  };
  for (const std::string& command :
       {"boardsize " + std::to_string(job.at("size").get<int>()), std::string("clear_board"),
        "komi " + std::to_string(job.at("komi").get<double>())}) {
    if (auto done = run(command); !done) return done;
  }
  for (const char* color : {"black", "white"}) {
    for (const auto& stone : job.at("setup").at(color)) {
      if (auto done = run(std::string("play ") + color + " " + stone.get<std::string>()); !done) return done;
    }
  }
  const json& moves = job.at("moves");
  const bool handicap = !job.at("setup").at("black").empty();
  std::string to_move = moves.empty() ? (handicap ? "white" : "black") : moves.front().at("color").get<std::string>();
  for (std::size_t i = 0; i <= moves.size(); ++i) {
    const int number = static_cast<int>(i);
    auto position = dialect_ == AnalysisDialect::plain ? estimated(to_move, number) : searched(to_move, number);
    if (!position) return unexpected(position.error());
    if (!on_position(*position)) return Done{};
    if (i == moves.size()) break;
    const std::string color = moves[i].at("color").get<std::string>();
    if (auto done = run("play " + color + " " + moves[i].at("vertex").get<std::string>()); !done) return done;
    to_move = i + 1 < moves.size() ? moves[i + 1].at("color").get<std::string>() : other(color);
  }
  return Done{};
}

}  // namespace yunzi::analyzer
