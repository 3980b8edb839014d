// The page loads only the game it shows, from ./play's own server (scripts/serve.py): only the
// shown game's engine module is fetched at start, a link to another game fetches that game's
// module and opens the game, the page's link table agrees with every module, and the server
// compresses and caches safely across rebuilds.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, arcade, openTab } from './browser.mjs';
import { startServer } from './bench-load.mjs';

let browser;
let server;
before(async () => { browser = await launch(); server = await startServer(); });
after(async () => { await browser.close(); server.stop(); });

const { MODULES } = await import('../pkg/modules.js');

/** A fresh page at `url` with the engine files it fetches: { page, fetched() → module names }. */
async function visit(url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const urls = [];
  context.on('request', (r) => urls.push(new URL(r.url()).pathname));
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  const fetched = () => Object.entries(MODULES)
    .filter(([, f]) => urls.some((u) => u.endsWith(`/pkg/${f.wasm}`) || u.endsWith(`/pkg/${f.js}`)))
    .map(([name]) => name);
  return { page, errors, fetched, close: () => context.close() };
}

test('the start page fetches Pig\'s engine only; opening Lifter fetches Lifter\'s', async () => {
  const v = await visit(server.url);
  await v.page.waitForSelector('[data-testid=game-pig].active');
  await v.page.waitForTimeout(500); // the Play tab's opponent starts in the sandbox worker
  assert.deepEqual(v.fetched(), ['pig'], 'Pig without Scheme, in the page and its worker');
  await v.page.click('[data-testid=game-lifter]');
  await v.page.waitForSelector('.game-page[data-game=lifter]:not([hidden])');
  assert.deepEqual(v.fetched(), ['pig', 'lifter']);
  assert.deepEqual(v.errors, []);
  await v.close();
});

test('the start page stays under 250 KB: the code editor (CodeMirror), the other tabs\' code and the workbench\'s engine module load with a lab tab, and CodeMirror is cached for ever', async () => {
  const { PAGE_FILES } = await import('../pkg/page-files.js');
  const context = await browser.newContext();
  const page = await context.newPage();
  const got = new Map(); // path → { bytes, cache } (the start page's weight: e2e/bench-load.mjs)
  const done = [];
  context.on('requestfinished', (r) => done.push((async () => {
    const sizes = await r.sizes();
    const res = await r.response();
    got.set(new URL(r.url()).pathname, { bytes: sizes.responseBodySize + sizes.responseHeadersSize, cache: res?.headers()['cache-control'] });
  })()));
  await page.goto(server.url);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.waitForTimeout(500);
  await Promise.all(done);
  const bundle = `/pkg/${PAGE_FILES.editor}`;
  assert.ok(!got.has(bundle), 'not on the start page');
  // The start page's weight (issue 30's goal: under 250 KB compressed, headers included): Play's
  // code and the `pig` module, not the other tabs' code nor the workbench's module.
  const weight = [...got].filter(([path]) => /\.(js|wasm)$/.test(path)).reduce((a, [, f]) => a + f.bytes, 0);
  assert.ok(weight < 250_000, `the start page's JS and wasm: ${weight} bytes`);
  for (const file of ['/www/pig/lab.js', '/www/pig/arena.js', '/www/pig/replay-view.js', `/pkg/${MODULES['pig-scheme'].wasm}`]) {
    assert.ok(!got.has(file), `${file} is not on the start page`);
  }
  await openTab(page, 'tab-lab');
  await page.waitForSelector('[data-testid=editor] .cm-editor');
  await Promise.all(done);
  assert.match(got.get(bundle)?.cache ?? '', /immutable/);
  assert.ok(got.has(`/pkg/${MODULES['pig-scheme'].wasm}`), 'the lab tab runs on the module with the workbench');
  await context.close();
});

