// The client's browser-independent modules, run directly in Node: vertex
// conversion, replay with captures, the game model's event ordering and the
// server's count it keeps, the clock reading, the profile's record counting, the games
// waiting for the player's move, how a finished game ended and the rematch it
// offers, an analysis board's move tree (lines, variations in rows, cuts), an
// SGF record cut down for board.create, the server's reasons for a refusal
// read as text keys, and the problem pages' routes, words and positions.

import { test } from "node:test";
import assert from "node:assert/strict";
import { from_vertex, to_vertex, star_points } from "../../../web/js/vertex.js";
import { replay, replay_colored, move_colors } from "../../../web/js/position.js";
import { territory_owner } from "../../../web/js/territory.js";
import { BoardTree } from "../../../web/js/board_tree.js";
import { graph_values, biggest_mistakes, review_measure } from "../../../web/js/review_logic.js";
import { trim_sgf, fit_sgf, decode_sgf, record_name, SgfError } from "../../../web/js/sgf_trim.js";
import { GameModel, reason_of_result } from "../../../web/js/game_model.js";
import { rematch_challenge } from "../../../web/js/rematch.js";
import { side_reading, format_ms } from "../../../web/js/clock_reading.js";
import { rank_value, rank_name, rated_results, results_by_opponent, block_marks, game_mark } from "../../../web/js/record_stats.js";
import { games_waiting } from "../../../web/js/turn_signal.js";
import { refusal_reason } from "../../../web/js/refusal_reasons.js";
import { TrialLine } from "../../../web/js/trial_moves.js";
import {
  problem_route, problems_href, problem_href, goal_text, theme_text, solved_mark, attempt_moves, problem_position,
  view_region, may_play, attempt_note, answer_words, signed,
} from "../../../web/js/problem_logic.js";

test("vertices skip I and count rows from the bottom", () => {
  assert.deepEqual(from_vertex("A1", 19), { x: 0, y: 18 });
  assert.deepEqual(from_vertex("j10", 19), { x: 8, y: 9 });
  assert.equal(to_vertex(8, 9, 19), "J10");
  assert.equal(to_vertex(18, 0, 19), "T19");
  assert.equal(from_vertex("I5", 19), null);
  assert.equal(from_vertex("K10", 9), null, "off a 9x9 board");
  assert.equal(from_vertex("pass", 9), null);
  assert.equal(star_points(9).length, 5);
  assert.equal(star_points(19).length, 9);
});

test("replay removes captured chains and counts prisoners", () => {
  // White's two stones on the edge are taken by Black's last move.
  const moves = ["A2", "A1", "B2", "B1", "pass", "pass", "C1"];
  const { grid, captures, last } = replay(9, [], moves);
  const a1 = from_vertex("A1", 9);
  const b1 = from_vertex("B1", 9);
  assert.equal(grid[a1.y][a1.x], null);
  assert.equal(grid[b1.y][b1.x], null);
  assert.deepEqual(captures, { black: 2, white: 0 });
  assert.deepEqual(last, { vertex: "C1", color: "black", number: 7 });
  const earlier = replay(9, [], moves, 4);
  assert.equal(earlier.grid[a1.y][a1.x], "white", "the position before the capture");
});

test("after handicap stones White moves first", () => {
  assert.deepEqual(move_colors(["D4", "Q16"], 3), ["white", "black", "white"]);
  assert.deepEqual(move_colors([], 2), ["black", "white"]);
  const { grid } = replay(9, ["C3", "G7"], ["E5"]);
  const e5 = from_vertex("E5", 9);
  assert.equal(grid[e5.y][e5.x], "white");
});

function start_event(overrides = {}) {
  return {
    type: "game.start", game: 7, seq: 1, size: 9, komi: 7.5, handicap: 0, rated: false, ko: "situational",
    time: { system: "none" }, black: { name: "a", rank: "5k", role: "user" }, white: { name: "b", rank: "5k", role: "user" },
    moves: [], handicap_stones: [], to_move: "black", phase: "play", clock: null,
    captures: { black: 0, white: 0 }, dead: [], marking_version: 0, spectators: 0, ...overrides,
  };
}

test("the game model applies events in seq order and reports gaps", () => {
  const model = new GameModel(7);
  assert.equal(model.apply({ type: "game.move", game: 7, seq: 2, color: "black", vertex: "E5", captured: [] }), "gap",
    "an event before any snapshot");
  assert.equal(model.apply(start_event()), "applied");
  assert.equal(model.apply({ type: "game.move", game: 7, seq: 2, color: "black", vertex: "E5", captured: [] }), "applied");
  assert.equal(model.apply({ type: "game.move", game: 7, seq: 2, color: "black", vertex: "E5", captured: [] }), "stale");
  assert.equal(model.apply({ type: "game.move", game: 7, seq: 4, color: "black", vertex: "D5", captured: [] }), "gap");
  assert.deepEqual(model.moves, ["E5"]);
  assert.equal(model.to_move, "white");
  assert.equal(model.color_of("b"), "white");
  assert.equal(model.color_of("c"), null);
});

