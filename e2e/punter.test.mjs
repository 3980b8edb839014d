// Browser end-to-end tests for Lambda Punter: a game against a bot on lambda (claims by clicking
// the map, the bot answers, the legend follows, an illegal click is explained, a reload keeps the
// game), an official log opened from a file and stepped through to its recorded scores, a
// 10,000-river map zoomed, a game shared and reopened from its link, and a broken log.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, launch, openPage, openTab } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const FIXTURE = new URL('../tests/fixtures/punter/full1--futures-splurges-options--lambda-ag1.json', import.meta.url).pathname;

async function openPunter(viewport) {
  const page = await openPage(browser, `${server.url}#punter`, viewport);
  await page.waitForFunction(() => document.querySelector('[data-testid=punter-map-info]')?.textContent.includes('rivers'));
  return page;
}

/** Clicks river or site `i` where the map view draws it. */
async function clickMap(page, canvas, kind, i) {
  const [x, y] = await page.$eval(`[data-testid=${canvas}]`, (c, [k, j]) => c.pointOf(k, j), [kind, i]);
  const box = await page.locator(`[data-testid=${canvas}]`).boundingBox();
  await page.mouse.click(box.x + x, box.y + y);
}

/** The owners of the rivers in a shared game (read through the engine from its link). */
const ownersOf = (page, link) => page.evaluate(async (l) => {
  const engine = await import('./www/engine.js').then((e) => e.loadEngine('punter'));
  const { prepareLink } = await import('./www/punter/maps.js');
  const g = engine.PunterGame.fromLink(l, await prepareLink(l, engine));
  const owners = Array.from(g.owners());
  g.free();
  return owners;
}, link);

/** The share link of the game in the Play tab, once it has caught up with the last move. */
async function playLink(page) {
  await page.waitForTimeout(500); // the link follows 150 ms after the last move
  await page.waitForFunction(() => document.querySelector('.punter-side .link-input')?.value.includes('#punter/'));
  return page.inputValue('.punter-side .link-input');
}

const scores = (page, testid) => page.$$eval(`[data-testid=${testid}] td.score`, (tds) => tds.map((td) => td.textContent));
const status = (page) => page.textContent('[data-testid=punter-status]');

