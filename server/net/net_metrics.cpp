#include "server/net/net_metrics.hpp"

#include <sstream>

namespace yunzi::net {

namespace {

template <class Counter>
void line(std::ostringstream& out, const char* name, const char* kind, const Counter& counter) {
  out << "# TYPE " << name << ' ' << kind << '\n'
      << name << ' ' << counter.load(std::memory_order_relaxed) << '\n';
}

}  // namespace

std::string NetMetrics::render() const {
  std::ostringstream out;
  line(out, "yunzi_ws_connections_open", "gauge", connections_open);
  line(out, "yunzi_ws_connections_total", "counter", connections_total);
  line(out, "yunzi_ws_frames_in_total", "counter", frames_in);
  line(out, "yunzi_ws_frames_out_total", "counter", frames_out);
  line(out, "yunzi_ws_bytes_in_total", "counter", bytes_in);
  line(out, "yunzi_ws_bytes_out_total", "counter", bytes_out);
  line(out, "yunzi_ws_messages_rate_limited_total", "counter", messages_rate_limited);
  line(out, "yunzi_ws_closed_overflow_total", "counter", closed_overflow);
  line(out, "yunzi_ws_closed_flood_total", "counter", closed_flood);
  line(out, "yunzi_ws_closed_too_big_total", "counter", closed_too_big);
  line(out, "yunzi_ws_closed_idle_total", "counter", closed_idle);
  line(out, "yunzi_http_requests_total", "counter", http_requests);
  return out.str();
}

}  // namespace yunzi::net
