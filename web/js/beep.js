// A short tone through WebAudio at the player's volume (preferences.js;
// nothing at all when muted). Browsers only allow audio after a user
// gesture, so the context is made on the first click or key press and
// reused. Each tone sent out is kept in `tones` (the last few, with its
// gain) so a page can be checked for what it sounded and how loud.

import { sound_level } from "./preferences.js";

// The gain of a tone at full volume; the default volume (60) gives 0.15.
const full_gain = 0.25;

let context = null;
export const tones = [];

function unlock() {
  if (context) return;
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!Audio) return;
  context = new Audio();
}

window.addEventListener("pointerdown", unlock, { once: true, capture: true });
window.addEventListener("keydown", unlock, { once: true, capture: true });

export function beep(frequency = 880, duration_ms = 120) {
  const gain_value = full_gain * sound_level();
  if (gain_value <= 0) return;
  tones.push({ frequency, gain: gain_value });
  if (tones.length > 50) tones.shift();
  if (!context) return;
  if (context.state === "suspended") context.resume();
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(gain_value, context.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + duration_ms / 1000);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start();
  oscillator.stop(context.currentTime + duration_ms / 1000);
}
