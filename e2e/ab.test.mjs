// Browser tests for the A/B panel (www/ab.js) in Pig's lab: a sequential test that stops early on
// a clearly better bot and says so; a run stopped, the page reloaded, resumed, finishing as an
// uninterrupted run does; the result's link replaying the run after "Run this code".
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, openTab } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const PANEL = '[data-testid=ab-panel]';

async function openLab(page) {
  await openTab(page, 'tab-lab');
  await page.waitForSelector(PANEL);
}

/** What the panel shows: { pairs, penta, wdl, elo, verdict }. */
const shown = (page) => page.evaluate(() => {
  const t = (id) => document.querySelector(`[data-testid=${id}]`)?.textContent.trim() ?? '';
  return { pairs: Number(t('ab-pairs')), penta: t('ab-penta'), wdl: t('ab-wdl'), elo: t('ab-elo'), verdict: t('ab-verdict') };
});

async function setUp(page, { a, b, seed, max, elo1 = '20' }) {
  await page.selectOption('[data-testid=ab-a]', a);
  await page.selectOption('[data-testid=ab-b]', b);
  await page.fill('[data-testid=ab-seed]', String(seed));
  await page.fill('[data-testid=ab-max]', String(max));
  await page.fill('[data-testid=ab-elo1]', elo1);
}

const finished = (page) => page.waitForFunction(() => {
  const s = document.querySelector('[data-testid=ab-status]')?.textContent ?? '';
  return /^Done/.test(s);
}, null, { timeout: 30000 });

