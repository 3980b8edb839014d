// Browser tests of keyboard and screen-reader access (issue 31): the tabs follow the ARIA tab
// pattern (panels declared, arrow keys, Home and End); Pig's board has words, announced as they
// change; the selected game's description has AA contrast.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

test('every game\'s tabs: each tab names its panel and the panel its tab; arrows, Home and End move and show', async () => {
  const page = await openPage(browser, server.url);
  for (const game of ['pig', 'lifter', 'punter', 'labyrinth']) {
    await page.click(`[data-testid=game-${game}]`);
    await page.waitForSelector(`.game-page[data-game=${game}]:not([hidden]) [role=tab][aria-selected=true]`);
    const pairs = await page.$$eval(`.game-page[data-game=${game}] [role=tab]`, (tabs) => tabs.map((t) => {
      const panel = document.getElementById(t.getAttribute('aria-controls'));
      return { label: t.textContent, panel: panel?.getAttribute('role'), back: panel?.getAttribute('aria-labelledby') === t.id, tabindex: t.tabIndex, selected: t.getAttribute('aria-selected') };
    }));
    assert.ok(pairs.length >= 3, game);
    for (const p of pairs) assert.deepEqual([p.panel, p.back], ['tabpanel', true], `${game}: ${p.label}`);
    assert.deepEqual(pairs.map((p) => p.tabindex), pairs.map((p) => (p.selected === 'true' ? 0 : -1)), `${game}: one tab stop`);

    const selected = () => page.$eval(`.game-page[data-game=${game}] [role=tab][aria-selected=true]`, (t) => t.textContent);
    const focused = () => page.evaluate(() => document.activeElement.textContent);
    const visiblePanel = () => page.$eval(`.game-page[data-game=${game}] [role=tabpanel]:not([hidden])`, (p) => document.getElementById(p.getAttribute('aria-labelledby')).textContent);
    await page.focus(`.game-page[data-game=${game}] [role=tab][aria-selected=true]`);
    const first = pairs[0].label;
    assert.equal(await selected(), first);
    await page.keyboard.press('ArrowRight');
    assert.equal(await selected(), pairs[1].label);
    assert.equal(await focused(), pairs[1].label);
    assert.equal(await visiblePanel(), pairs[1].label);
    await page.keyboard.press('End');
    assert.equal(await selected(), pairs.at(-1).label);
    await page.keyboard.press('ArrowRight'); // wraps
    assert.equal(await selected(), first);
    await page.keyboard.press('ArrowLeft'); // wraps back
    assert.equal(await selected(), pairs.at(-1).label);
    await page.keyboard.press('Home');
    assert.equal(await selected(), first);
    assert.equal(await visiblePanel(), first);
  }
  // An arrow on a tab moves between tabs, not the Lifter robot.
  assert.equal(await page.textContent('[data-testid=lifter-stat-moves]'), '0');
  // A click on a tab leaves the keys to the view: the arrow after it moves the robot.
  await page.click('[data-testid=game-lifter]');
  await page.click('[data-testid=lifter-tab-play]');
  assert.notEqual(await page.evaluate(() => document.activeElement.getAttribute('role')), 'tab');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.textContent('[data-testid=lifter-stat-moves]'), '1');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Pig\'s board in words: the totals, whose turn, the die, announced as they change', async () => {
  const page = await openPage(browser, server.url);
  await page.fill('[data-testid=play-seed]', '3');
  await page.click('[data-testid=new-game]');
  assert.equal(await page.getAttribute('[data-testid=pig-board-text]', 'aria-live'), 'polite');
  assert.equal(await page.textContent('[data-testid=pig-board-text]'), 'You: 0; hold20: 0. You throw first.');
  await page.keyboard.press('t');
  await page.waitForSelector('[data-testid=hold]:enabled');
  // Seed 3: your first die is a 4.
  assert.equal(await page.textContent('[data-testid=pig-board-text]'), 'You: 0; hold20: 0. You have 4 this turn: throw again or hold? The die shows 4.');
  assert.equal(await page.getAttribute('[data-testid=play-board]', 'role'), 'img');
  assert.match(await page.getAttribute('[data-testid=play-board]', 'aria-label'), /^You: 0; hold20: 0\. You have 4 this turn/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the selected game\'s description has a contrast of at least 4.5:1', async () => {
  const page = await openPage(browser, server.url);
  const ratio = await page.$eval('.game-pick.active small', (small) => {
    const rgb = (c) => c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number);
    const lum = (c) => {
      const [r, g, b] = rgb(c).map((v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const fg = lum(getComputedStyle(small).color);
    const bg = lum(getComputedStyle(small.closest('.game-pick')).backgroundColor);
    return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
  });
  assert.ok(ratio >= 4.5, `contrast ${ratio.toFixed(2)}:1`);
  await page.context().close();
});

test('every board has words: Lifter\'s robot and its surroundings, Punter\'s map, Labyrinth\'s pawns and treasures; their changes are said', async () => {
  const page = await openPage(browser, `${server.url}#lifter`);
  await page.waitForSelector('[data-testid=lifter-board-text]');
  await page.waitForFunction(() => /^Mine \d+ by \d+\. Robot at column \d+, row \d+/.test(document.querySelector('[data-testid=lifter-board-text]').textContent));
  const before = await page.textContent('[data-testid=lifter-board-text]');
  assert.equal(await page.getAttribute('[data-testid=lifter-board-text]', 'aria-live'), 'polite');
  assert.equal(await page.getAttribute('[data-testid=lifter-play-canvas]', 'aria-label'), before);
  assert.match(before, /Up: [a-z -]+; down: [a-z -]+; left: [a-z -]+; right: [a-z -]+\. 0 of \d+ lambdas, lift closed, score 0, 0 moves\./);
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction((b) => document.querySelector('[data-testid=lifter-board-text]').textContent !== b, before);
  assert.match(await page.textContent('[data-testid=lifter-board-text]'), /, 1 move\./);

  await page.click('[data-testid=game-punter]');
  await page.waitForFunction(() => /^Lambda Punter map lambda: 61 rivers, \d+ free\./.test(document.querySelector('[data-testid=punter-play-canvas]')?.getAttribute('aria-label') ?? '')
    || /Choose the players/.test(document.querySelector('[data-testid=punter-status]')?.textContent ?? ''));
  await page.click('[data-testid=punter-start]');
  await page.waitForFunction(() => /^Lambda Punter map lambda: 61 rivers, 61 free\. You: 0 rivers, score 0; strong: 0 rivers, score 0\. Turn 1 of 61, You to move\.$/
    .test(document.querySelector('[data-testid=punter-play-canvas]').getAttribute('aria-label')));
  assert.equal(await page.getAttribute('[data-testid=punter-status]', 'aria-live'), 'polite');

  await page.click('[data-testid=game-labyrinth]');
  await page.waitForFunction(() => /^Labyrinth, 7 by 7, turn 1\. Pawns: Yellow at row 1, column 1/.test(document.querySelector('[data-testid=labyrinth-play-canvas]')?.getAttribute('aria-label') ?? ''));
  assert.equal(await page.getAttribute('[data-testid=labyrinth-status]', 'aria-live'), 'polite');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
