// The private message store: messages between two users, who has answered
// whom (the new-conversation cap), a conversation's pages, the caller's
// conversations with unread counts, and marking a conversation read.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/error.hpp"
#include "db/records.hpp"

namespace yunzi::db {

struct NewMessage {
  UserId from_id = 0;
  UserId to_id = 0;
  std::string text;
  TimeMs sent_ms = 0;
};

struct MessageRecord {
  std::int64_t id = 0;
  UserId from_id = 0;
  std::string from_name;
  UserId to_id = 0;
  std::string to_name;
  std::string text;
  TimeMs sent_ms = 0;
  std::optional<TimeMs> read_ms;
};

struct ConversationRecord {
  UserId partner_id = 0;
  std::string partner_name;
  MessageRecord last;       // the newest message either way
  std::int64_t unread = 0;  // the partner's messages the user has not read
};

class MessageStore {
 public:
  virtual ~MessageStore() = default;
  // Returns the new message's id.
  virtual DbResult<std::int64_t> add(const NewMessage& message) = 0;
  // Whether `from` has ever written to `to` (at or after since_ms).
  virtual DbResult<bool> has_written(UserId from, UserId to, TimeMs since_ms) = 0;
  // The users `from` has written to at or after since_ms who never wrote back.
  virtual DbResult<std::int64_t> unanswered_partners(UserId from, TimeMs since_ms) = 0;
  // The messages between a and b, either way, newest first; `before` pages
  // by id; limit 1..max_page_size.
  virtual DbResult<std::vector<MessageRecord>> between(UserId a, UserId b, std::optional<std::int64_t> before,
                                                       int limit) = 0;
  // The user's partners, the latest conversation first; limit 1..max_page_size.
  virtual DbResult<std::vector<ConversationRecord>> conversations(UserId user, int limit) = 0;
  // Messages to the user not read yet, from everyone.
  virtual DbResult<std::int64_t> unread_total(UserId user) = 0;
  // Marks every message from `from` to `reader` read; returns how many were unread.
  virtual DbResult<std::int64_t> mark_read(UserId reader, UserId from, TimeMs at_ms) = 0;
};

}  // namespace yunzi::db