test('a clearly better bot is found in few pairs: the test stops with H1 and the link replays it after confirmation', async () => {
  const page = await openPage(browser, server.url);
  await openLab(page);
  // The lab's code (the Scheme example: hold at 20) against "coward", which never throws twice.
  await setUp(page, { a: 'builtin:coward', b: 'lab', seed: 5, max: 500 });
  await page.click('[data-testid=ab-start]');
  await finished(page);
  const s = await shown(page);
  assert.match(s.verdict, /^H1 accepted: lab code \(Scheme\) is better than coward/);
  assert.ok(s.pairs >= 16 && s.pairs <= 40, `decided early, after ${s.pairs} pairs`);
  assert.equal(s.wdl.split(' / ').map(Number).reduce((x, y) => x + y), 2 * s.pairs, 'two games a pair');
  assert.match(await page.textContent('[data-testid=ab-llr]'), /^LLR \d+\.\d\d \(H0 at -2\.94, H1 at 2\.94\)$/);
  assert.match(s.elo, /^\+\d+\.\d \[[+-]?\d+\.\d, \+\d+\.\d\]$/);

  // The result's link: the code is shown first; after "Run this code" the same run plays again.
  const url = await page.inputValue(`${PANEL} .ab-link-input`);
  assert.match(url, /#pig-ab\/1\//);
  const other = await openPage(browser, url);
  await other.waitForSelector('[data-testid=confirm-code]');
  assert.match(await other.textContent('[data-testid=confirm-code]'), /lab code \(Scheme\)[\s\S]*define \(player/);
  await other.click('[data-testid=confirm-run]');
  await finished(other);
  assert.deepEqual(await shown(other), s, 'the same pairs, the same verdict');
  assert.deepEqual([...page.errors, ...other.errors], []);
  await other.context().close();
  await page.context().close();
});

test('a run stopped and resumed after a reload ends as the uninterrupted run does', async () => {
  const spec = { a: 'builtin:hold25', b: 'lab', seed: 77, max: 60, elo1: '10' };
  const page = await openPage(browser, server.url, undefined, { cores: 1 });
  await openLab(page);
  // B: the lab's code (Scheme: its step budget makes every decision the same on any machine;
  // a JavaScript decision may time out on a loaded one, and its fallback changes the game).
  await setUp(page, spec);
  await page.click('[data-testid=ab-start]');
  await finished(page);
  const whole = await shown(page);
  assert.ok(whole.pairs >= 16, `${whole.pairs} pairs`);

  // Again, stopped part-way, then the page reloaded. Stop is pressed as soon as the panel shows
  // a pair: the panel shows the first pair at once, and with one worker the next result arrives
  // in a later task, after this observer ran, so the run cannot end first however fast it is.
  await page.evaluate(() => {
    const panel = document.querySelector('[data-testid=ab-panel]');
    const watch = new MutationObserver(() => {
      const stop = panel.querySelector('[data-testid=ab-stop]');
      if (Number(panel.querySelector('[data-testid=ab-pairs]')?.textContent) >= 1 && !stop.hidden) {
        watch.disconnect();
        stop.click();
      }
    });
    watch.observe(panel, { subtree: true, childList: true, characterData: true });
  });
  await page.click('[data-testid=ab-start]');
  await page.waitForSelector('[data-testid=ab-resume]:not([hidden])');
  const part = await shown(page);
  assert.ok(part.pairs < whole.pairs, `stopped after ${part.pairs} of ${whole.pairs} pairs`);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await openLab(page);
  assert.match(await page.textContent('[data-testid=ab-status]'), new RegExp(`interrupted after ${part.pairs} pairs`));
  assert.equal((await shown(page)).pairs, part.pairs, 'the pairs played are kept');
  await page.click('[data-testid=ab-resume]');
  await finished(page);
  assert.deepEqual(await shown(page), whole);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Labyrinth, Punter and Lifter play their pairs the same way: a few pairs each, Punter and Lifter map by map', async () => {
  const cases = [
    { game: 'labyrinth', tab: 'labyrinth-tab-lab', a: 'builtin:greedy', b: 'builtin:strong', maps: 0 },
    { game: 'punter', tab: 'punter-tab-lab', a: 'builtin:random', b: 'builtin:greedy', maps: 3 },
    { game: 'lifter', tab: 'lifter-tab-lab', a: 'lab', b: 'lab', maps: 4 },
  ];
  for (const c of cases) {
    const page = await openPage(browser, `${server.url}#${c.game}`);
    await openTab(page, c.tab);
    await page.waitForSelector(PANEL);
    await setUp(page, { a: c.a, b: c.b, seed: 3, max: 4 });
    await page.click('[data-testid=ab-start]');
    await finished(page);
    const s = await shown(page);
    assert.equal(s.pairs, 4, c.game);
    assert.match(s.verdict, /^Stopped at the most pairs \(4\) without a verdict\.$/, c.game);
    assert.equal(await page.$$eval('[data-testid=ab-maps] tbody tr', (r) => r.length), c.maps, `${c.game}: a row a map`);
    // The same solver on both sides: every map a draw, one comparison a pair — unless a command
    // timed out on a loaded machine (the panel then says so, and that map may differ).
    const failed = /decisions failed/.test(await page.textContent('[data-testid=ab-numbers]'));
    if (c.game === 'lifter') assert.ok(s.wdl === '0 / 4 / 0' || failed, `${s.wdl}, no failures`);
    if (c.game === 'punter') assert.equal(s.wdl, '8 / 0 / 0', 'greedy beats random on every small map');
    assert.match(await page.inputValue(`${PANEL} .ab-link-input`), new RegExp(`#${c.game}-ab/1/`));
    assert.deepEqual(page.errors, [], c.game);
    await page.context().close();
  }
});

test('Lifter: your solver on all maps, beside the best known score; after a reload the run is the previous one', async () => {
  const page = await openPage(browser, `${server.url}#lifter`);
  await openTab(page, 'lifter-tab-lab');
  await page.waitForSelector('[data-testid=lifter-all-run]');
  await page.uncheck('[data-testid=lifter-all-builtin]'); // the built-in solver takes its budget on every map, one at a time
  await page.click('[data-testid=lifter-all-run]');
  await page.waitForFunction(() => /^Done/.test(document.querySelector('[data-testid=lifter-all-status]')?.textContent ?? ''), null, { timeout: 30000 });
  const rows = () => page.$$eval('[data-testid=lifter-all-table] tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  const first = await rows();
  assert.ok(first.length >= 20, `${first.length} maps`);
  const contest1 = first.find((r) => r[0] === 'contest1');
  assert.match(contest1[1], /^-?\d+$/, 'your score');
  assert.match(contest1[2], /^\d+$/, 'the best known score');
  assert.equal(contest1[3], '—', 'no previous run yet');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await openTab(page, 'lifter-tab-lab');
  await page.waitForSelector('[data-testid=lifter-all-table] tbody tr');
  const kept = await rows();
  assert.deepEqual(kept.map((r) => [r[0], r[3]]), first.map((r) => [r[0], r[1]]), 'the run kept as the previous one');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Lifter: a solver against the built-in solver at 1 s, the budget kept in the run', async () => {
  const page = await openPage(browser, `${server.url}#lifter`);
  await openTab(page, 'lifter-tab-lab');
  await page.waitForSelector(PANEL);
  await page.click('[data-testid=ab-map-picker] summary');
  for (const m of ['contest2', 'contest3', 'contest4']) await page.uncheck(`[data-testid=ab-map-${m}]`);
  await page.selectOption('[data-testid=ab-budget]', '1');
  await setUp(page, { a: 'builtin:solver', b: 'lab', seed: 3, max: 2 });
  await page.click('[data-testid=ab-start]');
  await finished(page);
  const s = await shown(page);
  assert.equal(s.pairs, 2);
  // The lab's example solver scores less than the built-in search on contest1, both times.
  assert.equal(s.wdl, '0 / 0 / 2', 'one comparison a pair');
  assert.deepEqual(await page.evaluate(() => JSON.parse(JSON.parse(localStorage.getItem('arcade.ab.v1.lifter')).run.settings)), { budgetMs: 1000 });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a program side plays locally: the result has no link and says why; a deleted program stops Resume cleanly', async () => {
  const page = await openPage(browser, server.url);
  await openLab(page);
  await page.selectOption('[data-testid=language]', 'program');
  await page.selectOption('[data-testid=pig-lab-program-examples]', '0');
  const id = await page.evaluate(() => JSON.parse(localStorage.getItem('arcade.bots.v1.pig')).selected);
  await page.focus('[data-testid=ab-a]'); // the choices are filled again on focus
  await setUp(page, { a: 'builtin:coward', b: `bot:${id}`, seed: 4, max: 2 });
  await page.click('[data-testid=ab-start]');
  await page.waitForFunction(() => /^Done/.test(document.querySelector('[data-testid=ab-status]')?.textContent ?? ''), null, { timeout: 60000 });
  assert.equal((await shown(page)).pairs, 2);
  assert.equal(await page.inputValue(`${PANEL} .ab-link-input`), '');
  assert.match(await page.textContent('[data-testid=ab-no-link]'), /a program does not travel in a link.*Save file/);
  assert.ok(await page.isVisible('[data-testid=ab-no-link]'));

  // A run interrupted, then its program deleted: Resume says so and plays nothing.
  await page.evaluate((botId) => {
    const run = JSON.parse(localStorage.getItem('arcade.ab.v1.pig'));
    localStorage.setItem('arcade.ab.v1.pig', JSON.stringify({ ...run, run: { ...run.run, max_pairs: 5 }, over: null }));
    const v = JSON.parse(localStorage.getItem('arcade.bots.v1.pig'));
    localStorage.setItem('arcade.bots.v1.pig', JSON.stringify({ ...v, bots: v.bots.filter((b) => b.id !== botId), selected: null }));
  }, id);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await openLab(page);
  await page.click('[data-testid=ab-resume]');
  await page.waitForFunction(() => /no longer in your bots/.test(document.querySelector('[data-testid=ab-status]')?.textContent ?? ''));
  assert.equal((await shown(page)).pairs, 2, 'nothing more played');
  assert.ok(!(await page.isVisible('[data-testid=ab-stop]')));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
