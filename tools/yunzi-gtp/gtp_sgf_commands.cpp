// The GTP commands that read and write SGF game records.
#include <fstream>
#include <sstream>

#include "engine/sgf_record.hpp"
#include "engine/sgf_writer.hpp"
#include "tools/yunzi-gtp/gtp_frontend.hpp"

namespace yunzi::gtp {
namespace {

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return bytes.str();
}

// Keeps the main line up to, not including, move `move_number` (1-based);
// nodes without a move before it stay.
void truncate_before_move(engine::SgfRecord& record, int move_number) {
  int seen = 0;
  for (std::size_t i = 0; i < record.main_line.size(); ++i) {
    if (record.main_line[i].move && ++seen == move_number) {
      record.main_line.resize(i);
      return;
    }
  }
}

engine::SgfRecord record_of(const engine::Game& game) {
  engine::SgfExport exported;
  exported.size = game.setup().size;
  exported.komi = game.setup().komi;
  exported.handicap = game.setup().handicap;
  for (const engine::Move& move : game.moves()) exported.moves.push_back(engine::SgfExportMove{move, {}, {}, {}});
  engine::SgfRecord record = engine::record_from_export(exported);
  // Handicap and setup stones both sit in the start position; AB/AW hold them all.
  record.black_stones.clear();
  record.white_stones.clear();
  for (const engine::SetupStone& stone : game.start_stones()) {
    (stone.color == engine::Color::black ? record.black_stones : record.white_stones).push_back(stone.vertex);
  }
  return record;
}

}  // namespace

GtpFrontend::Reply GtpFrontend::printsgf(const Args& args) {
  if (args.size() > 1) return unexpected(std::string("syntax error: expected printsgf [file]"));
  const std::string text = engine::write_sgf(record_of(game_));
  if (args.empty()) return text;
  std::ofstream out(args[0], std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) return unexpected("cannot write " + args[0]);
  return std::string();
}

GtpFrontend::Reply GtpFrontend::loadsgf(const Args& args) {
  if (args.empty() || args.size() > 2)
    return unexpected(std::string("syntax error: expected loadsgf <file> [move_number]"));
  std::optional<int> move_number;
  if (args.size() == 2) {
    auto number = parse_int_arg(args[1]);
    if (!number) return unexpected(number.error());
    if (*number < 1) return unexpected(std::string("syntax error: the move number must be 1 or more"));
    move_number = *number;
  }

  const auto text = read_file(args[0]);
  if (!text) return unexpected("cannot load file: cannot read " + args[0]);
  auto tree = engine::parse_sgf(*text);
  if (!tree) return unexpected("cannot load file: " + tree.error().reason);
  auto record = engine::record_from_tree(*tree);
  if (!record) return unexpected("cannot load file: " + record.error().reason);
  if (move_number) truncate_before_move(*record, *move_number);
  auto loaded = engine::replay_main_line(*record);
  if (!loaded) return unexpected("cannot load file: " + loaded.error().reason);

  // The record is played under the ko rule chosen here, not the one its RU
  // suggests, so that the game goes on under the rule the controller set.
  engine::Game previous = std::move(game_);
  const int previous_size = size_;
  const double previous_komi = komi_;
  game_ = std::move(loaded.value());
  size_ = game_.setup().size;
  komi_ = game_.setup().komi;
  engine::GameSetup setup = game_.setup();
  setup.ko_rule = ko_rule_;
  if (!rebuild(setup)) {
    game_ = std::move(previous);
    size_ = previous_size;
    komi_ = previous_komi;
    return unexpected("cannot load file: the record breaks the " + std::string(engine::to_string(ko_rule_)) +
                      " ko rule");
  }
  return std::string(engine::to_string(game_.to_move()));
}

}  // namespace yunzi::gtp
