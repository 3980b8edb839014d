// User JavaScript Punter bots speak the official protocol from the sandbox: a bot plays a whole
// game among built-in bots, its game reopens from the link, and a looping bot times out into a
// zombie while the game goes on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, setCode, openTab } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const CLAIMER = `
let me = 0, rivers = [], taken = new Set();
const key = (a, b) => a < b ? a + ',' + b : b + ',' + a;
function punter(m) {
  if (m.map) { me = m.punter; rivers = m.map.rivers.map(r => [r.source, r.target]); return { ready: me }; }
  if (m.move) {
    for (const mv of m.move.moves) if (mv.claim) taken.add(key(mv.claim.source, mv.claim.target));
    const free = rivers.find(([a, b]) => !taken.has(key(a, b)));
    if (!free) return { pass: { punter: me } };
    taken.add(key(free[0], free[1]));
    return { claim: { punter: me, source: free[0], target: free[1] } };
  }
  return {};
}`;

const LOOPER = `
function punter(m) {
  if (m.map) return { ready: m.punter };
  for (;;) {}
}`;

async function run(page, source, seats) {
  return page.evaluate(async ({ source, seats }) => {
    const { sandbox } = await import('./www/sandbox.js');
    const text = await (await fetch('maps/punter/lambda.json')).text();
    return sandbox.run('punter', { mapName: 'lambda.json', mapText: text, seats, sources: { 0: source }, settings: { splurges: true }, seed: 5 }, { backstopMs: 120000 });
  }, { source, seats });
}

test('a JavaScript bot plays a whole game through the official protocol', async () => {
  const page = await openPage(browser, server.url);
  const r = await run(page, CLAIMER, ['js', 'greedy', 'random']);
  assert.equal(r.ok, true, JSON.stringify(r));
  const { summary, link, problems } = r.value;
  assert.equal(summary.over, true);
  assert.equal(summary.turn, summary.turns);
  assert.equal(summary.scores.length, 3);
  assert.deepEqual(summary.timeouts, [0, 0, 0]);
  assert.deepEqual(problems, []);
  // The game reopens from its link with the same scores.
  const scores = await page.evaluate(async (l) => {
    const e = await import('./www/engine.js').then((m) => m.loadEngine('punter'));
    const text = await (await fetch('maps/punter/lambda.json')).text();
    return e.PunterGame.fromLink(l, { [e.punterLinkMap(l)]: text }).state().scores;
  }, link);
  assert.deepEqual(scores, summary.scores);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a looping bot times out, becomes a zombie after ten timeouts, and the game goes on', async () => {
  const page = await openPage(browser, server.url);
  const r = await run(page, LOOPER, ['js', 'greedy']);
  assert.equal(r.ok, true, JSON.stringify(r));
  const { summary, problems } = r.value;
  assert.equal(summary.over, true);
  assert.equal(summary.timeouts[0], 10, 'ten timeouts, then a zombie that is not asked again');
  assert.ok(problems.length >= 10);
  assert.ok(summary.scores[1] > 0);
  await page.context().close();
});

test('a bot stopped in setup is a zombie from the start, said once, never asked again', async () => {
  const page = await openPage(browser, server.url);
  const r = await run(page, 'function punter(m) { for (;;) {} }', ['js', 'greedy']);
  assert.equal(r.ok, true, JSON.stringify(r));
  const { summary, problems } = r.value;
  assert.equal(summary.over, true);
  assert.equal(summary.timeouts[0], 0, 'a zombie is not asked, so it never times out');
  assert.equal(problems.length, 1, JSON.stringify(problems));
  assert.equal(problems[0].phase, 'setup');
  assert.match(problems[0].message, /^a zombie from the start: its sandbox was stopped in setup \(no answer within \d+ ms\)/);
  assert.ok(summary.scores[1] > 0);
  await page.context().close();
});

test('a ready naming another punter is accepted, as the official server did, and said', async () => {
  const page = await openPage(browser, server.url);
  const r = await run(page, CLAIMER.replace('return { ready: me };', 'return { ready: 99 };'), ['js', 'greedy']);
  assert.equal(r.ok, true, JSON.stringify(r));
  const { summary, problems } = r.value;
  assert.equal(summary.over, true);
  assert.deepEqual(problems, [{ seat: 0, phase: 'setup', turn: null, message: '"ready": 99 names another punter (this bot is punter 0); accepted, as the official server did' }]);
  assert.ok(summary.scores[0] > 0, 'the bot played');
  await page.context().close();
});

test('the Your bot tab plays a game with the example bot and shows it in the replay viewer', async () => {
  const page = await openPage(browser, `${server.url}#punter`);
  await openTab(page, 'punter-tab-lab');
  await page.selectOption('[data-testid=punter-lab-map]', 'lambda.json');
  await page.click('[data-testid=punter-lab-run]');
  await page.waitForSelector('[data-testid=punter-lab-scores]', { timeout: 60000 });
  const rows = await page.$$eval('[data-testid=punter-lab-scores] tbody tr', (trs) => trs.map((t) => t.textContent));
  assert.equal(rows.length, 2);
  assert.match(rows[0], /^0: your bot/);
  await page.click('[data-testid=punter-lab-watch]');
  await page.waitForSelector('.punter-tab-replay[data-mounted]:not([hidden])');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the arena plays the bot in every seat and ranks it with the engine', async () => {
  const page = await openPage(browser, `${server.url}#punter`);
  await openTab(page, 'punter-tab-lab');
  await page.selectOption('[data-testid=punter-lab-map]', 'lambda.json');
  await page.selectOption('[data-testid=punter-lab-games]', '6');
  await page.click('[data-testid=punter-lab-run]');
  await page.waitForSelector('[data-testid=punter-lab-standings]', { timeout: 120000 });
  const rows = await page.$$eval('[data-testid=punter-lab-standings] tbody tr', (trs) => trs.map((t) => [...t.children].map((c) => c.textContent)));
  assert.equal(rows.length, 2);
  assert.equal(rows[0][0], 'your bot');
  assert.equal(rows[0][1], '6');
  assert.equal(rows[1][1], '6');
  assert.ok(Number(rows[1][2]) >= 3, 'greedy beats the example bot most of the time');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** Plays one game in the Your bot tab with `code` and `seed`: its headline, scores and remarks. */
