// What a person does in the web client, as page actions, and what the page
// shows, read back from the DOM (the board from its SVG stones).

const timeout = 15000;

export async function register(page, name, password = `secret-${name}-pw`, rank = "5k") {
  await page.fill("#auth-name", name);
  await page.fill("#auth-password", password);
  await page.selectOption("#auth-rank", rank);
  await page.click("#register-button");
  await page.waitForSelector(`#my-profile:has-text("${name}")`, { timeout });
}

// A 9x9 friendly challenge without a clock, the challenger taking Black.
export async function challenge(page, opponent) {
  await page.waitForSelector(`#opponent option[value="${opponent}"]`, { state: "attached", timeout });
  await page.selectOption("#opponent", opponent);
  await page.selectOption("#game-size", "9");
  await page.uncheck("#game-rated");
  await page.selectOption("#game-color", "black");
  await page.selectOption("#game-clock", "none");
  await page.click("#challenge-button");
}

export async function accept_challenge(page) {
  await page.click(".accept-challenge", { timeout });
  return wait_for_game_page(page);
}

export async function wait_for_game_page(page) {
  await page.waitForURL(/#\/game\/\d+$/, { timeout });
  await page.waitForSelector(".game-page[data-moves]", { timeout });
  return Number(new URL(page.url()).hash.split("/")[2]);
}

export async function click_vertex(page, vertex) {
  await page.click(`svg.board rect.hit[data-vertex="${vertex}"]`);
}

export async function wait_for_moves(page, count) {
  await page.waitForSelector(`.game-page[data-moves="${count}"]`, { timeout });
}

// The stones on the board as {vertex: colour}, read from the SVG.
export async function read_stones(page) {
  return page.$$eval("svg.board circle.stone", (circles) =>
    Object.fromEntries(circles.map((c) => [c.dataset.vertex, c.dataset.color])));
}

function sorted(stones) {
  return Object.fromEntries(Object.entries(stones).sort(([a], [b]) => a.localeCompare(b)));
}

// Waits until the board shows exactly `expected`; returns what it shows.
export async function wait_for_stones(page, expected) {
  const want = JSON.stringify(sorted(expected));
  try {
    await page.waitForFunction((text) => {
      const shown = {};
      for (const c of document.querySelectorAll("svg.board circle.stone")) shown[c.dataset.vertex] = c.dataset.color;
      const keys = Object.keys(shown).sort();
      return JSON.stringify(Object.fromEntries(keys.map((k) => [k, shown[k]]))) === text;
    }, want, { timeout });
  } catch {
    // fall through: the caller's assertion shows the difference
  }
  return sorted(await read_stones(page));
}

export { sorted };
