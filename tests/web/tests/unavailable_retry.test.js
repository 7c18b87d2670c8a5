// The client's link sends a request again when the server refuses it as `unavailable` (a game whose server is
// being replaced: nothing was done), after the `retry_after_ms` the server gives, and only then. Run in Node over
// a stand-in socket that answers as the server would during a takeover; the server's side is the cluster e2e test
// (tests/e2e/server/cluster_bus_test.cpp).

import { test } from "node:test";
import assert from "node:assert/strict";
import { Connection } from "../../../web/js/connection.js";

// Answers each request with the next scripted reply (the last one over and over), and notes what it was sent.
class ScriptedSocket {
  static OPEN = 1;
  static script = [];
  static sent = [];
  constructor() {
    this.readyState = ScriptedSocket.OPEN;
    setTimeout(() => this.onopen && this.onopen(), 0);
  }
  send(frame) {
    const request = JSON.parse(frame);
    ScriptedSocket.sent.push({ request, at: Date.now() });
    const reply = ScriptedSocket.script.length > 1 ? ScriptedSocket.script.shift() : ScriptedSocket.script[0];
    setTimeout(() => this.onmessage({ data: JSON.stringify({ ...reply, re: request.id }) }), 0);
  }
  close() {}
}

async function open_link(script) {
  ScriptedSocket.script = script;
  ScriptedSocket.sent = [];
  globalThis.WebSocket = ScriptedSocket;
  const link = new Connection("ws://stand-in");
  const opened = new Promise((resolve) => link.on_open(resolve));
  link.connect();
  await opened;
  return link;
}

const unavailable = { type: "error", code: "unavailable", message: "being replaced", retry_after_ms: 30 };
const move = { type: "game.move", game: 7, vertex: "C3" };

test("a move refused as unavailable is sent again after the hint until it is played", async () => {
  const link = await open_link([unavailable, unavailable, { type: "ok" }]);
  const reply = await link.request(move);
  assert.equal(reply.type, "ok");
  const sent = ScriptedSocket.sent;
  assert.equal(sent.length, 3);
  assert.deepEqual(sent.map((s) => s.request.vertex), ["C3", "C3", "C3"]);
  assert.equal(new Set(sent.map((s) => s.request.id)).size, 3);
  for (let i = 1; i < sent.length; ++i) assert.ok(sent[i].at - sent[i - 1].at >= 25);
});

test("other refusals, and unavailable without a hint, reach the caller at once", async () => {
  let link = await open_link([{ type: "error", code: "not_found", message: "no game" }]);
  await assert.rejects(link.request(move), (err) => err.code === "not_found");
  assert.equal(ScriptedSocket.sent.length, 1);

  link = await open_link([{ type: "error", code: "unavailable", message: "being replaced" }]);
  await assert.rejects(link.request(move), (err) => err.code === "unavailable" && err.retry_after_ms === undefined);
  assert.equal(ScriptedSocket.sent.length, 1);
});