test("the game model keeps signed-in and anonymous spectators apart", () => {
  const model = new GameModel(7);
  model.apply(start_event({ spectators: 2, anonymous_spectators: 5 }));
  assert.deepEqual([model.spectators, model.anonymous_spectators], [2, 5]);
  model.apply({ type: "lobby.game", game: 7, spectators: 1, anonymous_spectators: 0 });
  assert.deepEqual([model.spectators, model.anonymous_spectators], [1, 0]);
  model.apply(start_event({ spectators: 3 }));
  assert.equal(model.anonymous_spectators, 0, "a server without the field counts none");
  assert.deepEqual(model.spectator_names, []);
});

test("the game model follows the spectator list without touching the game's seq", () => {
  const model = new GameModel(7);
  model.apply(start_event({ seq: 4, spectators: 1, spectator_names: ["zoe"] }));
  assert.deepEqual(model.spectator_names, ["zoe"]);
  assert.equal(model.apply({ type: "game.spectators", game: 7, spectators: 2, anonymous_spectators: 1,
    spectator_names: ["carl", "zoe"] }), "applied");
  assert.deepEqual([model.spectators, model.anonymous_spectators, model.spectator_names], [2, 1, ["carl", "zoe"]]);
  assert.equal(model.seq, 4);
});

test("the game model follows undo, scoring, resumption and the end", () => {
  const model = new GameModel(7);
  model.apply(start_event({ seq: 3, moves: ["E5", "C3"], to_move: "black" }));
  model.apply({ type: "game.undo_requested", game: 7, seq: 4, color: "white" });
  assert.equal(model.undo_request, "white");
  model.apply({ type: "game.undone", game: 7, seq: 5, moves_removed: 1, to_move: "white", clock: null });
  assert.deepEqual(model.moves, ["E5"]);
  assert.equal(model.undo_request, null);
  model.apply({ type: "game.scoring", game: 7, seq: 6, dead: ["E5"], marking_version: 6, accepted: { black: true, white: false }, deadline_ms: 1000 });
  assert.equal(model.phase, "scoring");
  assert.deepEqual(model.dead, ["E5"]);
  assert.equal(model.marking_version, 6, "an acceptance names the marking shown");
  model.apply({ type: "game.clock", game: 7, seq: 7, clock: { black: { main_ms: 1 }, white: { main_ms: 1 }, running: "black" } });
  assert.equal(model.phase, "play", "a clock event during scoring means play resumed");
  assert.deepEqual(model.dead, []);
  assert.equal(model.marking_version, 0);
  assert.equal(model.to_move, "black");
  model.apply({ type: "game.end", game: 7, seq: 8, result: "B+R", reason: "resignation", rank_changes: [] });
  assert.equal(model.phase, "ended");
  assert.equal(model.result, "B+R");
  assert.equal(model.seq, 8);
});

test("a state taken during scoring names its marking for the acceptance", () => {
  const model = new GameModel(7);
  model.load_state(start_event({ seq: 1012, moves: ["E5", "pass", "pass"], phase: "scoring", dead: ["E5"], marking_version: 1011 }));
  assert.equal(model.phase, "scoring");
  assert.equal(model.marking_version, 1011);
  model.apply({ type: "game.scoring", game: 7, seq: 1013, dead: [], marking_version: 1013, accepted: { black: false, white: false }, deadline_ms: 1000 });
  assert.equal(model.marking_version, 1013, "the opponent's unmark is a new marking");
});

test("the game model keeps the server's count of the marking, not one of its own", () => {
  // The E column is shared; B5 is White's stone in Black's area, marked dead.
  const count = {
    black: 40.5, white: 40.5, komi: 7.5, result: "W+7.5",
    territory: { black: ["A1", "B5", "C9"], white: ["G1", "J9"] },
  };
  const model = new GameModel(7);
  model.apply(start_event({ seq: 3, moves: ["D5", "pass"] }));
  assert.equal(model.count, null, "no count during play");
  model.apply({ type: "game.scoring", game: 7, seq: 4, dead: ["B5"], marking_version: 4,
    accepted: { black: false, white: false }, deadline_ms: 1000, count });
  assert.deepEqual(model.count, count, "the event's count as sent");
  const owner = territory_owner(model.count.territory);
  assert.equal(owner.get("B5"), "black", "a dead stone's point is the other colour's");
  assert.equal(owner.get("J9"), "white");
  assert.equal(owner.get("E5"), undefined, "a point in neither list is nobody's");
  // A state taken during scoring carries the count as well.
  const reloaded = new GameModel(7);
  reloaded.load_state(start_event({ seq: 4, phase: "scoring", dead: ["B5"], marking_version: 4, count }));
  assert.deepEqual(reloaded.count, count);
  // The count ends on the last marking; a resumption or another end drops it.
  model.apply({ type: "game.end", game: 7, seq: 5, result: "W+7.5", reason: "count",
    score: { black: 40.5, white: 40.5, komi: 7.5 }, rank_changes: [] });
  assert.deepEqual(model.count, count, "the final position keeps the count's territory");
  reloaded.apply({ type: "game.clock", game: 7, seq: 5, clock: { running: "white" } });
  assert.equal(reloaded.count, null, "play resumed");
  const resigned = new GameModel(7);
  resigned.load_state(start_event({ seq: 4, phase: "scoring", dead: [], marking_version: 4, count }));
  resigned.apply({ type: "game.end", game: 7, seq: 5, result: "B+R", reason: "resignation", rank_changes: [] });
  assert.equal(resigned.count, null, "a resignation during scoring has no count");
  // The state of a game that ended otherwise has none.
  const old = new GameModel(7);
  old.load_state(start_event({ phase: "ended", result: "B+R" }));
  assert.equal(old.count, null);
});

