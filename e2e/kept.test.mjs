// Browser tests of the kept-game store (www/kept.js): every game's kept game is its link and
// comes back at its position after a reload; "Back to your game" survives any number of opened
// links; a corrupted entry and one whose map cannot be found are put aside with a notice and the
// page goes on; entries of the version 1 formats still restore; only kept.js touches localStorage.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { serve, launch, openPage, openTab, throwUntil } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const KEYS = { L: 'ArrowLeft', R: 'ArrowRight', U: 'ArrowUp', D: 'ArrowDown' };
const press = async (page, route) => { for (const c of route) await page.keyboard.press(KEYS[c]); };
const stored = (page, key) => page.evaluate((k) => localStorage.getItem(k), key);
const storedJson = async (page, key) => JSON.parse(await stored(page, key));
const reload = async (page) => { await page.reload(); await page.waitForSelector('body[data-ready="true"]'); };
const banner = (page) => page.textContent('#banner');
const route = (page) => page.inputValue('[data-testid=lifter-route]');
const waitRoute = (page, r) => page.waitForFunction((x) => document.querySelector('[data-testid=lifter-route]')?.value === x, r);
const labyrinthState = (page) => page.$eval('[data-testid=labyrinth-play-canvas]', (c) => c.state);
const same = (s) => ({ turns: s.turns, position: s.position, phase: s.phase, toMove: s.toMove, tiles: s.tiles, extra: s.extra, players: s.players });
const punterStatus = (page, re) => page.waitForFunction((src) => new RegExp(src).test(document.querySelector('[data-testid=punter-status]')?.textContent ?? ''), re.source, { timeout: 20000 });

const lifterLink = (page, map, r) => page.evaluate(async ([m, x]) => {
  const engine = await import('./www/engine.js').then((e) => e.loadEngine('lifter'));
  const text = engine.lifterOfficialMaps().find((o) => o.name === m).text;
  return engine.lifterGameLink(m, text, x, x.length);
}, [map, r]);

/**
 * Puts `entries` (only) in the page's storage from a page of the same origin where the app does
 * not run, then opens the app at `hash`: nothing is read or written before.
 */
async function startWith(page, entries, hash = '') {
  await page.goto(`${server.url}README.md`);
  await page.evaluate((e) => { localStorage.clear(); for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v); }, entries);
  await page.goto(`${server.url}${hash}`);
  await page.waitForSelector('body[data-ready="true"]');
}

async function openLabyrinthGame(page) {
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]')?.state);
  await page.selectOption('[data-testid=labyrinth-seat-yellow]', 'human');
  await page.selectOption('[data-testid=labyrinth-seat-red]', 'greedy');
  await page.fill('[data-testid=labyrinth-seed]', '7');
  await page.click('[data-testid=labyrinth-start]');
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]').state?.phase === 'shift');
  const s = await labyrinthState(page);
  const at = [...Array(12).keys()].find((i) => !s.blocked.some(([k]) => k === i));
  const [x, y] = await page.$eval('[data-testid=labyrinth-play-canvas]', (c, i) => c.pointOf('arrow', i), at);
  const box = await page.locator('[data-testid=labyrinth-play-canvas]').boundingBox();
  await page.mouse.click(box.x + x, box.y + y);
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]').state.phase === 'move');
}

/** A Punter game on `map` against greedy (seed 7), one river claimed; the kept link once written. */
async function punterGame(page, map = 'lambda.json') {
  await page.waitForFunction(() => document.querySelector('[data-testid=punter-map-info]')?.textContent.includes('rivers'));
  if (map !== 'lambda.json') {
    await page.selectOption('[data-testid=punter-map]', map);
    await page.waitForFunction((m) => document.querySelector('[data-testid=punter-map-info]')?.textContent.startsWith(m), map);
  }
  await page.selectOption('[data-testid=punter-seat-1]', 'greedy');
  await page.fill('[data-testid=punter-seed]', '7');
  await page.click('[data-testid=punter-start]');
  await punterStatus(page, /Your turn \(turn 1 of/);
  await page.click('[data-testid=punter-pass]');
  await punterStatus(page, /Your turn \(turn 3 of/);
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('arcade.kept.v2.punter') ?? 'null')?.view === 2);
  return storedJson(page, 'arcade.kept.v2.punter');
}

test('only www/kept.js uses localStorage', () => {
  const out = execFileSync('grep', ['-rln', 'localStorage', 'www'], { cwd: new URL('..', import.meta.url), encoding: 'utf8' });
  assert.deepEqual(out.trim().split('\n'), ['www/kept.js']);
});

