// Sizes a game's board so that the board and what must be seen with it (both
// players' panels, the buttons, the count and the result) fit on the screen
// from the top of the page. What is left for the board depends on the
// header's rows, the fonts installed and the phase (the count takes a line or
// two), which the stylesheet cannot know, so the board takes the room the
// page measures; the stylesheet's own limit holds until then.

const smallest_px = 192; // a phone held sideways has too little height: the board stays playable and the page scrolls
const gap_px = 4; // between the lowest button and the screen's foot

export function fit_board(wrap, lowest, watched) {
  function fit() {
    if (!wrap.isConnected) return;
    const bottoms = lowest().map((el) => el.getBoundingClientRect())
      .filter((r) => r.height > 0).map((r) => r.bottom + window.scrollY);
    if (!bottoms.length) return;
    const box = wrap.getBoundingClientRect();
    const spare = window.innerHeight - gap_px - Math.max(...bottoms);
    // The room is in height; a board drawn in part (a problem's corner) may be wider or narrower than high.
    const aspect = box.height > 0 ? box.width / box.height : 1;
    wrap.style.maxWidth = `${Math.max(smallest_px, Math.floor((box.height + spare) * aspect))}px`;
  }
  const observer = new ResizeObserver(fit);
  for (const el of watched()) observer.observe(el);
  window.addEventListener("resize", fit);
  return {
    fit,
    stop() {
      observer.disconnect();
      window.removeEventListener("resize", fit);
    },
  };
}
