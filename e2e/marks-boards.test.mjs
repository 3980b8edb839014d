// Debug drawing on the boards of Punter and Labyrinth (docs/JAVASCRIPT-API.md "Debug drawing"):
// a JavaScript bot in the lab that draws at one of its decisions, its game watched — the overlay
// draws its marks at that move and at no other, the inspector lists them, the "Show marks" switch
// hides them (and stays off after a reload); a pixel of a mark's colour on the canvas. And a
// program's marks, written on its stderr (tests/fixtures/programs/draw.wasm), at its turns.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { serve, launch, openPage, setCode, openTab } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const drawn = (page, canvas) => page.$eval(`[data-testid=${canvas}]`, (c) => ({ count: Number(c.dataset.marks ?? 0), marks: c.drawnMarks ?? [] }));
const counter = (page, tab) => page.textContent(`${tab} .replay-counter`).then((t) => Number(t.split(' ')[0]));
const marksAre = (page, canvas, n) => page.waitForFunction(([c, k]) => document.querySelector(`[data-testid=${c}]`).dataset.marks === String(k), [canvas, n]);
/** The colour of the canvas's pixel at css point [x, y]. */
const pixelAt = (page, canvas, [x, y]) => page.$eval(`[data-testid=${canvas}]`, (c, [px, py]) => {
  const r = c.getBoundingClientRect();
  const k = c.width / r.width;
  return [...c.getContext('2d').getImageData(Math.round(px * k), Math.round(py * k), 1, 1).data];
}, [x, y]);
const green = (p) => p[1] > 200 && p[0] < 80 && p[2] < 80;

