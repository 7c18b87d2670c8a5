// Interface language: Chinese when the browser prefers it, else English; the
// choice made with the switch is remembered. t("key", {name}) looks a string
// up and fills {placeholders}; a key missing from a table falls back to English.

import { strings_en } from "./strings_en.js";
import { strings_zh } from "./strings_zh.js";

const tables = { en: strings_en, zh: strings_zh };
const storage_key = "yunzi.lang";

export const languages = Object.keys(tables);

export function preferred_language() {
  const saved = localStorage.getItem(storage_key);
  if (saved && tables[saved]) return saved;
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
  for (const tag of wanted) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (tables[base]) return base;
  }
  return "en";
}

let current = preferred_language();

export function language() {
  return current;
}

export function set_language(lang) {
  if (!tables[lang]) return;
  current = lang;
  localStorage.setItem(storage_key, lang);
  document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
}

export function t(key, params = {}) {
  const text = tables[current][key] ?? strings_en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// Whether the English table (the complete one) has the key.
export function has_text(key) {
  return key in strings_en;
}
