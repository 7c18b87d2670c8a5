// The tournament store: a tournament is created with its groups, bonus
// table and (for fixed times) its round schedule in one transaction, then
// read whole by the service that runs it; every change of state (entrants,
// rounds, pairings, results) is one small write, so a restart finds the
// tournament as it was.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "db/error.hpp"
#include "db/tournament_records.hpp"

namespace yunzi::db {

class TournamentStore {
 public:
  virtual ~TournamentStore() = default;
  virtual DbResult<TournamentId> create(const TournamentSettings& settings) = 0;
  // Replaces the settings of a tournament still in registration (the groups
  // only with `replace_groups`, refused with `conflict` once anybody is
  // entered); `conflict` once it has started.
  virtual DbResult<Done> update_settings(TournamentId id, const TournamentSettings& settings, bool replace_groups) = 0;
  // The tournament ends after `last_round` (at least 1).
  virtual DbResult<Done> set_rounds(TournamentId id, int last_round) = 0;
  // Removes a paired round none of whose games exists yet; `conflict` otherwise.
  virtual DbResult<Done> drop_round(TournamentId id, int round) = 0;
  virtual DbResult<Done> record_award(const TournamentAward& award) = 0;
  // A user's awards given at or after `since_ms`, oldest first.
  virtual DbResult<std::vector<TournamentAward>> awards_of_user(UserId user, TimeMs since_ms) = 0;
  // Newest first.
  virtual DbResult<std::vector<TournamentSummary>> list(int limit) = 0;
  virtual DbResult<std::optional<StoredTournament>> load(TournamentId id) = 0;
  // Tournaments in registration or running, oldest first.
  virtual DbResult<std::vector<TournamentId>> unfinished() = 0;
  // Fails with DbErrorKind::constraint when the user is already entered.
  virtual DbResult<Done> add_entrant(TournamentId id, const TournamentEntrant& entrant) = 0;
  // Before the tournament starts the entry is removed; later the entrant
  // plays no round after `after_round`. not_found for a user not entered.
  virtual DbResult<Done> withdraw(TournamentId id, UserId user, std::optional<int> after_round) = 0;
  virtual DbResult<Done> set_status(TournamentId id, std::string_view status, int current_round) = 0;
  // Holds the tournament's row until the transaction ends and changes
  // nothing: the nodes of a cluster that advance one tournament take turns,
  // each seeing what the one before wrote. not_found for an unknown id.
  virtual DbResult<Done> lock(TournamentId id) = 0;
  // Creates or updates the round's row.
  virtual DbResult<Done> save_round(TournamentId id, const TournamentRound& round) = 0;
  // Replaces the round's pairings (a re-pairing before the round starts);
  // returns the pairings as stored, with their ids.
  virtual DbResult<std::vector<TournamentPairing>> replace_pairings(TournamentId id, int round,
                                                                    std::span<const NewTournamentPairing> pairings) = 0;
  virtual DbResult<Done> set_pairing_game(std::int64_t pairing, GameId game) = 0;
  virtual DbResult<Done> set_result(std::int64_t pairing, std::string_view outcome, std::string_view how,
                                    TimeMs at_ms) = 0;
  // The pairing a game was created for, with its tournament.
  virtual DbResult<std::optional<std::pair<TournamentId, TournamentPairing>>> pairing_of_game(GameId game) = 0;
};

}  // namespace yunzi::db
