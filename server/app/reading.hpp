// Database reads for a request: the query runs on a reader thread of the
// read pool (never on the io thread, where a slow read would stall every
// game served there), and what follows runs back on the session's strand.
// Queries capture what they use by value: they run after the handler has
// returned.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>

#include <spdlog/spdlog.h>

#include "db/stores.hpp"
#include "server/app/call.hpp"

namespace yunzi::app {

template <class T>
void read_then(const Call& call, std::function<db::DbResult<T>(db::Stores&)> query,
               std::function<void(const Call&, db::DbResult<T>)> then) {
  call.reads.submit<T>(std::move(query), [call, then = std::move(then)](db::DbResult<T> result) {
    call.later([result = std::move(result), then](const Call& c) { then(c, result); });
  });
}

// A read whose failure is answered here (`internal` with `failure`, the
// cause logged); `then` gets the result.
template <class T>
void read_or_fail(const Call& call, std::function<db::DbResult<T>(db::Stores&)> query, std::string failure,
                  std::function<void(const Call&, const T&)> then) {
  read_then<T>(call, std::move(query),
               [failure = std::move(failure), then = std::move(then)](const Call& c, db::DbResult<T> result) {
                 if (!result) {
                   spdlog::error("read failed connection={} error={}", c.session->id(), result.error().message);
                   return c.error(protocol::ErrorCode::internal, failure);
                 }
                 then(c, *result);
               });
}

// A read that may find nothing: a failure or nothing found is answered here
// (`internal`, or `not_found` with `missing`); `then` gets what was found.
template <class T>
void read_found(const Call& call, std::function<db::DbResult<std::optional<T>>(db::Stores&)> query, std::string missing,
                std::function<void(const Call&, const T&)> then) {
  read_or_fail<std::optional<T>>(
      call, std::move(query), "the database could not be read; try again",
      [missing = std::move(missing), then = std::move(then)](const Call& c, const std::optional<T>& found) {
        if (!found) return c.error(protocol::ErrorCode::not_found, missing);
        then(c, *found);
      });
}

}  // namespace yunzi::app
