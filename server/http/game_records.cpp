#include "server/http/game_records.hpp"

#include <charconv>

#include "db/game_sgf.hpp"
#include "engine/diagram.hpp"
#include "engine/game.hpp"
#include "server/game/stored_game.hpp"
#include "server/http/http_answer.hpp"
#include "server/http/http_reading.hpp"
#include "server/http/review_notes.hpp"

namespace yunzi::http {
namespace {

// Every answer about an ended game stays true; a game in progress moves on
// (and undo can change even its earlier moves), and an unknown id may exist
// tomorrow.
constexpr const char* cache_ended = "public, max-age=86400, immutable";
constexpr const char* cache_live = "no-cache";
constexpr const char* cache_error = "no-store";

std::optional<std::size_t> whole_number(std::string_view text) {
  std::size_t value = 0;
  const char* end = text.data() + text.size();
  auto [stop, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || stop != end) return std::nullopt;
  return value;
}

// The value as sent, shortened, for an error message.
std::string quoted(std::string_view value) {
  constexpr std::size_t shown = 32;
  return "\"" + std::string(value.substr(0, shown)) + (value.size() > shown ? "...\"" : "\"");
}

Expected<engine::Game, std::string> position_at(const db::GameWithMoves& stored, const DiagramRequest& request) {
  auto game = game::replay_stored_game(stored);
  if (!game) return unexpected(game.error());
  return game->after_moves(request.move.value_or(stored.moves.size()));
}

}  // namespace

std::optional<GamePath> parse_game_path(const std::string& path) {
  constexpr std::string_view prefix = "/games/";
  if (!path.starts_with(prefix)) return std::nullopt;
  const std::string_view rest = std::string_view(path).substr(prefix.size());
  const auto dot = rest.find('.');
  if (dot == std::string_view::npos || dot == 0) return std::nullopt;
  const std::string_view digits = rest.substr(0, dot);
  const std::string_view format = rest.substr(dot + 1);
  if (format != "sgf" && format != "txt" && format != "svg" && format != "review.sgf") return std::nullopt;
  if (digits.front() == '0') return std::nullopt;
  GameId id = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
  if (ec != std::errc() || end != digits.data() + digits.size() || id <= 0) return std::nullopt;
  return GamePath{id, std::string(format)};
}

Expected<DiagramRequest, std::string> parse_diagram_query(std::string_view query) {
  DiagramRequest request;
  bool numbers_given = false;
  while (!query.empty()) {
    const auto amp = query.find('&');
    const std::string_view field = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    const auto equals = field.find('=');
    const std::string_view name = field.substr(0, equals);
    const std::string_view value = equals == std::string_view::npos ? std::string_view() : field.substr(equals + 1);
    if (name == "move") {
      if (request.move) return unexpected(std::string("move is given more than once"));
      request.move = whole_number(value);
      if (!request.move) {
        return unexpected("move must be a whole number from 0 to the number of moves, not " + quoted(value));
      }
    } else if (name == "numbers") {
      if (numbers_given) return unexpected(std::string("numbers is given more than once"));
      numbers_given = true;
      const auto count = value == "all" ? std::optional(DiagramRequest::all_moves) : whole_number(value);
      if (!count) return unexpected("numbers must be a whole number of moves or \"all\", not " + quoted(value));
      request.numbered_moves = *count;
    }
  }
  return request;
}

Expected<std::string, std::string> game_diagram(const db::GameWithMoves& stored, const DiagramRequest& request) {
  auto game = position_at(stored, request);
  if (!game) return unexpected(game.error());
  const db::GameRecord& row = stored.game;
  std::string out = row.black_name + " (B) vs " + row.white_name + " (W), move " +
                    std::to_string(game->moves().size()) + " of " + std::to_string(stored.moves.size());
  if (row.result) out += ", result " + to_sgf(*row.result);
  return out + "\n\n" + engine::text_diagram(game->board(), engine::diagram_info(*game, request.numbered_moves));
}

Expected<std::string, std::string> game_picture(const db::GameWithMoves& stored, const DiagramRequest& request) {
  auto game = position_at(stored, request);
  if (!game) return unexpected(game.error());
  return engine::svg_diagram(game->board(), engine::diagram_info(*game, request.numbered_moves));
}

namespace {

// The answer about a game read from the database (`diagram` is set unless
// the SGF is asked for).
net::HttpResponse record_answer(const GamePath& path, const std::optional<DiagramRequest>& diagram,
                                const db::DbResult<std::optional<db::GameWithMoves>>& stored) {
  if (!stored) return http_answer(503, "the database could not be read\n", cache_error);
  if (!*stored) return http_answer(404, "no game " + std::to_string(path.id) + "\n", cache_error);
  const db::GameWithMoves& game = **stored;
  const char* cache = game.game.status == db::GameStatus::ended ? cache_ended : cache_live;
  if (!diagram) return http_answer(200, db::game_sgf(game), cache, "application/x-go-sgf; charset=utf-8");

  const std::size_t moves = game.moves.size();
  if (diagram->move > moves) {
    return http_answer(400,
                       "move " + std::to_string(*diagram->move) + " is past the end: game " + std::to_string(path.id) +
                           " has " + std::to_string(moves) + (moves == 1 ? " move" : " moves") + "\n",
                       cache_error);
  }
  const bool svg = path.format == "svg";
  auto body = svg ? game_picture(game, *diagram) : game_diagram(game, *diagram);
  if (!body) return http_answer(500, body.error() + "\n", cache_error);
  return http_answer(200, std::move(*body), cache, svg ? "image/svg+xml" : "text/plain; charset=utf-8");
}

// The game's SGF with its latest finished review as comments; 404 while it has none.
void respond_review_sgf(db::ReadPool& reads, GameId id, const net::HttpResponder& respond) {
  // The game, the review's engine and its positions (a JSON array text).
  using Reviewed = std::optional<std::tuple<db::GameWithMoves, std::string, std::string>>;
  read_and_respond<Reviewed>(
      reads,
      [id](db::Stores& stores) -> db::DbResult<Reviewed> {
        auto game = stores.games().load(id);
        if (!game) return unexpected(game.error());
        if (!*game) return Reviewed();
        auto review = stores.analyses().latest_done(id);
        if (!review) return unexpected(review.error());
        if (!*review) return Reviewed();
        auto positions = stores.analyses().positions((*review)->id);
        if (!positions) return unexpected(positions.error());
        return Reviewed(std::tuple{std::move(**game), std::move((*review)->engine), std::move(*positions)});
      },
      [id](db::DbResult<Reviewed> found) {
        if (!found) return http_answer(503, "the database could not be read\n", cache_error);
        if (!*found) return http_answer(404, "no finished review of game " + std::to_string(id) + "\n", cache_error);
        const auto& [game, engine, text] = **found;
        const auto positions = nlohmann::json::parse(text, nullptr, false);
        // A later review by another engine may replace it: asked again each time.
        return http_answer(200, db::game_sgf(game, review_notes(engine, positions, game.moves.size())), cache_live,
                           "application/x-go-sgf; charset=utf-8");
      },
      respond);
}

}  // namespace

bool game_record_route(db::ReadPool& reads, const net::HttpRequest& request, const net::HttpResponder& respond) {
  if (request.method != "GET" && request.method != "HEAD") return false;
  auto path = parse_game_path(request.path());
  if (!path) return false;
  if (path->format == "review.sgf") {
    respond_review_sgf(reads, path->id, respond);
    return true;
  }
  const std::string_view target = request.target;
  const auto question = target.find('?');
  const std::string_view query = question == std::string_view::npos ? std::string_view() : target.substr(question + 1);
  auto parsed = parse_diagram_query(query);
  std::optional<DiagramRequest> diagram;
  if (path->format != "sgf") {
    if (!parsed) {
      respond(http_answer(400, parsed.error() + "\n", cache_error));
      return true;
    }
    diagram = *parsed;
  }
  read_and_respond<std::optional<db::GameWithMoves>>(
      reads, [id = path->id](db::Stores& stores) { return stores.games().load(id); },
      [path = *path, diagram](db::DbResult<std::optional<db::GameWithMoves>> stored) {
        return record_answer(path, diagram, stored);
      },
      respond);
  return true;
}

}  // namespace yunzi::http
