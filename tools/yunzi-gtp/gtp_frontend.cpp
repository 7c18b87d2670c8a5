#include "tools/yunzi-gtp/gtp_frontend.hpp"

#include <stdexcept>

#include "engine/handicap.hpp"
#include "tools/yunzi-gtp/gtp_command.hpp"

#ifndef YUNZI_VERSION
#define YUNZI_VERSION "0.0.0"
#endif

namespace yunzi::gtp {
namespace {

engine::Game make_game(const engine::GameSetup& setup) {
  auto game = engine::Game::create(setup);
  // Every setup built here has already been validated.
  if (!game) throw std::logic_error("invalid game setup for GTP: " + std::string(engine::describe(game.error())));
  return std::move(game.value());
}

}  // namespace

const GtpFrontend::CommandEntry GtpFrontend::commands_[] = {
    {"boardsize", &GtpFrontend::boardsize},
    {"captures", &GtpFrontend::captures},
    {"clear_board", &GtpFrontend::clear_board},
    {"final_score", &GtpFrontend::final_score},
    {"fixed_handicap", &GtpFrontend::fixed_handicap},
    {"genmove", &GtpFrontend::genmove},
    {"is_legal", &GtpFrontend::is_legal},
    {"known_command", &GtpFrontend::known_command},
    {"komi", &GtpFrontend::komi},
    {"list_commands", &GtpFrontend::list_commands},
    {"list_stones", &GtpFrontend::list_stones},
    {"loadsgf", &GtpFrontend::loadsgf},
    {"name", &GtpFrontend::name},
    {"play", &GtpFrontend::play},
    {"printsgf", &GtpFrontend::printsgf},
    {"protocol_version", &GtpFrontend::protocol_version},
    {"quit", &GtpFrontend::quit},
    {"showboard", &GtpFrontend::showboard},
    {"undo", &GtpFrontend::undo},
    {"version", &GtpFrontend::version},
    {"yunzi-ko_rule", &GtpFrontend::ko_rule},
    {"yunzi-life_region", &GtpFrontend::life_region},
    {"yunzi-life_status", &GtpFrontend::life_status},
    {"yunzi-solve_life", &GtpFrontend::solve_life},
    {"yunzi-solve_nodes", &GtpFrontend::solve_nodes},
};

GtpFrontend::GtpFrontend(std::uint64_t seed) : game_(make_game(setup_for(0))), rng_(seed) {}

const GtpFrontend::CommandEntry* GtpFrontend::find_command(std::string_view name) {
  for (const auto& entry : commands_) {
    if (entry.name == name) return &entry;
  }
  return nullptr;
}

void GtpFrontend::run(std::istream& in, std::ostream& out) {
  // std::cin is tied to std::cout, which would flush before every read;
  // the loop flushes itself when it is about to wait.
  std::ostream* const tied = in.tie(nullptr);
  std::string line;
  while (!quit_requested_ && std::getline(in, line)) {
    const std::string response = handle_line(line);
    if (!response.empty()) out << response;
    // Answers go out before the engine could wait for more input, so a
    // controller waiting for one always gets it; commands already read in
    // a batch (a script on a pipe) are answered in one write.
    if (quit_requested_ || in.rdbuf()->in_avail() <= 0) out.flush();
  }
  out.flush();
  in.tie(tied);
}

std::string GtpFrontend::handle_line(std::string_view line) {
  const auto command = parse_gtp_command(line);
  if (!command) return {};
  const CommandEntry* entry = find_command(command->name);
  if (entry == nullptr) return format_gtp_response(command->id, false, "unknown command");
  const Reply reply = (this->*entry->handler)(command->args);
  if (!reply) return format_gtp_response(command->id, false, reply.error());
  return format_gtp_response(command->id, true, reply.value());
}

engine::GameSetup GtpFrontend::setup_for(int handicap) const {
  engine::GameSetup setup;
  setup.size = size_;
  setup.komi = komi_;
  setup.ko_rule = ko_rule_;
  setup.handicap = handicap;
  setup.alternate = false;
  return setup;
}

void GtpFrontend::reset(int handicap) {
  game_ = make_game(setup_for(handicap));
  life_region_.clear();
}

Expected<Done, engine::MoveError> GtpFrontend::apply(engine::Color color, const std::optional<engine::Vertex>& vertex) {
  if (game_.phase() == engine::Phase::scoring) game_.resume_play();
  if (!vertex) return game_.pass(color);
  auto played = game_.play(color, *vertex);
  if (!played) return unexpected(played.error());
  return Done{};
}

bool GtpFrontend::rebuild(const engine::GameSetup& setup) {
  auto created = engine::Game::create(setup);
  if (!created) return false;
  engine::Game previous = std::move(game_);
  game_ = std::move(created.value());
  for (const engine::Move& move : previous.moves()) {
    if (!apply(move.color, move.vertex)) {
      game_ = std::move(previous);
      return false;
    }
  }
  return true;
}

GtpFrontend::Reply GtpFrontend::protocol_version(const Args&) { return std::string("2"); }

GtpFrontend::Reply GtpFrontend::name(const Args&) { return std::string("yunzi"); }

GtpFrontend::Reply GtpFrontend::version(const Args&) { return std::string(YUNZI_VERSION); }

GtpFrontend::Reply GtpFrontend::known_command(const Args& args) {
  if (auto ok = expect_arg_count(args, 1, "known_command <name>"); !ok) return unexpected(ok.error());
  return std::string(find_command(args[0]) != nullptr ? "true" : "false");
}

GtpFrontend::Reply GtpFrontend::list_commands(const Args&) {
  std::string out;
  for (const auto& entry : commands_) {
    if (!out.empty()) out += '\n';
    out += entry.name;
  }
  return out;
}

GtpFrontend::Reply GtpFrontend::quit(const Args&) {
  quit_requested_ = true;
  return std::string();
}

GtpFrontend::Reply GtpFrontend::boardsize(const Args& args) {
  if (auto ok = expect_arg_count(args, 1, "boardsize <size>"); !ok) return unexpected(ok.error());
  auto size = parse_int_arg(args[0]);
  if (!size) return unexpected(size.error());
  if (*size < engine::min_board_size || *size > engine::max_board_size) {
    return unexpected(std::string("unacceptable size"));
  }
  size_ = *size;
  reset();
  return std::string();
}

GtpFrontend::Reply GtpFrontend::clear_board(const Args&) {
  reset();
  return std::string();
}

GtpFrontend::Reply GtpFrontend::komi(const Args& args) {
  if (auto ok = expect_arg_count(args, 1, "komi <float>"); !ok) return unexpected(ok.error());
  auto value = parse_double_arg(args[0]);
  if (!value) return unexpected(value.error());
  komi_ = *value;
  engine::GameSetup setup = game_.setup();
  setup.komi = komi_;
  rebuild(setup);  // same rules, so the replay cannot fail
  return std::string();
}

GtpFrontend::Reply GtpFrontend::ko_rule(const Args& args) {
  if (args.empty()) return std::string(engine::to_string(ko_rule_));
  if (auto ok = expect_arg_count(args, 1, "yunzi-ko_rule [simple|positional|situational]"); !ok) {
    return unexpected(ok.error());
  }
  const auto rule = engine::parse_ko_rule(args[0]);
  if (!rule) return unexpected("syntax error: unknown ko rule '" + args[0] + "'");
  engine::GameSetup setup = game_.setup();
  setup.ko_rule = *rule;
  if (!rebuild(setup)) return unexpected("the moves played so far break the " + args[0] + " ko rule");
  ko_rule_ = *rule;
  return std::string();
}

GtpFrontend::Reply GtpFrontend::fixed_handicap(const Args& args) {
  if (auto ok = expect_arg_count(args, 1, "fixed_handicap <number_of_stones>"); !ok) return unexpected(ok.error());
  auto count = parse_int_arg(args[0]);
  if (!count) return unexpected(count.error());
  if (game_.board().stone_count(engine::Color::black) + game_.board().stone_count(engine::Color::white) > 0) {
    return unexpected(std::string("board not empty"));
  }
  auto stones = engine::fixed_handicap(size_, *count);
  if (!stones) return unexpected("invalid number of stones: " + std::string(engine::describe(stones.error())));
  reset(*count);
  std::string out;
  for (const engine::Vertex& v : *stones) {
    if (!out.empty()) out += ' ';
    out += engine::to_gtp(v, size_);
  }
  return out;
}

}  // namespace yunzi::gtp
