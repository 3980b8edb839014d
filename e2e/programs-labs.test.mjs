// A program in each game's lab, in one click (the lab's "Example programs"), in the Play tab,
// and kept across a reload (docs/PROGRAMS.md).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { serve, launch, openPage, openTab } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

/** Chooses the lab's first example program (`kind`: the select that switches to a program). */
async function pickExample(page, prefix, kind = `${prefix}-kind`) {
  await page.selectOption(`[data-testid=${kind}]`, 'program');
  await page.selectOption(`[data-testid=${prefix}-program-examples]`, '0');
}

test('Punter: the example program plays from the Your bot tab, says its name, and takes a seat in Play', async () => {
  const page = await openPage(browser, `${server.url}#punter`);
  await openTab(page, 'punter-tab-lab');
  await pickExample(page, 'punter-lab');
  await page.selectOption('[data-testid=punter-lab-map]', 'lambda.json');
  await page.click('[data-testid=punter-lab-run]');
  await page.waitForSelector('[data-testid=punter-lab-scores]', { timeout: 60000 });
  const rows = await page.$$eval('[data-testid=punter-lab-scores] tbody tr', (trs) => trs.map((t) => t.textContent));
  assert.match(rows[0], /^0: punter-rust\.wasm/);
  assert.match(await page.textContent('[data-testid=punter-lab-program-info]'), /punter in Rust \(example\) · 133\.\d KB · calls itself “.+”/);
  // In Play, "your bot" is the program: it plays seat 2 against you.
  await openTab(page, 'punter-tab-play');
  await page.selectOption('[data-testid=punter-map]', 'sample.json');
  await page.selectOption('[data-testid=punter-seat-1]', 'js');
  await page.click('[data-testid=punter-start]');
  await page.click('[data-testid=punter-finish]');
  await page.waitForFunction(() => /over|final/i.test(document.querySelector('[data-testid=punter-status]')?.textContent ?? ''), null, { timeout: 60000 });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Pig: the checker runs the example program from the lab', async () => {
  const page = await openPage(browser, server.url);
  await openTab(page, 'tab-lab');
  await pickExample(page, 'pig-lab', 'language');
  await page.click('[data-testid=run-checker]');
  await page.waitForFunction(() => /Done in/.test(document.querySelector('[data-testid=lab-status]')?.textContent ?? ''), null, { timeout: 120000 });
  assert.doesNotMatch(await page.textContent('[data-testid=lab-status]'), /failed/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Labyrinth: the example program plays the lab\'s games without a failed turn', async () => {
  const page = await openPage(browser, `${server.url}#labyrinth`);
  await openTab(page, 'labyrinth-tab-lab');
  await pickExample(page, 'labyrinth-lab');
  await page.click('[data-testid=labyrinth-lab-run]');
  await page.waitForSelector('[data-testid=labyrinth-lab-games-list]', { timeout: 240000 });
  const status = await page.textContent('[data-testid=labyrinth-lab-status]');
  assert.match(status, /labyrinth-rust\.wasm won|won \d+ of 2 games/);
  assert.doesNotMatch(status, /failed/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Lifter: the example program solves the map from the lab; its route is judged', async () => {
  const page = await openPage(browser, `${server.url}#lifter`);
  await openTab(page, 'lifter-tab-lab');
  await pickExample(page, 'lifter-lab');
  await page.click('[data-testid=lifter-run-code]');
  await page.waitForFunction(() => /Done/.test(document.querySelector('[data-testid=lifter-code-status]')?.textContent ?? ''), null, { timeout: 60000 });
  assert.ok(Number(await page.textContent('[data-testid=lifter-code-score]')) > 0);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a program file opened in a lab is kept: after a reload it is there and plays', async () => {
  const page = await openPage(browser, `${server.url}#labyrinth`);
  await openTab(page, 'labyrinth-tab-lab');
  await page.selectOption('[data-testid=labyrinth-lab-kind]', 'program');
  const bytes = readFileSync(new URL('../examples/programs/labyrinth-rust/labyrinth-rust.wasm', import.meta.url));
  await page.setInputFiles('[data-testid=labyrinth-lab-program-file]', { name: 'mine.wasm', mimeType: 'application/wasm', buffer: bytes });
  await page.fill('[data-testid=labyrinth-lab-program-args]', '--quiet "two words"');
  await page.waitForFunction(() => /mine\.wasm · 105\.\d KB/.test(document.querySelector('[data-testid=labyrinth-lab-program-info]')?.textContent ?? ''));
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await openTab(page, 'labyrinth-tab-lab');
  assert.equal(await page.inputValue('[data-testid=labyrinth-lab-kind]'), 'program');
  assert.match(await page.textContent('[data-testid=labyrinth-lab-program-info]'), /mine\.wasm · 105\.\d KB/);
  assert.equal(await page.inputValue('[data-testid=labyrinth-lab-program-args]'), '--quiet "two words"');
  assert.equal(await page.isHidden('[data-testid=labyrinth-lab-editor]'), true);
  await page.click('[data-testid=labyrinth-lab-run]');
  await page.waitForSelector('[data-testid=labyrinth-lab-games-list]', { timeout: 240000 });
  assert.match(await page.textContent('[data-testid=labyrinth-lab-status]'), /won/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a file that is not a program is refused in the lab, naming it; the lab plays on with its code', async () => {
  const page = await openPage(browser, `${server.url}#labyrinth`);
  await openTab(page, 'labyrinth-tab-lab');
  await page.selectOption('[data-testid=labyrinth-lab-kind]', 'program');
  await page.setInputFiles('[data-testid=labyrinth-lab-program-file]', { name: 'notes.wasm', mimeType: 'application/wasm', buffer: Buffer.from('not a program\n') });
  await page.click('[data-testid=labyrinth-lab-run]');
  await page.waitForFunction(() => /notes\.wasm.*not a WebAssembly module/.test(document.querySelector('[data-testid=labyrinth-lab-status]')?.textContent ?? ''));
  await page.selectOption('[data-testid=labyrinth-lab-kind]', 'js');
  await page.click('[data-testid=labyrinth-lab-run]');
  await page.waitForSelector('[data-testid=labyrinth-lab-games-list]', { timeout: 240000 });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Pig: the lab\'s program is "My strategy" in the Arena', async () => {
  const page = await openPage(browser, server.url);
  await openTab(page, 'tab-lab');
  await pickExample(page, 'pig-lab', 'language');
  await openTab(page, 'tab-arena');
  await page.selectOption('.tab-arena select >> nth=0', 'mine'); // strategy A
  await page.selectOption('[data-testid=arena-games]', { index: 0 });
  await page.click('[data-testid=arena-run]');
  await page.waitForFunction(() => /Done in/.test(document.querySelector('[data-testid=arena-status]')?.textContent ?? ''), null, { timeout: 120000 });
  assert.match(await page.textContent('[data-testid=arena-results]'), /pig-c\.wasm/);
  assert.doesNotMatch(await page.textContent('[data-testid=arena-status]'), /failed/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Labyrinth: the lab\'s program takes a seat in the Play tab and plays its turns', async () => {
  const page = await openPage(browser, `${server.url}#labyrinth`);
  await openTab(page, 'labyrinth-tab-lab');
  await pickExample(page, 'labyrinth-lab');
  await openTab(page, 'labyrinth-tab-play');
  for (const [color, seat] of [['yellow', 'js'], ['red', 'greedy'], ['blue', 'off'], ['green', 'off']]) await page.selectOption(`[data-testid=labyrinth-seat-${color}]`, seat);
  await page.fill('[data-testid=labyrinth-seed]', '7');
  await page.click('[data-testid=labyrinth-start]');
  await page.waitForFunction(() => { const s = document.querySelector('[data-testid=labyrinth-play-canvas]').state; return s.turns >= 4 || s.winner !== null; }, null, { timeout: 60000 });
  assert.doesNotMatch(await page.textContent('[data-testid=labyrinth-message]'), /greedy AI played this turn/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Lifter: a program\'s run continues from its start in Play, played by the program, to the same score', async () => {
  const page = await openPage(browser, `${server.url}#lifter`);
  await openTab(page, 'lifter-tab-lab');
  await pickExample(page, 'lifter-lab');
  await page.selectOption('select[aria-label=Map]', 'contest3');
  await page.click('[data-testid=lifter-run-code]');
  await page.waitForFunction(() => /Done/.test(document.querySelector('[data-testid=lifter-code-status]')?.textContent ?? ''), null, { timeout: 60000 });
  const score = await page.textContent('[data-testid=lifter-code-score]');
  await page.click('[data-testid=lifter-code-watch]');
  await page.click('[data-testid=lifter-continue]');
  await page.selectOption('[data-testid=lifter-fork-seat]', 'js');
  await page.click('[data-testid=lifter-fork-start]');
  await page.waitForFunction(() => /played to the end|could not play/.test(document.querySelector('[data-testid=lifter-strategy-note]')?.textContent ?? ''), null, { timeout: 60000 });
  assert.match(await page.textContent('[data-testid=lifter-strategy-note]'), /played to the end\./);
  assert.match(await page.textContent('.lifter-tab-play'), new RegExp(`\\b${score}\\b`));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Pig: the lab\'s program is the opponent in the Play tab', async () => {
  const page = await openPage(browser, server.url);
  await openTab(page, 'tab-lab');
  await pickExample(page, 'pig-lab', 'language');
  await openTab(page, 'tab-play');
  await page.selectOption('[data-testid=opponent]', 'mine');
  await page.selectOption('[aria-label="Who starts"]', '1');
  await page.click('[data-testid=new-game]');
  await page.click('[data-testid=throw]'); // Start: a new game waits for your first press
  // The program moves first; then it is your turn.
  await page.waitForSelector('[data-testid=hold]:not([disabled])', { timeout: 30000 });
  assert.match(await page.textContent('[data-testid=play-log]'), /pig-c\.wasm/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
