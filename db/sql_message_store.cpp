#include "db/sql_message_store.hpp"

#include <limits>

#include "db/row_reading.hpp"
#include "db/stores.hpp"

namespace yunzi::db {
namespace {

// The columns read_message() expects, from private_messages m joined to its two users.
constexpr std::string_view message_columns = "m.id, m.from_id, f.name, m.to_id, t.name, m.text, m.sent_ms, m.read_ms";
constexpr std::string_view message_joins =
    " FROM private_messages m JOIN users f ON f.id = m.from_id JOIN users t ON t.id = m.to_id";

MessageRecord read_message(const Row& row, int first = 0) {
  MessageRecord out;
  out.id = row.integer(first);
  out.from_id = row.integer(first + 1);
  out.from_name = row.text(first + 2);
  out.to_id = row.integer(first + 3);
  out.to_name = row.text(first + 4);
  out.text = row.text(first + 5);
  out.sent_ms = row.integer(first + 6);
  out.read_ms = row.optional_integer(first + 7);
  return out;
}

}  // namespace

DbResult<std::int64_t> SqlMessageStore::add(const NewMessage& message) {
  return db_.insert("INSERT INTO private_messages (from_id, to_id, text, sent_ms) VALUES (?, ?, ?, ?)", message.from_id,
                    message.to_id, message.text, message.sent_ms);
}

DbResult<bool> SqlMessageStore::has_written(UserId from, UserId to, TimeMs since_ms) {
  auto count = read_count(db_.query(
      "SELECT COUNT(*) FROM (SELECT 1 FROM private_messages WHERE from_id = ? AND to_id = ? AND sent_ms >= ? LIMIT 1) AS recent",
      from, to, since_ms));
  if (!count) return unexpected(count.error());
  return *count > 0;
}

DbResult<std::int64_t> SqlMessageStore::unanswered_partners(UserId from, TimeMs since_ms) {
  return read_count(
      db_.query("SELECT COUNT(DISTINCT m.to_id) FROM private_messages m WHERE m.from_id = ? AND m.sent_ms >= ?"
                " AND NOT EXISTS (SELECT 1 FROM private_messages r WHERE r.from_id = m.to_id AND r.to_id = m.from_id)",
                from, since_ms));
}

DbResult<std::vector<MessageRecord>> SqlMessageStore::between(UserId a, UserId b, std::optional<std::int64_t> before,
                                                              int limit) {
  auto page = checked_page_size(limit);
  if (!page) return unexpected(page.error());
  const std::int64_t below = before.value_or(std::numeric_limits<std::int64_t>::max());
  return read_all<MessageRecord>(
      db_.query("SELECT " + std::string(message_columns) + std::string(message_joins) +
                    " WHERE ((m.from_id = ? AND m.to_id = ?) OR (m.from_id = ? AND m.to_id = ?)) AND m.id < ?"
                    " ORDER BY m.id DESC LIMIT ?",
                a, b, b, a, below, *page),
      [](const Row& row) { return read_message(row); });
}

DbResult<std::vector<ConversationRecord>> SqlMessageStore::conversations(UserId user, int limit) {
  auto page = checked_page_size(limit);
  if (!page) return unexpected(page.error());
  return read_all<ConversationRecord>(
      db_.query("WITH mine(partner, id, unread) AS ("
                " SELECT to_id, id, 0 FROM private_messages WHERE from_id = ?"
                " UNION ALL SELECT from_id, id, CASE WHEN read_ms IS NULL THEN 1 ELSE 0 END FROM private_messages"
                " WHERE to_id = ?),"
                " partners(partner, last_id, unread) AS ("
                " SELECT partner, MAX(id), SUM(unread) FROM mine GROUP BY partner ORDER BY MAX(id) DESC LIMIT ?)"
                " SELECT p.partner, u.name, p.unread, " +
                    std::string(message_columns) + std::string(message_joins) +
                    " JOIN partners p ON p.last_id = m.id JOIN users u ON u.id = p.partner ORDER BY m.id DESC",
                user, user, *page),
      [](const Row& row) {
        ConversationRecord out;
        out.partner_id = row.integer(0);
        out.partner_name = row.text(1);
        out.unread = row.integer(2);
        out.last = read_message(row, 3);
        return out;
      });
}

DbResult<std::int64_t> SqlMessageStore::unread_total(UserId user) {
  return read_count(db_.query("SELECT COUNT(*) FROM private_messages WHERE to_id = ? AND read_ms IS NULL", user));
}

DbResult<std::int64_t> SqlMessageStore::mark_read(UserId reader, UserId from, TimeMs at_ms) {
  auto done = db_.execute("UPDATE private_messages SET read_ms = ? WHERE to_id = ? AND from_id = ? AND read_ms IS NULL",
                          at_ms, reader, from);
  if (!done) return unexpected(done.error());
  return static_cast<std::int64_t>(db_.changes());
}

}  // namespace yunzi::db
