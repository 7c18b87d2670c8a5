// The lobby's machine opponents (人机对弈): every bot, weakest first, with
// its strength and what it plays; a signed-in player's "Play" fills the
// new-game form with settings the bot accepts (bot_offers.js), to send as
// they are or change first.

import { h, replace_children } from "./dom.js";
import { t } from "./i18n.js";
import { user_label } from "./format.js";
import { settings_for_bot, describe_offer } from "./bot_offers.js";
import * as proto from "./protocol.js";

// Bots come and go rarely: the list is asked for when the lobby opens and then at this pace.
const refresh_ms = 60000;

export function bots_panel(app, { on_choose }) {
  const list = h("ul", { class: "bots" });
  const element = h("section", { id: "bot-list", class: "panel", hidden: true },
    h("h2", { text: t("bots_title") }), h("p", { class: "hint", text: t("bots_hint") }), list);
  let bots = [];
  let rated_here = false;

  function render() {
    const me = app.store.state.user;
    element.hidden = bots.length === 0;
    replace_children(list, bots.map((bot) => h("li", { class: "bot", "data-bot": bot.name },
      user_label(bot), " ",
      bot.online ? null : h("span", { class: "badge offline", text: t("bot_offline") }), " ",
      bot.offer?.strength ? h("span", { class: "strength", text: bot.offer.strength }) : null,
      bot.offer ? h("p", { class: "settings", text: describe_offer(bot.offer, t) }) : null,
      me && bot.online && bot.offer
        ? h("button", { class: "play-bot", text: t("bot_play"),
          onclick: () => on_choose(bot.name, settings_for_bot(bot, me.rank, rated_here)) })
        : null)));
  }

  // Quietly: a list that cannot be read now is asked for again at the next round or connection.
  async function load() {
    if (app.connection.status !== "open") return;
    try {
      const reply = await app.connection.request(proto.bot_list());
      bots = reply.bots || [];
      rated_here = Boolean(reply.rated);
      render();
    } catch {
      // Not shown this time; the next round asks again.
    }
  }

  const stop_on_open = app.connection.on_open(load);
  load();
  const timer = setInterval(load, refresh_ms);
  return {
    element,
    update: render,
    destroy: () => {
      clearInterval(timer);
      stop_on_open();
    },
  };
}
