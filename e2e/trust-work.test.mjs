// Browser tests: the user's own work is never lost. The Pig lab's draft survives a reload even
// when the address bar holds a match link, and a strategy from a link is never saved over it;
// the Lifter game being played survives a reload and an opened link ("Back to your game"); the
// Pig game in progress resumes after a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, setCode, getCode, openTab, throwUntil } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const FIRST = '(define (player my-total other-total accum current state)\n  (< (+ accum current) 18))';
const DRAFT = '(define (player my-total other-total accum current state)\n  (< (+ accum current) 22)) ; my edit';

/** Says yes when the page asks before running code from a link. */
async function allowCode(page) {
  const run = await page.waitForSelector('[data-testid=confirm-run]', { timeout: 1500 }).catch(() => null);
  if (run) await run.click();
}

test('the Pig lab draft wins on reload; a linked strategy is marked and never saved over it', async () => {
  const page = await openPage(browser, server.url);
  await openTab(page, 'tab-lab');
  await page.selectOption('[data-testid=language]', 'scheme');
  await setCode(page, 'editor', FIRST);
  await page.click('[data-testid=run-checker]');
  await page.waitForSelector('[data-testid=lab-results] [data-testid=wins]', { timeout: 30000 });
  assert.match(page.url(), /#pig-match\/1\//, 'the address bar holds the match link');
  // The user goes on editing, then reloads.
  await setCode(page, 'editor', DRAFT);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await allowCode(page);
  await page.waitForSelector('.tab-lab[data-mounted]:not([hidden])');
  assert.equal(await getCode(page, 'editor'), DRAFT, 'the draft wins on reload');
  // The link's strategy can be looked at and edited; that never replaces the draft.
  await page.waitForSelector('[data-testid=lab-from-link]:not([hidden])');
  await page.click('[data-testid=lab-swap]');
  assert.equal(await getCode(page, 'editor'), FIRST);
  assert.match(await page.textContent('[data-testid=lab-from-link]'), /from a link/);
  await page.click('[data-testid=editor]');
  await page.keyboard.press('End');
  await page.keyboard.type(' ; tried');
  await page.click('[data-testid=lab-swap]');
  assert.equal(await getCode(page, 'editor'), DRAFT, 'Back to my strategy');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await allowCode(page);
  await page.waitForSelector('.tab-lab[data-mounted]:not([hidden])');
  assert.equal(await getCode(page, 'editor'), DRAFT);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('someone else’s match link shows their strategy as from a link; the user’s own comes back', async () => {
  const page = await openPage(browser, server.url);
  await openTab(page, 'tab-lab');
  await setCode(page, 'editor', FIRST);
  await page.click('[data-testid=run-checker]');
  await page.waitForSelector('[data-testid=lab-results] [data-testid=wins]', { timeout: 30000 });
  const link = await page.inputValue('.tab-lab .link-input');
  await setCode(page, 'editor', DRAFT);
  await page.goto(server.url); // a fresh visit, then the link opened in the same tab
  await page.waitForSelector('body[data-ready="true"]');
  await page.evaluate((url) => { location.hash = new URL(url).hash; }, link);
  await allowCode(page);
  await page.waitForSelector('[data-testid=lab-from-link]:not([hidden])');
  assert.equal(await getCode(page, 'editor'), FIRST);
  await page.click('[data-testid=lab-swap]');
  assert.equal(await getCode(page, 'editor'), DRAFT);
  await page.context().close();
});

const KEYS = { L: 'ArrowLeft', R: 'ArrowRight', U: 'ArrowUp', D: 'ArrowDown' };
const press = async (page, route) => { for (const c of route) await page.keyboard.press(KEYS[c]); };
const moves = (page) => page.textContent('[data-testid=lifter-stat-moves]');

async function lifterLink(page, map, route) {
  return page.evaluate(async ([m, r]) => {
    const engine = await import('./www/engine.js').then((e) => e.loadEngine('lifter'));
    const text = engine.lifterOfficialMaps().find((x) => x.name === m).text;
    return engine.lifterGameLink(m, text, r, r.length);
  }, [map, route]);
}

test('the Lifter game in progress survives a reload', async () => {
  const page = await openPage(browser, `${server.url}#lifter`);
  await page.waitForSelector('[data-testid=lifter-play-canvas]');
  await press(page, 'DLR');
  assert.equal(await moves(page), '3');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector('[data-testid=lifter-play-canvas]');
  assert.equal(await page.inputValue('[data-testid=lifter-route]'), 'DLR');
  assert.equal(await moves(page), '3');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a Lifter link opened in the same tab keeps the game being played, with a way back', async () => {
  const page = await openPage(browser, `${server.url}#lifter`);
  await page.waitForSelector('[data-testid=lifter-play-canvas]');
  await page.selectOption('[data-testid=lifter-map]', 'official:flood1');
  await press(page, 'LL');
  const link = await lifterLink(page, 'contest1', 'DLRDDUULLLDDL');
  await page.evaluate((fragment) => { location.hash = fragment; }, link);
  await page.waitForSelector('.lifter-tab-replay:not([hidden])');
  assert.equal(await page.textContent('.lifter-tab-replay .replay-counter'), '13 / 13');
  assert.match(await page.textContent('[data-testid=lifter-back]'), /Your game on flood1 \(2 moves\) is kept/);
  await page.click('[data-testid=lifter-back-to-game]');
  await page.waitForSelector('.lifter-tab-play:not([hidden])');
  assert.equal(await page.inputValue('[data-testid=lifter-map]'), 'official:flood1');
  assert.equal(await page.inputValue('[data-testid=lifter-route]'), 'LL');
  // A link on the same map as the game in progress does not replace it either.
  await page.selectOption('[data-testid=lifter-map]', 'official:contest1');
  await press(page, 'DL');
  await page.evaluate((fragment) => { location.hash = fragment; }, await lifterLink(page, 'contest1', 'DLRDD'));
  await page.waitForSelector('.lifter-tab-replay:not([hidden])');
  await page.click('[data-testid=lifter-back-to-game]');
  assert.equal(await page.inputValue('[data-testid=lifter-route]'), 'DL');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the Pig game in progress resumes after a reload', async () => {
  const page = await openPage(browser, server.url);
  await throwUntil(page, 3);
  const before = await page.$$eval('[data-testid=play-log] li', (lis) => lis.map((l) => l.textContent));
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=play-log] li').length >= n, before.length, { timeout: 30000 });
  const after = await page.$$eval('[data-testid=play-log] li', (lis) => lis.map((l) => l.textContent));
  assert.deepEqual(after.slice(0, before.length), before);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
