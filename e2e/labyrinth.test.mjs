// Browser end-to-end tests for Labyrinth: turning the extra tile (R), pushing it in at an arrow,
// walking to a reachable square, an AI answering, saving and loading (a broken save is located
// LINE:COL and the page keeps working), a share link reopening the same position, the phone
// layout; your strategy in the lab and in a Play-tab seat (its own turns; a throw or an endless
// loop: the greedy AI plays the turn, the reason is shown, the page keeps working; a late answer
// for a replaced game is dropped); the game in progress kept across reloads, a share link not
// replacing it until played, a kept game that cannot be opened set aside.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, launch, openPage, setCode, openTab } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const CANVAS = '[data-testid=labyrinth-play-canvas]';
const state = (page) => page.$eval(CANVAS, (c) => c.state);

async function openLabyrinth(viewport) {
  const page = await openPage(browser, `${server.url}#labyrinth`, viewport);
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]')?.state);
  return page;
}

/** A new game: yellow human against red AI (greedy), seed 7. */
async function newGame(page) {
  await page.selectOption('[data-testid=labyrinth-seat-yellow]', 'human');
  await page.selectOption('[data-testid=labyrinth-seat-red]', 'greedy');
  await page.fill('[data-testid=labyrinth-seed]', '7');
  await page.click('[data-testid=labyrinth-start]');
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]').state?.phase === 'shift');
}

async function clickBoard(page, kind, i) {
  const [x, y] = await page.$eval(CANVAS, (c, [k, j]) => c.pointOf(k, j), [kind, i]);
  const box = await page.locator(CANVAS).boundingBox();
  await page.mouse.click(box.x + x, box.y + y);
}

