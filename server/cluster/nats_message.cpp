#include "server/cluster/nats_message.hpp"

namespace yunzi::cluster {

BusMessage take_message(natsMsg* message) {
  BusMessage copy;
  if (const char* subject = natsMsg_GetSubject(message)) copy.subject = subject;
  if (const char* data = natsMsg_GetData(message)) {
    copy.data.assign(data, static_cast<std::size_t>(natsMsg_GetDataLength(message)));
  }
  if (const char* reply = natsMsg_GetReply(message)) copy.reply_to = reply;
  natsMsg_Destroy(message);
  return copy;
}

std::string describe(natsStatus status) {
  std::string text = natsStatus_GetText(status);
  natsStatus last = NATS_OK;
  const char* detail = nats_GetLastError(&last);
  if (last == status && detail != nullptr && *detail != '\0' && text != detail) text += ": " + std::string(detail);
  return text;
}

BusError bus_error(natsStatus status, std::string_view doing) {
  BusErrorKind kind = BusErrorKind::disconnected;
  switch (status) {
    case NATS_CONNECTION_CLOSED:
    case NATS_NOT_INITIALIZED: kind = BusErrorKind::closed; break;
    case NATS_INVALID_SUBJECT:
    case NATS_INVALID_ARG:
    case NATS_MAX_PAYLOAD: kind = BusErrorKind::invalid; break;
    case NATS_TIMEOUT: kind = BusErrorKind::timeout; break;
    case NATS_NO_RESPONDERS: kind = BusErrorKind::no_responders; break;
    // Anything else is the connection's trouble: a full reconnect buffer, a broken socket.
    default: break;
  }
  return BusError{kind, std::string(doing) + ": " + describe(status)};
}

}  // namespace yunzi::cluster
