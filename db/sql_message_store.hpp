// The SQLite private message store (see db/message_store.hpp).
#pragma once

#include "db/connection.hpp"
#include "db/message_store.hpp"

namespace yunzi::db {

class SqlMessageStore final : public MessageStore {
 public:
  explicit SqlMessageStore(Connection& connection) : db_(connection) {}
  DbResult<std::int64_t> add(const NewMessage& message) override;
  DbResult<bool> has_written(UserId from, UserId to, TimeMs since_ms) override;
  DbResult<std::int64_t> unanswered_partners(UserId from, TimeMs since_ms) override;
  DbResult<std::vector<MessageRecord>> between(UserId a, UserId b, std::optional<std::int64_t> before,
                                               int limit) override;
  DbResult<std::vector<ConversationRecord>> conversations(UserId user, int limit) override;
  DbResult<std::int64_t> unread_total(UserId user) override;
  DbResult<std::int64_t> mark_read(UserId reader, UserId from, TimeMs at_ms) override;

 private:
  Connection& db_;
};

}  // namespace yunzi::db