test('a turn: R turns the extra tile, an arrow pushes it in, a reachable square is walked to, the AI answers', async () => {
  const page = await openLabyrinth();
  await newGame(page);
  const before = await state(page);
  assert.equal(before.toMove, 0);
  const dir0 = await page.getAttribute('[data-testid=labyrinth-extra]', 'data-dir');
  await page.keyboard.press('r');
  const dir1 = await page.getAttribute('[data-testid=labyrinth-extra]', 'data-dir');
  assert.notEqual(dir1, dir0, 'R turns the extra tile');
  // Push at an allowed insertion point.
  const at = [...Array(12).keys()].find((i) => !before.blocked.some(([k]) => k === i));
  await clickBoard(page, 'arrow', at);
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]').state.phase === 'move');
  const pushed = await state(page);
  assert.notDeepEqual(pushed.tiles, before.tiles, 'the push changes the board');
  assert.notDeepEqual(pushed.extra, before.extra, 'the pushed-out tile is the new extra tile');
  // Walk to a reachable square (another one than where yellow stands, when there is one).
  const here = (pushed.players[0].row - 1) * 7 + pushed.players[0].column - 1;
  const target = pushed.reachable.find((k) => k !== here) ?? here;
  await clickBoard(page, 'square', target);
  // Red (AI) answers: its push and its move, then it is yellow's turn again.
  await page.waitForFunction(() => {
    const s = document.querySelector('[data-testid=labyrinth-play-canvas]').state;
    return s.toMove === 0 && s.phase === 'shift' && s.turns >= 2;
  }, null, { timeout: 20000 });
  const moved = await page.evaluate(() => {
    const s = document.querySelector('[data-testid=labyrinth-play-canvas]').state;
    return s.position;
  });
  assert.equal(moved, 4, 'two turns of two half-moves each');
  assert.match(await page.textContent('[data-testid=labyrinth-status]'), /Yellow \(human\)/);
  // A click on an unreachable square during the shift phase is explained, nothing changes.
  await clickBoard(page, 'square', 24);
  assert.match(await page.textContent('[data-testid=labyrinth-message]'), /Push the extra tile in first/);
  // Only yellow's own cards are shown.
  assert.match(await page.textContent('[data-testid=labyrinth-cards]'), /Yellow's cards/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a human plays turn after turn against the AI: each human move reaches the game\'s series once', async () => {
  const page = await openLabyrinth();
  await newGame(page);
  // The series is open from the AI's first turn on: every later human move is handed to it, and
  // the moves it sends back start after that move (the page played it already).
  for (let round = 1; round <= 3; round += 1) {
    const before = await state(page);
    const at = [...Array(12).keys()].find((i) => !before.blocked.some(([k]) => k === i));
    await clickBoard(page, 'arrow', at);
    await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]').state.phase === 'move');
    const pushed = await state(page);
    await clickBoard(page, 'square', (pushed.players[0].row - 1) * 7 + pushed.players[0].column - 1);
    await page.waitForFunction((n) => {
      const s = document.querySelector('[data-testid=labyrinth-play-canvas]').state;
      return (s.toMove === 0 && s.phase === 'shift' && s.position >= n) || s.winner !== null;
    }, round * 4, { timeout: 20000 });
    assert.equal(await page.textContent('[data-testid=labyrinth-message]'), '', `round ${round}`);
    assert.equal((await state(page)).position, round * 4, `round ${round}: two turns of two half-moves each`);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the board is drawn on the engine\'s geometry; the time a strategy\'s turn gets is the engine\'s', async () => {
  const page = await openLabyrinth();
  const { geometry, limits } = await page.evaluate(async () => {
    const e = await import('./www/engine.js').then((m) => m.loadEngine('labyrinth'));
    return { geometry: e.labyrinthGeometry(), limits: e.decisionLimits('labyrinth') };
  });
  assert.equal(geometry.insertions.length, 12);
  // Each arrow sits before the first square of its line, in line with it, on the way it pushes.
  for (const [i, { squares, push }] of geometry.insertions.entries()) {
    const [ax, ay] = await page.$eval(CANVAS, (c, j) => c.pointOf('arrow', j), i);
    const [sx, sy] = await page.$eval(CANVAS, (c, k) => c.pointOf('square', k), squares[0]);
    const [dr, dc] = geometry.directions.find((d) => d.name === push).step;
    assert.ok((sx - ax) * dc + (sy - ay) * dr > 0, `arrow ${i} is behind its line`);
    assert.ok(Math.abs((sx - ax) * dr - (sy - ay) * dc) < 1e-6, `arrow ${i} is in line`);
  }
  assert.ok((await page.textContent('.labyrinth-seat-help')).includes(`(${limits.decisionMs} ms a ${limits.decision})`));
  const time = `${limits.decisionMs} ms a ${limits.decision};`;
  await openTab(page, 'labyrinth-tab-lab');
  assert.ok((await page.textContent('.labyrinth-tab-lab p.lead')).includes(`with ${time}`));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the extra tile is drawn with the engine\'s openings as it is turned', async () => {
  const page = await openLabyrinth();
  await newGame(page);
  const dirs = new Set();
  for (let k = 0; k < 4; k += 1) {
    // The path colour (light) or the wall (dark) in the middle of each side of the drawn tile.
    const { dir, drawn } = await page.$eval('[data-testid=labyrinth-extra]', (c) => {
      const g = c.getContext('2d');
      const open = (x, y) => g.getImageData(Math.round(x * c.width), Math.round(y * c.height), 1, 1).data[0] > 200;
      return { dir: c.dataset.dir, drawn: (open(0.5, 0.06) ? 1 : 0) | (open(0.94, 0.5) ? 2 : 0) | (open(0.5, 0.94) ? 4 : 0) | (open(0.06, 0.5) ? 8 : 0) };
    });
    const s = await state(page);
    assert.equal(drawn, s.extra.turned[dir], `turned ${dir}`);
    dirs.add(dir);
    await page.keyboard.press('r');
  }
  assert.equal(dirs.size, 4, 'every way it can be turned');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a game from a link: the New-game form takes its players and controls', async () => {
  const page = await openLabyrinth();
  const url = await page.evaluate(async () => {
    const engine = await import('./www/engine.js').then((e) => e.loadEngine('labyrinth'));
    const { shareUrl } = await import('./www/dom.js');
    const g = new engine.LabyrinthGame(['red:human', 'blue:ai'], false, 11);
    const link = g.link(0);
    g.free();
    return shareUrl(link);
  });
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]')?.state?.players?.[0]?.color === 'red');
  const form = {};
  for (const color of ['yellow', 'red', 'blue', 'green']) form[color] = await page.inputValue(`[data-testid=labyrinth-seat-${color}]`);
  assert.deepEqual(form, { yellow: 'off', red: 'human', blue: 'greedy', green: 'off' });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('save gives the save text; a broken save shows LINE:COL and the game is kept', async () => {
  const page = await openLabyrinth();
  await newGame(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=labyrinth-save]')]);
  const text = await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString());
  assert.match(text, /^yellow human 1 1( \d+)+\s*\nred ai 1 7/);
  const before = await state(page);
  const dir = mkdtempSync(join(tmpdir(), 'labyrinth-'));
  const broken = join(dir, 'broken.txt');
  writeFileSync(broken, 'yellow human 1 1 3 4\nfoo\n');
  await page.setInputFiles('[data-testid=labyrinth-load-file]', broken);
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-file-status]').textContent.includes('broken.txt'));
  assert.match(await page.textContent('[data-testid=labyrinth-file-status]'), /^broken\.txt:2:1: .+ \(a file of \d+ bytes\)$/);
  assert.deepEqual((await state(page)).tiles, before.tiles, 'nothing lost');
  // The good save loads back to the same board, and play goes on.
  const good = join(dir, 'good.txt');
  writeFileSync(good, text);
  await page.setInputFiles('[data-testid=labyrinth-load-file]', good);
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-file-status]').textContent.includes('Loaded'));
  assert.deepEqual((await state(page)).tiles, before.tiles);
  await page.keyboard.press('r');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a share link reopens the same position; the replay tab steps through the game', async () => {
  const page = await openLabyrinth();
  await newGame(page);
  const s0 = await state(page);
  const at = [...Array(12).keys()].find((i) => !s0.blocked.some(([k]) => k === i));
  await clickBoard(page, 'arrow', at);
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]').state.phase === 'move');
  const s1 = await state(page);
  const link = await page.inputValue('.labyrinth-side .link-input');
  assert.match(link, /#labyrinth\//);
  const other = await openPage(browser, link);
  await other.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]')?.state?.phase === 'move');
  const s2 = await state(other);
  assert.deepEqual(s2.tiles, s1.tiles);
  assert.deepEqual(s2.players, s1.players);
  assert.deepEqual(s2.extra, s1.extra);
  assert.deepEqual(other.errors, []);
  await other.context().close();
  // Replay: the game played, stepped back to its start.
  await openTab(page, 'labyrinth-tab-replay');
  await page.waitForFunction(() => document.querySelector('.labyrinth-tab-replay .replay-counter')?.textContent === '1 / 1');
  await page.keyboard.press('Home');
  const start = await page.$eval('[data-testid=labyrinth-replay-canvas]', (c) => c.state);
  assert.deepEqual(start.tiles, s0.tiles);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('two humans: a hand-over screen hides the board until the next player is ready', async () => {
  const page = await openLabyrinth();
  await page.selectOption('[data-testid=labyrinth-seat-red]', 'human');
  await page.click('[data-testid=labyrinth-start]');
  await page.waitForSelector('[data-testid=labyrinth-reveal]');
  assert.match(await page.textContent('[data-testid=labyrinth-reveal]'), /I am Yellow, show my cards/);
  assert.doesNotMatch(await page.textContent('[data-testid=labyrinth-cards]'), /cards:/);
  await page.click('[data-testid=labyrinth-reveal]');
  assert.match(await page.textContent('[data-testid=labyrinth-cards]'), /Yellow's cards/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the phone layout does not scroll sideways', async () => {
  const page = await openLabyrinth({ width: 390, height: 844 });
  await newGame(page);
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scroll <= width, `page ${scroll} px wide in a ${width} px window`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a JavaScript strategy plays the AIs in every seat from the sandbox', async () => {
  const page = await openPage(browser, `${server.url}#labyrinth`);
  await openTab(page, 'labyrinth-tab-lab');
  await page.click('[data-testid=labyrinth-lab-run]');
  await page.waitForSelector('[data-testid=labyrinth-lab-games-list] li', { timeout: 120000 });
  const rows = await page.$$eval('[data-testid=labyrinth-lab-games-list] li', (lis) => lis.map((l) => l.textContent));
  assert.equal(rows.length, 2);
  assert.match(rows[0], /you in seat 1/);
  assert.match(rows[1], /you in seat 2/);
  assert.match(await page.textContent('[data-testid=labyrinth-lab-status]'), /Your strategy won \d+ of 2 games/);
  assert.equal(await page.$('[data-testid=labyrinth-lab-results] .failures'), null, 'the example strategy plays every turn itself');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the way to a reachable square comes from the engine and is drawn on hover', async () => {
  const page = await openPage(browser, `${server.url}#labyrinth`);
  const path = await page.evaluate(async () => {
    const e = await import('./www/engine.js').then((m) => m.loadEngine('labyrinth'));
    const g = new e.LabyrinthGame(['yellow:human'], false, 5);
    const s = g.state();
    const at = s.insertions.findIndex((_, i) => !s.blocked.some(([k]) => k === i));
    g.shift(at, 'north');
    const reach = g.state().reachable;
    const far = reach[reach.length - 1];
    return { path: Array.from(g.path(Math.floor(far / 7) + 1, (far % 7) + 1)), far, pawn: [g.state().players[0].row, g.state().players[0].column] };
  });
  assert.deepEqual(path.path.slice(0, 2), path.pawn, 'the way starts at the pawn');
  assert.deepEqual(path.path.slice(-2), [Math.floor(path.far / 7) + 1, (path.far % 7) + 1]);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a strategy that throws or loops loses its turns to the greedy AI and the page keeps working', async () => {
  const page = await openPage(browser, `${server.url}#labyrinth`);
  await openTab(page, 'labyrinth-tab-lab');
  await setCode(page, 'labyrinth-lab-editor', 'let n = 0;\nfunction turn(view) {\n  if (n++ % 2) for (;;) {}\n  throw new Error("nope");\n}');
  await page.click('[data-testid=labyrinth-lab-run]');
  await page.waitForSelector('[data-testid=labyrinth-lab-games-list] li', { timeout: 180000 });
  const failures = await page.textContent('[data-testid=labyrinth-lab-results] .failures');
  assert.match(failures, /\d+ of your turns failed \(greedy played them\)/);
  assert.match(failures, /threw Error: nope/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** Runs the Your strategy tab with `code` and `seed`: its headline, games and failures. */
async function runLab(page, code, seed) {
  await setCode(page, 'labyrinth-lab-editor', code);
  await page.fill('[data-testid=labyrinth-lab-seed]', seed);
  await page.$eval('[data-testid=labyrinth-lab-results]', (r) => r.replaceChildren());
  await page.click('[data-testid=labyrinth-lab-run]');
  await page.waitForSelector('[data-testid=labyrinth-lab-games-list] li', { timeout: 120000 });
  const status = page.locator('[data-testid=labyrinth-lab-status]');
  return {
    headline: await status.textContent(),
    className: await status.getAttribute('class'),
    games: await page.$$eval('[data-testid=labyrinth-lab-games-list] li', (lis) => lis.map((l) => l.textContent)),
    failures: await page.$$eval('[data-testid=labyrinth-lab-failures] li', (lis) => lis.map((l) => l.textContent)),
    seed: await page.inputValue('[data-testid=labyrinth-lab-seed]'),
  };
}

test('a strategy that throws on some turns: the headline says how many failed, not in green; each failure names its game and turn; a seed replays the same games', async () => {
  const page = await openPage(browser, `${server.url}#labyrinth`);
  await openTab(page, 'labyrinth-tab-lab');
  // Every third turn of a game throws (each game starts the code afresh).
  const code = `let n = 0;\n${STAYER.replace('function turn(view)', 'function stay(view)')}\nfunction turn(view) {\n  if (++n % 3 === 0) null.x;\n  return stay(view);\n}`;
  const first = await runLab(page, code, '12345');
  const failed = first.headline.match(/^(\d+) of your turns failed \(greedy played them\)\. Your strategy won \d+ of 2 games .*seed 12345/);
  assert.ok(failed, first.headline);
  assert.match(first.className, /\bfail\b/);
  assert.doesNotMatch(first.className, /\bpass\b/);
  assert.ok(first.failures.length > 0 && first.failures.length <= Number(failed[1]));
  for (const f of first.failures) assert.match(f, /^game [12], turn \d+: .*TypeError/);
  // You move first in game 1 (turns 1, 3, 5: the third fails) and second in game 2 (2, 4, 6).
  assert.match(first.failures[0], /^game 1, turn 5: /);
  assert.ok(first.failures.some((f) => /^game 2, turn 6: /.test(f)), first.failures.join('\n'));
  // The same seed plays the same games; "New seed" puts a fresh one in.
  const again = await runLab(page, code, '12345');
  assert.deepEqual(again.games, first.games);
  assert.deepEqual(again.failures, first.failures);
  assert.equal(again.headline.replace(/ on .*$/, ''), first.headline.replace(/ on .*$/, ''));
  await page.click('[data-testid=labyrinth-lab-seed-new]');
  assert.notEqual(await page.inputValue('[data-testid=labyrinth-lab-seed]'), '12345');
  // An empty seed field plays a fresh seed and shows it.
  const fresh = await runLab(page, code, '');
  assert.match(fresh.seed, /^\d+$/);
  assert.ok(fresh.headline.includes(`seed ${fresh.seed}`), fresh.headline);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// ---- Your strategy in a Play-tab seat; the game kept across reloads ----

const MESSAGE = '[data-testid=labyrinth-message]';

/** Types `code` into the Your strategy tab's editor (kept in localStorage), back to Play. */
async function writeStrategy(page, code) {
  await openTab(page, 'labyrinth-tab-lab');
  await setCode(page, 'labyrinth-lab-editor', code);
  await openTab(page, 'labyrinth-tab-play');
}

/** A new game with `seats` ({ yellow: 'js', red: 'greedy' }; the others off), seed 7. */
async function startWith(page, seats) {
  for (const color of ['yellow', 'red', 'blue', 'green']) await page.selectOption(`[data-testid=labyrinth-seat-${color}]`, seats[color] ?? 'off');
  await page.fill('[data-testid=labyrinth-seed]', '7');
  await page.click('[data-testid=labyrinth-start]');
}

const waitTurns = (page, n, timeout = 30000) => page.waitForFunction((k) => document.querySelector('[data-testid=labyrinth-play-canvas]').state.turns >= k, n, { timeout });

/** Stays put after pushing a line with no pawn in it; says so. */
const STAYER = `function turn(view) {
  const [, row, column] = view.pawns[view.seat];
  console.log("seat " + view.seat + " stays at " + row + "," + column);
  for (let i = 0; i < 12; i++) {
    const line = [2, 4, 6][i % 3];
    const isColumn = Math.floor(i / 3) % 2 === 0;
    if (!view.pawns.some(([, r, c]) => (isColumn ? c === line : r === line))) return { rotation: "north", insertion: i, row, column };
  }
  return { rotation: "north", insertion: 0, row, column };
}`;

test('your strategy takes a seat in the Play tab: it plays its own turns against the greedy AI', async () => {
  const page = await openLabyrinth();
  await writeStrategy(page, STAYER);
  await startWith(page, { yellow: 'js', red: 'greedy' });
  await waitTurns(page, 4);
  const s = await state(page);
  assert.equal(s.players[0].control, 'ai', 'in the engine the seat is an AI seat');
  assert.deepEqual([s.players[0].row, s.players[0].column], [1, 1], 'yellow stayed on its start square every turn, as the strategy says');
  assert.equal(await page.textContent(MESSAGE), '', 'no turn failed');
  assert.match(await page.textContent('[data-testid=labyrinth-legend]'), /Yellow your strategy/);
  assert.match(await page.textContent('[data-testid=labyrinth-legend]'), /Red AI greedy/);
  assert.match(await page.textContent('[data-testid=labyrinth-printed]'), /seat 0 stays at 1,1/);
  await page.waitForFunction(() => /Yellow \(your strategy\)/.test(document.querySelector('[data-testid=labyrinth-status]').textContent));
  await openTab(page, 'labyrinth-tab-replay');
  await page.waitForFunction(() => /Yellow your strategy.*Red AI greedy/.test(document.querySelector('.labyrinth-tab-replay .labyrinth-legend')?.textContent));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a strategy that throws: the message names the error, the greedy AI plays its turns, the page keeps working', async () => {
  const page = await openLabyrinth();
  await writeStrategy(page, 'function turn(view) {\n  throw new Error("nope");\n}');
  await startWith(page, { yellow: 'greedy', red: 'js' });
  await page.waitForFunction(() => /Your strategy \(Red\), turn \d*[02468]: 2:9: threw Error: nope — the greedy AI played this turn/.test(document.querySelector('[data-testid=labyrinth-message]').textContent), null, { timeout: 20000 });
  await waitTurns(page, 5);
  // The page still plays: a new game with a human.
  await startWith(page, { yellow: 'human', red: 'greedy' });
  const s = await state(page);
  assert.equal(s.turns, 0);
  assert.equal(s.toMove, 0);
  assert.equal(await page.textContent(MESSAGE), '');
  await page.keyboard.press('r');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('an endless loop: the greedy AI plays the turn after the time limit, the page stays responsive; an answer for a replaced game is dropped', async () => {
  const page = await openLabyrinth();
  await writeStrategy(page, 'function turn(view) {\n  while (true) {}\n}');
  // Replaced while the strategy is thinking: its (late) outcome must not touch the new game.
  await startWith(page, { yellow: 'js', red: 'greedy' });
  await page.waitForFunction(() => /is thinking/.test(document.querySelector('[data-testid=labyrinth-status]').textContent));
  await startWith(page, { yellow: 'human', red: 'greedy' });
  await page.waitForTimeout(3500);
  let s = await state(page);
  assert.deepEqual([s.turns, s.position, s.toMove], [0, 0, 0], 'the new game is untouched');
  assert.equal(await page.textContent(MESSAGE), '');
  // Played to the end of the limit.
  const t0 = Date.now();
  await startWith(page, { yellow: 'js', red: 'greedy' });
  // Meanwhile the page answers at once.
  await page.waitForFunction(() => /is thinking/.test(document.querySelector('[data-testid=labyrinth-status]').textContent));
  const ping = Date.now();
  await openTab(page, 'labyrinth-tab-replay');
  await openTab(page, 'labyrinth-tab-play');
  assert.ok(Date.now() - ping < 1000, 'the page is responsive while the strategy loops');
  await page.waitForFunction(() => /Your strategy \(Yellow\), turn 1: no answer within \d+ ms \(an infinite loop\?\): the sandbox stopped it — the greedy AI played this turn/.test(document.querySelector('[data-testid=labyrinth-message]').textContent), null, { timeout: 20000 });
  // The backstop (500 + 1000 ms) starts after t0; Date.now is a millisecond wall clock (and may
  // be slewed), so only a clear margin below 1500 ms is asserted.
  assert.ok(Date.now() - t0 >= 1400, 'after the time limit');
  // Its later turns fail at once and are played by the greedy AI too.
  await waitTurns(page, 4);
  await page.waitForFunction(() => /the sandbox stopped this strategy on an earlier turn/.test(document.querySelector('[data-testid=labyrinth-message]').textContent));
  s = await state(page);
  assert.equal(s.players[0].control, 'ai');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** Yellow human, red AI greedy: push at the first allowed arrow. */
async function pushOnce(page) {
  const s = await state(page);
  const at = [...Array(12).keys()].find((i) => !s.blocked.some(([k]) => k === i));
  await clickBoard(page, 'arrow', at);
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]').state.phase === 'move');
}
const same = (s) => ({ turns: s.turns, position: s.position, phase: s.phase, toMove: s.toMove, tiles: s.tiles, extra: s.extra, players: s.players });
async function reload(page) {
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]')?.state);
}

test('the game in progress survives a reload: mid-turn and after the AI answered', async () => {
  const page = await openLabyrinth();
  await newGame(page);
  await pushOnce(page);
  const pushed = await state(page);
  await reload(page);
  assert.deepEqual(same(await state(page)), same(pushed), 'after the push, before the walk');
  await clickBoard(page, 'square', pushed.reachable.at(-1));
  await page.waitForFunction(() => {
    const s = document.querySelector('[data-testid=labyrinth-play-canvas]').state;
    return s.toMove === 0 && s.phase === 'shift' && s.turns >= 2;
  }, null, { timeout: 20000 });
  const answered = await state(page);
  await reload(page);
  const back = await state(page);
  assert.deepEqual(same(back), same(answered), 'turns, pawns, board and extra tile');
  assert.equal(back.turns, 2);
  assert.match(await page.textContent('[data-testid=labyrinth-legend]'), /Red AI greedy/);
  assert.equal(await page.inputValue('[data-testid=labyrinth-seat-red]'), 'greedy', 'the set-up shows the resumed game');
  assert.equal(page.url().endsWith('#labyrinth'), true);
  // Play goes on.
  await pushOnce(page);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a share link does not replace the kept game until it is played; a kept game that cannot be opened is set aside', async () => {
  const page = await openLabyrinth();
  await newGame(page);
  await pushOnce(page);
  const mine = await state(page);
  // Another game's link, opened in the same browser.
  const other = await page.evaluate(async () => {
    const e = await import('./www/engine.js').then((m) => m.loadEngine('labyrinth'));
    const g = new e.LabyrinthGame(['yellow:human', 'blue:human'], false, 99);
    return g.link(0);
  });
  await page.goto(`${server.url}#${other}`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]')?.state?.players.length === 2
    && document.querySelector('[data-testid=labyrinth-play-canvas]').state.players[1].color === 'blue');
  await page.waitForSelector('[data-testid=labyrinth-back]:not([hidden])');
  await page.click('[data-testid=labyrinth-back-to-game]');
  assert.deepEqual(same(await state(page)), same(mine), 'back to the kept game');
  assert.equal(page.url().endsWith('#labyrinth'), true);
  await reload(page);
  assert.deepEqual(same(await state(page)), same(mine));
  // A kept entry the engine cannot open.
  await page.evaluate(() => localStorage.setItem('arcade.kept.v2.labyrinth', JSON.stringify({ v: 2, link: 'labyrinth/1/AAAA', view: 0, levels: [null] })));
  await reload(page);
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(await page.textContent('#banner'), /Your Labyrinth game could not be resumed\. .+ It was put aside/);
  const fresh = await state(page);
  assert.equal(fresh.turns, 0);
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('arcade.kept.v2.labyrinth.set-aside')).link), 'labyrinth/1/AAAA');
  await pushOnce(page);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// A strategy with a memory (it counts its calls) and draws of its own: a re-run that is handed
// the seat's history answers and prints exactly what it did in the game.
const COUNTER = `let n = 0;\n${STAYER.replace('function turn(view) {', 'function turn(view) {\n  n += 1;\n  console.log("call " + n + " draw " + Math.floor(Math.random() * 1000));')}`;

test('a lab game opens in Replay at move 1; the inspector shows what each seat saw, answered, printed and took; re-run here reproduces it; continue from here forks it', async () => {
  const page = await openLabyrinth();
  await openTab(page, 'labyrinth-tab-lab');
  await setCode(page, 'labyrinth-lab-editor', COUNTER);
  await page.fill('[data-testid=labyrinth-lab-seed]', '31');
  await page.click('[data-testid=labyrinth-lab-run]');
  await page.waitForSelector('[data-testid=labyrinth-lab-games-list] li', { timeout: 120000 });
  await page.click('[data-testid=labyrinth-lab-games-list] li:nth-child(2) button');
  // Game 2: the greedy AI moves first (seats rotate), in the Replay tab at move 1, never in Play.
  assert.equal(await page.textContent('[data-testid=labyrinth-replay-title]'), 'your strategy vs greedy — game 2 of 2');
  assert.match(await page.textContent('.replay-counter'), /^1 \//);
  assert.match(await page.textContent('[data-testid=labyrinth-inspector-head]'), /Yellow \(AI greedy\) · move 1 · took [\d.]+ ms/);
  assert.match(await page.textContent('[data-testid=labyrinth-inspector-view]'), /^\{"seat":0,/);
  assert.equal(await page.isHidden('[data-testid=labyrinth-inspector-rerun]'), true, 'only code can be re-run');
  // Move 3 is the strategy's: what it printed then, and only then.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('[data-testid=labyrinth-inspector-head]'), /Red \(your strategy\) · move 3/);
  assert.match(await page.textContent('[data-testid=labyrinth-inspector-printed]'), /^call 1 draw \d+\nseat 1 stays at 1,7\n$/);
  assert.match(await page.textContent('[data-testid=labyrinth-inspector-answer]'), /Answered: insert at .*; stay/);
  // Its second turn, re-run with the code unchanged: the same answer and output, as it kept state.
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
  const recorded = await page.textContent('[data-testid=labyrinth-inspector-printed]');
  assert.match(recorded, /^call 2 draw/);
  await page.click('[data-testid=labyrinth-inspector-rerun]');
  await page.waitForSelector('[data-testid=rerun-answer]');
  assert.match(await page.textContent('[data-testid=rerun-answer]'), /same$/);
  assert.equal(await page.textContent('[data-testid=rerun-printed]'), recorded);
  // Edited code answers otherwise here, and the inspector says so.
  await openTab(page, 'labyrinth-tab-lab');
  await setCode(page, 'labyrinth-lab-editor', COUNTER.replace('rotation: "north", insertion: i', 'rotation: "south", insertion: i'));
  await openTab(page, 'labyrinth-tab-replay');
  await page.click('[data-testid=labyrinth-inspector-rerun]');
  await page.waitForFunction(() => /differs$/.test(document.querySelector('[data-testid=rerun-answer]')?.textContent));
  // Continue from here: the position in Play, you in the strategy's seat; the fork's link holds
  // the moves up to it.
  const t = Number((await page.textContent('.replay-counter')).split(' ')[0]);
  await page.click('[data-testid=labyrinth-continue]');
  await page.selectOption('[data-testid=labyrinth-fork-red]', 'human');
  await page.click('[data-testid=labyrinth-fork-start]');
  await page.waitForFunction((k) => document.querySelector('[data-testid=labyrinth-play-canvas]')?.state?.position >= k, t);
  const s = await state(page);
  assert.equal(s.players[1].control, 'human');
  assert.equal(s.length, s.position, 'nothing after the fork');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('both rule sets are explained: in the New game form as chosen, and beside your cards for the game played', async () => {
  const page = await openLabyrinth();
  assert.match(await page.textContent('[data-testid=labyrinth-rules-note]'), /^Assignment rules: after your push, every card of yours whose treasure your pawn can reach is collected at once/);
  await newGame(page);
  assert.match(await page.textContent('[data-testid=labyrinth-cards-rule]'), /^Your treasures are ringed in blue on the board\. Assignment rules: each card whose treasure you can reach after your push is collected at once\.$/);
  await page.selectOption('[data-testid=labyrinth-rules]', 'ravensburger');
  assert.match(await page.textContent('[data-testid=labyrinth-rules-note]'), /^Ravensburger rules: your cards are sought one at a time, in order/);
  await page.click('[data-testid=labyrinth-start]');
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-cards-rule]')?.textContent.includes('Ravensburger rules: find the first card first'));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
