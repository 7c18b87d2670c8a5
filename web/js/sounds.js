// The game's sounds as short WebAudio tone patterns (no audio files): a
// stone, a pass, a challenge, the end of a game. Each sound played is also
// kept by name in `played` (the last few), so a page can be checked for it.

import { beep } from "./beep.js";

const patterns = {
  stone: [[660, 40]],
  pass: [[520, 120], [390, 160]],
  challenge: [[660, 100], [880, 100], [990, 140]],
  end: [[880, 140], [660, 220]],
};

export const played = [];

export function play_sound(name) {
  const pattern = patterns[name];
  if (!pattern) return;
  played.push(name);
  if (played.length > 20) played.shift();
  let delay = 0;
  for (const [frequency, duration_ms] of pattern) {
    setTimeout(() => beep(frequency, duration_ms), delay);
    delay += duration_ms + 30;
  }
}
