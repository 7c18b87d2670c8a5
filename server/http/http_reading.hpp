// Database reads for the plain HTTP routes, like reading.hpp for requests:
// the query runs on a reader thread of the read pool, never on the io thread
// that serves the connection (a slow read or a busy lock would stall every
// game served there). `answer` turns the result into the response on the
// reader thread (an SGF, a diagram), and the connection writes it on its own
// strand. Queries and answers capture what they use by value: they run
// after the route has returned.
#pragma once

#include <exception>
#include <functional>
#include <utility>

#include <spdlog/spdlog.h>

#include "db/read_pool.hpp"
#include "db/stores.hpp"
#include "server/http/http_answer.hpp"
#include "server/net/http_types.hpp"

namespace yunzi::http {

template <class T>
void read_and_respond(db::ReadPool& reads, std::function<db::DbResult<T>(db::Stores&)> query,
                      std::function<net::HttpResponse(db::DbResult<T>)> answer, net::HttpResponder respond) {
  reads.submit<T>(std::move(query), [answer = std::move(answer), respond = std::move(respond)](db::DbResult<T> result) {
    net::HttpResponse response;
    try {
      response = answer(std::move(result));
    } catch (const std::exception& e) {
      spdlog::error("http answer failed error={}", e.what());
      response = http_answer(500, "internal error\n");
    }
    respond(std::move(response));
  });
}

}  // namespace yunzi::http
