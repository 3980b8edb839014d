// Browser tests: links that used to crash or mislead. Broken %-escapes and unknown kinds are
// messages on a working page; a match asking for too many games is refused with the limit; a
// valid link after a broken one clears the banner; a share link longer than the engine's limit
// is saved as a file, and the page opens that file like a link.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { serve, launch, openPage, arcade, openTab } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const banner = (page) => page.textContent('#banner');

/** The Pig page still works: the optimal policy tab draws. */
async function pigWorks(page) {
  await openTab(page, 'tab-policy');
  await page.waitForSelector('[data-testid=policy-timing]');
}

for (const fragment of ['%', 'pig/1/%E0%A4%A']) {
  test(`#${fragment} shows a message and a working page`, async () => {
    const page = await openPage(browser, `${server.url}#${fragment}`);
    await page.waitForSelector('#banner:not([hidden])');
    assert.match(await banner(page), /could not be opened.*%-escape/i);
    await pigWorks(page);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('an unknown link kind is named', async () => {
  const page = await openPage(browser, `${server.url}#unknown/9/x`);
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(await banner(page), /“?unknown”?/);
  assert.match(await banner(page), /could not be opened/);
  await pigWorks(page);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a match link asking for 100,000 games is refused with the limit; the page stays usable', async () => {
  const page = await openPage(browser, server.url);
  const link = await page.evaluate(async () => {
    const engine = await import('./www/engine.js').then((e) => e.loadEngine('pig'));
    return engine.pigMatchLink({
      entrants: [{ label: 'optimal', kind: 'builtin', source: 'optimal' }, { label: 'dummy', kind: 'builtin', source: 'dummy' }],
      games: 100000, seed: 1, target: 100,
    });
  });
  await page.evaluate((f) => { location.hash = f; }, link);
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(await banner(page), /100000.*limit of 10000/);
  await openTab(page, 'tab-arena');
  await page.click('[data-testid=arena-run]');
  await page.waitForSelector('[data-testid=arena-results] [data-testid=wins]', { timeout: 30000 });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a valid link opened after a broken one clears the banner', async () => {
  const page = await openPage(browser, `${server.url}#pig/1/%E0%A4%A`);
  await page.waitForSelector('#banner:not([hidden])');
  const link = await page.evaluate(async () => {
    const engine = await import('./www/engine.js').then((e) => e.loadEngine('pig'));
    return engine.pigGameLink(100, 5, ['Ann', 'Bob'], Uint8Array.from([3, 7, 4, 8]), 2);
  });
  await page.evaluate((f) => { location.hash = f; }, link);
  await page.waitForSelector('.tab-replay[data-mounted]:not([hidden])');
  await page.waitForSelector('#banner', { state: 'hidden' });
  assert.equal(await page.textContent('.tab-replay .replay-counter'), '2 / 4');
  // Broken again, then a Lifter link: the banner goes again.
  await page.evaluate(() => { location.hash = '#unknown/9/x'; });
  await page.waitForSelector('#banner:not([hidden])');
  await page.evaluate(() => { location.hash = '#lifter'; });
  await page.evaluate(() => { location.hash = '#lifter/1/this-is-not-a-mine'; });
  await page.waitForSelector('#banner:not([hidden])');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** A map whose link cannot be short: random earth, space, rocks and lambdas. */
function noisyMap(width, height) {
  let seed = 7;
  const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  const rows = [];
  for (let y = 0; y < height; y += 1) {
    let row = '';
    for (let x = 0; x < width; x += 1) {
      if (y === 0 || y === height - 1 || x === 0 || x === width - 1) row += '#';
      else if (y === 1 && x === 1) row += 'R';
      else if (y === 1 && x === 2) row += ' ';
      else row += '. .*.\\ #'[Math.floor(rand() * 8)];
    }
    rows.push(row);
  }
  rows[height - 1] = `${rows[height - 1].slice(0, width - 2)}L#`;
  return rows.join('\n');
}

test('a share link longer than the limit is saved as a file, and the file opens like a link', async () => {
  const page = await openPage(browser, `${server.url}#lifter`);
  await page.waitForSelector('[data-testid=lifter-play-canvas]');
  await page.click('[data-testid=lifter-paste-toggle]');
  await page.fill('[data-testid=lifter-paste]', noisyMap(240, 200));
  await page.fill('.lifter-paste-name', 'noisy');
  await page.click('[data-testid=lifter-paste-use]');
  await page.waitForFunction(() => document.querySelector('[data-testid=lifter-mapinfo]').textContent.startsWith('noisy:'));
  await page.keyboard.press('ArrowRight');
  const save = page.locator('.lifter-play-side [data-testid=save-link-file]');
  await save.waitFor();
  assert.match(await page.textContent('.lifter-play-side .link-field'), /Too long for a link \([\d,]+ characters; links hold 8,000\)/);
  assert.equal(await page.isVisible('.lifter-play-side .link-input'), false);
  const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
  const text = await readFile(await download.path(), 'utf8');
  assert.match(text, /#lifter\/\d+\//);
  assert.ok(text.length > 8000);
  await page.context().close();

  const fresh = await openPage(browser, server.url);
  await fresh.setInputFiles('[data-testid=open-link-file]', { name: download.suggestedFilename(), mimeType: 'text/plain', buffer: Buffer.from(text) });
  await fresh.waitForSelector('.lifter-tab-replay:not([hidden])');
  assert.match(await fresh.textContent('[data-testid=lifter-mapinfo]'), /^noisy: 240×200/);
  assert.equal(await fresh.textContent('.lifter-tab-replay .replay-counter'), '1 / 1');
  assert.equal(await fresh.isVisible('#banner'), false);
  assert.deepEqual(fresh.errors, []);
  await fresh.context().close();
});

test('links opened faster than they load: the newest is shown, not the one that finished last', async () => {
  const page = await openPage(browser, `${server.url}#pig`);
  await page.waitForSelector('[data-testid=game-pig].active');
  // The Punter link's map arrives late; a Lifter link is opened meanwhile.
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route('**/maps/punter/circle.json', async (route) => { await held; await route.continue(); });
  const punter = arcade('punter', 'play', 'circle', '--bots', 'greedy,random', '--json');
  const punterLink = JSON.parse(punter).link.replace(/^[^#]*/, '');
  const lifterLink = arcade('lifter', 'link', 'contest1', 'RRDD').replace(/^[^#]*/, '');
  await page.evaluate((h) => { location.hash = h; }, punterLink);
  await page.evaluate((h) => { location.hash = h; }, lifterLink);
  await page.waitForSelector('[data-testid=game-lifter].active');
  release();
  await page.waitForTimeout(1500);
  assert.equal(await page.getAttribute('[data-testid=game-lifter]', 'class'), 'game-pick active', 'the newer Lifter link stays shown');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