test("a finished game's state says how it ended, as game.end does", () => {
  const cases = { "B+R": "resignation", "W+T": "time", "B+F": "forfeit", "W+7.5": "count", "B+0.25": "count",
    "0": "count", "Void": "aborted" };
  for (const [result, reason] of Object.entries(cases)) assert.equal(reason_of_result(result), reason, result);
  assert.equal(reason_of_result(null), null);
  const count = { black: 30, white: 51, komi: 7.5, result: "W+28.5", territory: { black: [], white: [] } };
  const reopened = new GameModel(7);
  reopened.load_state(start_event({ phase: "ended", result: "W+28.5", count }));
  assert.equal(reopened.reason, "count");
  assert.ok(reopened.counted());
  assert.deepEqual(reopened.score, { black: 30, white: 51, komi: 7.5 }, "the score of the count kept with the game");
  const resigned = new GameModel(7);
  resigned.load_state(start_event({ phase: "ended", result: "B+R" }));
  assert.equal(resigned.reason, "resignation");
  assert.equal(resigned.score, null);
  assert.ok(!resigned.counted());
});

test("a rematch: the same settings to the same opponent; colours swap in a friendly even game", () => {
  const game = {
    black: { name: "ann" }, white: { name: "bob" }, size: 13, rated: false, handicap: 0, komi: 6.5, ko: "simple",
    time: { system: "byoyomi", main_s: 60, periods: 3, period_s: 30 },
  };
  assert.deepEqual(rematch_challenge(game, "black"), {
    to: "bob",
    settings: { size: 13, rated: false, handicap: 0, komi: 6.5, ko: "simple", time: game.time, color: "white" },
  });
  assert.equal(rematch_challenge(game, "white").to, "ann");
  assert.equal(rematch_challenge(game, "white").settings.color, "black");
  assert.equal(rematch_challenge({ ...game, handicap: 3 }, "white").settings.color, "white", "the stones keep the seats");
  assert.equal(rematch_challenge({ ...game, rated: true }, "black").settings.color, "auto", "the server seats a rated game");
});

test("byo-yomi reading: main time, then periods used up one by one", () => {
  const time = { system: "byoyomi", main_s: 60, periods: 3, period_s: 30 };
  const side = { main_ms: 5000, periods: 3, period_ms: 30000 };
  assert.deepEqual(side_reading(time, side, 0),
    { main: "0:05", extra: "3 × 30s", urgent_ms: Infinity, stage: "main", periods: 3 });
  const in_period = side_reading(time, side, 10000);
  assert.equal(in_period.main, "0:25");
  assert.equal(in_period.stage, "byoyomi", "main time is over: the periods count");
  assert.equal(in_period.periods, 3);
  const next_period = side_reading(time, side, 40000);
  assert.equal(next_period.extra, "2 × 30s");
  assert.equal(next_period.periods, 2);
  assert.equal(next_period.main, "0:25");
  assert.equal(next_period.urgent_ms, 25000);
  assert.ok(side_reading(time, side, 90000).urgent_ms <= 10000, "last period nearly gone");
});

test("other clock systems", () => {
  assert.equal(side_reading({ system: "absolute", main_s: 60 }, { main_ms: 61000 }, 0).main, "1:01");
  assert.equal(side_reading({ system: "fischer", main_s: 60, increment_s: 5, max_s: 120 }, { main_ms: 9000 }, 0).urgent_ms, 9000);
  const canadian = side_reading({ system: "canadian", main_s: 0, stones: 10, period_s: 300 }, { main_ms: 0, stones: 4, period_ms: 120000 }, 0);
  assert.deepEqual([canadian.main, canadian.extra], ["2:00", "4 / 5:00"]);
  assert.equal(side_reading({ system: "none" }, {}, 0).main, "—");
  assert.equal(format_ms(3723000), "1:02:03");
});

