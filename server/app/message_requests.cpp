// Private messages: message.send (through the writer, where the
// new-conversation cap is counted and the message stored in one item, so
// sends from many connections at once cannot pass the cap together),
// message.history and message.conversations (read pool), message.read
// (writer). A muted user cannot send; a banned one cannot log in at all.
#include <spdlog/spdlog.h>

#include "protocol/chat_messages.hpp"
#include "server/app/desks.hpp"
#include "server/app/reading.hpp"
#include "server/app/request_handlers.hpp"
#include "server/session/name_key.hpp"

namespace yunzi::app {
namespace {

constexpr std::int64_t conversation_window_ms = 3'600'000;

protocol::PrivateMessage to_protocol(const db::MessageRecord& message) {
  return protocol::PrivateMessage{message.id,   message.from_name, message.to_name,
                                  message.text, message.sent_ms,   message.read_ms.has_value()};
}

// A send's outcome: the stored message, or why it was refused.
struct SendOutcome {
  std::optional<protocol::ErrorCode> refusal;
  std::string why;
  db::MessageRecord message;
};

SendOutcome refused(protocol::ErrorCode code, std::string why) { return SendOutcome{code, std::move(why), {}}; }

// The partner named in a request, open accounts only.
db::DbResult<std::optional<db::UserRecord>> find_partner(db::Stores& stores, const std::string& name) {
  auto user = stores.users().find_by_name_key(session::name_key(name));
  if (!user) return unexpected(user.error());
  if (*user && (*user)->closed) return std::optional<db::UserRecord>{};
  return user;
}

// Writing to someone who never wrote back opens a conversation; at most
// `partners_per_hour` such partners within any hour. Writing on to one of
// them, or to anyone who has answered, is always allowed.
db::DbResult<bool> may_write_to(db::Stores& stores, UserId from, UserId to, TimeMs now, std::size_t partners_per_hour) {
  auto answered = stores.messages().has_written(to, from, 0);
  if (!answered) return unexpected(answered.error());
  if (*answered) return true;
  auto ongoing = stores.messages().has_written(from, to, now - conversation_window_ms + 1);
  if (!ongoing) return unexpected(ongoing.error());
  if (*ongoing) return true;
  auto opened = stores.messages().unanswered_partners(from, now - conversation_window_ms + 1);
  if (!opened) return unexpected(opened.error());
  return *opened < static_cast<std::int64_t>(partners_per_hour);
}

db::DbResult<SendOutcome> store_message(db::Stores& stores, const session::SignedIn& sender, const std::string& to,
                                        const std::string& text, TimeMs now, std::size_t partners_per_hour) {
  // Read here too, in the writer, so that a mute written just before cannot be passed.
  auto self = stores.users().find_by_id(sender.id);
  if (!self) return unexpected(self.error());
  if (*self && (*self)->muted_until_ms && *(*self)->muted_until_ms > now) {
    return refused(protocol::ErrorCode::muted, "you are muted");
  }
  auto recipient = find_partner(stores, to);
  if (!recipient) return unexpected(recipient.error());
  if (!*recipient) return refused(protocol::ErrorCode::not_found, "no such user");
  if ((*recipient)->id == sender.id)
    return refused(protocol::ErrorCode::bad_request, "to: you cannot write to yourself");
  auto allowed = may_write_to(stores, sender.id, (*recipient)->id, now, partners_per_hour);
  if (!allowed) return unexpected(allowed.error());
  if (!*allowed) {
    return refused(protocol::ErrorCode::limit_reached,
                   "at most " + std::to_string(partners_per_hour) +
                       " new conversations an hour with users who have not answered yet");
  }
  auto id = stores.messages().add(db::NewMessage{sender.id, (*recipient)->id, text, now});
  if (!id) return unexpected(id.error());
  SendOutcome out;
  out.message = db::MessageRecord{*id, sender.id, sender.name, (*recipient)->id, (*recipient)->name, text, now, {}};
  return out;
}

}  // namespace

void handle(const MessageDesk& desk, const Call& call, const req::MessageSend& r) {
  const session::SignedIn& user = *call.user;
  if (desk.online.is_muted(user.id, call.now_ms())) return call.error(protocol::ErrorCode::muted, "you are muted");
  const TimeMs now = call.now_ms();
  // Taken before the write, so messages sent at once from many connections cannot pass the quota together.
  if (!desk.quota.try_take(user.id, now)) {
    spdlog::info("message refused sender={} reason=rate", user.name);
    return call.error(protocol::ErrorCode::rate_limited,
                      "at most " + std::to_string(desk.quota.max_uses()) + " messages a minute; slow down");
  }
  desk.writer.submit_for<SendOutcome>(
      [sender = session::SignedIn{user.id, user.name, {}}, to = r.to, text = r.text, now,
       cap = desk.partners_per_hour](db::Stores& stores) { return store_message(stores, sender, to, text, now, cap); },
      [&desk, call, now, sender_id = user.id](db::DbResult<SendOutcome> sent) {
        if (!sent || sent->refusal) desk.quota.give_back(sender_id, now);
        if (!sent) return call.error(protocol::ErrorCode::internal, "the message could not be stored; try again");
        if (sent->refusal) return call.error(*sent->refusal, sent->why);
        const protocol::PrivateMessage message = to_protocol(sent->message);
        spdlog::info("message sent message={} from={} to={}", message.id, message.from, message.to);
        call.ok({{"message", protocol::to_json(message)}});
        desk.online.send_to_user(sent->message.to_id, protocol::message_received(message));
      });
}

void handle(const MessageDesk&, const Call& call, const req::MessageHistory& r) {
  const UserId me = call.user->id;
  using Page = std::vector<db::MessageRecord>;
  read_found<Page>(
      call,
      [me, r](db::Stores& stores) -> db::DbResult<std::optional<Page>> {
        auto partner = find_partner(stores, r.with);
        if (!partner) return unexpected(partner.error());
        if (!*partner) return std::optional<Page>{};
        auto messages = stores.messages().between(me, (*partner)->id, r.before, r.limit);
        if (!messages) return unexpected(messages.error());
        return std::optional<Page>(std::move(*messages));
      },
      "no such user",
      [limit = r.limit](const Call& c, const Page& page) {
        nlohmann::json messages = nlohmann::json::array();
        for (const db::MessageRecord& message : page) messages.push_back(protocol::to_json(to_protocol(message)));
        nlohmann::json fields{{"messages", std::move(messages)}};
        if (static_cast<int>(page.size()) == limit) fields["next"] = page.back().id;
        c.ok(std::move(fields));
      });
}

void handle(const MessageDesk&, const Call& call, const req::MessageConversations& r) {
  const UserId me = call.user->id;
  using Listing = std::pair<std::vector<db::ConversationRecord>, std::int64_t>;
  read_or_fail<Listing>(
      call,
      [me, limit = r.limit](db::Stores& stores) -> db::DbResult<Listing> {
        auto conversations = stores.messages().conversations(me, limit);
        if (!conversations) return unexpected(conversations.error());
        auto unread = stores.messages().unread_total(me);
        if (!unread) return unexpected(unread.error());
        return Listing{std::move(*conversations), *unread};
      },
      "the database could not be read; try again",
      [](const Call& c, const Listing& listing) {
        nlohmann::json conversations = nlohmann::json::array();
        for (const db::ConversationRecord& entry : listing.first) {
          conversations.push_back(
              protocol::to_json(protocol::Conversation{entry.partner_name, to_protocol(entry.last), entry.unread}));
        }
        c.ok({{"conversations", std::move(conversations)}, {"unread", listing.second}});
      });
}

void handle(const MessageDesk& desk, const Call& call, const req::MessageRead& r) {
  using Marked = std::optional<std::pair<std::int64_t, std::int64_t>>;  // marked now, unread left
  desk.writer.submit_for<Marked>(
      [me = call.user->id, with = r.with, now = call.now_ms()](db::Stores& stores) -> db::DbResult<Marked> {
        auto partner = find_partner(stores, with);
        if (!partner) return unexpected(partner.error());
        if (!*partner) return Marked{};
        auto marked = stores.messages().mark_read(me, (*partner)->id, now);
        if (!marked) return unexpected(marked.error());
        auto left = stores.messages().unread_total(me);
        if (!left) return unexpected(left.error());
        return Marked(std::pair{*marked, *left});
      },
      [call](db::DbResult<Marked> marked) {
        if (!marked) return call.error(protocol::ErrorCode::internal, "the messages could not be marked; try again");
        if (!*marked) return call.error(protocol::ErrorCode::not_found, "no such user");
        call.ok({{"read", (*marked)->first}, {"unread", (*marked)->second}});
      });
}

}  // namespace yunzi::app
