// Starts the real yunzi-server on a free port with a fresh data directory and
// the repository's web/ as web root; restart() starts it again on the same
// port and data; stop() ends it and removes the data. Admin and bot
// accounts, when asked for, are made before the start with the real
// yunzi-admin (`db init`, `db create-admin NAME --password-stdin`,
// `db create-account NAME --role bot ...`). start_analyzer() and start_bot()
// run the real yunzi-analyzer and yunzi-bot against it.

import { spawn, execFile } from "node:child_process";
import { mkdtemp, readFile, rm, access } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repo_root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

function server_binary() {
  const configured = process.env.YUNZI_SERVER || "build/test/server/yunzi-server";
  return path.isAbsolute(configured) ? configured : path.join(repo_root, configured);
}

// YUNZI_ADMIN, or the yunzi-admin of the build tree the server comes from.
function admin_binary() {
  if (process.env.YUNZI_ADMIN) return process.env.YUNZI_ADMIN;
  return path.join(path.dirname(server_binary()), "..", "tools", "yunzi-admin", "yunzi-admin");
}

function run_admin_tool(args, input = "") {
  return new Promise((resolve, reject) => {
    const child = execFile(admin_binary(), args, (err, stdout, stderr) => {
      if (err) reject(new Error(`yunzi-admin ${args.join(" ")} failed: ${stdout}${stderr}`));
      else resolve(stdout);
    });
    child.stdin.end(input);
  });
}

async function wait_for_port(port_file, child, log) {
  const deadline = Date.now() + 20000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`yunzi-server exited with ${child.exitCode}:\n${log.join("")}`);
    try {
      const text = await readFile(port_file, "utf8");
      const port = Number(text.trim());
      if (port > 0) return port;
    } catch {
      // not written yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`yunzi-server wrote no port file within 20 s:\n${log.join("")}`);
}

function spawn_server(binary, data_dir, port_file, port, log, args) {
  const child = spawn(binary, [
    "--port", String(port), "--port-file", port_file, "--data-dir", data_dir,
    "--web-root", path.join(repo_root, "web"), "--password-hash-cost", "min", "--log-level", "warn",
    // Every test user signs up from 127.0.0.1.
    "--signups-per-address-hour", "100000",
    ...args,
  ], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.on("data", (chunk) => log.push(chunk.toString()));
  child.stderr.on("data", (chunk) => log.push(chunk.toString()));
  return child;
}

async function end_child(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10000);
  await exited;
  clearTimeout(timer);
}

// admins: [{name, password}] made admins in the new database before the start;
// bots: [{name, password, rank}] made bot accounts (a review worker's, a bot
// player's; rank 5k unless given);
// args: more settings on the command line (["--follow-online-quiet-s", "0"]).
// restart() stops the server and starts it again on the same port and data,
// as after an operator's restart: open pages reconnect to the same address.
export async function start_server({ admins = [], bots = [], args = [] } = {}) {
  const binary = server_binary();
  await access(binary).catch(() => {
    throw new Error(`no server binary at ${binary} (set YUNZI_SERVER)`);
  });
  const data_dir = await mkdtemp(path.join(tmpdir(), "yunzi-web-data-"));
  const port_file = path.join(data_dir, "port");
  if (admins.length || bots.length) await run_admin_tool(["db", "--data-dir", data_dir, "init"]);
  for (const bot of bots) {
    await run_admin_tool(["db", "--data-dir", data_dir, "create-account", bot.name, "--role", "bot", "--rank", bot.rank ?? "5k",
      "--password-stdin"], `${bot.password}\n`);
  }
  for (const admin of admins) {
    await run_admin_tool(["db", "--data-dir", data_dir, "create-admin", admin.name, "--password-stdin"], `${admin.password}\n`);
  }
  const log = [];
  let child = spawn_server(binary, data_dir, port_file, 0, log, args);
  const port = await wait_for_port(port_file, child, log);
  return {
    url: `http://127.0.0.1:${port}/`,
    data_dir,
    log,
    async restart() {
      await end_child(child);
      await rm(port_file, { force: true });
      child = spawn_server(binary, data_dir, port_file, port, log, args);
      await wait_for_port(port_file, child, log);
    },
    async stop() {
      await end_child(child);
      await rm(data_dir, { recursive: true, force: true });
      return child.exitCode;
    },
  };
}

// The build tree's own program of that path, beside the server's.
export function built_program(relative) {
  return path.join(path.dirname(server_binary()), "..", relative);
}

// A program of the build tree as a child, its output kept in `log`; stop() ends it.
function start_program(relative, args, env) {
  const log = [];
  const child = spawn(built_program(relative), args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.on("data", (chunk) => log.push(chunk.toString()));
  child.stderr.on("data", (chunk) => log.push(chunk.toString()));
  return { log, stop: () => end_child(child) };
}

// yunzi-analyzer as `name` against the server at `url`, with the extra flags
// (`--engine ...`).
export function start_analyzer(url, { name, password }, extra = []) {
  return start_program("tools/yunzi-analyzer/yunzi-analyzer",
    ["--port", new URL(url).port, "--name", name, "--poll-s", "0", "--report-every", "3", ...extra],
    { YUNZI_ANALYZER_PASSWORD: password });
}

// yunzi-bot as `name` against the server at `url`, with the extra flags (`--level 1 ...`).
export function start_bot(url, { name, password }, extra = []) {
  return start_program("tools/yunzi-bot/yunzi-bot", ["--port", new URL(url).port, "--name", name, ...extra],
    { YUNZI_BOT_PASSWORD: password });
}
