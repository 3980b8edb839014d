// Continue from here is the one game loop going on from a position: a game forked at any move
// with the seats it had goes on exactly as the recorded game did (every bot and AI seeded as in
// that game and told of its seat's earlier moves, the chance stream going on) — checked against
// the CLI's game for the same seats and seed. (Your code's seats: e2e/punter-study.test.mjs,
// e2e/labyrinth.test.mjs, e2e/lifter.test.mjs, e2e/pig-rerun.test.mjs.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, arcade, setCode, openTab } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const fragment = (link) => link.slice(link.indexOf('#'));
/** Seeks the replay shown to position `t`. */
async function seek(page, t) {
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Home');
  for (let i = 0; i < t; i += 1) await page.keyboard.press('ArrowRight');
}

/** Each Punter link's moves in the engine's words, without the seat's name (each host names seats its own way). */
const punterLabels = (page, links) => page.evaluate(async (list) => {
  const engine = await (await import('./www/engine.js')).loadEngine('punter');
  const { prepareLink } = await import('./www/punter/maps.js');
  const out = [];
  for (const l of list) {
    const g = engine.PunterGame.fromLink(l, await prepareLink(l, engine));
    out.push(Array.from({ length: g.length }, (_, i) => g.label(i).split(' · ').filter((_, k) => k !== 1).join(' · ')));
    g.free();
  }
  return out;
}, links);

