// Debug drawing (docs/JAVASCRIPT-API.md "Debug drawing"): a bot that draws during a decision,
// its game watched in the replay — the overlay holds its marks at that turn and at no other, the
// inspector lists them and names a mark that does not read by its line and column, and the
// "Show marks" switch (remembered) turns the overlay off. Lifter (cells and a path on the mine,
// with a pixel of the path's colour; a program's stderr, tests/fixtures/programs/draw.wasm, at its
// route's first command) and Pig (values beside the board; a JavaScript and a Scheme strategy).
// Punter and Labyrinth: e2e/marks-boards.test.mjs.
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

test('Lifter: a solver\'s marks are drawn over the mine at the command that drew them, listed by the inspector, and switched off', async () => {
  const page = await openPage(browser, `${server.url}#lifter`);
  await page.waitForSelector('[data-testid=lifter-play-canvas]');
  await openTab(page, 'lifter-tab-lab');
  const route = 'DLRDDUULLLDDL';
  await setCode(page, 'lifter-editor', `function next(s) {
  if (s.moves === 2) {
    draw.cell(s.robot.x, s.robot.y, { colour: "red", label: "here" });
    draw.path([[2, 2], [2, 3], [3, 3]], { colour: "#00ff00", label: "plan" });
  }
  if (s.moves === 4) draw.cell(1, 99, { colour: "blue" });
  return "${route}"[s.moves];
}`);
  await page.click('[data-testid=lifter-run-code]');
  await page.waitForFunction(() => document.querySelector('[data-testid=lifter-code-status]').textContent === 'Done.', null, { timeout: 20000 });
  await page.click('[data-testid=lifter-code-watch]');
  await page.waitForSelector('.lifter-tab-replay:not([hidden])');
  const tab = '.lifter-tab-replay';
  assert.equal(await counter(page, tab), 1);
  assert.equal(await page.isChecked('[data-testid=lifter-show-marks]'), true, 'marks are shown by default');
  assert.equal((await drawn(page, 'lifter-replay-canvas')).count, 0, 'no marks at command 1');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await counter(page, tab), 3);
  await page.waitForFunction(() => document.querySelector('[data-testid=lifter-replay-canvas]').dataset.marks === '2');
  const at3 = await drawn(page, 'lifter-replay-canvas');
  assert.deepEqual(at3.marks.map((m) => [m.kind, m.colour, m.label, m.points.length]), [['cell', '#e03131', 'here', 1], ['path', '#00ff00', 'plan', 3]]);
  // The path ends in a dot of its colour: that pixel is green on the canvas.
  const [ex, ey] = at3.marks[1].points[2];
  const pixel = await page.$eval('[data-testid=lifter-replay-canvas]', (c, [x, y]) => {
    const r = c.getBoundingClientRect();
    const k = c.width / r.width;
    return [...c.getContext('2d').getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data];
  }, [ex, ey]);
  assert.ok(pixel[1] > 200 && pixel[0] < 80 && pixel[2] < 80, `the path's end is green: ${pixel}`);
  const list = await page.textContent('[data-testid=lifter-inspector-marks]');
  assert.match(list, /What it drew \(2 marks\)/);
  assert.match(list, /cell 4 4 — here/);
  assert.match(list, /path 2 2 2 3 3 3 — plan/);
  // Not at another turn.
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('[data-testid=lifter-replay-canvas]').dataset.marks === '0');
  assert.equal(await page.isHidden('[data-testid=lifter-inspector-marks]'), true);
  // A mark off the mine is dropped, and the inspector names its place in what was printed.
  await page.keyboard.press('ArrowRight');
  assert.equal(await counter(page, tab), 5);
  assert.match(await page.textContent('[data-testid=lifter-inspector-marks]'), /1:17: y 99 is off the board \(1–\d+\)/);
  assert.equal((await drawn(page, 'lifter-replay-canvas')).count, 0);
  // The switch: off hides the overlay (the list stays), and the page remembers it.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => document.querySelector('[data-testid=lifter-replay-canvas]').dataset.marks === '2');
  await page.click('[data-testid=lifter-show-marks]');
  await page.waitForFunction(() => document.querySelector('[data-testid=lifter-replay-canvas]').dataset.marks === '0');
  assert.match(await page.textContent('[data-testid=lifter-inspector-marks]'), /2 marks/);
  assert.equal(await page.evaluate(() => localStorage.getItem('arcade.marks.show')), 'off');
  await page.click('[data-testid=lifter-show-marks]');
  await page.waitForFunction(() => document.querySelector('[data-testid=lifter-replay-canvas]').dataset.marks === '2');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Pig: a strategy\'s values are shown beside the board at its decisions only, and switched off', async () => {
  const page = await openPage(browser, server.url);
  await openTab(page, 'tab-lab');
  await page.selectOption('[data-testid=language]', 'js');
  await setCode(page, 'editor', `function player(myTotal, otherTotal, accum, current) {
  draw.value((accum + current) / 20, { colour: "blue", label: "turn / 20" });
  return accum + current < 20;
}`);
  await page.fill('.tab-lab input.seed', '99');
  await page.click('[data-testid=run-checker]');
  await page.waitForSelector('[data-testid=lab-results] [data-testid=wins]', { timeout: 30000 });
  await page.click('[data-testid=lab-results] tbody tr:nth-child(1) button');
  await page.waitForSelector('section[data-tab=replay][data-mounted]:not([hidden])'); // its code loads now
  const tab = '.tab-replay';
  // Step to a decision of the strategy, then to one of its opponent.
  const head = () => page.textContent('[data-testid=pig-inspector-head]').catch(() => '');
  const values = () => page.$eval('[data-testid=pig-values]', (v) => (v.parentElement.hidden ? 0 : Number(v.dataset.marks)));
  let mine = null;
  let theirs = null;
  for (let i = 0; i < 200 && (mine === null || theirs === null); i += 1) {
    const t = await counter(page, tab);
    const h = await head();
    if (h.includes(`move ${t} `)) {
      if (/^my JS strategy/.test(h)) mine ??= t;
      else theirs ??= t;
    }
    await page.keyboard.press('ArrowRight');
  }
  assert.ok(mine !== null && theirs !== null, 'decisions of both seats found');
  const seek = async (t) => {
    await page.click(`${tab} .replay-btn[title^="First"]`);
    for (let i = 0; i < t; i += 1) await page.keyboard.press('ArrowRight');
    assert.equal(await counter(page, tab), t);
  };
  await seek(mine);
  assert.equal(await values(), 1);
  assert.match(await page.textContent('[data-testid=pig-values]'), /turn \/ 20/);
  assert.match(await page.textContent('[data-testid=pig-inspector-marks]'), /value [\d.]+ — turn \/ 20/);
  await seek(theirs);
  assert.equal(await values(), 0, 'the opponent drew nothing');
  await seek(mine);
  await page.click('[data-testid=pig-show-marks]');
  assert.equal(await values(), 0);
  await page.click('[data-testid=pig-show-marks]');
  assert.equal(await values(), 1);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the host\'s draw writes @draw lines, bounded, also after user code replaced the built-ins it might use', async () => {
  const page = await openPage(browser, server.url);
  const r = await page.evaluate(async () => {
    const { UserSession } = await import('/www/user-code.js');
    const source = `String.prototype.slice = () => "hijacked";
String.prototype.replace = () => "hijacked";
Array.isArray = () => false;
Array.prototype[Symbol.iterator] = function* () { yield "hijacked"; };
Number = () => 42;
function player(a, b, accum, current) {
  if (current === 1) { for (let i = 0; i < 205; i++) draw.value(i); return false; }
  draw.value(0.5, { colour: "dark red", label: "two\\nlines | and a bar" });
  draw.value([0.25], { color: "#0a0" });
  draw.value(undefined);
  return true;
}`;
    const started = await UserSession.start({ game: 'pig', source, seed: 1, loadMs: 2000 });
    if (started.error) return { error: started.error };
    const one = await started.session.call('player', [0, 0, 0, 3], { limitMs: 1000, backstopMs: 2000 });
    const many = await started.session.call('player', [0, 0, 0, 1], { limitMs: 1000, backstopMs: 2000 });
    const again = await started.session.call('player', [0, 0, 0, 4], { limitMs: 1000, backstopMs: 2000 });
    started.session.close();
    return { one: one.printed, many: many.printed.split('\n'), again: again.printed };
  });
  assert.equal(r.error, undefined, r.error);
  assert.equal(r.one, '@draw value dark_red 0.5 | two lines | and a bar\n@draw value #0a0 0.25\n@draw value orange NaN\n');
  assert.equal(r.many.length, 202, 'two hundred marks, one line saying the rest were dropped, and the end');
  assert.equal(r.many[199], '@draw value orange 199');
  assert.equal(r.many[200], '(draw: more than 200 marks in one call; the rest are not drawn)');
  assert.equal(r.again, r.one, 'the count starts again at every call');
  await page.context().close();
});

