// SGF throughput over the goban-original-games records (/usr/share/goban):
// parsing the whole corpus as one collection, building and playing every
// record, and writing them back.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/sgf_parser.hpp"
#include "engine/sgf_record.hpp"
#include "engine/sgf_writer.hpp"

using namespace yunzi;
using namespace yunzi::engine;

namespace {

std::vector<std::string> load_corpus() {
  std::vector<std::filesystem::path> paths;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/usr/share/goban", error)) {
    if (entry.path().extension() == ".sgf") paths.push_back(entry.path());
  }
  std::sort(paths.begin(), paths.end());
  std::vector<std::string> files;
  for (const auto& path : paths) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    files.push_back(bytes.str());
  }
  return files;
}

const std::vector<std::string>& corpus() {
  static const std::vector<std::string> files = load_corpus();
  return files;
}

const std::string& concatenated() {
  static const std::string all = [] {
    std::string text;
    for (const auto& file : corpus()) text += file + "\n";
    return text;
  }();
  return all;
}

void parse_concatenated_corpus(benchmark::State& state) {
  const std::string& text = concatenated();
  if (corpus().empty()) state.SkipWithError("no SGF files under /usr/share/goban");
  std::size_t games = 0;
  for (auto _ : state) {
    auto tree = parse_sgf(text);
    if (!tree) state.SkipWithError(tree.error().reason.c_str());
    games = tree ? tree->roots.size() : 0;
    benchmark::DoNotOptimize(tree);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
  state.counters["games"] = static_cast<double>(games);
}
BENCHMARK(parse_concatenated_corpus)->Unit(benchmark::kMillisecond);

void read_and_replay_every_record(benchmark::State& state) {
  std::size_t bytes = 0;
  for (const auto& file : corpus()) bytes += file.size();
  for (auto _ : state) {
    for (const auto& file : corpus()) {
      auto tree = parse_sgf(file);
      if (!tree) continue;
      auto record = record_from_tree(*tree);
      if (!record) continue;
      benchmark::DoNotOptimize(replay_main_line(*record));
    }
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}
BENCHMARK(read_and_replay_every_record)->Unit(benchmark::kMillisecond);

void write_every_record(benchmark::State& state) {
  std::vector<SgfRecord> records;
  for (const auto& file : corpus()) {
    auto tree = parse_sgf(file);
    if (!tree) continue;
    if (auto record = record_from_tree(*tree)) records.push_back(std::move(*record));
  }
  std::size_t written = 0;
  for (auto _ : state) {
    written = 0;
    for (const auto& record : records) written += write_sgf(record).size();
    benchmark::DoNotOptimize(written);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * written));
}
BENCHMARK(write_every_record)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
