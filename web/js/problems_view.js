// The problem library (#/problems, 死活题): the day's problem, the themes
// with how many problems each holds (a tap lists only that theme's), and the
// problems themselves, easiest first, a page at a time: "More problems" goes
// on after the last one shown. Open to visitors; the solved marks are the
// signed-in player's own, so a login reads the page again.

import { h, replace_children } from "./dom.js";
import { t, has_text } from "./i18n.js";
import { error_text } from "./error_text.js";
import { goal_text, theme_text, solved_mark, problems_href, problem_href } from "./problem_logic.js";
import * as proto from "./protocol.js";

const page_size = 20;

// One problem in a line: its title (the link, keeping the list it came from
// for Next), the goal in words, the grade and the player's mark.
export function problem_line(summary, theme) {
  const mark = solved_mark(summary.solved);
  return h("li", { class: "problem-row", "data-problem": summary.id, "data-solved": mark ?? "" },
    h("a", { class: "problem-open", href: problem_href(summary.id, theme),
      text: summary.title || t("problem_number", { id: summary.id }) }),
    h("span", { class: "problem-goal", text: goal_text(summary, t) }),
    summary.grade ? h("span", { class: "problem-grade", text: t("problem_grade", { grade: summary.grade }) }) : null,
    mark ? h("span", { class: `solved-mark ${mark}`, text: t(`problem_${mark}`) }) : null);
}

export function mount_problems(container, app, theme) {
  const daily = h("ul", { class: "problem-list" });
  const daily_panel = h("section", { class: "panel problem-daily", id: "problem-daily", hidden: true },
    h("h2", { text: t("problem_daily") }), daily);
  const total = h("p", { class: "hint", id: "problems-total" });
  const themes = h("ul", { class: "theme-chips", id: "problem-themes" });
  const list = h("ul", { class: "problem-list", id: "problem-list" });
  const message = h("p", { class: "loading", text: t("loading") });
  const more = h("button", { id: "problems-more", hidden: true, text: t("problems_more"), onclick: () => load_page() });
  const heading = theme ? t("problem_list_theme", { theme: theme_text(theme, t, has_text) }) : t("problem_list_all");
  container.append(h("div", { class: "problems-page" },
    h("div", { class: "problems-head" }, h("h1", { text: t("problems_title") }), total),
    h("div", { class: "problems-side" },
      daily_panel,
      h("section", { class: "panel", id: "problem-theme-panel" }, h("h2", { text: t("problem_themes") }), themes)),
    h("section", { class: "panel problems-main" }, h("h2", { id: "problem-list-title", text: heading }), message, list, more)));

  let problems = [];
  let loading = false;
  // Replies to an earlier reading (another login, a reconnection) are dropped.
  let generation = 0;

  function theme_chip(name, count, label) {
    const current = (theme || null) === name;
    return h("li", {},
      h("a", { class: `theme-chip${current ? " current" : ""}`, href: problems_href(name), "data-theme": name ?? "",
        "aria-current": current ? "page" : null, text: `${label} (${count})` }));
  }

  async function load_head(reading) {
    const reply = await app.connection.request(proto.problem_themes()).catch(() => null);
    if (!reply || reading !== generation) return;
    total.textContent = t("problems_total", { n: reply.total });
    replace_children(themes, theme_chip(null, reply.total, t("problem_theme_all")),
      reply.themes.map((entry) => theme_chip(entry.theme, entry.count, theme_text(entry.theme, t, has_text))));
    daily_panel.hidden = !reply.daily;
    replace_children(daily, reply.daily ? problem_line(reply.daily, null) : null);
  }

  async function load_page() {
    if (loading) return;
    loading = true;
    more.disabled = true;
    const reading = generation;
    const fields = { limit: page_size };
    if (theme) fields.theme = theme;
    if (problems.length) fields.after = problems[problems.length - 1].id;
    try {
      const reply = await app.connection.request(proto.problem_list(fields));
      if (reading !== generation) return;
      problems = [...problems, ...reply.problems];
      message.hidden = true;
      replace_children(list, problems.length
        ? problems.map((summary) => problem_line(summary, theme))
        : h("li", { class: "empty", id: "problems-none", text: t("problems_none") }));
      more.hidden = reply.problems.length < page_size;
    } catch (err) {
      if (reading === generation && err.code !== "disconnected") {
        message.hidden = false;
        message.textContent = error_text(err, "problem");
      }
    } finally {
      if (reading === generation) {
        loading = false;
        more.disabled = false;
      }
    }
  }

  function reload() {
    generation++;
    problems = [];
    loading = false;
    load_head(generation);
    load_page();
  }

  // Read once the link is up and the kept session tried (after each
  // reconnection too), and again for another player: the marks are theirs.
  let read_for; // the player the page was read for; undefined before the first reading
  const stop_reading = app.each_session(() => {
    read_for = app.store.state.user ? app.store.state.user.name : null;
    reload();
  });
  return {
    update(state) {
      const user = state.user ? state.user.name : null;
      if (read_for === undefined || state.status !== "open" || user === read_for) return;
      read_for = user;
      reload();
    },
    destroy: stop_reading,
  };
}