test('every game comes back at its position after a reload, from its link', async () => {
  const page = await openPage(browser, server.url);
  // Pig.
  await throwUntil(page, 3);
  const pig = await page.$$eval('[data-testid=play-log] li', (lis) => lis.map((l) => l.textContent));
  const pigKept = await storedJson(page, 'arcade.kept.v2.pig');
  assert.match(pigKept.link, /^pig\/\d+\//);
  // Lifter.
  await page.click('[data-testid=game-lifter]');
  await page.selectOption('[data-testid=lifter-map]', 'official:flood1');
  await press(page, 'LL');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('arcade.kept.v2.lifter') ?? 'null')?.view === 2);
  // Labyrinth.
  await page.click('[data-testid=game-labyrinth]');
  await openLabyrinthGame(page);
  const maze = await labyrinthState(page);
  // Punter.
  await page.click('[data-testid=game-punter]');
  const punter = await punterGame(page);
  assert.deepEqual(punter.seats, ['human', 'greedy']);

  await reload(page);
  await page.click('[data-testid=game-pig]');
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=play-log] li').length >= n, pig.length, { timeout: 30000 });
  assert.deepEqual((await page.$$eval('[data-testid=play-log] li', (lis) => lis.map((l) => l.textContent))).slice(0, pig.length), pig);
  await page.click('[data-testid=game-lifter]');
  await waitRoute(page, 'LL');
  assert.equal(await page.inputValue('[data-testid=lifter-map]'), 'official:flood1');
  assert.equal(await page.textContent('[data-testid=lifter-stat-moves]'), '2');
  await page.click('[data-testid=game-labyrinth]');
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]')?.state?.phase === 'move');
  assert.deepEqual(same(await labyrinthState(page)), same(maze));
  await page.click('[data-testid=game-punter]');
  await punterStatus(page, /Your turn \(turn 3 of 61\)/);
  assert.equal((await storedJson(page, 'arcade.kept.v2.punter')).link, punter.link);
  // Play goes on after the reload: the bot answers as it would have.
  await page.click('[data-testid=punter-pass]');
  await punterStatus(page, /Your turn \(turn 5 of 61\)/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('"Back to your game" survives any number of opened links (Lifter, Labyrinth)', async () => {
  const page = await openPage(browser, `${server.url}#lifter`);
  await page.waitForSelector('[data-testid=lifter-play-canvas]');
  await page.selectOption('[data-testid=lifter-map]', 'official:flood1');
  await press(page, 'LL');
  for (const [map, r] of [['contest1', 'DLRDD'], ['contest2', 'RR'], ['flood2', 'L']]) {
    await page.evaluate((f) => { location.hash = f; }, await lifterLink(page, map, r));
    await page.waitForFunction((m) => document.querySelector('[data-testid=lifter-mapinfo]')?.textContent.startsWith(m), map);
    await page.waitForSelector('[data-testid=lifter-back]:not([hidden])');
    assert.match(await page.textContent('[data-testid=lifter-back]'), /Your game on flood1 \(2 moves\) is kept/, `after the link on ${map}`);
  }
  await page.click('[data-testid=lifter-back-to-game]');
  await page.waitForSelector('.lifter-tab-play:not([hidden])');
  await waitRoute(page, 'LL');
  assert.equal(await page.inputValue('[data-testid=lifter-map]'), 'official:flood1');
  // Playing on in a linked game is what replaces the kept game.
  await page.evaluate((f) => { location.hash = f; }, await lifterLink(page, 'contest1', 'DL'));
  await page.waitForSelector('[data-testid=lifter-back]:not([hidden])');
  await openTab(page, 'lifter-tab-play');
  await page.waitForFunction(() => document.querySelector('[data-testid=lifter-mapinfo]')?.textContent.startsWith('contest1'));
  await press(page, 'D');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('arcade.kept.v2.lifter') ?? 'null')?.name === 'contest1');
  assert.equal(await page.isHidden('[data-testid=lifter-back]'), true);
  await reload(page);
  await waitRoute(page, 'D');
  assert.equal(await page.inputValue('[data-testid=lifter-map]'), 'official:contest1');

  // Labyrinth: two links opened one after the other; the way back is still there.
  await page.click('[data-testid=game-labyrinth]');
  await openLabyrinthGame(page);
  const mine = await labyrinthState(page);
  for (const seed of [99, 100]) {
    const other = await page.evaluate(async (s) => {
      const e = await import('./www/engine.js').then((m) => m.loadEngine('labyrinth'));
      return new e.LabyrinthGame(['yellow:human', 'blue:human'], false, s).link(0);
    }, seed);
    await page.evaluate((f) => { location.hash = f; }, other);
    await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]').state.players[1]?.color === 'blue');
    await page.waitForSelector('[data-testid=labyrinth-back]:not([hidden])');
  }
  await page.click('[data-testid=labyrinth-back-to-game]');
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]').state.players[1]?.color === 'red');
  assert.deepEqual(same(await labyrinthState(page)), same(mine));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a corrupted kept entry is put aside with a notice and the page goes on', async () => {
  const page = await openPage(browser, server.url);
  for (const [id, raw, ready] of [
    ['pig', '{"v":2,"link":', '[data-testid=throw]:enabled'],
    ['lifter', '{"v":2,"link":"lifter/2/AAAA","view":3}', '[data-testid=lifter-play-canvas]'],
    ['punter', '{"v":2,"link":"pig/1/AAAA","view":1,"seats":["human","greedy"]}', '[data-testid=punter-start]'],
    ['labyrinth', '{"v":7}', '[data-testid=labyrinth-play-canvas]'],
  ]) {
    await startWith(page, { [`arcade.kept.v2.${id}`]: raw }, `#${id}`);
    await page.waitForSelector('#banner:not([hidden])');
    assert.match(await banner(page), new RegExp(`game could not be resumed\\..+put aside \\(in this browser's storage as “arcade\\.kept\\.v2\\.${id}\\.set-aside”\\)`), id);
    assert.equal(await stored(page, `arcade.kept.v2.${id}.set-aside`), raw, `${id}: nothing lost`);
    assert.notEqual(await stored(page, `arcade.kept.v2.${id}`), raw);
    await page.waitForSelector(ready, { timeout: 30000 });
  }
  assert.deepEqual(page.errors.filter((e) => !/404/.test(e)), []);
  await page.context().close();
});

