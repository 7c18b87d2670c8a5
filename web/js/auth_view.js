// Log-in and registration forms, shown in the lobby to visitors.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const register_ranks = [];
for (let k = 10; k >= 1; k--) register_ranks.push(`${k}k`);
register_ranks.push("1d");

export function auth_panel(app) {
  const name = h("input", { id: "auth-name", name: "name", autocomplete: "username", required: true, maxlength: "20" });
  const password = h("input", { id: "auth-password", name: "password", type: "password", autocomplete: "current-password", required: true });
  const rank = h("select", { id: "auth-rank", name: "rank" },
    register_ranks.map((r) => h("option", { value: r, text: r, selected: r === "10k" })));
  // One request at a time: a form sent while connecting waits for the link,
  // and pressing again meanwhile (Enter included) must not send it twice.
  const busy = (send, form) => {
    if (form.classList.contains("busy")) return;
    form.classList.add("busy");
    send().catch(() => {}).finally(() => form.classList.remove("busy"));
  };
  const form = h("form", {
    class: "auth-form panel",
    onsubmit: (event) => {
      event.preventDefault();
      busy(() => app.login(name.value.trim(), password.value), form);
    },
  },
  h("h2", { text: `${t("login_title")} / ${t("register_title")}` }),
  h("label", { class: "field" }, h("span", { text: t("name") }), name),
  h("label", { class: "field" }, h("span", { text: t("password") }), password),
  h("label", { class: "field" }, h("span", { text: `${t("rank")} (${t("register_title")})` }), rank),
  h("div", { class: "actions" },
    h("button", { id: "login-button", type: "submit", text: t("login_button") }),
    h("button", {
      id: "register-button", type: "button", text: t("register_button"),
      onclick: () => {
        if (!form.reportValidity()) return;
        busy(() => app.register(name.value.trim(), password.value, rank.value), form);
      },
    })),
  h("p", { class: "hint", text: t("watch_without_login") }));
  return form;
}
