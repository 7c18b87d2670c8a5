// Text for the objects the server sends: users, clocks, settings, results.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export function user_badges(user) {
  const badges = [];
  if (user.role === "bot") badges.push(h("span", { class: "badge bot", text: t("bot") }));
  if (user.role === "admin") badges.push(h("span", { class: "badge admin", text: t("admin") }));
  return badges;
}

// "alice 5k" with a link to the profile and a bot/admin badge.
export function user_label(user) {
  return h("span", { class: "user-label" },
    h("a", { href: `#/user/${encodeURIComponent(user.name)}`, class: "user-name", text: user.name }),
    " ", h("span", { class: "rank", text: user.rank }), ...user_badges(user));
}

export function describe_time(time) {
  if (!time || time.system === "none") return t("time_none");
  const minutes = (s) => (s % 60 === 0 ? `${s / 60}min` : `${s}s`);
  switch (time.system) {
    case "byoyomi":
      return `${minutes(time.main_s)} + ${time.periods} × ${time.period_s}s`;
    case "fischer":
      return `${minutes(time.main_s)} + ${time.increment_s}s`;
    case "canadian":
      return `${minutes(time.main_s)} + ${time.stones} / ${minutes(time.period_s)}`;
    case "absolute":
      return minutes(time.main_s);
    default:
      return time.system;
  }
}

export function describe_handicap(handicap) {
  if (!handicap) return t("handicap_0");
  if (handicap === 1) return t("handicap_1");
  return t("handicap_n", { n: handicap });
}

export function describe_settings(settings) {
  const parts = [`${settings.size}×${settings.size}`, settings.rated ? t("rated_short") : t("friendly")];
  if (settings.handicap) parts.push(describe_handicap(settings.handicap));
  parts.push(`${t("komi")} ${settings.komi}`, describe_time(settings.time));
  return parts.join(" · ");
}

export function color_name(color) {
  return t(color === "black" ? "black" : "white");
}

export function describe_result(result, reason) {
  if (!result) return "";
  return reason ? t("result_how", { result, how: t(`reason_${reason}`) }) : t("result", { result });
}

export function format_date(ms) {
  if (!ms) return "";
  return new Date(ms).toLocaleString(document.documentElement.lang || undefined, {
    year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit",
  });
}
