// What the server says about itself in the tournament exports, set by the
// server's settings (server/config): the EGF results file names a country,
// a club for every player and the tournament's class, none of which a
// yunzi tournament or account holds.
#pragma once

#include <string>

namespace yunzi::http {

struct TournamentExportOptions {
  std::string country = "CN";  // tournament_country: two capital letters (ISO 3166), in PC[] and every player line
  std::string club = "yunzi";  // tournament_club: one word, the players' club and the place in PC[]
  std::string tournament_class = "B";  // tournament_class: the EGF class, A to D, in CL[]

  friend bool operator==(const TournamentExportOptions&, const TournamentExportOptions&) = default;
};

}  // namespace yunzi::http
