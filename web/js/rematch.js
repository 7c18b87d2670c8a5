// The challenge a player sends for a rematch: the finished game's settings,
// to the same opponent. Colours swap in a friendly even game; with stones or
// 让先 the handicap decides the colours, so the seats stay; a rated game
// leaves them to the server (nigiri, or the rank rules), which refuses a
// rated challenge that names a colour.

import { other_color } from "./vertex.js";

export function rematch_challenge(model, my_color) {
  const opponent = model[other_color(my_color)];
  let color = "auto";
  if (!model.rated) color = model.handicap === 0 ? other_color(my_color) : my_color;
  return {
    to: opponent.name,
    settings: {
      size: model.size, rated: model.rated, handicap: model.handicap, komi: model.komi,
      ko: model.ko, time: model.time, color,
    },
  };
}
