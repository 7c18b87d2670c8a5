// The database and the parts right on it: the writer, which owns the write
// connection; the accounts, with their hashing pool; the read pool.
#pragma once

#include <memory>

#include "core/expected.hpp"
#include "db/database.hpp"
#include "db/read_pool.hpp"
#include "db/writer.hpp"
#include "server/accounts/accounts.hpp"
#include "server/accounts/worker_pool.hpp"
#include "server/config/server_config.hpp"
#include "server/main/start_failure.hpp"

namespace yunzi::server_main {

class Stores {
 public:
  // Opens (and migrates) the database the settings name, refusing a node
  // without PostgreSQL and NATS without a node, then builds the parts on it.
  // The accounts stored before name skeletons existed get theirs before
  // anyone can register. The failure says why, with its exit code.
  static Expected<std::unique_ptr<Stores>, StartFailure> open(const config::ServerConfig& config);

  Stores(db::DatabaseTarget database, db::Connection connection, const accounts::AccountsOptions& options);
  Stores(const Stores&) = delete;
  Stores& operator=(const Stores&) = delete;

  const db::DatabaseTarget& database() const { return database_; }
  db::Writer& writer() { return writer_; }
  accounts::Accounts& accounts() { return accounts_; }
  db::ReadPool& reads() { return reads_; }

  // The readers, the hashing pool and the writer (once it has committed what
  // is queued) stop, in that order; a second call does nothing more.
  void stop();

 private:
  db::DatabaseTarget database_;
  db::Writer writer_;
  accounts::WorkerPool hashing_;
  accounts::Accounts accounts_;
  db::ReadPool reads_;
};

}  // namespace yunzi::server_main