test('a link to another game fetches that game\'s engine and opens the game', async () => {
  const punter = JSON.parse(arcade('punter', 'play', 'circle', '--bots', 'greedy,random', '--json'));
  const fragment = punter.link.replace(/^[^#]*/, '');
  // Opened at start: only Punter's engine.
  const cold = await visit(`${server.url}${fragment}`);
  await cold.page.waitForSelector('[data-testid=game-punter].active');
  assert.deepEqual(cold.fetched(), ['punter']);
  // The replay tab's code loads with it: wait for the game it shows.
  await cold.page.waitForFunction(() => /536/.test(document.querySelector('.game-page[data-game=punter]').textContent));
  await cold.close();
  // Opened from Pig's page: Punter's engine loads then, and the game opens.
  const warm = await visit(server.url);
  await warm.page.waitForSelector('[data-testid=game-pig].active');
  assert.ok(!warm.fetched().includes('punter'));
  await warm.page.evaluate((h) => { location.hash = h; }, fragment);
  await warm.page.waitForSelector('[data-testid=game-punter].active');
  assert.ok(warm.fetched().includes('punter'));
  await warm.page.waitForFunction(() => /536/.test(document.querySelector('.game-page[data-game=punter]').textContent));
  assert.deepEqual(warm.errors, []);
  await warm.close();
});

test('the page routes each link kind to the engine module that opens it', async () => {
  const v = await visit(server.url);
  const tables = await v.page.evaluate(async () => {
    const { GAMES } = await import('./www/games.js');
    const { loadEngine } = await import('./www/engine.js');
    const out = [];
    for (const g of GAMES) out.push({ id: g.id, page: g.linkKinds, engine: (await loadEngine(g.engine)).linkKinds() });
    return out;
  });
  for (const t of tables) assert.deepEqual(t.page, t.engine, t.id);
  // A kind no game has: refused with every game's kinds, whichever module answers.
  await v.page.evaluate(() => { location.hash = '#chess/1/AAAA'; });
  await v.page.waitForSelector('.banner.error');
  assert.match(await v.page.textContent('.banner'), /no link kind "chess" \(known: pig, pig-match, pig-tournament, pig-bot, pig-ab, lifter, lifter-bot, lifter-ab, punter, punter-bot, punter-ab, labyrinth, labyrinth-bot, labyrinth-ab\)/);
  await v.close();
});

test('the server compresses, caches engine modules for ever and revalidates the rest', async () => {
  const get = (path, headers = {}) => fetch(`${server.url}${path}`, { headers: { 'accept-encoding': 'gzip', ...headers } });
  const wasm = await get(`pkg/${MODULES.pig.wasm}`);
  assert.equal(wasm.headers.get('content-encoding'), 'gzip');
  assert.equal(wasm.headers.get('content-type'), 'application/wasm');
  assert.match(wasm.headers.get('cache-control'), /immutable/);
  const bytes = new Uint8Array(await wasm.arrayBuffer()); // fetch decompresses
  assert.ok(WebAssembly.validate(bytes));
  for (const path of ['pkg/modules.js', 'www/app.js', '']) {
    const r = await get(path);
    assert.equal(r.headers.get('cache-control'), 'no-cache', path);
    const again = await get(path, { 'if-none-match': r.headers.get('etag') });
    assert.equal(again.status, 304, path);
  }
  const plain = await fetch(`${server.url}www/app.js`, { headers: { 'accept-encoding': 'identity' } });
  assert.equal(plain.headers.get('content-encoding'), null);
});

test('an engine module that cannot be fetched: a notice, and the other games keep working', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  let blocked = true;
  await page.route('**/pkg/lifter-*', (route) => (blocked ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()));
  await page.goto(server.url);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.click('[data-testid=game-lifter]');
  await page.waitForSelector('.banner.error');
  assert.match(await page.textContent('.banner'), /Lambda Lifter engine could not be loaded/);
  await page.click('[data-testid=game-pig]');
  await page.waitForSelector('.game-page[data-game=pig]:not([hidden])');
  // Once it can be fetched, the next click loads it.
  blocked = false;
  await page.click('[data-testid=game-lifter]');
  await page.waitForSelector('.game-page[data-game=lifter]:not([hidden])');
  await context.close();
});

test('a tab whose code or engine cannot be fetched says so in the tab, and Try again loads it; Play keeps working', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  let blocked = true;
  await page.route('**/pkg/pig-scheme-*', (route) => (blocked ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()));
  await page.goto(server.url);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.click('[data-testid=tab-arena]');
  await page.waitForSelector('[data-testid=tab-load-failed]');
  assert.match(await page.textContent('[data-testid=tab-load-failed]'), /^This tab could not be loaded \(.+\)\. Try again$/);
  await openTab(page, 'tab-play');
  await page.waitForSelector('section[data-tab=play]:not([hidden]) canvas');
  blocked = false;
  await page.click('[data-testid=tab-arena]');
  await page.click('[data-testid=tab-load-failed] button');
  await page.waitForSelector('section[data-tab=arena] select');
  assert.equal(await page.$('[data-testid=tab-load-failed]'), null);
  assert.deepEqual(errors, []);
  await context.close();
});