test('a kept game or a link whose map cannot be found: one notice, the game put aside, the page working', async () => {
  const page = await openPage(browser, `${server.url}#punter`);
  await page.evaluate(() => localStorage.clear());
  const kept = await punterGame(page, 'triangle.json');
  const ctx = page.context();
  await ctx.route('**/maps/punter/triangle.json', (r) => r.fulfill({ status: 404, body: 'gone' }));
  await reload(page);
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(await banner(page), /Your Punter game could not be resumed\. The map “triangle\.json” it needs could not be found \(HTTP 404\); it may have been renamed or removed from this page\. It was put aside/);
  assert.equal(await stored(page, 'arcade.kept.v2.punter.set-aside'), JSON.stringify(kept));
  await page.waitForFunction(() => document.querySelector('[data-testid=punter-map-info]')?.textContent.includes('rivers'));
  // A link naming that map: the same words, the page stays.
  await page.click('#banner .banner-actions button');
  await page.evaluate((f) => { location.hash = f; }, kept.link);
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(await banner(page), /This link could not be opened\. The map “triangle\.json” it needs could not be found/);
  await openTab(page, 'punter-tab-play');
  await page.click('[data-testid=punter-start]');
  await punterStatus(page, /Your turn \(turn 1 of 61\)/);
  await page.context().close();
});

