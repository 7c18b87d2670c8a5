#include "tools/gtp_client/gtp_reply.hpp"

namespace yunzi::gtp {

std::optional<GtpReply> parse_gtp_reply(std::string_view raw) {
  // Engines that print stray blank lines before a response are tolerated.
  while (!raw.empty() && (raw.front() == '\n' || raw.front() == ' ')) raw.remove_prefix(1);
  if (raw.empty() || (raw.front() != '=' && raw.front() != '?')) return std::nullopt;

  GtpReply reply;
  reply.success = raw.front() == '=';
  raw.remove_prefix(1);

  std::size_t digits = 0;
  while (digits < raw.size() && raw[digits] >= '0' && raw[digits] <= '9' && digits < 18) ++digits;
  if (digits > 0) {
    long id = 0;
    for (std::size_t i = 0; i < digits; ++i) id = id * 10 + (raw[i] - '0');
    reply.id = id;
    raw.remove_prefix(digits);
  }
  if (!raw.empty() && raw.front() == ' ') raw.remove_prefix(1);
  while (!raw.empty() && raw.back() == '\n') raw.remove_suffix(1);
  reply.text = std::string(raw);
  return reply;
}

}  // namespace yunzi::gtp
