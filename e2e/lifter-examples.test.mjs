// Browser end-to-end test of the Lifter's bundled example routes: the Replay tab lists the
// solver's best route per official map ("Best known: N; ours: M"), and a link opens its replay
// at the end with that score.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, openTab } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

test('an example link opens the replay of its route and shows its score', async () => {
  const page = await openPage(browser, `${server.url}#lifter`);
  await page.waitForSelector('[data-testid=lifter-play-canvas]');
  await openTab(page, 'lifter-tab-replay');
  await page.click('[data-testid=lifter-best-routes] summary');
  const items = await page.locator('[data-testid^=lifter-example-]').count();
  assert.equal(items, 26, 'one example per official map');
  // beard2: our route (4527) scores above the contest's best known (4522), marked with a star.
  const item = page.locator('[data-testid=lifter-example-beard2]');
  const [, known, ours] = (await item.textContent()).match(/Best known: (\d+); ours: (-?\d+)/);
  assert.equal(known, '4522');
  assert.ok(Number(ours) > Number(known), `ours ${ours}`);
  assert.equal(await item.locator('.lifter-example-beats').getAttribute('title'), 'New best: above the best known score');
  assert.match(await item.textContent(), /★/);
  assert.equal(await page.locator('[data-testid=lifter-example-flood1] .lifter-example-beats').count(), 0);
  await item.locator('a').click();
  await page.waitForFunction(() => location.hash.startsWith('#lifter/'));
  await page.waitForSelector('.lifter-tab-replay:not([hidden])');
  assert.equal(await page.inputValue('[data-testid=lifter-map]'), 'official:beard2');
  await page.waitForFunction((s) => document.querySelector('[data-testid=lifter-replay-announce]')?.textContent.includes(`${s} points`), ours);
  assert.match(await page.textContent('[data-testid=lifter-replay-announce]'), new RegExp(`Won — ${ours} points`));
  assert.equal(await page.textContent('[data-testid=lifter-replay-stat-score]'), ours);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