test('Punter: a bot\'s site, river and path are drawn on the map at its move only, listed, and switched off', async () => {
  const page = await openPage(browser, `${server.url}#punter`);
  await openTab(page, 'punter-tab-lab');
  await setCode(page, 'punter-lab-editor', `let me = 0, n = 0, rivers = [], taken = new Set();
const key = (a, b) => (a < b ? a + "," + b : b + "," + a);
function punter(message) {
  if (message.map) { me = message.punter; rivers = message.map.rivers.map((r) => [r.source, r.target]); return { ready: me }; }
  if (message.move) {
    for (const m of message.move.moves) if (m.claim) taken.add(key(m.claim.source, m.claim.target));
    n += 1;
    if (n === 2) {
      draw.site(1, { colour: "red", label: "mine" });
      draw.river(5, 6, { colour: "blue" });
      draw.path([7, 0, 1], { colour: "#00ff00", label: "plan" });
    }
    if (n === 3) draw.site(99);
    const free = rivers.find(([a, b]) => !taken.has(key(a, b)));
    return free ? { claim: { punter: me, source: free[0], target: free[1] } } : { pass: { punter: me } };
  }
}`);
  await page.selectOption('[data-testid=punter-lab-map]', 'sample.json');
  await page.selectOption('[data-testid=punter-lab-opponents]', 'greedy');
  await page.click('[data-testid=punter-lab-run]');
  await page.waitForSelector('[data-testid=punter-lab-watch]', { timeout: 30000 });
  await page.click('[data-testid=punter-lab-watch]');
  await page.waitForSelector('.punter-tab-replay[data-mounted]:not([hidden])');
  const tab = '.punter-tab-replay';
  const canvas = 'punter-replay-canvas';
  assert.equal(await counter(page, tab), 1);
  assert.equal((await drawn(page, canvas)).count, 0, 'nothing drawn at its first move');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await counter(page, tab), 3);
  await marksAre(page, canvas, 3);
  const at3 = await drawn(page, canvas);
  assert.deepEqual(at3.marks.map((m) => [m.kind, m.colour, m.label, m.points.length]),
    [['site', '#e03131', 'mine', 1], ['river', '#1c7ed6', '', 2], ['path', '#00ff00', 'plan', 3]]);
  assert.deepEqual(at3.marks[2].points[2], at3.marks[0].points[0], 'the path ends at site 1, where the site is ringed');
  assert.ok(green(await pixelAt(page, canvas, at3.marks[2].points[2])), 'the path ends in a green dot');
  const list = await page.textContent('[data-testid=punter-inspector-marks]');
  assert.match(list, /What it drew \(3 marks\)/);
  assert.match(list, /site 1 — mine/);
  assert.match(list, /river 5 6/);
  assert.match(list, /path 7 0 1 — plan/);
  // The opponent's move after it: nothing drawn, nothing listed.
  await page.keyboard.press('ArrowRight');
  await marksAre(page, canvas, 0);
  assert.match(await page.textContent('[data-testid=punter-inspector-head]'), /^greedy · move 4/);
  assert.equal(await page.isHidden('[data-testid=punter-inspector-marks]'), true);
  // Its next move drew a site the map does not have: dropped, and named at its place.
  await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('[data-testid=punter-inspector-marks]'), /1:\d+: the map has no site 99/);
  assert.equal((await drawn(page, canvas)).count, 0);
  // The switch hides the overlay and shows it again.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await marksAre(page, canvas, 3);
  await page.click('[data-testid=punter-show-marks]');
  await marksAre(page, canvas, 0);
  assert.match(await page.textContent('[data-testid=punter-inspector-marks]'), /3 marks/, 'the list stays');
  await page.click('[data-testid=punter-show-marks]');
  await marksAre(page, canvas, 3);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Labyrinth: a strategy\'s tile, square and path are drawn on the board at its turn only, listed, and switched off', async () => {
  const page = await openPage(browser, `${server.url}#labyrinth`);
  await openTab(page, 'labyrinth-tab-lab');
  await setCode(page, 'labyrinth-lab-editor', `let n = 0;
function turn(view) {
  const [, row, column] = view.pawns[view.seat];
  n += 1;
  if (n === 2) {
    draw.tile(1, 1, { colour: "yellow", label: "corner" });
    draw.square(row, column, { colour: "red" });
    draw.path([[7, 5], [7, 6], [7, 7]], { colour: "#00ff00", label: "way" });
  }
  if (n === 3) draw.square(8, 1);
  const lines = [2, 4, 6];
  for (let i = 0; i < 12; i++) {
    const line = lines[i % 3];
    const isColumn = Math.floor(i / 3) % 2 === 0;
    const busy = view.pawns.some(([, r, c]) => (isColumn ? c === line : r === line));
    if (!busy) return { rotation: "north", insertion: i, row, column };
  }
  return { rotation: "north", insertion: 0, row, column };
}`);
  await page.fill('[data-testid=labyrinth-lab-seed]', '5');
  await page.click('[data-testid=labyrinth-lab-run]');
  await page.waitForSelector('[data-testid=labyrinth-lab-games-list] li', { timeout: 60000 });
  await page.click('[data-testid=labyrinth-lab-games-list] li:nth-child(1) button');
  await page.waitForSelector('section[data-tab=replay][data-mounted]:not([hidden])'); // its code loads now
  const tab = '.labyrinth-tab-replay';
  const canvas = 'labyrinth-replay-canvas';
  // Game 1: your strategy (yellow) plays turns 1–2, 5–6, 9–10…; a turn is a push and a walk.
  assert.equal(await counter(page, tab), 1);
  assert.equal((await drawn(page, canvas)).count, 0, 'nothing drawn at its first turn');
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
  assert.equal(await counter(page, tab), 5);
  await marksAre(page, canvas, 3);
  const at5 = await drawn(page, canvas);
  assert.deepEqual(at5.marks.map((m) => [m.kind, m.colour, m.label, m.points.length]),
    [['tile', '#fcc419', 'corner', 1], ['square', '#e03131', '', 1], ['path', '#00ff00', 'way', 3]]);
  assert.ok(green(await pixelAt(page, canvas, at5.marks[2].points[2])), 'the path ends in a green dot');
  const list = await page.textContent('[data-testid=labyrinth-inspector-marks]');
  assert.match(list, /What it drew \(3 marks\)/);
  assert.match(list, /tile 1 1 — corner/);
  assert.match(list, /square \d \d/);
  assert.match(list, /path 7 5 7 6 7 7 — way/);
  // The walk of the same turn shows them too; the AI's turn after it does not.
  await page.keyboard.press('ArrowRight');
  assert.equal((await drawn(page, canvas)).count, 3);
  await page.keyboard.press('ArrowRight');
  await marksAre(page, canvas, 0);
  assert.match(await page.textContent('[data-testid=labyrinth-inspector-head]'), /^Red \(AI greedy\)/);
  assert.equal(await page.isHidden('[data-testid=labyrinth-inspector-marks]'), true);
  // Its next turn drew a square off the board: dropped, and named at its place.
  for (let i = 0; i < 2; i += 1) await page.keyboard.press('ArrowRight');
  assert.equal(await counter(page, tab), 9);
  assert.match(await page.textContent('[data-testid=labyrinth-inspector-marks]'), /1:\d+: row 8 is off the board \(1–7\)/);
  // The switch hides the overlay and shows it again.
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowLeft');
  await marksAre(page, canvas, 3);
  await page.click('[data-testid=labyrinth-show-marks]');
  await marksAre(page, canvas, 0);
  assert.match(await page.textContent('[data-testid=labyrinth-inspector-marks]'), /3 marks/, 'the list stays');
  // Off, it stays off after a reload: the same game watched again shows no marks until switched on.
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await openTab(page, 'labyrinth-tab-lab');
  await page.fill('[data-testid=labyrinth-lab-seed]', '5');
  await page.click('[data-testid=labyrinth-lab-run]');
  await page.waitForSelector('[data-testid=labyrinth-lab-games-list] li', { timeout: 60000 });
  await page.click('[data-testid=labyrinth-lab-games-list] li:nth-child(1) button');
  await page.waitForSelector('section[data-tab=replay][data-mounted]:not([hidden])'); // its code loads now
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
  assert.equal(await counter(page, tab), 5);
  assert.equal(await page.isChecked('[data-testid=labyrinth-show-marks]'), false, 'the switch is off after the reload');
  assert.match(await page.textContent('[data-testid=labyrinth-inspector-marks]'), /3 marks/);
  assert.equal((await drawn(page, canvas)).count, 0);
  await page.click('[data-testid=labyrinth-show-marks]');
  await marksAre(page, canvas, 3);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Labyrinth: a program\'s @draw lines on stderr are drawn at its turns', async () => {
  const page = await openPage(browser, `${server.url}#labyrinth`);
  await openTab(page, 'labyrinth-tab-lab');
  await page.selectOption('[data-testid=labyrinth-lab-kind]', 'program');
  // tests/fixtures/programs/draw.wat: the same answer every turn, its other arguments on stderr.
  await page.setInputFiles('[data-testid=labyrinth-lab-program-file]', { name: 'draw.wasm', mimeType: 'application/wasm', buffer: readFileSync(new URL('../tests/fixtures/programs/draw.wasm', import.meta.url)) });
  await page.fill('[data-testid=labyrinth-lab-program-args]', '{"move":{"rotation":"north","insertion":0,"row":1,"column":1}} "@draw tile red 4 4 | middle" "@draw path #00ff00 1 1 1 2 2 2"');
  await page.fill('[data-testid=labyrinth-lab-seed]', '5');
  await page.click('[data-testid=labyrinth-lab-run]');
  await page.waitForSelector('[data-testid=labyrinth-lab-games-list] li', { timeout: 60000 });
  await page.click('[data-testid=labyrinth-lab-games-list] li:nth-child(1) button');
  await page.waitForSelector('section[data-tab=replay][data-mounted]:not([hidden])'); // its code loads now
  const tab = '.labyrinth-tab-replay';
  const canvas = 'labyrinth-replay-canvas';
  // Game 1: the program (yellow) plays turns 1–2, 5–6…, the greedy AI 3–4.
  assert.equal(await counter(page, tab), 1);
  assert.match(await page.textContent('[data-testid=labyrinth-inspector-head]'), /^Yellow \(your strategy\) · move 1/);
  assert.match(await page.textContent('[data-testid=labyrinth-inspector-printed]'), /^@draw tile red 4 4 \| middle\n@draw path/);
  assert.match(await page.textContent('[data-testid=labyrinth-inspector-marks]'), /What it drew \(2 marks\).*tile 4 4 — middle.*path 1 1 1 2 2 2/);
  await marksAre(page, canvas, 2);
  const at1 = await drawn(page, canvas);
  assert.deepEqual(at1.marks.map((m) => [m.kind, m.colour, m.label, m.points.length]), [['tile', '#e03131', 'middle', 1], ['path', '#00ff00', '', 3]]);
  assert.ok(green(await pixelAt(page, canvas, at1.marks[1].points[2])), 'the path ends in a green dot');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await marksAre(page, canvas, 0);
  assert.match(await page.textContent('[data-testid=labyrinth-inspector-head]'), /^Red \(AI greedy\)/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await marksAre(page, canvas, 2);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
