// What the problem pages (死活题) work out without the DOM: their routes and
// links, a problem's goal and themes in words, the position of an attempt
// (the player's moves and the answers alternate from the side to move), the
// part of the board a problem uses, and what an attempt allows and counts
// for. Text goes through the `t` (and `has_text`) given, so this runs in Node.

import { replay_colored } from "./position.js";
import { from_vertex, other_color } from "./vertex.js";

const goals = ["live", "kill", "ko", "capture"];

// #/problems[?theme=T] the library, #/problem/ID[?theme=T] one problem (the
// theme is the list its Next goes on with); null for any other address.
export function problem_route(hash) {
  const [path, query = ""] = String(hash).replace(/^#\/?/, "").split("?");
  const parts = path.split("/");
  const theme = new URLSearchParams(query).get("theme") || null;
  if (parts[0] === "problems" && !parts[1]) return { name: "problems", theme };
  if (parts[0] === "problem" && /^\d+$/.test(parts[1] || "")) return { name: "problem", id: Number(parts[1]), theme };
  return null;
}

const theme_query = (theme) => (theme ? `?theme=${encodeURIComponent(theme)}` : "");

export function problems_href(theme = null) {
  return `#/problems${theme_query(theme)}`;
}

export function problem_href(id, theme = null) {
  return `#/problem/${id}${theme_query(theme)}`;
}

// "Black to kill" / "黑先杀"; a goal the page does not know reads as "Black to play".
export function goal_text(problem, t) {
  const color = problem.to_move === "white" ? "white" : "black";
  return goals.includes(problem.goal) ? t(`problem_goal_${color}_${problem.goal}`) : t(`problem_goal_${color}`);
}

// The library's themes are its own words (often English); the common ones
// have a translation, any other is shown as written.
export function theme_text(theme, t, has_text) {
  const key = `problem_theme_${String(theme).toLowerCase().replace(/[^a-z0-9]+/g, "_")}`;
  return has_text(key) ? t(key) : theme;
}

// A summary's `solved` as a mark: solved once, tried and never solved, or none.
export function solved_mark(solved) {
  if (solved === true) return "solved";
  if (solved === false) return "tried";
  return null;
}

// An attempt's moves with their colours: the side to move first, then the answer, in turn.
export function attempt_moves(problem, moves) {
  const first = problem.to_move === "white" ? "white" : "black";
  return moves.map((vertex, i) => ({ vertex, color: i % 2 === 0 ? first : other_color(first) }));
}

// The board after the attempt's moves: {grid, last, numbers, captures}.
export function problem_position(problem, moves) {
  return replay_colored(problem.size, { black: problem.black || [], white: problem.white || [] },
    attempt_moves(problem, moves));
}

// The rectangle of the board the problem uses ({left, top, right, bottom} in
// points from the top left), grown to hold any of `vertices` (the moves
// played, a hint) that fall outside it; null for the whole board (no view,
// one the page cannot read, or one that is the whole board anyway).
export function view_region(problem, vertices = []) {
  const corners = (problem.view || []).map((vertex) => from_vertex(vertex, problem.size));
  if (corners.length !== 2 || corners.some((point) => !point)) return null;
  const points = [...corners, ...vertices.map((vertex) => from_vertex(vertex, problem.size)).filter(Boolean)];
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const region = { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
  const end = problem.size - 1;
  if (region.left === 0 && region.top === 0 && region.right === end && region.bottom === end) return null;
  return region;
}

// Whether a move may be sent: signed in, nothing waiting for its answer, and
// the attempt (a new one starts with the move when there is none) not over.
export function may_play(signed_in, attempt, waiting) {
  return Boolean(signed_in) && !waiting && (!attempt || attempt.state === "playing");
}

// What the attempt being played counts for: "rated" (the player's first at
// this problem), "hinted" (rated, but a hint makes it count as failed),
// "unrated"; null once it is over. Without an attempt, the next move starts
// a rated one only when the player has never tried the problem.
export function attempt_note(problem, attempt, hint_used = false) {
  if (attempt && attempt.state !== "playing") return null;
  const rated = attempt ? Boolean(attempt.rated) : problem.solved === null || problem.solved === undefined;
  if (!rated) return "unrated";
  return (attempt && attempt.hinted) || hint_used ? "hinted" : "rated";
}

// The answer tree's words after a move, unless they only repeat the verdict
// the page shows anyway ("RIGHT", "Right. 正解。").
const mark_words = /right|wrong|correct|incorrect|fail(ed)?|正解|正确|正確|失败|失敗|错误|錯誤/gi;
export function answer_words(comment) {
  if (!comment) return "";
  return comment.replace(mark_words, "").replace(/[\s\p{P}]/gu, "") ? comment : "";
}

// A rating change with its sign: "+12", "−7" (a minus sign), "±0".
export function signed(change) {
  const n = Math.round(Number(change) || 0);
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${-n}`;
  return "\u00b10";
}
