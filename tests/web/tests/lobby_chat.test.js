// The lobby chat and private messages: two players chat in the lobby (a
// third, without an account, reads along and cannot write); one sends the
// other a private message from the messages page; it arrives on his
// profile page as a toast, with the unread badge in the header; the
// recipient opens the conversation from the toast, which reads it (the
// badge goes), answers, and the answer shows live on the sender's page.
// The conversation is still there after a reload.

import { test } from "node:test";
import assert from "node:assert/strict";
import { open_client, save_screenshot } from "../lib/browser.js";
import { register } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const timeout = 15000;
use_server_and_browser();

const chat_lines = (page) => page.$$eval("#lobby-chat .chat-line", (lines) => lines.map((li) => li.textContent));

async function wait_for_chat(page, text) {
  await page.waitForFunction((want) => [...document.querySelectorAll("#lobby-chat .chat-line")]
    .some((li) => li.textContent.endsWith(want)), text, { timeout });
}

async function say_in_lobby(page, text) {
  await page.fill("#lobby-chat .lobby-chat-input", text);
  await page.click("#lobby-chat button[type=submit]");
  await page.waitForFunction(() => document.querySelector("#lobby-chat .lobby-chat-input").value === "", null, { timeout });
}

test("two players chat in the lobby and exchange a private message with toast and unread badge", async () => {
  const ann = await open_client(browser, server.url);
  const ben = await open_client(browser, server.url);
  const guest = await open_client(browser, server.url);
  try {
    await register(ann, "ann");
    await register(ben, "ben");
    await guest.waitForSelector("#lobby-chat");
    assert.equal(await guest.isDisabled("#lobby-chat .lobby-chat-input"), true);

    await say_in_lobby(ann, "anyone for a 9x9?");
    await wait_for_chat(ben, "ann: anyone for a 9x9?");
    await wait_for_chat(guest, "ann: anyone for a 9x9?");
    await say_in_lobby(ben, "me, after dinner");
    await wait_for_chat(ann, "ben: me, after dinner");
    assert.equal(await ann.getAttribute("#lobby-chat .chat-line:last-child .chat-from", "href"), "#/user/ben");
    // A newcomer gets the lines so far with the lobby.
    const late = await open_client(browser, server.url);
    try {
      await wait_for_chat(late, "ben: me, after dinner");
      assert.equal((await chat_lines(late)).length, 2);
    } finally {
      await late.context().close();
    }

    // Ben goes to his profile page; Ann writes to him from the messages page.
    await ben.click("#my-profile");
    await ben.waitForSelector("#profile-rank", { timeout });
    await ann.click("#nav-messages");
    await ann.fill(".new-conversation-name", "ben");
    await ann.click(".new-conversation button[type=submit]");
    await ann.waitForURL(/#\/messages\/ben$/, { timeout });
    await ann.fill(".message-input", "good luck tonight\nsee you at eight");
    await ann.click(".send-message");
    await ann.waitForSelector('.message.mine .message-text:has-text("see you at eight")', { timeout });

    // Ben: a toast and the badge, on his profile page.
    await ben.waitForSelector(".message-toast", { timeout });
    assert.match(await ben.textContent(".message-toast"), /New message from ann/);
    assert.match(await ben.textContent(".message-toast .message-preview"), /good luck tonight/);
    await ben.waitForSelector("#messages-badge", { timeout });
    assert.equal(await ben.textContent("#messages-badge"), "1");
    await save_screenshot(ben, "message-toast");

    // Opening it reads it: the toast and the badge go, the conversation shows the message.
    await ben.click(".message-toast .open-message");
    await ben.waitForURL(/#\/messages\/ann$/, { timeout });
    await ben.waitForSelector('.message.theirs .message-text:has-text("see you at eight")', { timeout });
    assert.equal(await ben.textContent('.message.theirs .message-text'), "good luck tonight\nsee you at eight");
    await ben.waitForSelector("#messages-badge", { state: "detached", timeout });
    assert.equal(await ben.locator(".message-toast").count(), 0);
    await ben.waitForSelector('.conversation-entry[data-with="ann"]', { timeout });
    assert.equal(await ben.locator('.conversation-entry[data-with="ann"] .badge.unread').count(), 0);

    // Ben answers; Ann, on the conversation, sees it live without a toast or badge.
    await ben.fill(".message-input", "thanks!");
    await ben.click(".send-message");
    await ann.waitForSelector('.message.theirs .message-text:has-text("thanks!")', { timeout });
    assert.equal(await ann.locator(".message-toast").count(), 0);
    await ann.waitForFunction(() => !document.querySelector("#messages-badge"), null, { timeout });

    // After a reload the conversation is read back from the server.
    await ben.reload();
    await ben.waitForSelector('.message.mine .message-text:has-text("thanks!")', { timeout });
    assert.equal(await ben.locator(".message").count(), 2);
    // Two messages fit one page: nothing older to ask for.
    assert.equal(await ben.isVisible(".older-messages"), false);
    await save_screenshot(ben, "messages-page");
    for (const page of [ann, ben, guest]) assert.deepEqual(page.problems, []);
  } finally {
    for (const page of [ann, ben, guest]) await page.context().close();
  }
});