async function playLab(page, code, seed) {
  await setCode(page, 'punter-lab-editor', code);
  await page.fill('[data-testid=punter-lab-seed]', seed);
  await page.$eval('[data-testid=punter-lab-results]', (r) => r.replaceChildren());
  await page.click('[data-testid=punter-lab-run]');
  await page.waitForSelector('[data-testid=punter-lab-scores]', { timeout: 60000 });
  const status = page.locator('[data-testid=punter-lab-status]');
  return {
    headline: await status.textContent(),
    className: await status.getAttribute('class'),
    scores: await page.$$eval('[data-testid=punter-lab-scores] tbody tr', (trs) => trs.map((t) => t.textContent)),
    remarks: await page.$$eval('[data-testid=punter-lab-remarks] li', (lis) => lis.map((l) => l.textContent)),
  };
}

test('a bot that throws on some moves: the headline says how many of its turns failed, not in green; each names its game and turn; a seed replays the game', async () => {
  const page = await openPage(browser, `${server.url}#punter`);
  await openTab(page, 'punter-tab-lab');
  await page.selectOption('[data-testid=punter-lab-map]', 'lambda.json');
  await page.selectOption('[data-testid=punter-lab-opponents]', 'random');
  // Every third move throws; you sit in seat 1, so your moves are turns 1, 3, 5, …
  const code = `let calls = 0;\n${CLAIMER.replace('function punter(m)', 'function claim(m)')}\nfunction punter(m) {\n  if (m.move && ++calls % 3 === 0) null.x;\n  return claim(m);\n}`;
  const first = await playLab(page, code, '777');
  const failed = first.headline.match(/^(\d+) of your turns failed \(pass played them\)\. .* · seed 777\.$/);
  assert.ok(failed, first.headline);
  assert.match(first.className, /\bfail\b/);
  assert.doesNotMatch(first.className, /\bpass\b/);
  assert.equal(first.remarks.length, Number(failed[1]));
  // A throw skips the bot's bookkeeping, so some later claims are illegal: failures too.
  for (const r of first.remarks) assert.match(r, /^game 1, turn \d+: (.*TypeError|illegal move)/);
  assert.match(first.remarks[0], /^game 1, turn 5: .*TypeError/);
  const again = await playLab(page, code, '777');
  assert.deepEqual(again.scores, first.scores);
  assert.deepEqual(again.remarks, first.remarks);
  assert.equal(again.headline, first.headline);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the arena headline counts the failed turns of every game, and its seed replays the same games', async () => {
  const page = await openPage(browser, `${server.url}#punter`);
  await openTab(page, 'punter-tab-lab');
  await page.selectOption('[data-testid=punter-lab-map]', 'lambda.json');
  await page.selectOption('[data-testid=punter-lab-games]', '6');
  const code = `let calls = 0;\n${CLAIMER.replace('function punter(m)', 'function claim(m)')}\nfunction punter(m) {\n  if (m.move && ++calls % 4 === 0) null.x;\n  return claim(m);\n}`;
  const runArena = async () => {
    await setCode(page, 'punter-lab-editor', code);
    await page.fill('[data-testid=punter-lab-seed]', '31');
    await page.$eval('[data-testid=punter-lab-results]', (r) => r.replaceChildren());
    await page.click('[data-testid=punter-lab-run]');
    await page.waitForSelector('[data-testid=punter-lab-standings]', { timeout: 120000 });
    return {
      headline: await page.textContent('[data-testid=punter-lab-status]'),
      standings: await page.$$eval('[data-testid=punter-lab-standings] tbody tr', (trs) => trs.map((t) => t.textContent)),
      remarks: await page.$$eval('[data-testid=punter-lab-remarks] li', (lis) => lis.map((l) => l.textContent)),
    };
  };
  const first = await runArena();
  assert.match(first.headline, /^\d+ of your turns failed \(pass played them\)\. 6 games, seats rotating, .* · seed 31\.$/);
  assert.ok(first.remarks.every((r) => /^game [1-6], turn \d+: (.*TypeError|illegal move)/.test(r)), first.remarks.join('\n'));
  assert.match(first.remarks[0], /^game 1, turn 7: .*TypeError/, 'your fourth move: you sit first in game 1');
  const again = await runArena();
  assert.deepEqual(again.standings, first.standings);
  assert.deepEqual(again.remarks, first.remarks);
  assert.equal(again.headline.replace(/ on .*: /, ''), first.headline.replace(/ on .*: /, ''));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
