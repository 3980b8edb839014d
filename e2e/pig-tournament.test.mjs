// Browser tests for Pig tournaments in the arena: three or more strategies, every pair a match,
// standings with an Elo table, share links (with code: only after "Run this code"), and the
// engine's limit on games in all.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, failuresOf, assertOnlyRareTimingFailures, setCode, openTab } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const DONE = '[data-testid=arena-results] [data-testid=strategy-games]'; // shown once the games are in

/** The standings as shown: [{ rank, label, games, wins, rate, elo }] in table order. */
function standings(page) {
  return page.$$eval('[data-testid=standings] tbody tr', (trs) => trs.map((tr) => {
    const td = [...tr.children].map((c) => c.textContent.trim());
    return { rank: Number(td[0]), label: td[1], games: Number(td[2]), wins: Number(td[3]), rate: td[4], elo: Number(td[5]) };
  }));
}

/** A share-link fragment made by the page's engine. */
function tournamentLink(page, spec) {
  return page.evaluate(async (s) => {
    const engine = await import('/www/engine.js').then((m) => m.loadEngine('pig-scheme'));
    return engine.pigTournamentLink(s);
  }, spec);
}

const builtin = (name) => ({ label: name, kind: 'builtin', source: name });

test('three built-in strategies play a tournament; the standings add up, best Elo first, and the link reopens them', async () => {
  const page = await openPage(browser, server.url);
  await openTab(page, 'tab-arena');
  assert.equal(await page.$('[data-testid=arena-entrants]'), null, 'two strategies: a match, A vs B');
  await page.click('[data-testid=arena-add]');
  await page.waitForSelector('[data-testid=arena-entrants]');
  assert.equal(await page.$$eval('[data-testid=arena-entrants] li', (l) => l.length), 3);
  assert.equal(await page.isVisible('[data-testid=arena-games]'), false);
  await page.selectOption('[data-testid=arena-per-pair]', '49');
  assert.match(await page.textContent('[data-testid=arena-total]'), /3 strategies · 3 pairs × 49 games = 147 games in all/);
  await page.fill('.tab-arena input.seed', '31');
  await page.click('[data-testid=arena-run]');
  await page.waitForSelector(DONE, { timeout: 60000 });

  const rows = await standings(page);
  assert.equal(rows.length, 3);
  assert.deepEqual(rows.map((r) => r.rank), [1, 2, 3]);
  assert.equal(rows.reduce((n, r) => n + r.wins, 0), 147, 'every game has one winner');
  for (const r of rows) {
    assert.equal(r.games, 98, `${r.label} plays 49 games against each of the other two`);
    assert.match(r.rate, /^\d+\.\d%\d+\.\d%–\d+\.\d%$/, 'win rate with its 95% interval');
  }
  for (let i = 1; i < rows.length; i += 1) assert.ok(rows[i - 1].elo >= rows[i].elo, `best Elo first: ${rows.map((r) => r.elo)}`);
  assert.match(await page.textContent('[data-testid=arena-status]'), /Done: 147 games/);

  // The best strategy's games are listed; one opens in the replay viewer.
  assert.match(await page.textContent(`${DONE} summary`), new RegExp(`Games of ${rows[0].label} \\(98\\)`));
  await page.click(`[data-testid=standings] tbody tr:nth-child(3)`);
  assert.match(await page.textContent(`${DONE} summary`), new RegExp(`Games of ${rows[2].label} \\(98\\)`));
  await page.click(`${DONE} tbody tr:first-child button`);
  await page.waitForSelector('.tab-replay[data-mounted]:not([hidden])');
  assert.match(await page.textContent('[data-testid=replay-title]'), / — game \d+ of 147 \(\w+ first\)$/);
  assert.match(await page.textContent('[data-testid=replay-title]'), new RegExp(rows[2].label));

  await openTab(page, 'tab-arena');
  const link = await page.inputValue('.tab-arena .link-input');
  assert.match(link, /#pig-tournament\/1\//);
  assert.deepEqual(page.errors, []);

  // Built-in strategies only: the link runs at once and gives the same standings.
  const fresh = await openPage(browser, link);
  await fresh.waitForSelector(DONE, { timeout: 60000 });
  assert.equal(await fresh.$('[data-testid=confirm-code]'), null);
  assert.deepEqual(await standings(fresh), rows);
  assert.equal(await fresh.inputValue('[data-testid=arena-per-pair]'), '49');
  assert.equal(await fresh.$$eval('[data-testid=arena-entrants] li', (l) => l.length), 3);
  assert.deepEqual(fresh.errors, []);
  await fresh.context().close();

  // Removing a strategy goes back to a two-strategy match.
  await page.click('[data-testid=arena-remove-c]');
  assert.equal(await page.$('[data-testid=arena-entrants]'), null);
  assert.equal(await page.isVisible('[data-testid=arena-games]'), true);
  await page.click('[data-testid=arena-run]');
  await page.waitForSelector('[data-testid=arena-results] [data-testid=wins]', { timeout: 60000 });
  assert.match(await page.inputValue('.tab-arena .link-input'), /#pig-match\/1\//);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a JavaScript strategy from the lab plays a tournament through the same seats', async () => {
  const page = await openPage(browser, server.url);
  await openTab(page, 'tab-lab');
  await page.selectOption('[data-testid=language]', 'js');
  await setCode(page, 'editor', 'function player(my, other, accum, current, state) {\n  return accum + current < 21;\n}');
  await openTab(page, 'tab-arena');
  await page.click('[data-testid=arena-add]');
  await page.selectOption('[data-testid=arena-b]', 'mine');
  await page.selectOption('[data-testid=arena-per-pair]', '10');
  await page.click('[data-testid=arena-run]');
  await page.waitForSelector(DONE, { timeout: 60000 });
  const rows = await standings(page);
  assert.ok(rows.some((r) => r.label === 'my JS strategy' && r.games === 20), JSON.stringify(rows));
  assert.equal(rows.reduce((n, r) => n + r.wins, 0), 30);
  assertOnlyRareTimingFailures(assert, await failuresOf(page, '[data-testid=arena-results]'));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a tournament link carrying Scheme code waits for "Run this code"', async () => {
  const page = await openPage(browser, server.url);
  const source = '(define (player my other accum current state)\n  (< (+ accum current) 22))';
  const fragment = await tournamentLink(page, {
    entrants: [builtin('hold20'), { label: 'hold at 22.scm', kind: 'scheme', source }, builtin('dummy'), builtin('pace')],
    games: 10, seed: 7, target: 100,
  });
  await page.context().close();

  const fresh = await openPage(browser, `${server.url}#${fragment}`);
  await fresh.waitForSelector('[data-testid=confirm-code]', { state: 'visible' });
  assert.equal(await fresh.textContent('[data-testid=confirm-code] pre'), source, 'the code is shown');
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(await fresh.$('[data-testid=standings]'), null, 'nothing ran before the choice');
  await fresh.click('[data-testid=confirm-run]');
  await fresh.waitForSelector(DONE, { timeout: 60000 });
  const rows = await standings(fresh);
  assert.equal(rows.length, 4);
  assert.ok(rows.some((r) => r.label === 'hold at 22.scm'));
  assert.equal(rows.reduce((n, r) => n + r.wins, 0), 60, '6 pairs × 10 games');
  // The entrants are filled in: the Scheme one as the link's strategy.
  const chosen = await fresh.$$eval('[data-testid=arena-entrants] select', (ss) => ss.map((s) => s.selectedOptions[0].textContent));
  assert.deepEqual(chosen.map((t) => t.split(' — ')[0]), ['hold20', 'hold at 22.scm (from the link)', 'dummy', 'pace']);
  assert.deepEqual(fresh.errors, []);
  await fresh.context().close();

  // Cancel: nothing runs.
  const cancel = await openPage(browser, `${server.url}#${fragment}`);
  await cancel.waitForSelector('[data-testid=confirm-code]', { state: 'visible' });
  await cancel.click('[data-testid=confirm-cancel]');
  await cancel.waitForSelector('[data-testid=confirm-code]', { state: 'detached' });
  assert.match(await cancel.textContent('[data-testid=arena-status]'), /not run/);
  assert.equal(await cancel.$('[data-testid=standings]'), null);
  await cancel.context().close();
});

test('more than 10,000 games in all: the engine’s limit message, and the page keeps working', async () => {
  const page = await openPage(browser, server.url);
  const fragment = await tournamentLink(page, {
    entrants: [builtin('hold20'), builtin('dummy'), builtin('pace')], games: 5000, seed: 1, target: 100,
  });
  await page.context().close();

  const fresh = await openPage(browser, `${server.url}#${fragment}`);
  await fresh.waitForSelector('#banner:not([hidden])');
  assert.match(await fresh.textContent('#banner'), /could not be opened\. Games in all \(5000 for each of 3 pairs\) 15000 is larger than the limit of 10000/);
  // The arena still works, and says so before running when the games per pair are too many.
  await openTab(fresh, 'tab-arena');
  await fresh.click('[data-testid=arena-add]');
  await fresh.selectOption('[data-testid=arena-per-pair]', '5000');
  assert.match(await fresh.textContent('[data-testid=arena-total]'), /5000 games per pair × 3 pairs must be 1 to 10000 games in all/);
  assert.equal(await fresh.isDisabled('[data-testid=arena-run]'), true);
  await fresh.selectOption('[data-testid=arena-per-pair]', '10');
  assert.equal(await fresh.isDisabled('[data-testid=arena-run]'), false);
  await fresh.click('[data-testid=arena-run]');
  await fresh.waitForSelector(DONE, { timeout: 60000 });
  assert.equal((await standings(fresh)).reduce((n, r) => n + r.wins, 0), 30);
  assert.deepEqual(fresh.errors, []);
  await fresh.context().close();
});

test('a tournament of eight fits a phone without sideways scrolling', async () => {
  const page = await openPage(browser, server.url, { width: 390, height: 844 });
  await openTab(page, 'tab-arena');
  for (let i = 0; i < 6; i += 1) await page.click('[data-testid=arena-add]');
  assert.equal(await page.isDisabled('[data-testid=arena-add]'), true, 'eight at most');
  await page.selectOption('[data-testid=arena-per-pair]', '10');
  assert.match(await page.textContent('[data-testid=arena-total]'), /8 strategies · 28 pairs × 10 games = 280 games in all/);
  await page.click('[data-testid=arena-run]');
  await page.waitForSelector(DONE, { timeout: 60000 });
  assert.equal((await standings(page)).length, 8);
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scroll <= inner, `${scroll} > ${inner}`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the engine checks the results the workers send back: a broken one is a message naming the pair, not a crash', async () => {
  const page = await openPage(browser, server.url);
  const messages = await page.evaluate(async () => {
    const engine = await import('/www/engine.js').then((m) => m.loadEngine('pig-scheme'));
    const spec = { entrants: ['hold20', 'pace', 'dummy'].map((n) => ({ label: n, kind: 'builtin', source: n })), games: 2, seed: 5, target: 100 };
    const play = (k) => { const m = engine.PigTournament.pairMatch(spec, k); while (m.next(1000).status !== 'over'); const r = { logs: m.logs(), failures: m.failures() }; m.free(); return r; };
    const good = [0, 1, 2].map(play);
    const attempt = (results) => { try { engine.PigTournament.fromPairs(spec, results).free(); return 'accepted'; } catch (e) { return e.message; } };
    const broken = (k, change) => { const r = structuredClone(good); change(r[k]); return attempt(r); };
    return [
      attempt(good),
      attempt([good[0], null, good[2]]),
      broken(1, (r) => { r.logs[0].first = 3; }),
      broken(2, (r) => { r.logs[1].moves[4] = 99; }),
      broken(0, (r) => { r.logs.pop(); }),
      attempt(good.slice(0, 2)),
      (() => { try { engine.PigTournament.pairMatch(spec, 3); return 'accepted'; } catch (e) { return e.message; } })(),
    ];
  });
  assert.deepEqual(messages, [
    'accepted',
    'accepted',
    'pair 2: entrant 3 (a pair has entrants 0 and 1)',
    'pair 3, game 2: move 5: unknown move code 99',
    'pair 1: 1 game (each pair plays 2)',
    '2 results for 3 pairs',
    'no pair 3: the tournament has 3',
  ]);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
