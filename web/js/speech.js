// The countdown's seconds spoken through the Web Speech API, in the page's
// language (zh: 十, 九, … 一; en: ten, nine, … one), at the player's volume
// (nothing when muted). Where the browser has no speech synthesis the
// caller beeps instead.

import { language } from "./i18n.js";
import { sound_level } from "./preferences.js";

const words = {
  zh: ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十"],
  en: ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"],
};
const voices = { zh: "zh-CN", en: "en-US" };

export function can_speak() {
  return typeof window.speechSynthesis !== "undefined" && typeof window.SpeechSynthesisUtterance === "function";
}

// Says `second` (1..10); false when it cannot be said (no speech, or not a countdown second).
export function speak_second(second) {
  if (!can_speak() || second < 1 || second > 10) return false;
  const level = sound_level();
  if (level <= 0) return true;  // muted: silent, and no beep either
  const lang = words[language()] ? language() : "en";
  const utterance = new SpeechSynthesisUtterance(words[lang][second - 1]);
  utterance.lang = voices[lang];
  utterance.volume = level;
  utterance.rate = 1.3;  // a word a second must not fall behind
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
  return true;
}