test("ranks as numbers; rated results by the opponent's rank; the block's marks", () => {
  assert.equal(rank_value("1k"), -1);
  assert.equal(rank_value("1d"), 0);
  assert.equal(rank_value("18K"), -18);
  assert.equal(rank_value("9p"), null);
  for (const rank of ["18k", "1k", "1d", "9d"]) assert.equal(rank_name(rank_value(rank)), rank);
  const game = (id, black, white, result, rated = true) => ({ game: id, black, white, result, rated });
  const me = (rank) => ({ name: "me", rank });
  // Newest first, as user.games sends them.
  const games = [
    game(6, me("1d"), { name: "b", rank: "1k" }, "B+R"), // weaker, won
    game(5, { name: "c", rank: "1d" }, me("1d"), "B+3.5"), // equal, lost
    game(4, me("1d"), { name: "d", rank: "2d" }, "Draw"), // no result counted
    game(3, me("1k"), { name: "e", rank: "1d" }, "B+T"), // stronger (me 1k then), won
    game(2, me("1k"), { name: "f", rank: "1d" }, "W+R", false), // friendly: left out
    game(1, { name: "x", rank: "5k" }, { name: "y", rank: "5k" }, "B+R"), // not mine
  ];
  const results = rated_results(games, "me");
  assert.deepEqual(results.map((r) => [r.game.game, r.won]), [[6, true], [5, false], [3, true]]);
  // The game list's marks: friendly games too, none for a draw or others' games.
  assert.deepEqual(games.map((g) => game_mark(g, "me")), ["win", "loss", null, "win", "loss", null]);
  assert.deepEqual(results_by_opponent(results), {
    stronger: { wins: 1, losses: 0 }, equal: { wins: 0, losses: 1 }, weaker: { wins: 1, losses: 0 },
  });
  // The newest three agree with the counts: oldest first.
  const progress = { games: 3, wins: 2, losses: 1, block_size: 5 };
  assert.deepEqual(block_marks(progress, results), ["win", "loss", "win", "open", "open"]);
  assert.deepEqual(block_marks({ games: 2, wins: 1, losses: 1, block_size: 3 }, results), ["loss", "win", "open"]);
  // The list disagrees with the counts (a game turned friendly since): the
  // counts win, wins first.
  assert.deepEqual(block_marks({ games: 2, wins: 2, losses: 0, block_size: 3 }, results), ["win", "win", "open"]);
  assert.deepEqual(block_marks({ games: 3, wins: 1, losses: 2, block_size: 3 }, results), ["win", "loss", "loss"]);
  assert.deepEqual(block_marks(undefined, results), []);
});

test("games waiting for the player's move: not the one on the screen unless the tab is hidden", () => {
  const model = (id, to_move, phase = "play") => {
    const m = new GameModel(id);
    m.load_state({ seq: 1, size: 9, moves: [], black: { name: "me" }, white: { name: "you" }, to_move, phase });
    return m;
  };
  const games = new Map([[1, model(1, "black")], [2, model(2, "white")], [3, model(3, "black", "ended")], [4, model(4, "black")]]);
  const state = { user: { name: "me" }, games };
  assert.deepEqual(games_waiting(state, 1, false), [4]);
  assert.deepEqual(games_waiting(state, 1, true), [1, 4]);
  assert.deepEqual(games_waiting(state, null, false), [1, 4]);
  assert.deepEqual(games_waiting({ user: { name: "you" }, games }, null, false), [2]);
  assert.deepEqual(games_waiting({ user: null, games }, null, false), []);
});

// 1 D4 - 2 Q16 - 3 A1 (main line), 3 A2 under it, 2 C3 and 1 E5 as variations.
function sample_tree() {
  return new BoardTree({
    nodes: [
      { id: 0, parent: null },
      { id: 1, parent: 0, color: "black", vertex: "D4", number: 1 },
      { id: 2, parent: 1, color: "white", vertex: "Q16", number: 2 },
      { id: 3, parent: 1, color: "white", vertex: "C3", number: 2 },
      { id: 4, parent: 0, color: "black", vertex: "E5", number: 1 },
      { id: 5, parent: 2, color: "black", vertex: "A1", number: 3 },
      { id: 6, parent: 2, color: "black", vertex: "A2", number: 3 },
    ],
    current: 5,
    setup: { black: ["K10"], white: [] },
  });
}

test("an analysis board's tree: one row per variation, lines, neighbours above and below, cuts", () => {
  const tree = sample_tree();
  const rows = Object.fromEntries(tree.layout().cells.map((c) => [c.id, [c.row, c.col]]));
  assert.deepEqual(rows, { 0: [0, 0], 1: [0, 1], 2: [0, 2], 5: [0, 3], 6: [1, 3], 3: [2, 2], 4: [3, 1] });
  assert.deepEqual(tree.moves(6), [{ vertex: "D4", color: "black" }, { vertex: "Q16", color: "white" },
    { vertex: "A2", color: "black" }]);
  assert.equal(tree.to_move(0), "black");
  assert.equal(tree.to_move(2), "black");
  assert.equal(new BoardTree({ nodes: [{ id: 0, parent: null }], current: 0 }, 3).to_move(0), "white");
  assert.equal(tree.child(1), 2, "the main line goes on with the first child");
  assert.equal(tree.parent(1), 0);
  assert.equal(tree.beside(5, 1), 6);
  assert.equal(tree.beside(2, 1), 3);
  assert.equal(tree.beside(3, -1), 2);
  assert.equal(tree.beside(1, -1), null);
  assert.equal(tree.add({ id: 6, parent: 2, color: "black", vertex: "A2", number: 3 }), false, "a node is added once");
  const position = replay_colored(19, tree.setup, tree.moves(5));
  assert.equal(position.grid[9][9], "black", "the setup stone");
  assert.equal(position.last.number, 3);

  tree.cut(2);
  assert.deepEqual([...tree.nodes.keys()].sort(), [0, 1, 3, 4]);
  assert.equal(tree.current, 1, "the current node was inside the cut: its parent");
  assert.equal(tree.child(1), 3, "the variation left becomes the line");
  tree.cut(0);
  assert.equal(tree.nodes.size, 4, "the root stays");
});

