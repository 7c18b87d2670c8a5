// Who sits where: connection i is a game's black or white player, one of its
// spectators, or idle. Game g owns connections g*(2+S) .. g*(2+S)+1+S; the
// idle connections come after all games.
#pragma once

namespace yunzi::loadgen {

enum class Role { black, white, spectator, idle };

struct Seat {
  Role role = Role::idle;
  int game = -1;
};

class Seating {
 public:
  Seating(int games, int spectators) : games_(games), per_game_(2 + spectators) {}
  Seat seat_of(int connection) const {
    if (connection >= games_ * per_game_) return Seat{};
    const int offset = connection % per_game_;
    const Role role = offset == 0 ? Role::black : offset == 1 ? Role::white : Role::spectator;
    return Seat{role, connection / per_game_};
  }
  // Which of `nodes` servers the connection goes to: the next in turn, or with
  // `by_game` its game's (an idle connection's in turn either way).
  int node_of(int connection, int nodes, bool by_game) const {
    const int game = seat_of(connection).game;
    return (by_game && game >= 0 ? game : connection) % nodes;
  }
  int black_of(int game) const { return game * per_game_; }
  int white_of(int game) const { return game * per_game_ + 1; }
  int spectator_of(int game, int k) const { return game * per_game_ + 2 + k; }
  int spectators() const { return per_game_ - 2; }
  int games() const { return games_; }

 private:
  int games_;
  int per_game_;
};

}  // namespace yunzi::loadgen
