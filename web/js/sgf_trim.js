// An SGF record made small enough to send in board.create: the first game
// tree with its variations, keeping only the game information the board
// uses, the result, the moves and the comments (SZ KM HA AB AW PB PW GN RE
// B W C); marks, times and everything else go, and so do nodes left empty.
// Comments can be shortened or left out to fit a frame. Also reads a file's
// bytes in the encoding its CA[] names (Fox writes GB2312/GBK records),
// else UTF-8, else GB18030. Knows nothing about the DOM or the socket.

const kept = new Set(["SZ", "KM", "HA", "AB", "AW", "PB", "PW", "GN", "RE", "B", "W", "C"]);

// A raw (still escaped) comment cut to `chars` characters with "…", never
// inside an escape; null when comments are left out.
function shortened_comment(raw, chars) {
  if (chars <= 0) return null;
  const characters = Array.from(raw);
  if (characters.length <= chars) return raw;
  let cut = characters.slice(0, chars);
  let backslashes = 0;
  for (let i = cut.length - 1; i >= 0 && cut[i] === "\\"; i--) backslashes++;
  if (backslashes % 2) cut = cut.slice(0, -1);
  return `${cut.join("")}…`;
}

export class SgfError extends Error {}

// The record's text from a file's bytes (an ArrayBuffer or Uint8Array).
export function decode_sgf(bytes) {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const head = new TextDecoder("latin1").decode(data.subarray(0, 4096));
  const named = /CA\s*\[\s*([^\]\s]+)\s*\]/i.exec(head);
  if (named) {
    try {
      return new TextDecoder(named[1].toLowerCase()).decode(data);
    } catch {
      // an encoding the browser does not know: guess below
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    return new TextDecoder("gb18030").decode(data);
  }
}

// The first game tree: {nodes: [[[name, [raw values]], ...], ...], children: [trees]}.
function parse(text) {
  let i = 0;
  const space = () => { while (i < text.length && /\s/.test(text[i])) i++; };
  const value = () => {
    const start = ++i; // after "["
    while (i < text.length && text[i] !== "]") i += text[i] === "\\" ? 2 : 1;
    if (i >= text.length) throw new SgfError("a value is not closed");
    return text.slice(start, i++);
  };
  const node = () => {
    i++; // ";"
    const props = [];
    for (space(); i < text.length && /[A-Za-z]/.test(text[i]); space()) {
      let name = "";
      while (i < text.length && /[A-Za-z]/.test(text[i])) name += text[i++];
      space();
      if (text[i] !== "[") throw new SgfError(`property ${name} has no value`);
      const values = [];
      for (; text[i] === "["; space()) values.push(value());
      // Old records spell names with lower-case letters between (AddBlack = AB).
      props.push([name.replace(/[a-z]/g, ""), values]);
    }
    return props;
  };
  const tree = () => {
    i++; // "("
    const out = { nodes: [], children: [] };
    for (space(); text[i] === ";"; space()) out.nodes.push(node());
    for (; text[i] === "("; space()) out.children.push(tree());
    if (text[i] !== ")") throw new SgfError("a game tree is not closed");
    i++;
    if (!out.nodes.length) throw new SgfError("a game tree has no node");
    return out;
  };
  const start = text.indexOf("(");
  if (start < 0 || !/^\s*;/.test(text.slice(start + 1))) throw new SgfError("no game tree");
  i = start;
  return tree();
}

function write_node(props) {
  return `;${props.map(([name, values]) => name + values.map((v) => `[${v}]`).join("")).join("")}`;
}

// A tree with its dropped nodes left out, as a list of variations each in
// its parentheses: one, or none when nothing of it is left, or its own
// variations when it keeps no node (they take its place beside its siblings).
function write_tree(tree, is_root, comment_chars) {
  const keep = (props) => props.flatMap(([name, values]) => {
    if (!kept.has(name)) return [];
    if (name !== "C") return [[name, values]];
    const comment = shortened_comment(values[0] ?? "", comment_chars);
    return comment === null ? [] : [[name, [comment]]];
  });
  const nodes = tree.nodes
    .map((props, n) => ({ props: keep(props), root: is_root && n === 0 }))
    .filter((node) => node.root || node.props.length);
  const children = tree.children.flatMap((child) => write_tree(child, false, comment_chars));
  if (!nodes.length) return children;
  // A single variation continues the line; several branch from its last node.
  const tail = children.length === 1 ? children[0].slice(1, -1) : children.join("");
  return [`(${nodes.map((node) => write_node(node.props)).join("")}${tail})`];
}

// The record with only what board.create keeps; throws SgfError when
// unreadable. comment_chars: the most characters a comment keeps (0: none).
export function trim_sgf(text, { comment_chars = Infinity } = {}) {
  return write_tree(parse(text), true, comment_chars)[0];
}

// The longest comments a record can keep and still fit: `fits(trimmed)`
// says whether a trimmed record goes in one request. Returns
// {sgf, comments: "whole" | "shortened" | "left_out"}, or null when not even
// the record without comments fits.
export function fit_sgf(text, fits) {
  const tree = parse(text);
  for (const chars of [Infinity, 2000, 500, 120, 0]) {
    const sgf = write_tree(tree, true, chars)[0];
    if (fits(sgf)) return { sgf, comments: chars === Infinity ? "whole" : chars ? "shortened" : "left_out" };
  }
  return null;
}

// The game's name (GN) in the first node of a trimmed record, unescaped and
// on one line; "" without one.
export function record_name(trimmed) {
  const root = /^\(;(?:[^;(\[]|\[(?:\\[^]|[^\]\\])*\])*/.exec(trimmed);
  const found = root && /(?:^|[^A-Z])GN\[((?:\\[^]|[^\]\\])*)\]/.exec(root[0]);
  // SGF soft line breaks ("\" then a newline) go, any other run of white space is one space.
  return found ? found[1].replace(/\\\r?\n/g, "").replace(/\\([^])/g, "$1").replace(/\s+/g, " ").trim() : "";
}
