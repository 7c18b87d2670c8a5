// The bot ladder's rungs (deploy/bots/ladder/*.json) against each other:
// each pair of neighbours plays GAMES friendly 9x9 games (no clock, komi
// 7.5, colours by nigiri) through a real yunzi-server, both as real
// yunzi-bot processes with real GNU Go, the stronger rung posting seeks and
// the weaker accepting them. Prints each pair's wins and the share the
// stronger took. Run from the repository:
//
//   node bench/bots/ladder_match.js [GAMES] [rung names, strongest first ...]
//
// YUNZI_SERVER as for the browser tests (build/test/server/yunzi-server by
// default); the results are read from the server's SQLite file with the
// sqlite3 program.

import { spawn, execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { start_server, built_program, repo_root } from "../../tests/web/lib/server.js";

const games = Number(process.argv[2] || 20);
const ladder_dir = path.join(repo_root, "deploy", "bots", "ladder");
const rank_value = (rank) => (rank.endsWith("d") ? 100 + parseInt(rank) : -parseInt(rank));
let rungs = readdirSync(ladder_dir).filter((f) => f.endsWith(".json"))
  .map((f) => JSON.parse(readFileSync(path.join(ladder_dir, f), "utf8")))
  .sort((a, b) => rank_value(b.rank) - rank_value(a.rank));
if (process.argv.length > 3) rungs = rungs.filter((r) => process.argv.slice(3).includes(r.name));

const seek = { size: 9, rated: false, komi: 7.5, time: { system: "none" } };

function start_bot(port, rung, extra) {
  const flags = ["--port", String(port), "--name", rung.name, "--password", "ladder-pw", "--level", String(rung.level),
    "--weaken", String(rung.weaken), "--engine-clock", "false", "--sizes", "9", "--max-games", "1",
    "--log-level", "warn", ...extra];
  const child = spawn(built_program("tools/yunzi-bot/yunzi-bot"), flags, { stdio: ["ignore", "ignore", "inherit"] });
  return child;
}

function ended_games(db, a, b) {
  const sql = `SELECT u1.name, u2.name, g.winner FROM games g JOIN users u1 ON u1.id = g.black_id
    JOIN users u2 ON u2.id = g.white_id WHERE g.status = 'ended' AND
    ((u1.name = '${a}' AND u2.name = '${b}') OR (u1.name = '${b}' AND u2.name = '${a}'))`;
  const out = execFileSync("sqlite3", ["-readonly", db, sql], { encoding: "utf8" }).trim();
  return out ? out.split("\n").map((line) => line.split("|")) : [];
}

const server = await start_server({
  bots: rungs.map((r) => ({ name: r.name, password: "ladder-pw", rank: r.rank })),
  args: ["--log-level", "error"],
});
const port = new URL(server.url).port;
const db = path.join(server.data_dir, "yunzi.sqlite3");
console.log(`| stronger | weaker | games | stronger's wins | share | black's wins | seconds |`);
console.log(`|---|---|---|---|---|---|---|`);
try {
  for (let i = 0; i + 1 < rungs.length; ++i) {
    const [strong, weak] = [rungs[i], rungs[i + 1]];
    const started = Date.now();
    const bots = [start_bot(port, strong, ["--seek", JSON.stringify(seek)]), start_bot(port, weak, ["--accept-seeks"])];
    let results = [];
    while (results.length < games) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      results = ended_games(db, strong.name, weak.name);
    }
    for (const bot of bots) bot.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    results = results.slice(0, games);
    const wins = results.filter(([black, , winner]) => (winner === "black") === (black === strong.name) && winner).length;
    const black_wins = results.filter(([, , winner]) => winner === "black").length;
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`| ${strong.name} | ${weak.name} | ${results.length} | ${wins} | ${(wins / results.length).toFixed(2)} | ` +
      `${black_wins} | ${seconds} |`);
  }
} finally {
  await server.stop();
}
