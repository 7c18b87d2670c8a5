// One module owns the wire protocol: web/js/protocol.js names every request
// the client sends and every event it reads, and no other module of web/js
// spells a wire type. Run in Node without a server or a browser: the modules
// are read as text, their string literals (comments left out) compared with
// the names protocol.js exports.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import * as protocol from "../../../web/js/protocol.js";
import { repo_root } from "../lib/server.js";

const js_dir = path.join(repo_root, "web", "js");
const protocol_file = "protocol.js";

// Every request type, read from the builders (each called with stand-in arguments).
function request_types() {
  const types = new Set();
  for (const value of Object.values(protocol)) {
    if (typeof value !== "function" || value === protocol.is_game_event) continue;
    const message = value(1, 2, 3);
    assert.equal(typeof message.type, "string", `${value.name} builds a request with a type`);
    types.add(message.type);
  }
  return types;
}

function wire_names() {
  return new Set([...request_types(), ...Object.values(protocol.Event), ...Object.values(protocol.Reply)]);
}

// The string literals of a module's source with the code just before each
// ("... .request(" for `.request("x"`), comments and regular expressions
// skipped; a template's text between its ${...} parts counts as literals.
export function string_literals(source) {
  const found = [];
  let i = 0;
  const n = source.length;
  const last_code = () => {
    let j = i - 1;
    while (j >= 0 && /\s/.test(source[j])) j--;
    return j >= 0 ? source[j] : "";
  };
  const read_quoted = (quote) => {
    const start = i;
    let value = "";
    i++;
    while (i < n && source[i] !== quote) {
      if (source[i] === "\\") {
        value += source[i + 1];
        i += 2;
      } else value += source[i++];
    }
    i++;
    found.push({ value, before: source.slice(Math.max(0, start - 40), start) });
  };
  const skip_regex = () => {
    i++;
    let in_class = false;
    while (i < n && (in_class || source[i] !== "/")) {
      if (source[i] === "\\") i++;
      else if (source[i] === "[") in_class = true;
      else if (source[i] === "]") in_class = false;
      i++;
    }
    i++;
  };
  // Code up to the `}` that closes a template's ${ (depth 0), or the end.
  const scan_code = (in_template) => {
    let depth = 0;
    while (i < n) {
      const c = source[i];
      const next = source[i + 1];
      if (c === "/" && next === "/") {
        const end = source.indexOf("\n", i);
        i = end < 0 ? n : end;
      } else if (c === "/" && next === "*") {
        const end = source.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
      } else if (c === "/" && (last_code() === "" || "(,=:[!&|?{};+-*%<>~^".includes(last_code()) ||
                                /\breturn\s*$/.test(source.slice(0, i)))) {
        skip_regex();
      } else if (c === '"' || c === "'") {
        read_quoted(c);
      } else if (c === "`") {
        scan_template();
      } else {
        if (c === "{") depth++;
        if (c === "}") {
          if (in_template && depth === 0) {
            i++;
            return;
          }
          depth--;
        }
        i++;
      }
    }
  };
  const scan_template = () => {
    const start = i;
    i++;
    let value = "";
    const push = () => found.push({ value, before: source.slice(Math.max(0, start - 40), start) });
    while (i < n && source[i] !== "`") {
      if (source[i] === "\\") {
        value += source[i + 1];
        i += 2;
      } else if (source[i] === "$" && source[i + 1] === "{") {
        push();
        value = "";
        i += 2;
        scan_code(true);
      } else value += source[i++];
    }
    i++;
    push();
  };
  scan_code(false);
  return found;
}

