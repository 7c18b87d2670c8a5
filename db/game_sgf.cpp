#include "db/game_sgf.hpp"

#include "core/rank.hpp"
#include "db/time_text.hpp"
#include "engine/board.hpp"
#include "engine/handicap.hpp"
#include "engine/scoring.hpp"
#include "engine/sgf_writer.hpp"

namespace yunzi::db {

namespace {

std::string whole_seconds(std::int64_t ms) { return std::to_string(ms / 1000); }

// OT in the spellings other SGF programs show.
std::string overtime_text(const TimeControl& time) {
  switch (time.system) {
    case TimeSystem::byoyomi: return std::to_string(time.periods) + "x" + whole_seconds(time.period_ms) + " byo-yomi";
    case TimeSystem::canadian: return std::to_string(time.stones) + "/" + whole_seconds(time.period_ms) + " Canadian";
    case TimeSystem::fischer: {
      std::string text = "Fischer +" + whole_seconds(time.increment_ms) + "s";
      if (time.max_ms > 0) text += " max " + whole_seconds(time.max_ms) + "s";
      return text;
    }
    case TimeSystem::absolute:
    case TimeSystem::none: break;
  }
  return {};
}

// The board after the stored moves. Each was legal when played, so only the
// placement and its captures matter here, not the repetition rule.
engine::Board final_board(const GameWithMoves& stored, const std::vector<engine::Vertex>& handicap_stones) {
  engine::Board board(stored.game.settings.size);
  for (const engine::Vertex stone : handicap_stones) (void)board.add_stone(engine::Color::black, stone);
  for (const MoveRecord& m : stored.moves) {
    if (m.move.vertex) (void)board.play(m.move.color, *m.move.vertex);
  }
  return board;
}

}  // namespace

std::string game_sgf(const GameWithMoves& stored, const std::vector<std::string>& notes) {
  const GameRecord& g = stored.game;
  engine::SgfExport out;
  out.size = g.settings.size;
  out.komi = g.settings.komi;
  out.handicap = g.settings.handicap;
  if (g.settings.handicap >= 2) {
    if (auto stones = engine::fixed_handicap(g.settings.size, g.settings.handicap)) out.handicap_stones = *stones;
  }
  out.rules = "Chinese";
  out.black_name = g.black_name;
  out.white_name = g.white_name;
  out.black_rank = to_string(g.black_rank);
  out.white_rank = to_string(g.white_rank);
  out.date = utc_date_text(g.started_ms);
  out.result = g.result;
  if (g.settings.time.system != TimeSystem::none) out.main_time = static_cast<double>(g.settings.time.main_ms / 1000);
  out.overtime = overtime_text(g.settings.time);
  if (!notes.empty()) out.comment = notes.front();
  out.moves.reserve(stored.moves.size());
  for (const MoveRecord& m : stored.moves) {
    engine::SgfExportMove move{m.move, std::nullopt, m.periods_left, {}};
    if (out.moves.size() + 1 < notes.size()) move.comment = notes[out.moves.size() + 1];
    if (m.clock_ms) move.time_left = static_cast<double>(*m.clock_ms) / 1000.0;
    out.moves.push_back(move);
  }
  if (g.result && g.result->how == EndReason::count) {
    if (auto counted = engine::territory(final_board(stored, out.handicap_stones), stored.final_dead)) {
      out.black_territory = std::move(counted->black);
      out.white_territory = std::move(counted->white);
    }
  }
  return engine::write_sgf(out);
}

DbResult<std::optional<std::string>> load_game_sgf(GameStore& games, GameId id) {
  auto loaded = games.load(id);
  if (!loaded) return unexpected(loaded.error());
  if (!*loaded) return std::optional<std::string>();
  return std::optional<std::string>(game_sgf(**loaded));
}

}  // namespace yunzi::db