test('entries of the version 1 formats still restore (and become links)', async () => {
  const page = await openPage(browser, server.url);
  const v1 = await page.evaluate(async () => {
    const { loadEngine } = await import('./www/engine.js');
    const pigEngine = await loadEngine('pig');
    const pig = new pigEngine.PigGame(100, 12345, ['You', 'hold20']);
    pig.playIndex(3); pig.decide(true); pig.playIndex(4); // die 4, throw again, die 5
    const maze = new (await loadEngine('labyrinth')).LabyrinthGame(['yellow:human', 'red:ai'], false, 7).link(0);
    return { pig: { seed: 12345, human: 0, opponent: 'hold20', moves: Array.from(pig.moves()) }, maze };
  });
  await startWith(page, {
    'arcade.pig.play.v1': JSON.stringify(v1.pig),
    'arcade.lifter.map.v1': JSON.stringify({ source: 'official:flood1' }),
    'arcade.lifter.game.v1:official:flood1': 'LL',
    'arcade.punter.game.v1': JSON.stringify({
      v: 1, map: 'lambda.json', custom: null, seats: ['human', 'greedy'], settings: { futures: false, splurges: false, options: false },
      futures: [[], []], seed: 7, human: [['pass', 0], ['pass', 0]],
    }),
    'arcade.labyrinth.game.v1': JSON.stringify({ v: 1, link: v1.maze, levels: [null, 'strong'], seed: 5 }),
  });
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=play-log] li').length >= n, v1.pig.moves.length, { timeout: 30000 });
  assert.match((await storedJson(page, 'arcade.kept.v2.pig')).link, /^pig\//);
  await page.click('[data-testid=game-lifter]');
  await waitRoute(page, 'LL');
  assert.equal(await page.inputValue('[data-testid=lifter-map]'), 'official:flood1');
  await page.click('[data-testid=game-punter]');
  await punterStatus(page, /Your turn \(turn 5 of 61\)/);
  await page.click('[data-testid=game-labyrinth]');
  await page.waitForFunction(() => /Red AI strong/.test(document.querySelector('[data-testid=labyrinth-legend]')?.textContent));
  for (const old of ['arcade.pig.play.v1', 'arcade.lifter.game.v1:official:flood1', 'arcade.punter.game.v1', 'arcade.labyrinth.game.v1']) {
    assert.equal(await stored(page, old), null, `${old} migrated`);
  }
  assert.deepEqual((await storedJson(page, 'arcade.kept.v2.punter')).seats, ['human', 'greedy']);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a Punter game resumed from its link at any move plays on as if it had never stopped', async () => {
  const page = await openPage(browser, server.url);
  const result = await page.evaluate(async () => {
    const engine = await import('./www/engine.js').then((m) => m.loadEngine('punter'));
    const { loadMap } = await import('./www/punter/maps.js');
    const text = await loadMap(engine, 'lambda.json');
    const assets = { 'lambda.json': text };
    const seats = ['human', 'strong', 'random'];
    const settings = { futures: true, splurges: true, options: true };
    // As the Play tab does: the page's game from the link (PunterGame.toPlayOn), its series
    // (PunterSeries.fromLink, seeded as any game 0 of the seed; random re-derives its draws from its turns)
    // from the page's game's link; you pass. The game's link once it is over.
    const playOn = (link) => {
      const g = engine.PunterGame.toPlayOn(link, seats, assets);
      const series = engine.PunterSeries.fromLink(g.link(g.length), seats, assets);
      for (;;) {
        const r = series.next(1);
        series.moves().forEach((i) => g.playIndex(i));
        if (r.status === 'over') break;
        if (r.status === 'ask') series.answerIndex(g.play('pass', 0), 0);
      }
      const out = { series: series.link(), page: g.link(g.length), length: g.length };
      series.free();
      g.free();
      return out;
    };
    const fresh = new engine.PunterGame('lambda.json', text, seats, settings, [[], [], []], 99);
    const whole = playOn(fresh.link(0));
    fresh.free();
    const full = engine.PunterGame.fromLink(whole.page, assets);
    const differ = [];
    for (let k = 0; k <= whole.length; k += 1) {
      const resumed = playOn(full.link(k)); // the game viewed at move k: played on from there
      if (resumed.page !== whole.page || resumed.series !== whole.series) differ.push(k);
    }
    full.free();
    return { length: whole.length, differ };
  });
  assert.ok(result.length > 50, `a whole game (${result.length} moves)`);
  assert.deepEqual(result.differ, [], 'resumed at every move, the same game');
  await page.context().close();
});

