// The server's estimate of a position (board.estimate, game.estimate) as the
// board draws it, dead stones crossed out and territory marked, and as words:
// each side's area and who leads by how much after komi.

import { t } from "./i18n.js";
import { territory_owner } from "./territory.js";

// {dead: Set of vertices, owner: Map vertex -> colour} for BoardView.render.
export function estimate_marks(estimate) {
  return { dead: new Set(estimate.dead || []), owner: territory_owner(estimate.territory) };
}

export function estimate_text(estimate) {
  const lead = /^([BW])\+([\d.]+)$/.exec(estimate.result || "");
  const words = lead
    ? t("estimate_lead", { color: t(lead[1] === "B" ? "black" : "white"), margin: lead[2] })
    : t("estimate_even");
  return t("estimate_result", { black: estimate.black, white: estimate.white, lead: words });
}
