// The GTP commands of the life-and-death solver (tools/GTP.md, "Life and death").
#include "tools/yunzi-gtp/gtp_frontend.hpp"
#include "tsumego/life_and_death.hpp"

namespace yunzi::gtp {

GtpFrontend::Reply GtpFrontend::life_region(const Args& args) {
  std::vector<engine::Vertex> region;
  for (const std::string& arg : args) {
    auto move = parse_move_arg(arg, size_);
    if (!move) return unexpected(move.error());
    if (!*move) return unexpected(std::string("syntax error: a region holds points, not pass"));
    region.push_back(**move);
  }
  life_region_ = std::move(region);
  return std::string();
}

Expected<tsumego::LifeAnswer, std::string> GtpFrontend::ask_solver(const Args& args, std::string_view usage,
                                                                   bool moves_too) {
  if (args.size() != 2 && args.size() != 3) return unexpected("syntax error: expected " + std::string(usage));
  auto color = parse_color_arg(args[0]);
  if (!color) return unexpected(color.error());
  auto target = parse_move_arg(args[1], size_);
  if (!target) return unexpected(target.error());
  if (!*target || !game_.board().color_at(**target)) return unexpected(std::string("no stone at the target"));
  tsumego::SolverLimits limits;
  if (args.size() == 3) {
    auto budget = parse_int_arg(args[2]);
    if (!budget || *budget < 1) return unexpected(std::string("syntax error: the node budget is a positive number"));
    limits.node_budget = static_cast<std::uint64_t>(*budget);
  }
  tsumego::LifeSolver solver(limits);
  engine::Board board = game_.board();
  board.restore_chains();
  tsumego::LifeQuestion question{std::move(board), *color, **target, life_region_, std::nullopt};
  const tsumego::LifeAnswer answer = moves_too ? solver.solve(question) : solver.status(question);
  last_solve_nodes_ = answer.nodes;
  return answer;
}

GtpFrontend::Reply GtpFrontend::solve_life(const Args& args) {
  auto answer = ask_solver(args, "yunzi-solve_life <color> <vertex> [node_budget]", true);
  if (!answer) return unexpected(answer.error());
  std::string out(tsumego::to_string(answer->status));
  if (answer->takes_ko_first) out += " first";
  for (const tsumego::Play& move : answer->best_moves) out += ' ' + engine::to_gtp(move, size_);
  return out;
}

GtpFrontend::Reply GtpFrontend::life_status(const Args& args) {
  auto answer = ask_solver(args, "yunzi-life_status <color> <vertex> [node_budget]", false);
  if (!answer) return unexpected(answer.error());
  return std::string(tsumego::to_string(answer->status));
}

GtpFrontend::Reply GtpFrontend::solve_nodes(const Args&) { return std::to_string(last_solve_nodes_); }

}  // namespace yunzi::gtp