test("an SGF record cut down to the game information and the moves", () => {
  const record = "(;FF[4]CA[UTF-8]GM[1]SZ[19]KM[6.5]HA[2]AB[dd][pp]PB[Ke Jie]PW[a\\]b]GN[final]DT[2024]C[intro]" +
    ";W[qd]C[first]BL[30](;B[dq]TR[aa];W[oq])(;C[only a comment])(;B[qo]LB[aa:1]))";
  assert.equal(trim_sgf(record, { comment_chars: 0 }),
    "(;SZ[19]KM[6.5]HA[2]AB[dd][pp]PB[Ke Jie]PW[a\\]b]GN[final];W[qd](;B[dq];W[oq])(;B[qo]))");
  assert.equal(trim_sgf(record),
    "(;SZ[19]KM[6.5]HA[2]AB[dd][pp]PB[Ke Jie]PW[a\\]b]GN[final]C[intro];W[qd]C[first](;B[dq];W[oq])" +
    "(;C[only a comment])(;B[qo]))", "comments kept, a comment-only node too");
  assert.equal(trim_sgf("(;SZ[9]RE[B+R]C[abcdef];B[aa]C[ab\\]cd])", { comment_chars: 3 }),
    "(;SZ[9]RE[B+R]C[abc…];B[aa]C[ab…])", "shortened, never inside an escape");
  assert.equal(trim_sgf("(;SZ[9];B[aa]C[围棋很好])", { comment_chars: 2 }), "(;SZ[9];B[aa]C[围棋…])", "by characters");
  assert.equal(trim_sgf("(;SZ[9];B[aa](;W[bb]))(;SZ[13])"), "(;SZ[9];B[aa];W[bb])", "the first game tree only");
  assert.equal(trim_sgf("(;AddBlack[aa]SZ[9])"), "(;AB[aa]SZ[9])", "old long names");
  for (const bad of ["", "(;B[aa", "hello", "(;B[aa];W[bb]"]) assert.throws(() => trim_sgf(bad), SgfError, bad);
  // A Fox record in GB2312 is read as its CA names it.
  const bytes = new Uint8Array([...Buffer.from("(;CA[gb2312]PB["), 0xc4, 0xe3, ...Buffer.from("])")]);
  assert.equal(decode_sgf(bytes), "(;CA[gb2312]PB[你])");
  assert.equal(decode_sgf(Buffer.from("(;PB[柯洁])")), "(;PB[柯洁])");
  assert.equal(record_name("(;SZ[9]PB[a;b]GN[club \\] game];B[aa]GN[later])"), "club ] game");
  assert.equal(record_name("(;SZ[9];B[aa]GN[later])"), "", "a name in a later node is not the game's");
  assert.equal(record_name("(;GN[round\\\n 3\n final])"), "round 3 final", "on one line");
});

// The moves of an SGF game tree per variation, for comparing shapes: each
// variation is {moves: ["B[pd]", ...], variations: [...]}; nodes without a
// move add nothing, a variation without moves gives way to its variations
// and a single variation continues the line above it. Throws unless the text
// is exactly one well-formed game tree.
function move_lines(text) {
  const token = /\s*(\(|\)|;|[A-Za-z]+|\[(?:\\[^]|[^\]\\])*\])/y;
  const tokens = [];
  for (let found; token.lastIndex < text.length && (found = token.exec(text));) tokens.push(found[1]);
  if (token.lastIndex < text.length && text.slice(token.lastIndex).trim()) throw new Error(`cannot read ${text}`);
  let i = 0;
  const expect = (wanted) => {
    if (tokens[i++] !== wanted) throw new Error(`${wanted} wanted at token ${i - 1} of ${text}`);
  };
  const tree = () => {
    expect("(");
    const moves = [];
    if (tokens[i] !== ";") throw new Error(`a game tree without a node in ${text}`);
    while (tokens[i] === ";") {
      i++;
      let move = "";
      while (/^[A-Za-z]+$/.test(tokens[i] ?? "")) {
        const name = tokens[i++];
        if (!tokens[i]?.startsWith("[")) throw new Error(`${name} has no value in ${text}`);
        while (tokens[i]?.startsWith("[")) if (name === "B" || name === "W") move += name + tokens[i++]; else i++;
      }
      if (move) moves.push(move);
    }
    const variations = [];
    while (tokens[i] === "(") variations.push(...tree());
    expect(")");
    if (!moves.length) return variations;
    if (variations.length === 1) return [{ moves: [...moves, ...variations[0].moves], variations: variations[0].variations }];
    return [{ moves, variations }];
  };
  const lines = tree();
  if (i !== tokens.length) throw new Error(`more than one game tree in ${text}`);
  return lines;
}