test('Punter: a CLI game forked at a move, with its bots, goes on as the CLI game', async () => {
  const cli = fragment(JSON.parse(arcade('punter', 'play', 'lambda', '--bots', 'strong,greedy', '--seed', '7', '--futures', '--splurges', '--options', '--json')).link);
  const page = await openPage(browser, `${server.url}${cli}`);
  await page.waitForSelector('[data-testid=punter-replay-title]:has-text("A shared game")');
  await seek(page, 17);
  assert.match(await page.textContent('.punter-tab-replay .replay-counter'), /^17 \//);
  await page.click('[data-testid=punter-continue]');
  await page.selectOption('[data-testid=punter-fork-seat-0]', 'strong');
  await page.selectOption('[data-testid=punter-fork-seat-1]', 'greedy');
  await page.click('[data-testid=punter-fork-start]');
  await page.selectOption('[data-testid=punter-speed]', 'instant');
  await page.waitForFunction(() => /Game over/.test(document.querySelector('[data-testid=punter-status]')?.textContent), null, { timeout: 60000 });
  await page.waitForTimeout(500); // the link follows 150 ms after the last move
  const forked = fragment(await page.inputValue('.punter-tab-play .link-input'));
  const [a, b] = await punterLabels(page, [cli, forked]);
  assert.ok(a.length > 40);
  assert.deepEqual(b, a, 'the fork goes on as the CLI game');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Labyrinth: a game forked at a move, with its AIs, goes on as the CLI game', async () => {
  const cli = fragment(JSON.parse(arcade('labyrinth', 'play', '--seed', '7', '--players', 'yellow:ai,red:ai', '--ai', 'greedy', '--json')).link);
  // The CLI's game, opened from its link (in Play, over), then in Replay (your game), forked at move 9.
  const page = await openPage(browser, `${server.url}${cli}`);
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]')?.state?.length === 30);
  await openTab(page, 'labyrinth-tab-replay');
  await seek(page, 9);
  await page.click('[data-testid=labyrinth-continue]');
  for (const color of ['yellow', 'red']) await page.selectOption(`[data-testid=labyrinth-fork-${color}]`, 'greedy');
  await page.click('[data-testid=labyrinth-fork-start]');
  // A new game from move 9 (the AIs move 180 ms apart: it cannot have reached the end yet).
  assert.ok(await page.evaluate(() => document.querySelector('[data-testid=labyrinth-play-canvas]').state.length) < 30, 'Play shows the fork');
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]')?.state?.length >= 20, null, { timeout: 30000 });
  await page.waitForTimeout(500);
  const forked = fragment(await page.$eval('.labyrinth-tab-play .link-input', (i) => i.value));
  const [a, b] = await page.evaluate((links) => import('./www/engine.js').then(({ loadEngine }) => loadEngine('labyrinth')).then((engine) => links.map((l) => {
    const g = engine.LabyrinthGame.fromLink(l);
    const labels = Array.from({ length: Math.min(20, g.length) }, (_, i) => g.label(i).split(' · ').filter((_, k) => k !== 1).join(' · '));
    g.free();
    return labels;
  })), [cli, forked]);
  assert.equal(a.length, 20);
  assert.equal(b.length, 20);
  assert.deepEqual(b, a, 'the fork goes on as the CLI game');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// A Labyrinth strategy with a memory and draws of its own that decide its pushes.
const WANDERER = `let n = 0;
function turn(view) {
  n += 1;
  const [, row, column] = view.pawns[view.seat];
  const start = (n * 5 + Math.floor(Math.random() * 12)) % 12;
  for (let k = 0; k < 12; k++) {
    const i = (start + k) % 12;
    const line = [2, 4, 6][i % 3];
    const isColumn = Math.floor(i / 3) % 2 === 0;
    if (!view.pawns.some(([, r, c]) => (isColumn ? c === line : r === line))) return { rotation: "north", insertion: i, row, column };
  }
  return { rotation: "north", insertion: start, row, column };
}`;

test('Labyrinth: game 2 of the lab forked at a move, your strategy on, goes on as it did (its earlier turns asked again, game 2\'s seats and seeds)', async () => {
  const page = await openPage(browser, `${server.url}#labyrinth`);
  await openTab(page, 'labyrinth-tab-lab');
  await setCode(page, 'labyrinth-lab-editor', WANDERER);
  await page.fill('[data-testid=labyrinth-lab-seed]', '31');
  await page.click('[data-testid=labyrinth-lab-run]');
  await page.waitForSelector('[data-testid=labyrinth-lab-games-list] li', { timeout: 120000 });
  await page.click('[data-testid=labyrinth-lab-games-list] li:nth-child(2) button');
  await page.waitForTimeout(300);
  const lab = fragment(await page.$eval('.labyrinth-tab-replay .link-input', (i) => i.value));
  await seek(page, 11);
  await page.click('[data-testid=labyrinth-continue]');
  assert.equal(await page.inputValue('[data-testid=labyrinth-fork-red]'), 'js', 'seats rotate: your strategy is Red in game 2');
  await page.click('[data-testid=labyrinth-fork-start]');
  const labLength = await page.evaluate((l) => import('./www/engine.js').then(({ loadEngine }) => loadEngine('labyrinth')).then((e) => { const g = e.LabyrinthGame.fromLink(l); const n = g.length; g.free(); return n; }), lab);
  const want = Math.min(labLength, 30);
  assert.ok(want > 20, `the lab game has ${labLength} moves`);
  await page.waitForFunction((n) => document.querySelector('[data-testid=labyrinth-play-canvas]')?.state?.length >= n, want, { timeout: 60000 });
  await page.waitForTimeout(500);
  const forked = fragment(await page.$eval('.labyrinth-tab-play .link-input', (i) => i.value));
  const [a, b] = await page.evaluate(({ links, n }) => import('./www/engine.js').then(({ loadEngine }) => loadEngine('labyrinth')).then((engine) => links.map((l) => {
    const g = engine.LabyrinthGame.fromLink(l);
    const labels = Array.from({ length: Math.min(n, g.length) }, (_, i) => g.label(i).split(' · ').filter((_, k) => k !== 1).join(' · '));
    g.free();
    return labels;
  })), { links: [lab, forked], n: want });
  assert.deepEqual(b, a, 'the fork goes on as the lab game');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// A Punter bot with draws of its own (seeded per game of the arena) that decide its claims.
const DRAWER = `let me = 0, rivers = [];
const taken = new Set();
const key = (a, b) => (a < b ? a + "," + b : b + "," + a);
function punter(message) {
  if (message.map) { me = message.punter; rivers = message.map.rivers.map((r) => [r.source, r.target]); return { ready: me }; }
  if (!message.move) return;
  for (const m of message.move.moves) { const c = m.claim || m.option; if (c) taken.add(key(c.source, c.target)); }
  const free = rivers.filter(([a, b]) => !taken.has(key(a, b)));
  if (!free.length) return { pass: { punter: me } };
  const [a, b] = free[Math.floor(Math.random() * free.length)];
  return { claim: { punter: me, source: a, target: b } };
}`;

/**
 * Game 2 of a 6-game arena of your bot (`setup(page)` makes the Your bot tab play it: its code
 * or a program) on lambda against greedy and random, seed 12, forked at move 10 with the same
 * seats: it must go on as it did.
 */
async function arenaGameForkGoesOn(setup, title) {
  const page = await openPage(browser, `${server.url}#punter`);
  await page.evaluate(() => localStorage.clear());
  await openTab(page, 'punter-tab-lab');
  await setup(page);
  await page.selectOption('[data-testid=punter-lab-map]', 'lambda.json');
  await page.selectOption('[data-testid=punter-lab-opponents]', 'greedy,random');
  await page.selectOption('[data-testid=punter-lab-games]', '6');
  await page.fill('[data-testid=punter-lab-seed]', '12');
  await page.click('[data-testid=punter-lab-run]');
  await page.waitForSelector('[data-testid=punter-lab-game-2]', { timeout: 120000 });
  await page.click('[data-testid=punter-lab-game-2]');
  if (title) assert.equal(await page.textContent('[data-testid=punter-replay-title]'), title);
  await page.waitForTimeout(400);
  const arena = fragment(await page.inputValue('.punter-tab-replay .link-input'));
  await seek(page, 10);
  await page.click('[data-testid=punter-continue]');
  // Game 2 (number 1): entrant e sits in seat (e − 1) mod 3, so your bot is in seat 3.
  assert.deepEqual(await Promise.all([0, 1, 2].map((i) => page.inputValue(`[data-testid=punter-fork-seat-${i}]`))), ['greedy', 'random', 'js']);
  await page.click('[data-testid=punter-fork-start]');
  await page.selectOption('[data-testid=punter-speed]', 'instant');
  await page.waitForFunction(() => /Game over/.test(document.querySelector('[data-testid=punter-status]')?.textContent), null, { timeout: 60000 });
  await page.waitForTimeout(500);
  const forked = fragment(await page.inputValue('.punter-tab-play .link-input'));
  const [a, b] = await punterLabels(page, [arena, forked]);
  assert.ok(a.length > 40);
  assert.deepEqual(b, a, 'the fork goes on as game 2 of the arena');
  assert.deepEqual(page.errors, []);
  await page.context().close();
}

test('Punter: game 2 of an arena forked at a move, your bot on, goes on as it did (game 2\'s seats and seeds)', () =>
  arenaGameForkGoesOn((page) => setCode(page, 'punter-lab-editor', DRAWER), 'your bot vs greedy, random — game 2 of 6'));

test('Punter: a program\'s arena game forked at a move, the program on (told of its earlier turns), goes on as it did', () =>
  arenaGameForkGoesOn(async (page) => {
    await page.selectOption('[data-testid=punter-lab-kind]', 'program');
    await page.selectOption('[data-testid=punter-lab-program-examples]', '0');
  }));