test('a Punter link that ends inside a bot\'s splurge (old links: strong splurged) plays on from before it', async () => {
  const page = await openPage(browser, server.url);
  const result = await page.evaluate(async () => {
    const engine = await import('./www/engine.js').then((m) => m.loadEngine('punter'));
    const { loadMap } = await import('./www/punter/maps.js');
    const text = await loadMap(engine, 'lambda.json');
    const assets = { 'lambda.json': text };
    // Seat 0 passes twice (credit), then starts a splurge from a mine along two rivers.
    const g = new engine.PunterGame('lambda.json', text, ['human', 'human'], { splurges: true }, null, 5);
    for (let k = 0; k < 4; k += 1) g.play('pass', 0);
    const mine = g.geometry().mines[0];
    g.play('splurge-to', mine);
    g.play('splurge-to', g.legal().sites[0]);
    const cut = g.link(g.length);
    g.free();
    const seats = ['greedy', 'human'];
    const resumed = engine.PunterGame.toPlayOn(cut, seats, assets);
    const series = engine.PunterSeries.fromLink(resumed.link(resumed.length), seats, assets);
    const step = series.next(1);
    series.moves().forEach((i) => resumed.playIndex(i));
    const out = { length: resumed.length, route: resumed.state().route.length, status: step.status };
    series.free();
    resumed.free();
    return out;
  });
  assert.equal(result.route, 0, 'the unfinished splurge is dropped');
  assert.equal(result.length, 5, 'greedy decided again from the view before it');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a browser that refuses to keep anything: one notice, and the games still play', async () => {
  const page = await openPage(browser, `${server.url}#lifter`);
  await page.evaluate(() => {
    Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };
  });
  await page.waitForSelector('[data-testid=lifter-play-canvas]');
  await press(page, 'DL');
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(await banner(page), /does not let the page keep your work \(private mode or full storage\)/);
  assert.equal(await page.textContent('[data-testid=lifter-stat-moves]'), '2');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** Fills the origin's localStorage to its quota (entries outside the page's prefix). */
const fillStorage = (page) => page.evaluate(() => {
  let n = 0;
  for (let size = 1 << 20; size >= 1; size >>= 1) {
    const text = 'x'.repeat(size);
    for (;;) {
      try { localStorage.setItem(`fill.${n}`, text); n += 1; } catch { break; }
    }
  }
  return n;
});

test('with the storage full, a kept entry that does not reopen is left untouched, and the notice says so and stays', async () => {
  const page = await openPage(browser, server.url);
  const raw = '{"v":2,"link":"lifter/2/AAAA","view":3}';
  await page.goto(`${server.url}README.md`);
  await page.evaluate((r) => { localStorage.clear(); localStorage.setItem('arcade.kept.v2.lifter', r); }, raw);
  assert.ok(await fillStorage(page) > 0);
  await page.goto(`${server.url}#lifter`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector('#banner:not([hidden])');
  const notice = /Your Lifter game could not be resumed\..+This browser refused to keep a copy of it \(its storage is full, or private mode\), so it was left as it was, in this browser's storage as “arcade\.kept\.v2\.lifter”, and the page will not write over it\. The page goes on, but your work will not survive a reload until there is room\./;
  assert.equal(await stored(page, 'arcade.kept.v2.lifter'), raw, 'nothing deleted that was not copied');
  assert.match(await banner(page), notice);
  assert.equal(await stored(page, 'arcade.kept.v2.lifter.set-aside'), null);
  // The page plays on; its writes are refused (or held off the entry) without another notice.
  await page.waitForSelector('[data-testid=lifter-play-canvas]');
  await press(page, 'DL');
  assert.equal(await page.textContent('[data-testid=lifter-stat-moves]'), '2');
  await page.waitForTimeout(2000); // past the kept game's write (150 ms after a move)
  await page.click('[data-testid=game-pig]');
  await page.waitForSelector('[data-testid=throw]:enabled', { timeout: 30000 });
  await page.keyboard.press('t');
  await page.waitForTimeout(500);
  assert.equal(await page.isVisible('#banner'), true);
  assert.match(await banner(page), notice, 'the true notice stays');
  assert.equal(await stored(page, 'arcade.kept.v2.lifter'), raw, 'not written over');
  // Room again: the next page puts it aside as usual.
  await page.evaluate(() => { for (const k of Object.keys(localStorage)) if (k.startsWith('fill.')) localStorage.removeItem(k); });
  await reload(page);
  await page.click('[data-testid=game-lifter]');
  await page.waitForFunction(() => document.querySelector('#banner')?.textContent.includes('put aside'));
  assert.equal(await stored(page, 'arcade.kept.v2.lifter.set-aside'), raw);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('an entry put aside never replaces one put aside before', async () => {
  const page = await openPage(browser, server.url);
  const raw = '{"v":2,"link":';
  await startWith(page, { 'arcade.kept.v2.pig': raw, 'arcade.kept.v2.pig.set-aside': 'an older one' }, '#pig');
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(await banner(page), /put aside \(in this browser's storage as “arcade\.kept\.v2\.pig\.set-aside\.2”\)/);
  assert.equal(await stored(page, 'arcade.kept.v2.pig.set-aside'), 'an older one');
  assert.equal(await stored(page, 'arcade.kept.v2.pig.set-aside.2'), raw);
  await page.context().close();
});
