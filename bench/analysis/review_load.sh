#!/usr/bin/env bash
# Live games with and without the machine's reviews running beside them:
# does a review slow the games? One server (SQLite), the load generator's
# games (GAMES x 3 spectators, 1 move/s each, 19x19), and in turn:
#   none     no reviews (the baseline of the round);
#   gnugo    WORKERS yunzi-analyzer processes with GNU Go at `nice 19`, as
#            an operator runs them on the server's machine (the engines'
#            CPU comes from the same two cores);
#   standin  the same workers with tests/e2e/analyzer's stand-in
#            kata-analyze engine, which answers at once: reviews as fast as
#            a strong engine on its own hardware reports them, with next
#            to no engine CPU here, so what changes is the server's share.
# Prints each run's server CPU per move and latencies to the opponent, then
# each kind's medians as ratios to the runs without reviews.
#
#   bench/analysis/review_load.sh [BUILD_DIR] [ROUNDS] [WORKERS] [GAMES]
#
# KEEP=1 keeps the data directory and the logs.
# STANDIN: the stand-in engine (default build/test/tests/e2e/analyzer/yunzi-standin-kata).
# BUILD_DIR (default build/release) needs yunzi-server, yunzi-loadgen,
# yunzi-analyzer and yunzi-admin; GNU Go in /usr/games; the sqlite3
# program. The finished games are the load generator's own: a first run
# plays 100 games for 12 s at 10 moves/s, its players leave and lose by
# forfeit; the bench then queues a review of each (with sqlite3, the
# server stopped) and makes the workers' bot accounts.
set -euo pipefail

build=${1:-build/release}
rounds=${2:-3}
workers=${3:-2}
games=${4:-500}
server=$build/server/yunzi-server
loadgen=$build/tools/yunzi-loadgen/yunzi-loadgen
analyzer=$build/tools/yunzi-analyzer/yunzi-analyzer
admin=$build/tools/yunzi-admin/yunzi-admin
for program in "$server" "$loadgen" "$analyzer" "$admin"; do
  [[ -x $program ]] || { echo "missing $program" >&2; exit 2; }
done
command -v sqlite3 >/dev/null || { echo "needs the sqlite3 program (apt-get install -y sqlite3)" >&2; exit 2; }
ulimit -n 20000

work=$(mktemp -d)
data=$work/data
mkdir -p "$data"
server_pid=
analyzer_pids=()
cleanup() {
  for pid in "${analyzer_pids[@]}" $server_pid; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [[ -n ${KEEP:-} ]]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

start_server() {
  rm -f "$work/port"
  "$server" --port 0 --port-file "$work/port" --data-dir "$data" --password-hash-cost min \
    --signups-per-address-hour 100000 --connections-per-address 0 --disconnect-forfeit-s 10 \
    --log-level warn >>"$work/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 100); do [[ -s $work/port ]] && break; sleep 0.1; done
  port=$(cat "$work/port")
}
stop_server() {
  kill "$server_pid"
  wait "$server_pid" || true
  server_pid=
}

# The finished games to review.
start_server
"$loadgen" --port "$port" --connections 200 --games 100 --spectators 0 --move-rate 10 --duration 12 \
  --run seed >/dev/null
sleep 14
stop_server
now_ms=$(($(date +%s) * 1000))
sqlite3 "$data/yunzi.sqlite3" "INSERT INTO analyses (game_id, engine, status, priority, requested_by, requested_ms, moves_total)
  SELECT id, 'gnugo', 'queued', 1, black_id, $now_ms, move_count + 1 FROM games WHERE status = 'ended' AND move_count > 0"
queued=$(sqlite3 "$data/yunzi.sqlite3" "SELECT count(*), sum(moves_total) FROM analyses")
echo "reviews queued (reviews|positions): $queued"
for w in $(seq "$workers"); do
  printf 'review-pw\n' | "$admin" db --data-dir "$data" create-account "reviewer$w" --role bot --rank 5k \
    --password-stdin >/dev/null
done

echo "| round | reviews | moves/s | server CPU % | CPU per move (µs) | p50 to opponent (ms) | p99 (ms) | positions reviewed |"
echo "|---|---|---|---|---|---|---|---|"
reviewed() { sqlite3 -readonly "$data/yunzi.sqlite3" "SELECT coalesce(sum(moves_done), 0) FROM analyses"; }
standin=${STANDIN:-build/test/tests/e2e/analyzer/yunzi-standin-kata}
[[ -x $standin ]] || { echo "missing the stand-in engine $standin (STANDIN)" >&2; exit 2; }
# Round 0 is a run without reviews that is not counted: the first run after
# the seed meets the seed's writes still being checkpointed, and its tail
# (p99 6-11 ms against 0.5-0.6) would stand for nothing of the reviews.
for round in $(seq 0 "$rounds"); do
  kinds=(none gnugo standin)
  [[ $round == 0 ]] && kinds=(none)
  for with in "${kinds[@]}"; do
    start_server
    analyzer_pids=()
    if [[ $with != none ]]; then
      engine=()
      [[ $with == standin ]] && engine=(--engine-name gnugo --visits 100 --engine "$standin")
      for w in $(seq "$workers"); do
        YUNZI_ANALYZER_PASSWORD=review-pw nice -n 19 "$analyzer" --port "$port" --name "reviewer$w" \
          --poll-s 1 "${engine[@]}" >>"$work/analyzer.log" 2>&1 &
        analyzer_pids+=($!)
      done
      sleep 5
    fi
    before=$(reviewed)
    "$loadgen" --port "$port" --server-pid "$server_pid" --connections $((games * 5)) --games "$games" \
      --spectators 3 --move-rate 1 --duration 30 --run "r$round${with:0:2}" --json "$work/report.json" >/dev/null
    after=$(reviewed)
    for pid in "${analyzer_pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    analyzer_pids=()
    stop_server
    node -e '
      const r = require(process.argv[1]);
      const cpu = r.server.cpu_percent, mps = r.moves_per_s;
      console.log(`| ${process.argv[2]} | ${process.argv[3]} | ${mps.toFixed(0)} | ${cpu.toFixed(1)} | ` +
        `${(cpu / 100 / mps * 1e6).toFixed(1)} | ${r.latency_to_opponent.p50_ms.toFixed(2)} | ` +
        `${r.latency_to_opponent.p99_ms.toFixed(2)} | ${process.argv[4]} |`);
    ' "$work/report.json" "$round" "$with" "$((after - before))" > "$work/row"
    if [[ $round == 0 ]]; then sed 's/^| 0 |/| warm-up |/' "$work/row"; else tee -a "$work/rows" < "$work/row"; fi
  done
done
node -e '
  const rows = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n")
    .map((line) => line.split("|").map((c) => c.trim()));
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
  const of = (kind, col) => median(rows.filter((r) => r[2] === kind).map((r) => Number(r[col])));
  for (const kind of ["gnugo", "standin"]) {
    const parts = [["CPU per move", 5], ["p50", 6], ["p99", 7]].map(([name, col]) =>
      `${name} ${of(kind, col)} against ${of("none", col)} (${(of(kind, col) / of("none", col)).toFixed(2)})`);
    console.log(`${kind}: ${parts.join("; ")}; positions reviewed in a run ${of(kind, 8)}`);
  }
' "$work/rows"
