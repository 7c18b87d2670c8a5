#include "server/ranking/calendar.hpp"

#include <chrono>

namespace yunzi::ranking {

namespace {
std::chrono::year_month_day civil_date(UnixSeconds at) {
  using namespace std::chrono;
  return year_month_day{floor<days>(sys_seconds{seconds{at}})};
}
}  // namespace

int calendar_month(UnixSeconds at) {
  const auto date = civil_date(at);
  return static_cast<int>(date.year()) * 12 + static_cast<int>(static_cast<unsigned>(date.month())) - 1;
}

bool is_first_day_of_month(UnixSeconds at) { return static_cast<unsigned>(civil_date(at).day()) == 1; }

UnixSeconds start_of_month(UnixSeconds at) {
  using namespace std::chrono;
  const auto date = civil_date(at);
  const sys_days first{date.year() / date.month() / day{1}};
  return duration_cast<seconds>(first.time_since_epoch()).count();
}

UnixSeconds start_of_next_month(UnixSeconds at) {
  using namespace std::chrono;
  const auto date = civil_date(at);
  const year_month next = year_month{date.year(), date.month()} + months{1};
  const sys_days first{next / day{1}};
  return duration_cast<seconds>(first.time_since_epoch()).count();
}

}  // namespace yunzi::ranking
