// The game's sounds as short WebAudio tone patterns (no audio files): a
// stone, a pass, a challenge, the end of a game, the seconds of a countdown
// (higher for the last three). Each sound asked for is also kept by name in
// `played` (the last few), so a page can be checked for it; what is heard,
// at the player's volume or not at all when muted, is beep.js's business.

import { beep } from "./beep.js";

const patterns = {
  stone: [[660, 40]],
  pass: [[520, 120], [390, 160]],
  challenge: [[660, 100], [880, 100], [990, 140]],
  end: [[880, 140], [660, 220]],
  count: [[880, 120]],
  count_last: [[1320, 120]],
};

export const played = [];

export function play_sound(name) {
  const pattern = patterns[name];
  if (!pattern) return;
  played.push(name);
  if (played.length > 40) played.shift();
  let delay = 0;
  for (const [frequency, duration_ms] of pattern) {
    setTimeout(() => beep(frequency, duration_ms), delay);
    delay += duration_ms + 30;
  }
}
