// A refused request in the interface language: every protocol error code has
// its own text, and an illegal move is named by the reason token that starts
// the server's message ("ko: ..."), and the common reasons a field is refused
// are put in plain words (refusal_reasons.js), so no English server text
// reaches a Chinese page but a reason nothing better is known for.

import { t, has_text } from "./i18n.js";
import { refusal_reason } from "./refusal_reasons.js";

// `context` names the kind of request ("board", "analyze", "estimate") when
// a code needs its own words there (error_board_forbidden: only the owner
// may change a board).
export function error_text(err, context = null) {
  const code = err && err.code;
  const message = (err && err.message) || "";
  if (context && code && has_text(`error_${context}_${code}`)) return t(`error_${context}_${code}`, { message });
  if (code === "illegal_move") {
    const reason = message.split(":")[0].trim();
    return has_text(`illegal_${reason}`) ? t(`illegal_${reason}`) : t("error_illegal_move");
  }
  const reason = refusal_reason(code, message);
  if (reason && has_text(reason.key)) return t(reason.key, reason.params);
  if (code && has_text(`error_${code}`)) return t(`error_${code}`, { message });
  return t("error", { message: message || String(code) });
}
