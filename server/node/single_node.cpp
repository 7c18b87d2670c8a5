// A server alone on its database: no other node, nothing to run beside the
// App, and at start the games in progress are all this node's to restore.
#include <spdlog/spdlog.h>

#include "server/app/lone_node.hpp"
#include "server/node/cluster_node.hpp"
#include "server/node/node.hpp"

namespace yunzi::node {
namespace {

class SingleNode final : public Node {
 public:
  app::Elsewhere& elsewhere() override { return lone_; }
  Expected<Done, NodeFailure> start(app::App& app) override {
    auto restored = app.restore_games();
    if (!restored) return unexpected(NodeFailure{NodeFailure::Kind::database, restored.error()});
    spdlog::info("games restored count={}", *restored);
    return Done{};
  }
  std::optional<db::LeaseStats> lease_stats() const override { return std::nullopt; }
  std::optional<http::BusFigures> bus_figures() const override { return std::nullopt; }
  void stop_leases() override {}
  void hand_over() override {}
  void stop_bus() override {}

 private:
  app::LoneNode lone_;
};

}  // namespace

std::unique_ptr<Node> make_node(const cluster::ClusterOptions& options, db::DatabaseTarget database,
                                accounts::Accounts& accounts, boost::asio::io_context& io, app::NowMs now_ms) {
  if (options.node.empty()) return std::make_unique<SingleNode>();
  return std::make_unique<ClusterNode>(options, std::move(database), accounts, io, std::move(now_ms));
}

}  // namespace yunzi::node
