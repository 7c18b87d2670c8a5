#include "tsumego/life_and_death.hpp"

#include <array>

#include "tsumego/life_search.hpp"

namespace yunzi::tsumego {

using engine::Board;
using engine::Color;

std::string_view to_string(Status status) {
  switch (status) {
    case Status::alive: return "alive";
    case Status::seki: return "seki";
    case Status::ko: return "ko";
    case Status::dead: return "dead";
    case Status::unknown: break;
  }
  return "unknown";
}

std::optional<Status> parse_status(std::string_view text) {
  for (Status status : {Status::alive, Status::seki, Status::ko, Status::dead, Status::unknown}) {
    if (to_string(status) == text) return status;
  }
  return std::nullopt;
}

namespace {

// The three searches that place a group on the scale alive > seki > ko > dead.
enum Search : std::size_t { alive_against_master, seki_against_master, seki_as_master, search_count };

// What the side to move needs from a move to keep `status`: the search that must come out as `proof`.
struct Keeps {
  Search search;
  Proof proof;
};

std::optional<Keeps> keeps(Status status, bool owner_moves) {
  if (owner_moves) {
    switch (status) {
      case Status::alive: return Keeps{alive_against_master, Proof::win};
      case Status::seki: return Keeps{seki_against_master, Proof::win};
      case Status::ko: return Keeps{seki_as_master, Proof::win};
      default: return std::nullopt;  // dead: nothing helps
    }
  }
  switch (status) {
    case Status::dead: return Keeps{seki_as_master, Proof::loss};
    case Status::ko: return Keeps{seki_against_master, Proof::loss};
    case Status::seki: return Keeps{alive_against_master, Proof::loss};
    default: return std::nullopt;  // alive: nothing helps
  }
}

}  // namespace

struct LifeSolver::Impl {
  SolverLimits limits;
  std::array<LifeSearch, search_count> searches{LifeSearch(false, false), LifeSearch(true, false),
                                                LifeSearch(true, true)};
  // What the tables were filled for: a question about another group or region starts them afresh.
  std::vector<Board::Index> region_points;
  Color owner = Color::black;
  int target = -1;

  void forget_unless_same(const Region& region, Color new_owner, int new_target) {
    std::size_t remembered = 0;
    for (const LifeSearch& search : searches) remembered += search.remembered();
    const bool same = region.points() == region_points && owner == new_owner && target == new_target;
    if (same && remembered <= limits.table_entries) return;
    searches = {LifeSearch(false, false), LifeSearch(true, false), LifeSearch(true, true)};
    region_points = region.points();
    owner = new_owner;
    target = new_target;
  }

  // The status from `position` (the side to move there first); `line` holds the hashes since the question.
  Status status_from(SearchScope& scope, const SearchPosition& position, std::vector<std::uint64_t>& line) {
    const Proof alive = searches[alive_against_master].prove(scope, position, line);
    if (alive == Proof::win) return Status::alive;
    if (alive == Proof::unknown) return Status::unknown;
    const Proof seki = searches[seki_against_master].prove(scope, position, line);
    if (seki == Proof::win) return Status::seki;
    if (seki == Proof::unknown) return Status::unknown;
    const Proof ko = searches[seki_as_master].prove(scope, position, line);
    if (ko == Proof::unknown) return Status::unknown;
    return ko == Proof::win ? Status::ko : Status::dead;
  }
};

LifeSolver::LifeSolver(SolverLimits limits) : impl_(std::make_unique<Impl>()) { impl_->limits = limits; }
LifeSolver::~LifeSolver() = default;
LifeSolver::LifeSolver(LifeSolver&&) noexcept = default;
LifeSolver& LifeSolver::operator=(LifeSolver&&) noexcept = default;

const SolverLimits& LifeSolver::limits() const { return impl_->limits; }

namespace {

struct Prepared {
  Region region;
  SearchScope scope;
  SearchPosition root;
  std::vector<std::uint64_t> line;
};

std::optional<Prepared> prepare(const LifeQuestion& question, const SolverLimits& limits) {
  const Board& board = question.board;
  if (!board.contains(question.target)) return std::nullopt;
  const std::optional<Color> owner = board.color_at(question.target);
  if (!owner) return std::nullopt;
  Prepared prepared{Region(board, question.region), SearchScope{}, SearchPosition{board, question.to_move}, {}};
  prepared.scope.owner = *owner;
  prepared.scope.target = board.index_of(question.target);
  prepared.scope.node_budget = limits.node_budget;
  if (question.ko_ban && board.contains(*question.ko_ban)) prepared.root.ko_ban = board.index_of(*question.ko_ban);
  prepared.line.push_back(board.hash());
  return prepared;
}

}  // namespace

LifeAnswer LifeSolver::status(const LifeQuestion& question) {
  std::optional<Prepared> prepared = prepare(question, impl_->limits);
  if (!prepared) return LifeAnswer{Status::dead, {}, false, true, 0};
  prepared->scope.region = &prepared->region;
  impl_->forget_unless_same(prepared->region, prepared->scope.owner, prepared->scope.target);
  LifeAnswer answer;
  answer.status = impl_->status_from(prepared->scope, prepared->root, prepared->line);
  answer.nodes = prepared->scope.nodes;
  return answer;
}

LifeAnswer LifeSolver::solve(const LifeQuestion& question) {
  std::optional<Prepared> prepared = prepare(question, impl_->limits);
  if (!prepared) return LifeAnswer{Status::dead, {}, false, true, 0};
  SearchScope& scope = prepared->scope;
  scope.region = &prepared->region;
  impl_->forget_unless_same(prepared->region, scope.owner, scope.target);
  LifeAnswer answer;
  answer.status = impl_->status_from(scope, prepared->root, prepared->line);
  const bool owner_moves = question.to_move == scope.owner;
  const std::optional<Keeps> needed = keeps(answer.status, owner_moves);
  if (needed) {
    LifeSearch& search = impl_->searches[needed->search];
    for (const int move : search.moves(scope, prepared->root, prepared->line, nullptr)) {
      const SearchPosition next = LifeSearch::after(scope, prepared->root, move);
      if (move >= 0) prepared->line.push_back(next.board.hash());
      const Proof proof = search.prove(scope, next, prepared->line);
      if (move >= 0) prepared->line.pop_back();
      if (proof == Proof::unknown) answer.every_move_judged = false;
      if (proof != needed->proof) continue;
      answer.best_moves.push_back(move < 0 ? Play{} : Play{next.board.vertex_of(move)});
      if (answer.status == Status::ko && next.ko_ban >= 0) answer.takes_ko_first = true;
    }
  }
  answer.nodes = scope.nodes;
  return answer;
}

}  // namespace yunzi::tsumego