test("an SGF record keeps the longest comments that fit", () => {
  const note = "很长的评注".repeat(200); // 1,000 characters
  const record = `(;SZ[9]C[${note}];B[ee]C[${note}];W[dd]C[short])`;
  const whole = fit_sgf(record, () => true);
  assert.equal(whole.comments, "whole");
  assert.equal(whole.sgf, trim_sgf(record));
  const limit = (bytes) => (sgf) => new TextEncoder().encode(sgf).length <= bytes;
  const shortened = fit_sgf(record, limit(2000));
  assert.equal(shortened.comments, "shortened");
  assert.ok(new TextEncoder().encode(shortened.sgf).length <= 2000);
  assert.ok(shortened.sgf.includes("C[short]"), "a short comment stays whole");
  assert.ok(shortened.sgf.includes("…]"));
  const bare = fit_sgf(record, limit(40));
  assert.deepEqual(bare, { sgf: "(;SZ[9];B[ee];W[dd])", comments: "left_out" });
  assert.equal(fit_sgf(record, limit(10)), null, "not even the moves fit");
  assert.throws(() => fit_sgf("(;B[aa", () => true), SgfError);
});

test("an SGF record's variations keep their moves and shape when whole variations are emptied", () => {
  const cases = [
    ["(;GM[1]SZ[19](;C[x](;B[pd];W[dd])))", "(;SZ[19];B[pd];W[dd])",
      "an emptied only variation: its moves continue the line"],
    ["(;SZ[19](;C[x](;B[pd])(;B[dd])))", "(;SZ[19](;B[pd])(;B[dd]))",
      "an emptied only variation with two variations: both stay"],
    ["(;SZ[19];B[pd](;C[x];TR[aa](;W[dd](;B[pp];W[dp]))))", "(;SZ[19];B[pd];W[dd];B[pp];W[dp])",
      "an emptied variation in the middle of the main line"],
    ["(;SZ[19];B[pd](;C[x](;W[dd];B[pp]))(;W[dp]))", "(;SZ[19];B[pd](;W[dd];B[pp])(;W[dp]))",
      "an emptied variation beside another stays a variation of its own"],
    ["(;SZ[9];B[aa](;C[x](;W[bb])(;W[cc]))(;C[y](;W[dd])(;W[ee])))", "(;SZ[9];B[aa](;W[bb])(;W[cc])(;W[dd])(;W[ee]))",
      "emptied variations beside each other: all their variations side by side"],
    ["(;SZ[19](;C[a](;C[b](;C[c](;B[pd](;C[d](;W[dd])(;W[dp])))))))", "(;SZ[19];B[pd](;W[dd])(;W[dp]))",
      "emptied variations nested deep"],
    ["(;SZ[9](;C[a])(;C[b](;C[c])))", "(;SZ[9])", "nothing but comments under the root"],
  ];
  // Deeper still: every level an emptied variation holding a move with two variations.
  let deep = "";
  let deep_trimmed = "";
  for (let level = 19; level >= 0; level--) {
    const move = `${level % 2 ? "W" : "B"}[${String.fromCharCode(97 + level)}a]`;
    const side = `${level % 2 ? "W" : "B"}[${String.fromCharCode(97 + level)}s]`;
    deep = `(;C[level ${level}](;${move}${deep})(;${side}))`;
    deep_trimmed = `(;${move}${deep_trimmed})(;${side})`;
  }
  cases.push([`(;SZ[19]${deep})`, `(;SZ[19]${deep_trimmed})`, "twenty levels of emptied variations with two variations each"]);
  for (const [record, trimmed, what] of cases) {
    assert.equal(trim_sgf(record, { comment_chars: 0 }), trimmed, what);
    assert.deepEqual(move_lines(trim_sgf(record, { comment_chars: 0 })), move_lines(record),
      `${what}: same moves, same shape`);
  }
  assert.throws(() => move_lines("(;GM[1]SZ[19]B[pd];W[dd)"), "the checker refuses a broken record");
  assert.throws(() => move_lines("(;SZ[19];B[pd])(;B[dd])"), "the checker refuses a second game tree");
});

