// The server explains a refused field in its own terms ("password: at least
// 8 bytes", "field 'text': longer than 300 characters"). The common ones are
// turned into a text key with its numbers, so a player reads plain words in
// their language; a reason not listed here stays as the server wrote it.

const rules = [
  // bad_request: the account rules and the fields every request checks.
  ["bad_request", /^password: at least (\d+) bytes$/, "reason_password_short", (m) => ({ n: m[1] })],
  ["bad_request", /^(?:password: at most|field 'password': longer than) (\d+) bytes$/, "reason_password_long", (m) => ({ n: m[1] })],
  ["bad_request", /^name: too short \(at least (\d+) characters\)$/, "reason_name_short", (m) => ({ n: m[1] })],
  ["bad_request", /^name: too long \(at most (\d+) characters\)$/, "reason_name_long", (m) => ({ n: m[1] })],
  ["bad_request", /^(?:name: only letters|field 'name': may hold letters)/, "reason_name_characters", () => ({})],
  ["bad_request", /^name: (.+)$/, "reason_name_other", (m) => ({ reason: m[1] })],
  ["bad_request", /^rank: /, "reason_rank", () => ({})],
  ["bad_request", /^field '(name|password)': must not be empty$/, "reason_empty_", (m) => ({ suffix: m[1] })],
  ["bad_request", /^field '[\w.]+': must not be empty$/, "reason_empty", () => ({})],
  ["bad_request", /^field '[\w.]+': longer than (\d+) characters$/, "reason_too_long", (m) => ({ n: m[1] })],
  // name_taken: the same name, one that looks like another, a reserved or retired one.
  ["name_taken", /looks too much like the name (.+?), which is/, "reason_name_lookalike", (m) => ({ other: m[1] })],
  ["name_taken", /is reserved/, "reason_name_reserved", () => ({})],
  ["name_taken", /is retired/, "reason_name_retired", () => ({})],
  ["bad_request", /^no group of this tournament takes your rank$/, "reason_no_group", () => ({})],
  ["rate_limited", /^too many new accounts from this address.*try again in (\d+) min$/, "reason_signups", (m) => ({ minutes: m[1] })],
];

// {key, params} for a refusal the rules know, or null.
export function refusal_reason(code, message) {
  for (const [rule_code, pattern, key, params] of rules) {
    if (rule_code !== code) continue;
    const match = pattern.exec(message);
    if (!match) continue;
    const { suffix = "", ...rest } = params(match);
    return { key: key + suffix, params: rest };
  }
  return null;
}
