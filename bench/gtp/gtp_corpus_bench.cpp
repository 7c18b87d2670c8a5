// yunzi_bench_gtp_corpus: the rules engine as a GTP program against GNU Go, each told every move of one corpus
// through a pipe; a run on an empty script is subtracted (GNU Go's start-up), and an answer other than `=` fails
// the run (bench/LOG.md, "The rules engine as a GTP program, against GNU Go"). --repeat N plays the corpus N times
// a run (10), so that a run lasts long enough to time; --keep DIR keeps the scripts and answers, to replay by hand.
// Unknown --benchmark_* flags (scripts/bench passes Google Benchmark's) are ignored.
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "bench/gtp/gtp_corpus.hpp"

extern char** environ;

namespace {

namespace fs = std::filesystem;
using yunzi::bench::CorpusGame;

struct Timing {
  double wall_s = 0;
  double cpu_s = 0;
  std::size_t accepted = 0;  // '=' answers
  std::size_t refused = 0;   // '?' answers
  std::string first_refusal;
};

std::optional<Timing> run_engine(const std::vector<std::string>& argv, const fs::path& script, const fs::path& out) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, script.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const auto start = std::chrono::steady_clock::now();
  const int spawned = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return std::nullopt;
  int status = 0;
  rusage usage{};
  if (wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
  Timing t;
  t.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  t.cpu_s = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
            static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  std::ifstream answers(out);
  for (std::string line; std::getline(answers, line);) {
    if (line.starts_with("=")) ++t.accepted;
    if (line.starts_with("?")) {
      if (t.refused++ == 0) t.first_refusal = line;
    }
  }
  return t;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

struct Engine {
  std::string name;
  std::vector<std::string> argv;
  std::vector<std::string> prelude;
};

struct Row {
  double moves_per_cpu_s = 0;
  double moves_per_wall_s = 0;
};

// Median of `runs` timed runs, each less the median empty run.
std::optional<Row> measure(const Engine& engine, const std::vector<CorpusGame>& corpus, int repeat, int runs,
                           const fs::path& dir) {
  const std::string stem = engine.name + "-" + std::to_string(corpus.front().size);
  const fs::path script = dir / (stem + ".gtp");
  const fs::path empty = dir / (stem + "-empty.gtp");
  const fs::path out = dir / (stem + ".out");
  std::ofstream(script) << yunzi::bench::gtp_script(corpus, engine.prelude, repeat);
  std::ofstream(empty) << yunzi::bench::gtp_script({}, engine.prelude);
  const std::size_t rounds = static_cast<std::size_t>(repeat);
  const std::size_t commands =
      engine.prelude.size() + rounds * (3 * corpus.size() + yunzi::bench::move_count(corpus)) + 1;
  std::vector<double> base_wall, base_cpu, wall, cpu;
  for (int i = 0; i < runs; ++i) {
    auto base = run_engine(engine.argv, empty, out);
    auto full = run_engine(engine.argv, script, out);
    if (!base || !full) {
      std::cerr << engine.name << ": the engine did not run to its end\n";
      return std::nullopt;
    }
    if (full->refused > 0 || full->accepted != commands) {
      std::cerr << engine.name << ": " << full->accepted << " of " << commands
                << " commands accepted; first refusal: " << full->first_refusal << "\n";
      return std::nullopt;
    }
    base_wall.push_back(base->wall_s);
    base_cpu.push_back(base->cpu_s);
    wall.push_back(full->wall_s);
    cpu.push_back(full->cpu_s);
  }
  const double moves = static_cast<double>(rounds * yunzi::bench::move_count(corpus));
  const double net_cpu = std::max(median(cpu) - median(base_cpu), 1e-6);
  const double net_wall = std::max(median(wall) - median(base_wall), 1e-6);
  return Row{moves / net_cpu, moves / net_wall};
}

std::string thousands(double value) {
  std::ostringstream out;
  out << static_cast<long long>(value / 1000.0 + 0.5) << "k";
  return out.str();
}

}  // namespace

int main(int argc, char** argv) {
  int games = 200;
  int runs = 5;
  int repeat = 10;
  std::string gnugo = "/usr/games/gnugo";
  std::string yunzi_gtp = YUNZI_GTP_PATH;
  std::optional<fs::path> keep;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--games" && has_value) {
      games = std::atoi(argv[++i]);
    } else if (arg == "--repeat" && has_value) {
      repeat = std::atoi(argv[++i]);
    } else if (arg == "--runs" && has_value) {
      runs = std::atoi(argv[++i]);
    } else if (arg == "--gnugo" && has_value) {
      gnugo = argv[++i];
    } else if (arg == "--yunzi-gtp" && has_value) {
      yunzi_gtp = argv[++i];
    } else if (arg == "--keep" && has_value) {
      keep = argv[++i];
    } else if (!arg.starts_with("--benchmark_")) {
      std::cerr
          << "usage: yunzi_bench_gtp_corpus [--games N] [--repeat N] [--runs N] [--gnugo PATH] [--yunzi-gtp PATH]\n"
             "                              [--keep DIR]\n";
      return 2;
    }
  }
  if (games < 1 || runs < 1 || repeat < 1) return 2;
  const fs::path dir = keep.value_or(fs::temp_directory_path() / ("yunzi-gtp-corpus-" + std::to_string(getpid())));
  fs::create_directories(dir);

  std::vector<Engine> engines{{"yunzi-gtp", {yunzi_gtp}, {"yunzi-ko_rule positional"}}};
  if (fs::exists(gnugo)) {
    engines.push_back({"gnugo", {gnugo, "--mode", "gtp", "--positional-superko"}, {}});
  } else {
    std::cerr << "no GNU Go at " << gnugo << ": yunzi-gtp only\n";
  }
  std::cout << "corpus played " << repeat << " times per run; median of " << runs << " runs\n\n"
            << "| board | games | moves | engine | moves/s (CPU) | moves/s (wall) | against GNU Go (CPU) |\n"
            << "|---|---|---|---|---|---|---|\n";
  int status = 0;
  for (const int size : {9, 19}) {
    const auto corpus = yunzi::bench::make_corpus(size, games, 20261202u + static_cast<unsigned>(size));
    std::vector<std::optional<Row>> rows;
    for (const Engine& engine : engines) rows.push_back(measure(engine, corpus, repeat, runs, dir));
    const std::optional<Row>& reference = rows.back();
    for (std::size_t e = 0; e < engines.size(); ++e) {
      if (!rows[e]) {
        status = 1;
        continue;
      }
      std::cout << "| " << size << "x" << size << " | " << games << " | " << yunzi::bench::move_count(corpus) << " | "
                << engines[e].name << " | " << thousands(rows[e]->moves_per_cpu_s) << " | "
                << thousands(rows[e]->moves_per_wall_s) << " | ";
      if (engines.size() > 1 && reference) {
        std::printf("%.1fx", rows[e]->moves_per_cpu_s / reference->moves_per_cpu_s);
        std::fflush(stdout);
      }
      std::cout << " |\n";
    }
  }
  if (!keep) fs::remove_all(dir);
  return status;
}