test("the server's common reasons for a refusal are read as text keys; others are left as written", () => {
  assert.deepEqual(refusal_reason("bad_request", "no group of this tournament takes your rank"), { key: "reason_no_group", params: {} });
  assert.deepEqual(refusal_reason("bad_request", "password: at least 8 bytes"), { key: "reason_password_short", params: { n: "8" } });
  assert.deepEqual(refusal_reason("bad_request", "field 'password': longer than 1024 bytes"),
    { key: "reason_password_long", params: { n: "1024" } });
  assert.deepEqual(refusal_reason("bad_request", "name: too short (at least 2 characters)"), { key: "reason_name_short", params: { n: "2" } });
  assert.deepEqual(refusal_reason("bad_request", "name: only letters, digits, '_' and '-' are allowed"),
    { key: "reason_name_characters", params: {} });
  assert.deepEqual(refusal_reason("bad_request", "name: mixes digits of different scripts"),
    { key: "reason_name_other", params: { reason: "mixes digits of different scripts" } });
  assert.deepEqual(refusal_reason("bad_request", "field 'name': must not be empty"), { key: "reason_empty_name", params: {} });
  assert.deepEqual(refusal_reason("bad_request", "field 'text': longer than 300 characters"), { key: "reason_too_long", params: { n: "300" } });
  assert.deepEqual(refusal_reason("name_taken", "the name Ann looks too much like the name ann, which is taken"),
    { key: "reason_name_lookalike", params: { other: "ann" } });
  assert.deepEqual(refusal_reason("rate_limited", "too many new accounts from this address: at most 5 an hour; try again in 12 min"),
    { key: "reason_signups", params: { minutes: "12" } });
  // The same words under another code, and reasons nobody listed, are not read.
  assert.equal(refusal_reason("conflict", "password: at least 8 bytes"), null);
  assert.equal(refusal_reason("bad_request", "field 'settings.komi': expected a number"), null);
  assert.equal(refusal_reason("name_taken", "the name ann is taken"), null);
});

test("moves tried on a finished game: colours from the game's next, no stone on a stone, no suicide, captures", () => {
  // 5x5, the game: Black C3, White A2, Black D4, White B1; the line starts after move 4.
  const model = { size: 5, handicap_stones: [], moves: ["C3", "A2", "D4", "B1"] };
  const line = new TrialLine(model, 4);
  assert.equal(line.next_color(), "black");
  assert.equal(line.play("C3"), false, "C3 holds a stone");
  assert.equal(line.play("A1"), false, "A1, between White's A2 and B1, is a suicide for Black");
  assert.equal(line.next_color(), "black", "a refused move keeps the turn");
  for (const vertex of ["B2", "E5", "A3", "E4"]) assert.equal(line.play(vertex), true, vertex);
  assert.equal(line.play("A1"), true, "now A1 takes A2");
  const position = line.position();
  assert.equal(position.grid[3][0], null, "A2 is taken");
  assert.equal(position.captures.black, 1);
  line.undo();
  assert.equal(line.position().grid[3][0], "white", "taking the move back brings A2 again");
  // A line from an earlier move: the game's later moves are not on the board.
  assert.equal(new TrialLine(model, 1).position().grid[3][0], null);
  assert.equal(new TrialLine(model, 1).next_color(), "white");
  // After a handicap White moves first.
  assert.equal(new TrialLine({ size: 9, handicap_stones: ["C3", "G7"], moves: [] }, 0).next_color(), "white");
});

test("a review's graph and its biggest mistakes, by winning chance or by score", () => {
  const moves = [{ color: "black", vertex: "E5" }, { color: "white", vertex: "C3" }, { color: "black", vertex: "G7" },
    { color: "white", vertex: "pass" }];
  const rates = [0.5, 0.52, 0.2, 0.21, 0.6].map((winrate, move) =>
    ({ move, winrate, best: [{ vertex: `A${move + 1}`, line: [`A${move + 1}`, "B1"] }] }));
  assert.equal(review_measure(rates), "winrate");
  assert.deepEqual(graph_values(rates), [0.5, 0.52, 0.2, 0.21, 0.6]);
  // Black's E5 gained, White's C3 gained for White (Black fell to 0.2), Black's G7 gained a little;
  // White's pass let Black up from 0.21 to 0.6: a loss of 0.39 for White.
  const found = biggest_mistakes(rates, moves);
  assert.deepEqual(found.map((m) => [m.move, m.color, Math.round(m.loss * 100)]), [[4, "white", 39]]);
  assert.equal(found[0].best, "A4");
  assert.deepEqual(found[0].line, ["A4", "B1"]);

  const scores = [3, -5, 20, null, 10].map((score, move) => (score === null ? { move } : { move, score }));
  assert.equal(review_measure(scores), "score");
  assert.deepEqual(graph_values(scores), [0.55, 0.5 - 5 / 60, 0.5 + 20 / 60, null, 0.5 + 10 / 60]);
  const by_score = biggest_mistakes(scores, moves);
  // Black's E5 lost 8 points, White's C3 25; a position without a figure decides nothing.
  assert.deepEqual(by_score.map((m) => [m.move, m.loss]), [[2, 25], [1, 8]]);
  assert.equal(by_score[0].best, null);
  assert.deepEqual(biggest_mistakes(scores, moves, 1).map((m) => m.move), [2]);
  assert.deepEqual(biggest_mistakes(scores, moves, 5, 10).map((m) => m.move), [2]);
  assert.deepEqual(graph_values([{ move: 0, score: 100 }, { move: 1, score: -100 }]), [1, 0]);
});


// The starter library's bent three (tsumego/library/starter.sgf), Black to kill.
const bent_three = {
  id: 1, size: 19, to_move: "black", goal: "kill", solved: null, view: ["A19", "E15"],
  black: ["D19", "D18", "D17", "C17", "C16", "B16", "A16"], white: ["C19", "C18", "B18", "B17", "A17"],
};

