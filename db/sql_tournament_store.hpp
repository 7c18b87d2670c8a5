// The SQLite tournament store (see db/tournament_store.hpp).
#pragma once

#include "db/connection.hpp"
#include "db/tournament_store.hpp"

namespace yunzi::db {

class SqlTournamentStore final : public TournamentStore {
 public:
  explicit SqlTournamentStore(Connection& connection) : db_(connection) {}
  DbResult<TournamentId> create(const TournamentSettings& settings) override;
  DbResult<Done> update_settings(TournamentId id, const TournamentSettings& settings, bool replace_groups) override;
  DbResult<Done> set_rounds(TournamentId id, int last_round) override;
  DbResult<Done> drop_round(TournamentId id, int round) override;
  DbResult<Done> record_award(const TournamentAward& award) override;
  DbResult<std::vector<TournamentAward>> awards_of_user(UserId user, TimeMs since_ms) override;
  DbResult<std::vector<TournamentSummary>> list(int limit) override;
  DbResult<std::optional<StoredTournament>> load(TournamentId id) override;
  DbResult<std::vector<TournamentId>> unfinished() override;
  DbResult<Done> add_entrant(TournamentId id, const TournamentEntrant& entrant) override;
  DbResult<Done> withdraw(TournamentId id, UserId user, std::optional<int> after_round) override;
  DbResult<Done> set_status(TournamentId id, std::string_view status, int current_round) override;
  DbResult<Done> lock(TournamentId id) override;
  DbResult<Done> save_round(TournamentId id, const TournamentRound& round) override;
  DbResult<std::vector<TournamentPairing>> replace_pairings(TournamentId id, int round,
                                                            std::span<const NewTournamentPairing> pairings) override;
  DbResult<Done> set_pairing_game(std::int64_t pairing, GameId game) override;
  DbResult<Done> set_result(std::int64_t pairing, std::string_view outcome, std::string_view how,
                            TimeMs at_ms) override;
  DbResult<std::optional<std::pair<TournamentId, TournamentPairing>>> pairing_of_game(GameId game) override;

 private:
  // The groups, the bonus table and the fixed round times of `id`, written after the main row.
  DbResult<Done> write_parts(TournamentId id, const TournamentSettings& settings, bool groups);
  Connection& db_;
};

}  // namespace yunzi::db
