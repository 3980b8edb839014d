// Browser tests for the worker pool (www/pool.js): the arenas whose games or pairs do not depend
// on each other play them on one worker a core (navigator.hardwareConcurrency, made up here), and
// the outcome is the same on one worker as on several; every worker ends with the run.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, failuresOf, assertOnlyRareTimingFailures, setCode, openTab } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

/** Counts the sandbox workers `page` starts from now on (`page.sandboxes`). */
function countSandboxes(page) {
  page.sandboxes = 0;
  page.on('worker', (w) => { if (w.url().endsWith('/sandbox-worker.js')) page.sandboxes += 1; });
  return page;
}

/** No sandbox worker is left once the run is over (they end after a second idle): within 3 s. */
async function assertNoWorkerLeft(page) {
  const left = () => page.workers().map((w) => w.url()).filter((u) => u.endsWith('/sandbox-worker.js'));
  for (let waited = 0; left().length && waited < 3000; waited += 100) await new Promise((r) => setTimeout(r, 100));
  assert.deepEqual(left(), []);
}

/**
 * Plays `run(page)` on a page saying it has 1 core and on one saying `cores`, both drawing the
 * same fresh seeds; asserts the workers started (1, then `cores`) and that none is left; returns
 * both runs' results.
 */
async function onOneAndMany(url, cores, run) {
  const results = [];
  for (const n of [1, cores]) {
    const page = countSandboxes(await openPage(browser, url, undefined, { cores: n, seeded: true }));
    results.push(await run(page, n));
    assert.equal(page.sandboxes, n, `${n} core(s): ${n} worker(s)`);
    await assertNoWorkerLeft(page);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
  return results;
}

test('Pig: a tournament’s pairs on 1 worker and on 4 give the same standings, games and link', async () => {
  const page = await openPage(browser, server.url);
  const fragment = await page.evaluate(async () => {
    const engine = await import('/www/engine.js').then((m) => m.loadEngine('pig-scheme'));
    const builtin = (name) => ({ label: name, kind: 'builtin', source: name });
    return engine.pigTournamentLink({
      entrants: [
        builtin('optimal'), builtin('hold20'),
        { label: 'random.scm', kind: 'scheme', source: '(define (player my other accum current state)\n  (< (+ accum current) (+ 12 (random 15))))' },
        { label: 'random.js', kind: 'js', source: 'function player(my, other, accum, current) {\n  return accum + current < 14 + Math.floor(Math.random() * 12);\n}' },
        builtin('pace'),
      ],
      games: 40, seed: 2024, target: 100,
    });
  });
  await page.context().close();

  const DONE = '[data-testid=arena-results] [data-testid=strategy-games]';
  const [one, four] = await onOneAndMany(`${server.url}#${fragment}`, 4, async (p, n) => {
    await p.click('[data-testid=confirm-run]');
    await p.waitForSelector(DONE, { timeout: 120000 });
    assert.match(await p.textContent('[data-testid=arena-status]'), new RegExp(`^(\\d+ of random\\.js’s decisions? failed \\(hold played (it|them)\\)\\. )?Done: 400 games in [\\d.]+ s on ${n} workers? · seed 2024$`));
    const games = [];
    for (let i = 1; i <= 5; i += 1) { // every strategy's games, as listed under the standings
      await p.click(`[data-testid=standings] tbody tr:nth-child(${i})`);
      games.push(await p.$eval(DONE, (d) => d.innerText));
    }
    return {
      standings: await p.$eval('[data-testid=standings]', (t) => t.innerText),
      games,
      failures: await failuresOf(p, '[data-testid=arena-results]'),
      link: await p.inputValue('.tab-arena .link-input'),
    };
  });
  assert.equal(four.link, one.link);
  // JavaScript timing aside (a decision measured over 50 ms on a loaded machine), the runs agree
  // game for game.
  if (one.failures.count === 0 && four.failures.count === 0) {
    assert.deepEqual(four.standings, one.standings);
    assert.deepEqual(four.games, one.games);
  } else {
    assertOnlyRareTimingFailures(assert, one.failures);
    assertOnlyRareTimingFailures(assert, four.failures);
  }
});

test('Punter: your bot’s arena games on 1 worker and on 3 give the same standings', async () => {
  const [one, three] = await onOneAndMany(`${server.url}#punter`, 3, async (p, n) => {
    await openTab(p, 'punter-tab-lab');
    await p.selectOption('[data-testid=punter-lab-map]', 'lambda.json');
    await p.selectOption('[data-testid=punter-lab-opponents]', 'greedy,random');
    await p.selectOption('[data-testid=punter-lab-games]', '6');
    await p.click('[data-testid=punter-lab-run]');
    await p.waitForSelector('[data-testid=punter-lab-standings]', { timeout: 120000 });
    const status = await p.textContent('[data-testid=punter-lab-status]');
    assert.match(status, new RegExp(`^6 games, seats rotating, on ${n} workers?: your bot won \\d+ · seed \\d+\\.$`));
    return { won: status.replace(/on \d+ workers?/, ''), standings: await p.$eval('[data-testid=punter-lab-standings]', (t) => t.innerText) };
  });
  assert.deepEqual(three, one);
});

test('Labyrinth: your strategy’s games on 1 worker and on 2 give the same games', async () => {
  const [one, two] = await onOneAndMany(`${server.url}#labyrinth`, 2, async (p, n) => {
    await openTab(p, 'labyrinth-tab-lab');
    await p.selectOption('[data-testid=labyrinth-lab-games]', '6');
    await p.click('[data-testid=labyrinth-lab-run]');
    await p.waitForSelector('[data-testid=labyrinth-lab-games-list] li', { timeout: 180000 });
    const status = await p.textContent('[data-testid=labyrinth-lab-status]');
    assert.match(status, new RegExp(`^Your strategy won \\d+ of 6 games \\(\\d+ without a winner in 400 turns\\) · seed \\d+ · on ${n} workers?\\.$`));
    return { won: status.replace(/on \d+ workers?/, ''), games: await p.$$eval('[data-testid=labyrinth-lab-games-list] li', (l) => l.map((x) => x.textContent)) };
  });
  assert.deepEqual(two, one);
  assert.equal(one.games.length, 6);
});

test('one job failing stops the pool: the message names it, the other workers end, and Stop ends them all', async () => {
  const page = countSandboxes(await openPage(browser, `${server.url}#labyrinth`, undefined, { cores: 3 }));
  await openTab(page, 'labyrinth-tab-lab');
  await setCode(page, 'labyrinth-lab-editor', 'function turn(view) {\n  return {;\n}');
  await page.selectOption('[data-testid=labyrinth-lab-games]', '6');
  await page.click('[data-testid=labyrinth-lab-run]');
  await page.waitForSelector('[data-testid=labyrinth-lab-status].error', { timeout: 60000 });
  assert.match(await page.textContent('[data-testid=labyrinth-lab-status]'), /^Could not play: your strategy does not load: .*SyntaxError/);
  assert.equal(await page.isDisabled('[data-testid=labyrinth-lab-run]'), false);
  await assertNoWorkerLeft(page);
  // A strategy that loops: 500 ms a turn on every game at once; Stop ends them all.
  await setCode(page, 'labyrinth-lab-editor', 'function turn(view) {\n  for (;;) {}\n}');
  await page.click('[data-testid=labyrinth-lab-run]');
  await page.waitForTimeout(1500);
  await page.click('[data-testid=labyrinth-lab-stop]');
  await page.waitForSelector('[data-testid=labyrinth-lab-status]:text("Stopped.")', { timeout: 10000 });
  assert.equal(await page.isVisible('[data-testid=labyrinth-lab-stop]'), false);
  assert.equal(page.sandboxes, 6, 'three workers a run');
  await assertNoWorkerLeft(page);
  assert.deepEqual(page.errors, []);
  await page.context().close();

  const punter = countSandboxes(await openPage(browser, `${server.url}#punter`, undefined, { cores: 2 }));
  await openTab(punter, 'punter-tab-lab');
  await punter.selectOption('[data-testid=punter-lab-games]', '60');
  await punter.click('[data-testid=punter-lab-run]');
  await punter.waitForFunction(() => /Playing… [1-9]\d* of 60 games/.test(document.querySelector('[data-testid=punter-lab-status]').textContent), null, { timeout: 60000 });
  await punter.click('[data-testid=punter-lab-stop]');
  await punter.waitForSelector('[data-testid=punter-lab-status]:text("Stopped.")', { timeout: 10000 });
  assert.equal(punter.sandboxes, 2);
  assert.equal(await punter.isDisabled('[data-testid=punter-lab-run]'), false);
  await assertNoWorkerLeft(punter);
  assert.deepEqual(punter.errors, []);
  await punter.context().close();
});
