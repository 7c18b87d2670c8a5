// The one error type of the rank module: a stable code for programs and a
// sentence for people. Every function that can refuse its input returns it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace yunzi::ranking {

enum class RankingErrorCode : std::uint8_t {
  bad_rank,                    // text that is not a rank
  outside_registration_range,  // a rank a new user may not choose
  not_rated_eligible,          // a rated game the rules do not allow
  bad_input,                   // data that contradicts itself (a caller's bug or a damaged record)
  not_allowed,                 // an act the rules refuse (recommendation limits, ...)
  unknown_policy,              // a configuration naming no policy
};

std::string_view to_string(RankingErrorCode code);  // "bad_rank", ...

struct RankingError {
  RankingErrorCode code = RankingErrorCode::bad_input;
  std::string message;
};

inline RankingError bad_input(std::string message) {
  return RankingError{RankingErrorCode::bad_input, std::move(message)};
}

}  // namespace yunzi::ranking
