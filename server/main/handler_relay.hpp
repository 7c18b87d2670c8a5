// net::Server takes its handler when it is built, and the App needs the
// server's io_context to be built: the relay stands in for the App until
// attach(), and hands every connection to it afterwards.
#pragma once

#include <atomic>

#include "server/net/handler.hpp"

namespace yunzi::server_main {

class HandlerRelay final : public net::Handler {
 public:
  // Before the server starts; the target must outlive the server's activity.
  void attach(net::Handler& target) { target_.store(&target); }

  std::shared_ptr<net::ConnectionHandler> on_open(const net::ConnectionPtr& c) override {
    return target_.load()->on_open(c);
  }

 private:
  std::atomic<net::Handler*> target_{nullptr};
};

}  // namespace yunzi::server_main