// Wire types spelled in `source`: any literal that is a dotted wire name or
// starts with one of the protocol's prefixes ("game."), and a one-word wire
// name ("hello", "follow") where it is used as one: sent, listened to,
// compared with a message's type or set as one.
export function wire_literals(source, names) {
  const prefixes = new Set([...names].filter((name) => name.includes(".")).map((name) => name.split(".")[0]));
  const dotted = (value) => names.has(value) ? value.includes(".") : prefixes.has(value.split(".")[0]) && value.includes(".");
  const as_type = /(\.request\(|\.on\(|\bsend\(|type\s*[!=]==?\s*|\bcase\s+|\btype:\s*|\[\s*)$/;
  return string_literals(source)
    .filter(({ value, before }) => dotted(value) || (names.has(value) && as_type.test(before)))
    .map(({ value }) => value);
}

test("the scan finds wire types in code and leaves comments and other words alone", () => {
  const names = wire_names();
  const code = [
    'app.request("game.move", { game, vertex }); // "game.pass" in a comment',
    "/* connection.on(\"lobby.seek\") */ connection.on('lobby.user', f);",
    "if (event.type === \"notice\") show(); if (e.type.startsWith(`game.`)) x();",
    "switch (m.type) { case \"kicked\": break; }",
    "const line = `${\"board.watch\"}`; const re = /\"game.end\"/;",
    'play_sound("challenge"); t("follow"); h("button", { class: "unfollow" });',
    'send({ type: "hello" }); const key = "yunzi.token";',
  ].join("\n");
  assert.deepEqual(wire_literals(code, names), ["game.move", "lobby.user", "notice", "game.", "kicked", "board.watch", "hello"]);
});

test("no module of web/js but protocol.js spells a wire type", async () => {
  const names = wire_names();
  const files = (await readdir(js_dir)).filter((file) => file.endsWith(".js") && file !== protocol_file);
  assert.ok(files.length > 30, `the client's modules (${files.length})`);
  const offenders = [];
  for (const file of files) {
    const found = wire_literals(await readFile(path.join(js_dir, file), "utf8"), names);
    if (found.length) offenders.push(`${file}: ${found.join(", ")}`);
  }
  assert.deepEqual(offenders, [], "wire types belong in web/js/protocol.js");
});

test("protocol.js names each wire type once, every one documented in protocol/README.md", async () => {
  const readme = await readFile(path.join(repo_root, "protocol", "README.md"), "utf8");
  const events = Object.values(protocol.Event);
  assert.equal(new Set(events).size, events.length, "each event named once");
  for (const name of wire_names()) {
    assert.ok(readme.includes(`\`${name}\``) || new RegExp(`^###.*\\b${name.replaceAll(".", "\\.")}\\b`, "m").test(readme),
      `${name} is in protocol/README.md`);
  }
  // The protocol file itself spells each request type in one builder only
  // (and in Event when an event has the same name, as board.cut has).
  const source = await readFile(path.join(js_dir, protocol_file), "utf8");
  for (const type of request_types()) {
    const spelled = string_literals(source).filter(({ value }) => value === type).length;
    assert.equal(spelled, events.includes(type) ? 2 : 1, `${type} is spelled once in protocol.js`);
  }
});

test("requests carry their fields as the server reads them", () => {
  assert.deepEqual(protocol.hello(), { type: "hello", protocol: 1, client: "yunzi-web/1.0" });
  assert.deepEqual(protocol.game_watch(7), { type: "game.watch", game: 7 });
  assert.deepEqual(protocol.game_watch(7, 12), { type: "game.watch", game: 7, since: 12 });
  assert.deepEqual(protocol.game_dead(7, "C3", true), { type: "game.dead", game: 7, vertex: "C3", dead: true });
  assert.deepEqual(protocol.game_score_accept(7, 15), { type: "game.score.accept", game: 7, marking_version: 15 });
  assert.deepEqual(protocol.board_play(3, 0, "D4"), { type: "board.play", board: 3, from: 0, vertex: "D4" });
  assert.deepEqual(protocol.message_history({ with: "ann", before: 9, limit: 50 }),
    { type: "message.history", with: "ann", before: 9, limit: 50 });
  assert.deepEqual(protocol.tournament_pairings(4, 2), { type: "tournament.pairings", tournament: 4, round: 2 });
  assert.deepEqual(protocol.challenge_decline(5), { type: "challenge.decline", challenge: 5 });
  assert.deepEqual(protocol.problem_get(12), { type: "problem.get", problem: 12 });
  assert.deepEqual(protocol.problem_get("daily"), { type: "problem.get", daily: true });
  assert.deepEqual(protocol.problem_move(12, "A19"), { type: "problem.move", problem: 12, move: "A19" });
  assert.deepEqual(protocol.problem_list({ theme: "corner", after: 12, limit: 20 }),
    { type: "problem.list", theme: "corner", after: 12, limit: 20 });
  assert.deepEqual(protocol.problem_stats("ann"), { type: "problem.stats", user: "ann" });
  // A request's own fields never replace its type.
  assert.equal(protocol.board_create({ type: "x", size: 9 }).type, "board.create");
  assert.ok(protocol.is_game_event({ type: "game.move", game: 1 }));
  assert.ok(!protocol.is_game_event({ type: "lobby.game", game: 1 }));
});
