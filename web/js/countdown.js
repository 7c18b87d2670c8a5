// Text counting down to a moment the server named (a round's start): an
// element whose words are redrawn every second by one timer for the whole
// page, which stops while no countdown is shown.

import { h } from "./dom.js";

const tick_ms = 250; // often enough that the seconds change on time
const shown = new Set();
let timer = null;

// "0:45", "12:03": minutes and seconds left, never below 0:00.
export function time_left_text(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function draw(entry) {
  const left = entry.until_ms - Date.now();
  const text = entry.words(time_left_text(left), left);
  if (entry.element.textContent !== text) entry.element.textContent = text;
}

function tick() {
  for (const entry of shown) {
    // Let go of what left the page (an element never attached goes after its first second).
    if (entry.element.isConnected) entry.attached = true;
    else if (entry.attached || Date.now() - entry.created_ms > 1000) shown.delete(entry);
    else continue;
    if (entry.attached) draw(entry);
  }
  if (shown.size === 0) {
    clearInterval(timer);
    timer = null;
  }
}

// A `tag` element (with `attrs`) reading words(left_text, left_ms) until `until_ms` and after (left 0:00, left_ms
// below 0: the moment has come but what it brings may still be on its way).
export function countdown(until_ms, words, tag = "span", attrs = {}) {
  const entry = { element: h(tag, { ...attrs, "data-until": until_ms }), until_ms, words, attached: false, created_ms: Date.now() };
  draw(entry);
  shown.add(entry);
  if (timer === null) timer = setInterval(tick, tick_ms);
  return entry.element;
}