test('a game on lambda: claims by clicking, the bot answers, an illegal click is explained, a reload keeps the game', async () => {
  const page = await openPunter();
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForFunction(() => document.querySelector('[data-testid=punter-map-info]')?.textContent.includes('rivers'));
  assert.equal(await page.getAttribute('[data-testid=game-punter]', 'class'), 'game-pick active');
  assert.equal(await page.inputValue('[data-testid=punter-map]'), 'lambda.json');
  await page.selectOption('[data-testid=punter-seat-1]', 'greedy');
  await page.fill('[data-testid=punter-seed]', '7');
  await page.click('[data-testid=punter-start]');
  assert.match(await status(page), /Your turn \(turn 1 of 61\)/);
  assert.deepEqual(await scores(page, 'punter-legend'), ['0', '0']);
  // Claim river 0; greedy answers; your turn again.
  await clickMap(page, 'punter-play-canvas', 'river', 0);
  await page.waitForFunction(() => /Your turn \(turn 3 of 61\)/.test(document.querySelector('[data-testid=punter-status]').textContent));
  let link = await playLink(page);
  let owners = await ownersOf(page, link);
  assert.equal(owners[0], 0, 'river 0 is yours');
  const greedy = owners.indexOf(1);
  assert.ok(greedy >= 0, 'greedy claimed a river');
  assert.notDeepEqual(await scores(page, 'punter-legend'), ['0', '0'], 'the legend follows the moves');
  // Clicking greedy's river (options are off) is refused with the engine's reason.
  await clickMap(page, 'punter-play-canvas', 'river', greedy);
  assert.match(await page.textContent('[data-testid=punter-message]'), /Not allowed: claim \d+–\d+ is not a legal move now\. This river was claimed by greedy\./);
  assert.match(await status(page), /turn 3 of 61/);
  // A second claim, then P passes.
  const free = owners.findIndex((o, r) => o < 0 && r !== 0);
  await clickMap(page, 'punter-play-canvas', 'river', free);
  await page.waitForFunction(() => /Your turn \(turn 5 of 61\)/.test(document.querySelector('[data-testid=punter-status]').textContent));
  assert.equal(await page.textContent('[data-testid=punter-message]'), '', 'a legal move clears the message');
  await page.keyboard.press('p');
  await page.waitForFunction(() => /Your turn \(turn 7 of 61\)/.test(document.querySelector('[data-testid=punter-status]').textContent));
  const before = await scores(page, 'punter-legend');
  link = await playLink(page);
  owners = await ownersOf(page, link);
  // A reload restores the same game.
  await page.reload();
  await page.waitForFunction(() => /Your turn \(turn 7 of 61\)/.test(document.querySelector('[data-testid=punter-status]')?.textContent ?? ''));
  assert.deepEqual(await scores(page, 'punter-legend'), before);
  assert.deepEqual(await ownersOf(page, await playLink(page)), owners);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a level game ends in a tie in the engine\'s words; a bot\'s futures stay hidden until the end', async () => {
  const page = await openPunter();
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForFunction(() => document.querySelector('[data-testid=punter-map-info]')?.textContent.includes('rivers'));
  // The only mine touches no river: nobody can score, so the game ends level.
  const level = { sites: [{ id: 0, x: 0, y: 0 }, { id: 1, x: 1, y: 0 }, { id: 2, x: 2, y: 0 }, { id: 3, x: 2, y: 1 }], rivers: [{ source: 1, target: 2 }, { source: 2, target: 3 }], mines: [0] };
  await page.click('[data-testid=punter-paste-toggle]');
  await page.fill('[data-testid=punter-paste]', JSON.stringify(level));
  await page.click('[data-testid=punter-paste-use]');
  await page.waitForFunction(() => document.querySelector('[data-testid=punter-map-info]')?.textContent.includes('2 rivers'));
  await page.selectOption('[data-testid=punter-seat-1]', 'greedy');
  await page.click('[data-testid=punter-start]');
  await page.click('[data-testid=punter-finish]');
  await page.waitForFunction(() => /Game over/.test(document.querySelector('[data-testid=punter-status]').textContent));
  assert.equal(await status(page), 'Game over after 2 turns. A tie: You, greedy with 0.');
  assert.equal(await page.$$eval('[data-testid=punter-legend] tbody tr.best', (rows) => rows.length), 2, 'both share first place');

  // Futures on lambda against strong (it bids): its futures are hidden until the game is over.
  await page.selectOption('[data-testid=punter-map]', 'lambda.json');
  await page.waitForFunction(() => document.querySelector('[data-testid=punter-map-info]')?.textContent.startsWith('lambda.json'));
  await page.check('[data-testid=punter-futures]');
  await page.selectOption('[data-testid=punter-seat-1]', 'strong');
  await page.click('[data-testid=punter-start]');
  const futuresOf = (p) => page.textContent(`[data-testid=punter-legend] tr[data-punter="${p}"] td.futures`);
  assert.equal(await futuresOf(1), 'hidden');
  await page.click('[data-testid=punter-finish]');
  await page.waitForFunction(() => /Game over/.test(document.querySelector('[data-testid=punter-status]').textContent), null, { timeout: 30000 });
  assert.match(await futuresOf(1), /→/, 'shown once the game is over');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('an official log opened from a file steps through to its recorded scores', async () => {
  const log = JSON.parse(readFileSync(FIXTURE, 'utf8'));
  const recorded = log.game.find((e) => e.scores).scores.map((s) => s.score.toLocaleString('en-US'));
  const page = await openPunter();
  await openTab(page, 'punter-tab-replay');
  await page.setInputFiles('[data-testid=punter-log-file]', FIXTURE);
  await page.waitForFunction(() => document.querySelector('[data-testid=punter-replay-title]').textContent.includes('lambda-ag1'));
  const counter = () => page.textContent('.punter-tab-replay .replay-counter');
  const [, total] = (await counter()).split(' / ').map(Number);
  assert.ok(total > 50, `${total} moves`);
  assert.deepEqual(await scores(page, 'punter-replay-legend'), recorded);
  await page.keyboard.press('Home');
  assert.equal(await counter(), `0 / ${total}`);
  assert.deepEqual(await scores(page, 'punter-replay-legend'), recorded.map(() => '0'));
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
  assert.equal(await counter(), `5 / ${total}`);
  assert.match(await page.textContent('.punter-tab-replay .replay-move.current'), /turn/);
  await page.keyboard.press('End');
  assert.equal(await counter(), `${total} / ${total}`);
  assert.deepEqual(await scores(page, 'punter-replay-legend'), recorded);
  assert.match(await page.textContent('[data-testid=punter-replay-legend]'), /kstm\.org/);
  // The score plot is drawn, and the game exports in the official format.
  assert.ok(await page.$eval('[data-testid=punter-plot]', (c) => c.width > 100));
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=punter-export]')]);
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
  assert.deepEqual(exported.game.find((e) => e.scores).scores.map((s) => s.score.toLocaleString('en-US')), recorded);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('edinburgh-10000 zooms and pans without errors and the canvas follows', async () => {
  const page = await openPunter();
  await page.selectOption('[data-testid=punter-map]', 'edinburgh-10000.json');
  await page.waitForFunction(() => document.querySelector('[data-testid=punter-map-info]').textContent.includes('10,000 rivers'), null, { timeout: 30000 });
  await page.waitForTimeout(300);
  const canvas = page.locator('[data-testid=punter-play-canvas]');
  const picture = () => page.$eval('[data-testid=punter-play-canvas]', (c) => c.toDataURL());
  const draws = () => page.$eval('[data-testid=punter-play-canvas]', (c) => c.drawStats.draws);
  const fitted = await picture();
  const box = await canvas.boundingBox();
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.5);
  const n0 = await draws();
  for (let i = 0; i < 8; i += 1) { await page.mouse.wheel(0, -300); await page.waitForTimeout(30); }
  await page.waitForTimeout(200);
  assert.ok(await draws() > n0, 'zooming redraws');
  const zoomed = await picture();
  assert.notEqual(zoomed, fitted, 'the canvas changed when zoomed');
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6, { steps: 8 });
  await page.mouse.up();
  await page.waitForTimeout(200);
  assert.notEqual(await picture(), zoomed, 'the canvas changed when panned');
  // The hover tooltip names a site or a river.
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await page.keyboard.press('f');
  await page.waitForTimeout(200);
  assert.ok((await page.$eval('[data-testid=punter-play-canvas]', (c) => c.drawStats.worstMs)) < 200, 'a redraw takes well under 200 ms');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a shared game reopens from its link with the same scores', async () => {
  const page = await openPunter();
  await page.evaluate(() => localStorage.clear());
  await page.selectOption('[data-testid=punter-count]', '3');
  await page.selectOption('[data-testid=punter-seat-1]', 'strong');
  await page.selectOption('[data-testid=punter-seat-2]', 'random');
  await page.check('[data-testid=punter-splurges]');
  await page.fill('[data-testid=punter-seed]', '11');
  await page.click('[data-testid=punter-start]');
  // Pass twice (credit for a splurge), then splurge along two rivers from a mine.
  await page.keyboard.press('p');
  await page.waitForFunction(() => /Your turn \(turn 4 /.test(document.querySelector('[data-testid=punter-status]').textContent));
  await page.keyboard.press('p');
  await page.waitForFunction(() => /Your turn \(turn 7 /.test(document.querySelector('[data-testid=punter-status]').textContent));
  const owners = await ownersOf(page, await playLink(page));
  const geo = await page.evaluate(async () => {
    const engine = await import('./www/engine.js').then((e) => e.loadEngine('punter'));
    const text = await (await fetch('maps/punter/lambda.json')).text();
    const g = new engine.PunterGame('lambda.json', text, ['human', 'random'], {}, null, 1);
    const out = g.geometry();
    g.free();
    return out;
  });
  // A path of two free rivers a → b → c.
  const rivers = [];
  for (let r = 0; r < geo.rivers.length / 2; r += 1) if (owners[r] < 0) rivers.push([geo.rivers[2 * r], geo.rivers[2 * r + 1]]);
  let path = null;
  for (const [a, b] of rivers) {
    for (const [c, d] of rivers) {
      if (c === a && d === b) continue;
      if (c === b && d !== a) path = [a, b, d];
      else if (d === b && c !== a) path = [a, b, c];
      if (path) break;
    }
    if (path) break;
  }
  assert.ok(path, 'two free rivers in a row');
  for (const s of path) await clickMap(page, 'punter-play-canvas', 'site', s);
  assert.match(await status(page), /Your splurge: 2 rivers so far/);
  await page.keyboard.press('e');
  await page.waitForFunction(() => /Your turn \(turn 10 /.test(document.querySelector('[data-testid=punter-status]').textContent));
  const played = await scores(page, 'punter-legend');
  const link = await playLink(page);
  assert.deepEqual((await ownersOf(page, link)).filter((o) => o === 0).length, 2, 'the splurge claimed two rivers');
  const fresh = await openPage(browser, link);
  await fresh.waitForSelector('.punter-tab-replay[data-mounted]:not([hidden])');
  await fresh.waitForFunction(() => document.querySelector('[data-testid=punter-replay-title]').textContent.includes('shared'));
  assert.deepEqual(await scores(fresh, 'punter-replay-legend'), played);
  const counter = await fresh.textContent('.punter-tab-replay .replay-counter');
  assert.match(counter, /^(\d+) \/ \1$/);
  for (const p of [page, fresh]) assert.deepEqual(p.errors, []);
  for (const p of [page, fresh]) await p.context().close();
});

test('a broken log file gives a message with its place and the page keeps working', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'punter-'));
  const broken = join(dir, 'broken.json');
  writeFileSync(broken, '{"game":[{"start":{}},\n{"settings":{}},\n{"map":"lambda.json"},\n{"punter":0,"team":"a"},\n{"punter":1,"team":"b"},\n{"gameplay":"start"},\n{"claim":{"punter":0,"source":0,"target":1}}\n');
  const page = await openPunter();
  await openTab(page, 'punter-tab-replay');
  await page.setInputFiles('[data-testid=punter-log-file]', broken);
  await page.waitForSelector('[data-testid=punter-replay-status].error');
  const message = await page.textContent('[data-testid=punter-replay-status]');
  assert.match(message, /^broken\.json:\d+:\d+: .+ \(a file of 180 bytes\)$/);
  // The page still works: the example official game opens.
  await page.click('[data-testid=punter-example]');
  await page.waitForFunction(() => document.querySelector('[data-testid=punter-replay-status]').textContent === '');
  assert.match(await page.textContent('[data-testid=punter-replay-title]'), /Example/);
  await page.keyboard.press('Home');
  assert.match(await page.textContent('.punter-tab-replay .replay-counter'), /^0 \//);
  // A bad pasted map says where, and the form keeps its map.
  await openTab(page, 'punter-tab-play');
  await page.click('[data-testid=punter-paste-toggle]');
  await page.fill('[data-testid=punter-paste]', '{"sites":[{"id":0,"x":0,"y":0}],"rivers":[{"source":0,"target":5}],"mines":[0]}');
  await page.click('[data-testid=punter-paste-use]');
  await page.waitForSelector('[data-testid=punter-map-error].error');
  assert.match(await page.textContent('[data-testid=punter-map-error]'), /rivers\[0\]\.target/);
  assert.equal(await page.inputValue('[data-testid=punter-map]'), 'lambda.json');
  // A broken link is a banner on a working page.
  const cut = await openPage(browser, `${server.url}#punter/1/AAAA`);
  await cut.waitForSelector('#banner:not([hidden])');
  assert.match(await cut.textContent('#banner'), /could not be opened/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
  await cut.context().close();
});

test('the phone layout has no sideways scrolling on either tab', async () => {
  const page = await openPunter({ width: 390, height: 844 });
  await page.click('[data-testid=punter-start]');
  const wide = () => page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(await wide() <= 390, `play: ${await wide()} px wide`);
  await openTab(page, 'punter-tab-replay');
  await page.waitForFunction(() => document.querySelector('[data-testid=punter-replay-title]').textContent !== 'Replay');
  assert.ok(await wide() <= 390, `replay: ${await wide()} px wide`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('strong is the default opponent; the Replay tab opens its games against contest entries', async () => {
  const page = await openPage(browser, `${server.url}#punter`);
  await page.waitForSelector('[data-testid=punter-seat-1]');
  assert.equal(await page.inputValue('[data-testid=punter-seat-1]'), 'strong');
  await openTab(page, 'punter-tab-replay');
  const options = await page.$$eval('[data-testid=punter-entry-games] option', (os) => os.filter((o) => o.value).map((o) => [o.value, o.textContent]));
  assert.equal(options.length, 3);
  // Each caption's scores are the ones the engine gives the game's log.
  for (const [file, label] of options) {
    const [, who, map, won, lost] = /^(strong vs \w+).* — (\w+)[^:]*: \w+ wins ([\d,]+) to ([\d,]+)$/.exec(label);
    await page.selectOption('[data-testid=punter-entry-games]', file);
    await page.waitForFunction((w) => document.querySelector('[data-testid=punter-replay-title]')?.textContent.includes(w), who);
    assert.match(await page.textContent('[data-testid=punter-replay-info]'), new RegExp(`${map} · 2 punters`));
    await page.waitForFunction(([a, b]) => {
      const text = document.querySelector('[data-testid=punter-replay-legend]')?.textContent ?? '';
      return text.includes(a) && text.includes(b);
    }, [won, lost]);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Start beside a game under way asks first; Keep playing keeps it; the speed is Normal unless chosen, and kept', async () => {
  const page = await openPunter();
  assert.equal(await page.inputValue('[data-testid=punter-speed]'), 'normal');
  await page.selectOption('[data-testid=punter-speed]', 'instant');
  await page.click('[data-testid=punter-start]');
  await page.waitForSelector('[data-testid=punter-pass]:enabled');
  await page.keyboard.press('p'); // you pass; the bots answer
  await page.waitForFunction(() => /Your turn \(turn [2-9] /.test(document.querySelector('[data-testid=punter-status]').textContent), null, { timeout: 30000 });
  const before = await page.textContent('[data-testid=punter-status]');
  await page.click('[data-testid=punter-start]');
  await page.waitForSelector('[data-testid=punter-new-game]');
  assert.match(await page.textContent('[data-testid=punter-new-game]'), /Start a new game\?.*The game in progress \(\d+ moves\) ends and is not kept/s);
  await page.click('[data-testid=punter-new-game-keep]');
  assert.equal(await page.$('[data-testid=punter-new-game]'), null);
  assert.equal(await page.textContent('[data-testid=punter-status]'), before, 'the game goes on');
  await page.click('[data-testid=punter-start]');
  await page.click('[data-testid=punter-new-game-new]');
  await page.waitForFunction(() => /Your turn \(turn 1 /.test(document.querySelector('[data-testid=punter-status]').textContent), null, { timeout: 30000 });
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.inputValue('[data-testid=punter-speed]'), 'instant');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('on a phone, starting a game brings the map and its status into view', async () => {
  const page = await openPunter({ width: 390, height: 844 });
  await page.locator('[data-testid=punter-start]').scrollIntoViewIfNeeded();
  await page.click('[data-testid=punter-start]');
  await page.waitForFunction(() => /Your turn/.test(document.querySelector('[data-testid=punter-status]').textContent), null, { timeout: 30000 });
  const top = await page.$eval('[data-testid=punter-status]', (s) => s.getBoundingClientRect().top);
  assert.ok(top >= 0 && top < 844 / 2, `the status at ${top}px`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
