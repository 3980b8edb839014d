// Lambda Punter for a newcomer (issue 31): each punter's latest move is highlighted and said,
// Play lists the moves, the end takes every score apart (per mine the sites and their distance²,
// the futures), hovering a site says what it is worth to you now, and a whole game is played
// with the keyboard alone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const CANVAS = '[data-testid=punter-play-canvas]';
const yourTurn = (page) => page.waitForFunction(() => /^Your turn/.test(document.querySelector('[data-testid=punter-status]').textContent), null, { timeout: 20000 });
const num = (text) => Number(text.replace(/[,−]/g, (c) => (c === '−' ? '-' : '')));

/** A game on lambda against strong, with futures, bots at once; started from the keyboard. */
async function startByKeyboard(page, { futures = false } = {}) {
  await page.waitForSelector('[data-testid=punter-start]');
  await page.waitForFunction(() => /lambda/.test(document.querySelector('[data-testid=punter-map-info]').textContent));
  await page.selectOption('[data-testid=punter-speed]', 'instant');
  if (futures) {
    // Your future: the first mine to a site that is not a mine.
    await page.check('[data-testid=punter-futures]');
    for (const target of ['0', '2', '3']) {
      await page.fill('[data-testid=punter-future-target]', target);
      await page.click('[data-testid=punter-future-add]');
      if (await page.$$eval('[data-testid=punter-future-list] li', (l) => l.length)) break;
    }
    assert.equal(await page.$$eval('[data-testid=punter-future-list] li', (l) => l.length), 1);
  }
  await page.fill('[data-testid=punter-seed]', '4');
  await page.focus('[data-testid=punter-start]');
  await page.keyboard.press('Enter');
  await yourTurn(page);
}

test('a whole game with the keyboard alone: Tab to the map, arrows choose a river, Enter claims; the moves are listed and the last ones said', async () => {
  const page = await openPage(browser, `${server.url}#punter`);
  await startByKeyboard(page);
  // The map is the tab stop after the game's status.
  await page.focus('[data-testid=punter-speed]');
  for (let k = 0; k < 20 && await page.evaluate(() => document.activeElement.dataset.testid) !== 'punter-play-canvas'; k += 1) await page.keyboard.press('Shift+Tab');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'punter-play-canvas');
  let claims = 0;
  for (;;) {
    const over = await page.$eval('[data-testid=punter-status]', (s) => /^Game over/.test(s.textContent));
    if (over) break;
    await page.keyboard.press(claims % 2 ? 'ArrowDown' : 'ArrowRight');
    const cursor = await page.$eval(CANVAS, (c) => c.cursor);
    assert.equal(cursor?.kind, 'river');
    assert.match(await page.textContent('[data-testid=punter-board-text]'), /^River \d+–\d+ · free\. Enter claims it\.$/);
    const top = await page.$eval('[data-testid=punter-moves] li', (li) => li.value);
    await page.keyboard.press('Enter');
    claims += 1;
    // Your claim is at the top of the list (numbered by move), the bot's answer above it.
    await page.waitForFunction((n) => document.querySelector('[data-testid=punter-moves] li').value > n, top);
    await page.waitForFunction(() => /^(Your turn|Game over)/.test(document.querySelector('[data-testid=punter-status]').textContent), null, { timeout: 20000 });
    const list = await page.$$eval('[data-testid=punter-moves] li', (l) => l.map((li) => li.textContent));
    assert.match(list.find((t) => / · You · /.test(t)), /^turn \d+ · You · claim \d+–\d+$/);
    if (/^Your turn/.test(await page.textContent('[data-testid=punter-status]'))) {
      // The bot's last move: said for screen readers, the top of the list, highlighted on the map.
      const said = await page.textContent('[data-testid=punter-board-text]');
      const bot = list[0].split(' · ').at(-1);
      assert.equal(said, `Your turn. Last moves: strong: ${bot}.`);
      const recent = await page.$eval(CANVAS, (c) => c.recent);
      assert.deepEqual(recent.map((r) => r.punter), [0, 1]);
    }
  }
  assert.ok(claims >= 25, `${claims} claims`);
  assert.match(await page.textContent('[data-testid=punter-status]'), /^Game over after 61 turns\./);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the end takes each score apart: per mine the sites reached and their distance², the futures; the sums are the scores', async () => {
  const page = await openPage(browser, `${server.url}#punter`);
  await startByKeyboard(page, { futures: true });
  await page.click('[data-testid=punter-finish]');
  await page.waitForSelector('[data-testid=punter-breakdown]:not([hidden])', { timeout: 30000 });
  const scores = await page.$$eval('[data-testid^=punter-legend-score-]', (s) => s.map((x) => x.textContent));
  for (const p of [0, 1]) {
    const box = `[data-testid=punter-breakdown-${p}]`;
    await page.click(`${box} summary`);
    const summary = await page.textContent(`${box} summary`);
    const [, total] = summary.match(/: (-?[\d,]+) = /);
    assert.equal(total, scores[p], summary);
    const lines = await page.$$eval(`${box} li`, (l) => l.map((x) => x.textContent));
    let sum = 0;
    for (const line of lines) {
      const mine = line.match(/^Mine \d+: (\d+) sites? joined: ([\d²×+ ]+) = ([\d,]+)$/);
      const future = line.match(/^Future mine \d+ → site \d+ \(distance (\d+)\): (won, \+|lost, −)([\d,]+)$/);
      if (mine) {
        const terms = mine[2].split(' + ').map((t) => t.match(/^(\d+) × (\d+)²$/).slice(1).map(Number));
        const squares = terms.reduce((a, [n, d]) => a + n * d * d, 0);
        assert.equal(squares, num(mine[3]), line);
        assert.equal(terms.reduce((a, [n]) => a + n, 0), Number(mine[1]), line);
        sum += squares;
      } else if (future) {
        assert.equal(Number(future[1]) ** 3, num(future[3]), line);
        sum += future[2].startsWith('won') ? num(future[3]) : -num(future[3]);
      } else assert.match(line, /^Mine \d+: no site joined, 0$/);
    }
    assert.equal(sum, num(scores[p]), `punter ${p}: ${lines.join(' | ')}`);
  }
  assert.match(await page.textContent('[data-testid=punter-breakdown-0]'), /Future mine \d+ → site \d+/, 'your future is taken apart');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('hovering a site says what it is worth to you now', async () => {
  const page = await openPage(browser, `${server.url}#punter`);
  await startByKeyboard(page);
  // Hover the sites until one that is not a mine: worth nothing yet, and what it would add.
  const box = await page.locator(CANVAS).boundingBox();
  let seen = 0;
  for (let i = 0; i < 38 && !seen; i += 1) {
    const [x, y] = await page.$eval(CANVAS, (c, k) => c.pointOf('site', k), i);
    await page.mouse.move(box.x + x, box.y + y);
    await page.waitForFunction(() => !document.querySelector('[data-testid=punter-play-canvas-tip]').hidden);
    const tip = await page.textContent('[data-testid=punter-play-canvas-tip]');
    if (/· mine/.test(tip)) continue;
    assert.match(tip, /^Site \d+ · worth 0 to you now · joined to (its|a) mine it would add mine \d+: \d+² = \d+/);
    seen += 1;
  }
  assert.equal(seen, 1);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
