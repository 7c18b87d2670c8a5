// What a clock shows: the server's last reading of one side, counted down
// by the time since it arrived, in the clock system's own terms.

export function format_ms(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

// What one side's clock shows `elapsed_ms` after the server's reading `side`.
// Returns {main, extra, urgent_ms, stage, periods}: the big countdown, the
// overtime line, how long until a period or the game is lost (Infinity when
// not close), and for byo-yomi whether the side is still in main time
// (`stage` "main") or counting periods ("byoyomi"), with the periods left
// (the one running included). The view words `extra` for byo-yomi itself.
export function side_reading(time, side, elapsed_ms) {
  if (!time || time.system === "none" || !side) return { main: "—", extra: "", urgent_ms: Infinity };
  let main_ms = side.main_ms - elapsed_ms;
  if (time.system === "byoyomi") {
    let periods = side.periods ?? time.periods;
    let period_ms = side.period_ms ?? time.period_s * 1000;
    const extra = `${periods} × ${time.period_s}s`;
    if (main_ms > 0) {
      return { main: format_ms(main_ms), extra, urgent_ms: periods > 0 ? Infinity : main_ms, stage: "main", periods };
    }
    period_ms += main_ms;
    while (period_ms <= 0 && periods > 1) {
      periods -= 1;
      period_ms += time.period_s * 1000;
    }
    return {
      main: format_ms(period_ms), extra: `${periods} × ${time.period_s}s`, urgent_ms: period_ms, stage: "byoyomi", periods,
    };
  }
  if (time.system === "canadian") {
    if (main_ms > 0) return { main: format_ms(main_ms), extra: `${time.stones} / ${format_ms(time.period_s * 1000)}`, urgent_ms: Infinity };
    const period_ms = (side.period_ms ?? time.period_s * 1000) + main_ms;
    return { main: format_ms(period_ms), extra: `${side.stones ?? time.stones} / ${format_ms(time.period_s * 1000)}`, urgent_ms: period_ms };
  }
  const extra = time.system === "fischer" ? `+${time.increment_s}s` : "";
  return { main: format_ms(main_ms), extra, urgent_ms: main_ms };
}