test('Pig: a Scheme strategy\'s @draw lines (the example that draws its plan) are values at its decision', async () => {
  const page = await openPage(browser, server.url);
  await openTab(page, 'tab-lab');
  await page.selectOption('[data-testid=language]', 'scheme');
  const code = await page.evaluate(async () => (await import('/www/pig/strategies.js')).EXAMPLES.scheme.find(([name]) => name.startsWith('Draw its plan'))[1]);
  await setCode(page, 'editor', code);
  await page.fill('.tab-lab input.seed', '99');
  await page.click('[data-testid=run-checker]');
  await page.waitForSelector('[data-testid=lab-results] [data-testid=wins]', { timeout: 30000 });
  await page.click('[data-testid=lab-results] tbody tr:nth-child(1) button');
  await page.waitForSelector('section[data-tab=replay][data-mounted]:not([hidden])'); // its code loads now
  const tab = '.tab-replay';
  const values = () => page.$eval('[data-testid=pig-values]', (v) => (v.parentElement.hidden ? 0 : Number(v.dataset.marks)));
  for (let i = 0; i < 60 && !(await values()); i += 1) await page.keyboard.press('ArrowRight');
  assert.ok((await counter(page, tab)) > 1, 'no values before the strategy decided');
  assert.match(await page.textContent('[data-testid=pig-inspector-head]'), /^my Scheme strategy · move \d+/);
  assert.equal(await values(), 1);
  assert.match(await page.textContent('[data-testid=pig-values]'), /turn \/ goal/);
  assert.match(await page.textContent('[data-testid=pig-inspector-printed]'), /^@draw value blue [\d.]+ \| turn \/ goal\n/);
  assert.match(await page.textContent('[data-testid=pig-inspector-marks]'), /What it drew \(1 mark\) value [\d.]+ — turn \/ goal/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Lifter: a program\'s @draw lines on stderr are its marks, drawn at the first command of its route', async () => {
  const page = await openPage(browser, `${server.url}#lifter`);
  await page.waitForSelector('[data-testid=lifter-play-canvas]');
  await openTab(page, 'lifter-tab-lab');
  await page.selectOption('[data-testid=lifter-lab-kind]', 'program');
  // tests/fixtures/programs/draw.wat: its arguments after the route are written to stderr.
  await page.setInputFiles('[data-testid=lifter-lab-program-file]', { name: 'draw.wasm', mimeType: 'application/wasm', buffer: readFileSync(new URL('../tests/fixtures/programs/draw.wasm', import.meta.url)) });
  await page.fill('[data-testid=lifter-lab-program-args]', 'DLRDDUULLLDDL "@draw cell red 5 5 | start" "@draw path #00ff00 2 2 2 3 3 3 | plan" "@draw cell red 1 99"');
  await page.click('[data-testid=lifter-run-code]');
  await page.waitForFunction(() => /^Done/.test(document.querySelector('[data-testid=lifter-code-status]').textContent), null, { timeout: 20000 });
  await page.click('[data-testid=lifter-code-watch]');
  await page.waitForSelector('.lifter-tab-replay:not([hidden])');
  const tab = '.lifter-tab-replay';
  assert.equal(await counter(page, tab), 0);
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('[data-testid=lifter-replay-canvas]').dataset.marks === '2');
  const at1 = await drawn(page, 'lifter-replay-canvas');
  assert.deepEqual(at1.marks.map((m) => [m.kind, m.colour, m.label, m.points.length]), [['cell', '#e03131', 'start', 1], ['path', '#00ff00', 'plan', 3]]);
  assert.match(await page.textContent('[data-testid=lifter-inspector-head]'), /^Your program \(draw\.wasm\) · move 1/);
  assert.match(await page.textContent('[data-testid=lifter-inspector-printed]'), /^@draw cell red 5 5 \| start\n/);
  const list = await page.textContent('[data-testid=lifter-inspector-marks]');
  assert.match(list, /What it drew \(2 marks\)/);
  assert.match(list, /path 2 2 2 3 3 3 — plan/);
  assert.match(list, /3:16: y 99 is off the board/);
  assert.equal(await page.isHidden('[data-testid=lifter-inspector-rerun]'), true, 'a whole route is not re-run command by command');
  // The next command is not the decision's turn: no overlay (the inspector still shows it).
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('[data-testid=lifter-replay-canvas]').dataset.marks === '0');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