test("problem routes keep the list a problem was opened from", () => {
  assert.deepEqual(problem_route("#/problems"), { name: "problems", theme: null });
  assert.deepEqual(problem_route("#/problems?theme=vital%20point"), { name: "problems", theme: "vital point" });
  assert.deepEqual(problem_route("#/problem/12?theme=corner"), { name: "problem", id: 12, theme: "corner" });
  assert.deepEqual(problem_route("#/problem/12"), { name: "problem", id: 12, theme: null });
  assert.equal(problem_route("#/problem/abc"), null);
  assert.equal(problem_route("#/board/3"), null);
  assert.equal(problem_route("#/problems/extra"), null);
  assert.equal(problems_href("vital point"), "#/problems?theme=vital%20point");
  assert.equal(problem_href(7, "角&边"), `#/problem/7?theme=${encodeURIComponent("角&边")}`);
  assert.deepEqual(problem_route(problem_href(7, "角&边")), { name: "problem", id: 7, theme: "角&边" });
  assert.equal(problem_href(7), "#/problem/7");
});

test("a problem's goal, themes and the player's mark in words", () => {
  const words = { problem_goal_black_kill: "Black to kill", problem_goal_white_live: "White to live",
    problem_goal_white: "White to play", problem_theme_vital_point: "要点" };
  const t = (key) => words[key] ?? key;
  const has_text = (key) => key in words;
  assert.equal(goal_text(bent_three, t), "Black to kill");
  assert.equal(goal_text({ ...bent_three, to_move: "white", goal: "live" }, t), "White to live");
  assert.equal(goal_text({ ...bent_three, to_move: "white", goal: null }, t), "White to play");
  assert.equal(theme_text("Vital point", t, has_text), "要点");
  assert.equal(theme_text("snapback", t, has_text), "snapback", "a theme without a translation is shown as written");
  assert.equal(solved_mark(true), "solved");
  assert.equal(solved_mark(false), "tried");
  assert.equal(solved_mark(null), null);
});

test("an attempt's moves alternate from the side to move; the capture shows on the board", () => {
  assert.deepEqual(attempt_moves({ to_move: "white" }, ["A19", "B19"]),
    [{ vertex: "A19", color: "white" }, { vertex: "B19", color: "black" }]);
  const { grid, last } = problem_position(bent_three, ["A19", "B19", "A18"]);
  const at = (vertex) => {
    const point = from_vertex(vertex, 19);
    return grid[point.y][point.x];
  };
  // Black's A18 takes the whole white group, B19 with it.
  for (const vertex of ["C19", "C18", "B18", "B17", "A17", "B19"]) assert.equal(at(vertex), null, vertex);
  assert.equal(at("A19"), "black");
  assert.equal(at("A18"), "black");
  assert.deepEqual(last, { vertex: "A18", color: "black", number: 3 });
  assert.equal(problem_position(bent_three, []).last, null);
});

test("a problem's part of the board, grown for a move outside it", () => {
  assert.deepEqual(view_region(bent_three), { left: 0, top: 0, right: 4, bottom: 4 });
  assert.deepEqual(view_region({ ...bent_three, view: ["E15", "A19"] }), { left: 0, top: 0, right: 4, bottom: 4 });
  assert.deepEqual(view_region(bent_three, ["G19", "pass"]), { left: 0, top: 0, right: 6, bottom: 4 });
  assert.equal(view_region({ ...bent_three, view: ["A19", "T1"] }), null, "the whole board");
  assert.equal(view_region({ ...bent_three, view: undefined }), null);
  assert.equal(view_region({ ...bent_three, view: ["A19", "Z99"] }), null);
});

test("what an attempt allows and counts for", () => {
  const playing = { moves: [], state: "playing", rated: true, hinted: false };
  assert.equal(may_play(true, null, null), true, "the first move starts an attempt");
  assert.equal(may_play(false, null, null), false, "a visitor");
  assert.equal(may_play(true, playing, "A19"), false, "a move waits for its answer");
  assert.equal(may_play(true, { ...playing, state: "failed" }, null), false);
  assert.equal(attempt_note(bent_three, null), "rated", "never tried: the first attempt is rated");
  assert.equal(attempt_note({ ...bent_three, solved: false }, null), "unrated");
  assert.equal(attempt_note(bent_three, playing, true), "hinted");
  assert.equal(attempt_note(bent_three, { ...playing, hinted: true }), "hinted");
  assert.equal(attempt_note(bent_three, { ...playing, rated: false }, true), "unrated");
  assert.equal(attempt_note(bent_three, { ...playing, state: "solved" }), null);
  assert.equal(answer_words("RIGHT"), "", "a bare mark repeats the verdict");
  assert.equal(answer_words(" 正解。"), "");
  assert.equal(answer_words("Right. 正解。"), "", "the starter library's marks in both languages");
  assert.equal(answer_words("Wrong: White takes the vital point and lives."), "Wrong: White takes the vital point and lives.");
  assert.equal(answer_words(undefined), "");
  assert.equal(signed(12), "+12");
  assert.equal(signed(-7.4), "\u22127");
  assert.equal(signed(0), "\u00b10");
});
