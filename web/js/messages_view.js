// The messages page (#/messages, #/messages/NAME): the conversations, the
// latest first with their unread counts, and the open conversation with
// older pages on demand and a box to write; a new conversation starts from
// a name typed in (or from a profile's "Message" link).

import { h, replace_children } from "./dom.js";
import { t } from "./i18n.js";

function when(at) {
  return new Date(at).toLocaleString([], { month: "numeric", day: "numeric", hour: "2-digit", minute: "2-digit" });
}

export function mount_messages(container, app, partner) {
  const list = h("ul", { class: "conversations" });
  const thread = h("ol", { class: "message-thread", "aria-live": "polite" });
  const older = h("button", { class: "link older-messages", text: t("older_messages"), onclick: () => app.older_messages() });
  const title = h("h2", { class: "conversation-title" });
  const input = h("textarea", { class: "message-input", maxlength: "1000", rows: "3", "aria-label": t("message_text") });
  const send = h("button", { type: "submit", class: "send-message", text: t("send") });
  const form = h("form", { class: "message-form", onsubmit: (event) => submit(event) }, input, send);
  const new_name = h("input", { class: "new-conversation-name", placeholder: t("name"), "aria-label": t("new_conversation") });
  const new_form = h("form", {
    class: "new-conversation",
    onsubmit: (event) => {
      event.preventDefault();
      const name = new_name.value.trim();
      if (name) location.hash = `#/messages/${encodeURIComponent(name)}`;
    },
  }, new_name, h("button", { type: "submit", text: t("new_conversation") }));
  const login_note = h("p", { class: "empty", text: t("messages_login") });
  const conversation = h("section", { class: "panel conversation" }, title, older, thread, form);
  container.append(h("div", { class: "messages-page" },
    h("section", { class: "panel conversation-list" }, h("h2", { text: t("nav_messages") }), login_note, new_form, list),
    conversation));
  let opened = null;
  let shown = null;

  function submit(event) {
    event.preventDefault();
    const text = input.value.trim();
    if (!text || !partner) return;
    app.send_message(partner, text).then(() => { input.value = ""; }, () => {});
  }

  function render_list(state) {
    const items = state.messages.conversations.map((c) => h("li", {
      class: `conversation-entry${c.with === partner ? " current" : ""}`, "data-with": c.with,
    },
    h("a", { href: `#/messages/${encodeURIComponent(c.with)}`, text: c.with }), " ",
    c.unread > 0 ? h("span", { class: "badge unread", text: String(c.unread) }) : null,
    h("p", { class: "conversation-last", text: `${c.last.from === c.with ? "" : `${t("you")}: `}${c.last.text}` })));
    replace_children(list, items.length ? items : [h("li", { class: "empty", text: t("no_messages") })]);
  }

  function render_thread(state) {
    const me = state.user && state.user.name;
    const messages = state.messages.thread;
    const key = `${partner}|${messages.length}|${messages.length ? messages[messages.length - 1].id : 0}|${messages.length ? messages[0].id : 0}`;
    older.hidden = state.messages.next === null;
    if (key === shown) return;
    shown = key;
    replace_children(thread, messages.map((m) => h("li", { class: `message ${m.from === me ? "mine" : "theirs"}`, "data-message": m.id },
      h("span", { class: "chat-tag", text: `${m.from} · ${when(m.at)}` }),
      h("p", { class: "message-text", text: m.text }))));
    thread.scrollTop = thread.scrollHeight;
  }

  function update(state) {
    const logged_in = Boolean(state.user);
    login_note.hidden = logged_in;
    new_form.hidden = !logged_in;
    conversation.hidden = !logged_in || !partner;
    if (logged_in && partner && opened !== partner) {
      opened = partner;
      title.textContent = t("conversation_with", { name: partner });
      app.open_conversation(partner);
    }
    render_list(state);
    if (partner) render_thread(state);
  }

  app.load_conversations();
  update(app.store.state);
  return { update, destroy: () => app.close_conversation() };
}
