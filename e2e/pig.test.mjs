// Browser end-to-end tests for Pig: the checker with a pasted Scheme strategy, share links,
// a looping strategy, the replay viewer, human play, broken links and the phone layout.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, failuresOf, assertOnlyRareTimingFailures, setCode, getCode, openTab, throwUntil } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const HOLD_AT_18 = `(define (player my-total other-total accum current state)
  (set-car! state (+ (car state) 1))
  (if (>= other-total 85) #t (< (+ accum current) 18)))`;

async function runChecker(page, source) {
  await openTab(page, 'tab-lab');
  await page.selectOption('[data-testid=language]', 'scheme');
  await setCode(page, 'editor', source);
  await page.fill('.tab-lab input.seed', '4242');
  await page.click('[data-testid=run-checker]');
  await page.waitForSelector('[data-testid=lab-results] [data-testid=wins]', { timeout: 30000 });
}

test('the checker\'s games, target, opponent and pass mark are the engine\'s', async () => {
  const page = await openPage(browser, server.url);
  const checker = await page.evaluate(async () => (await import('./www/engine.js').then((m) => m.loadEngine('pig'))).pigChecker());
  await openTab(page, 'tab-lab');
  assert.equal(await page.textContent('[data-testid=run-checker]'), `Run the checker (${checker.games} games vs ${checker.opponent})`);
  assert.ok((await page.textContent('.tab-lab p.lead')).includes(`reaching ${checker.target} wins at once. The checker passes with ${checker.winsNeeded} wins of ${checker.games}.`));
  await runChecker(page, HOLD_AT_18);
  const [a] = (await page.textContent('[data-testid=lab-results] [data-testid=wins]')).split('–').map((s) => Number(s.trim()));
  const verdict = a >= checker.winsNeeded ? 'passed' : 'not passed';
  assert.ok((await page.textContent('[data-testid=lab-results]')).includes(`won ${a} of ${checker.games} games ${verdict}`));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a pasted Scheme strategy runs the checker, and its share link reopens the same games', async () => {
  const page = await openPage(browser, server.url);
  assert.equal(await page.getAttribute('[data-testid=game-pig]', 'class'), 'game-pick active');
  await runChecker(page, HOLD_AT_18);
  const wins = await page.textContent('[data-testid=lab-results] [data-testid=wins]');
  const [a, b] = wins.split('–').map((s) => Number(s.trim()));
  assert.equal(a + b, 49);
  assert.match(await page.textContent('[data-testid=lab-results]'), /won \d+ of 49 games/);
  const rows = await page.$$eval('[data-testid=lab-results] tbody tr', (trs) => trs.map((t) => t.textContent));
  assert.equal(rows.length, 49);
  assert.match(rows[0], /^1dummy → my Scheme strategy/, 'the user moves second in game 1');
  const link = await page.inputValue('.tab-lab .link-input');
  assert.match(link, /#pig-match\/1\//);
  assert.deepEqual(page.errors, []);

  const fresh = await openPage(browser, link);
  await fresh.click('[data-testid=confirm-run]'); // code from a link runs after a yes
  await fresh.waitForSelector('[data-testid=lab-results] [data-testid=wins]', { timeout: 30000 });
  assert.equal(await fresh.textContent('[data-testid=lab-results] [data-testid=wins]'), wins);
  const rows2 = await fresh.$$eval('[data-testid=lab-results] tbody tr', (trs) => trs.map((t) => t.textContent));
  assert.deepEqual(rows2, rows);
  assert.equal(await getCode(fresh, 'editor'), HOLD_AT_18);
  assert.equal(await fresh.inputValue('[data-testid=lab-seed]'), '4242', 'the link carries the seed, shown in the field');
  assert.deepEqual(fresh.errors, []);
  await page.context().close();
  await fresh.context().close();
});

test('a looping Scheme strategy is reported with its place and the page keeps working', async () => {
  const page = await openPage(browser, server.url);
  await runChecker(page, '(define (player a b c d s)\n  (let loop ((n 0))\n    (loop (+ n 1))))');
  const failures = await page.textContent('[data-testid=lab-results] .failures');
  assert.match(failures, /step budget of 100000 exhausted/);
  assert.match(failures, /3:11: step budget/);
  // Still responsive: the arena runs a match afterwards.
  await openTab(page, 'tab-arena');
  await page.click('[data-testid=arena-run]');
  await page.waitForSelector('[data-testid=arena-results] [data-testid=wins]', { timeout: 30000 });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a Scheme syntax error names line and column', async () => {
  const page = await openPage(browser, server.url);
  await openTab(page, 'tab-lab');
  await setCode(page, 'editor', '(define (player a b c d s)\n  (if (> c 10) #f #t)');
  await page.click('[data-testid=run-checker]');
  await page.waitForSelector('[data-testid=lab-status].error');
  assert.match(await page.textContent('[data-testid=lab-status]'), /does not load: 1:1: unclosed/);
  await page.context().close();
});

test('a JavaScript strategy plays the checker; a throwing one is reported with its line', async () => {
  const page = await openPage(browser, server.url);
  await openTab(page, 'tab-lab');
  await page.selectOption('[data-testid=language]', 'js');
  await setCode(page, 'editor', 'function player(my, other, accum, current, state) {\n  return accum + current < 20;\n}');
  await page.click('[data-testid=run-checker]');
  await page.waitForSelector('[data-testid=lab-results] [data-testid=wins]', { timeout: 30000 });
  const [a, b] = (await page.textContent('[data-testid=lab-results] [data-testid=wins]')).split('–').map(Number);
  assert.equal(a + b, 49);
  assert.ok(a > 24, `hold at 20 beats the dummy most of the time (${a})`);
  assertOnlyRareTimingFailures(assert, await failuresOf(page, '[data-testid=lab-results]'));
  await setCode(page, 'editor', 'function player(my, other, accum, current, state) {\n  if (accum > 5) return state.nope.deeper;\n  return true;\n}');
  await page.click('[data-testid=run-checker]');
  await page.waitForSelector('[data-testid=lab-results] .failures', { timeout: 30000 });
  assert.match(await page.textContent('[data-testid=lab-results] .failures'), /2:\d+: threw TypeError: /);
  await page.context().close();
});

test('a strategy that fails on some decisions: the headline says how many, not in green; each names its game and move; a seed replays the checker', async () => {
  const page = await openPage(browser, server.url);
  await openTab(page, 'tab-lab');
  await page.selectOption('[data-testid=language]', 'js');
  // Holds at 20, but its first three calls throw an error of its own, and every seventh a
  // TypeError: two kinds of failure, each listed once with how many more were like it.
  await setCode(page, 'editor', 'let n = 0;\nfunction player(my, other, accum, current, state) {\n  if (++n <= 3) throw new Error(`warming up ${n}`);\n  if (n % 7 === 0) null.x;\n  return accum + current < 20;\n}');
  const check = async () => {
    await page.fill('[data-testid=lab-seed]', '4242');
    await page.$eval('[data-testid=lab-results]', (r) => r.replaceChildren());
    await page.click('[data-testid=run-checker]');
    await page.waitForSelector('[data-testid=lab-results] [data-testid=wins]', { timeout: 30000 });
    const status = page.locator('[data-testid=lab-status]');
    return {
      headline: await status.textContent(),
      className: await status.getAttribute('class'),
      wins: await page.textContent('[data-testid=lab-results] [data-testid=wins]'),
      failed: await page.textContent('[data-testid=lab-results] [data-testid=pig-failed]'),
      failures: await page.$$eval('[data-testid=pig-failures] li', (lis) => lis.map((l) => l.textContent)),
      green: await page.$$eval('[data-testid=lab-results] .pass', (els) => els.length),
    };
  };
  const first = await check();
  const failed = first.headline.match(/^(\d+) of my JS strategy’s decisions failed \(hold played them\)\. Done in .* · seed 4242$/);
  assert.ok(failed, first.headline);
  assert.match(first.className, /\bfail\b/);
  assert.doesNotMatch(first.className, /\bpass\b/);
  assert.equal(first.failed, `${failed[1]} of my JS strategy’s decisions failed (hold played them).`);
  assert.equal(first.green, 0, 'nothing is green while decisions failed');
  assert.equal(first.failures.length, 2, first.failures.join('\n'));
  assert.match(first.failures[0], /^my JS strategy — game 1, move \d+: .*warming up 1 \(and 2 more like it\)$/);
  const typeErrors = first.failures[1].match(/^my JS strategy — game 1, move \d+: .*TypeError.* \(and (\d+) more like it\)$/);
  assert.ok(typeErrors, first.failures[1]);
  assert.equal(3 + 1 + Number(typeErrors[1]), Number(failed[1]), 'every failure is one of the two kinds');
  const again = await check();
  assert.equal(again.wins, first.wins);
  assert.deepEqual(again.failures, first.failures);
  assert.equal(again.headline.replace(/Done in [^·]*/, ''), first.headline.replace(/Done in [^·]*/, ''));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a JavaScript strategy that never returns is stopped by the sandbox; the page stays responsive', async () => {
  const page = await openPage(browser, server.url);
  await openTab(page, 'tab-lab');
  await page.selectOption('[data-testid=language]', 'js');
  await setCode(page, 'editor', 'function player(a, b, c, d, s) {\n  while (true) {}\n}');
  const t0 = Date.now();
  await page.click('[data-testid=run-checker]');
  // While the worker is stuck, the main thread still answers.
  const ping = Date.now();
  await page.evaluate(() => 1 + 1);
  assert.ok(Date.now() - ping < 500, 'main thread responsive');
  await page.waitForSelector('[data-testid=lab-results] .failures', { timeout: 30000 });
  assert.match(await page.textContent('[data-testid=lab-results] .failures'), /no answer within 1000 ms/);
  assert.ok(Date.now() - t0 < 20000);
  await page.context().close();
});

test('the replay viewer steps with the keyboard and its link keeps the turn', async () => {
  const page = await openPage(browser, server.url);
  await openTab(page, 'tab-arena');
  await page.click('[data-testid=arena-run]');
  await page.waitForSelector('[data-testid=arena-results] [data-testid=wins]', { timeout: 30000 });
  await page.click('[data-testid=arena-results] tbody tr:first-child button');
  const counter = () => page.textContent('.tab-replay .replay-counter');
  const total = Number((await counter()).split('/')[1]);
  assert.ok(total > 10);
  await page.keyboard.press('Home');
  assert.equal(await counter(), `0 / ${total}`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await counter(), `2 / ${total}`);
  await page.keyboard.press('?');
  assert.equal(await page.isVisible('.tab-replay .replay-help'), true);
  const link = await page.inputValue('.tab-replay .link-input');
  const fresh = await openPage(browser, link);
  await fresh.waitForSelector('.tab-replay[data-mounted]:not([hidden])');
  assert.equal(await fresh.textContent('.tab-replay .replay-counter'), `2 / ${total}`);
  await fresh.keyboard.press('End');
  assert.equal(await fresh.textContent('.tab-replay .replay-counter'), `${total} / ${total}`);
  assert.deepEqual(fresh.errors, []);
  await page.context().close();
  await fresh.context().close();
});

test('broken links show a clear message and never break the page', async () => {
  const page = await openPage(browser, server.url);
  await openTab(page, 'tab-arena');
  await page.click('[data-testid=arena-run]');
  await page.waitForSelector('[data-testid=arena-results] [data-testid=wins]', { timeout: 30000 });
  await page.click('[data-testid=arena-results] tbody tr:first-child button');
  const link = await page.inputValue('.tab-replay .link-input');
  await page.context().close();

  const cut = link.slice(0, link.length - 6);
  const p1 = await openPage(browser, cut);
  await p1.waitForSelector('#banner:not([hidden])');
  assert.match(await p1.textContent('#banner'), /link valid up to move \d+ of \d+/i);
  assert.equal(await p1.isVisible('.tab-replay'), true, 'the valid part is shown');
  await p1.context().close();

  const p2 = await openPage(browser, `${server.url}#pig/1/this-is-not-a-game`);
  await p2.waitForSelector('#banner:not([hidden])');
  assert.match(await p2.textContent('#banner'), /could not be opened/);
  await openTab(p2, 'tab-policy');
  await p2.waitForSelector('[data-testid=policy-timing]');
  assert.deepEqual(p2.errors, []);
  await p2.context().close();
});

test('a human plays against a strategy, and the game is shareable', async () => {
  const page = await openPage(browser, server.url);
  // Nothing is thrown before you press: the first press throws the first die.
  await page.waitForSelector('[data-testid=throw]:enabled', { timeout: 30000 });
  assert.equal(await page.textContent('[data-testid=throw]'), 'Throw (T)');
  assert.equal(await page.$$eval('[data-testid=play-log] li', (l) => l.length), 0, 'no throw before the player starts');
  await throwUntil(page, 3);
  await page.waitForSelector('[data-testid=hold]:enabled, [data-testid=throw]:enabled', { timeout: 30000 }).catch(() => {});
  if (await page.isEnabled('[data-testid=hold]')) await page.click('[data-testid=hold]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=play-log] li').length >= 4, null, { timeout: 30000 });
  const moves = await page.$$eval('[data-testid=play-log] li', (lis) => lis.map((l) => l.textContent));
  // The log speaks the engine's words, with the players' names.
  assert.match(moves[0], /^turn 1 · You · die \d/);
  const link = await page.inputValue('.tab-play .link-input');
  assert.match(link, /#pig\/1\//);
  const fresh = await openPage(browser, link);
  await fresh.waitForSelector('.tab-replay[data-mounted]:not([hidden])');
  // The move list is virtual: only the rows in view exist, each with its number; go to the start.
  await fresh.click('.tab-replay .replay-btn[title^="First"]');
  await fresh.waitForFunction(() => document.querySelector('.tab-replay .replay-counter')?.textContent.startsWith('0 /'));
  const shown = await fresh.$$eval('.tab-replay .replay-moves .replay-move', (rows) => rows.map((li) => [
    Number(li.querySelector('.move-num').textContent.replace('.', '')), li.querySelector('.move-label').textContent]));
  // The replay viewer labels the same moves the same way: the engine's labels, with the names
  // the link carries: your seat is named by who played it, "human", not "You".
  const compared = shown.filter(([n]) => n <= moves.length);
  assert.ok(compared.length > 0, 'some of the played moves are in view');
  for (const [n, label] of compared) assert.equal(label, moves[n - 1].replace(' · You · ', ' · human · '), `move ${n}`);
  assert.doesNotMatch(await fresh.textContent('.tab-replay'), /\bYou\b/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
  await fresh.context().close();
});

test('a strategy that fails in the Play tab: the engine\'s fallback (hold) is played and named', async () => {
  const page = await openPage(browser, server.url);
  await openTab(page, 'tab-lab');
  await page.selectOption('[data-testid=language]', 'js');
  await setCode(page, 'editor', 'function player() {\n  throw new Error("nope");\n}');
  await openTab(page, 'tab-play');
  await page.selectOption('[data-testid=opponent]', 'mine');
  await page.selectOption('[aria-label="Who starts"]', '1');
  // Every status the page shows is recorded: the game goes on at once, so the message may be
  // replaced before a poll would see it.
  await page.evaluate(() => {
    const box = document.querySelector('[data-testid=play-status]');
    window.statuses = [];
    new MutationObserver(() => window.statuses.push(box.textContent)).observe(box, { subtree: true, childList: true, characterData: true });
  });
  await page.click('[data-testid=new-game]');
  await page.click('[data-testid=throw]'); // Start: a new game waits for your first press
  // The strategy is asked once it has thrown something other than a 1; until then the turns
  // come back to you: hold.
  const failed = () => page.evaluate(() => window.statuses.some((t) => /failed: .*nope.* — counted as “hold · \d+ banked”/.test(t)));
  for (let i = 0; i < 100 && !(await failed()); i += 1) {
    if (await page.isEnabled('[data-testid=hold]')) await page.click('[data-testid=hold]');
    await page.waitForTimeout(200);
  }
  assert.ok(await failed(), 'the failure was shown with the engine\'s fallback');
  // The fallback is in the game's log as the strategy's move.
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=play-log] li')].some((li) => /· my JS strategy · hold · \d+ banked$/.test(li.textContent)));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the optimal policy picture is drawn from the engine', async () => {
  const page = await openPage(browser, server.url);
  await openTab(page, 'tab-policy');
  assert.match(await page.textContent('[data-testid=policy-timing]'), /53\.0593%/);
  const box = await page.$eval('[data-testid=policy-canvas]', (c) => [c.width, c.height]);
  assert.ok(box[0] > 100 && box[1] > 100);
  await page.hover('[data-testid=policy-canvas]', { position: { x: 60, y: 15 } });
  assert.match(await page.textContent('[data-testid=policy-info]'), /You \d+, opponent \d+/);
  await page.context().close();
});

test('the phone layout has no horizontal scrolling', async () => {
  const page = await openPage(browser, server.url, { width: 390, height: 844 });
  for (const tab of ['play', 'lab', 'arena', 'policy', 'replay']) {
    await page.click(`[data-testid=tab-${tab}]`);
    const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scroll <= inner, `${tab}: ${scroll} > ${inner}`);
  }
  await page.context().close();
});

test('a checker game opens in Replay at move 1; the inspector shows each decision of the strategy and what it printed then', async () => {
  const page = await openPage(browser, server.url);
  await runChecker(page, `(define (player my-total other-total accum current state)
  (display accum) (newline)
  (< (+ accum current) 18))`);
  await page.click('[data-testid=lab-results] tbody tr:nth-child(1) button');
  // Game 1: the checker's dummy moves first; the strategy's decisions follow.
  assert.match(await page.textContent('[data-testid=replay-title]'), /— game 1 of 49 \(dummy first\)$/);
  assert.match(await page.textContent('.replay-counter'), /^1 \//);
  // Step to the strategy's first decision: what it saw, answered and printed, then and only then.
  for (let i = 0; i < 80; i += 1) {
    const shown = await page.isVisible('[data-testid=pig-inspector-head]');
    if (shown && !/^dummy/.test(await page.textContent('[data-testid=pig-inspector-head]'))) break;
    await page.keyboard.press('ArrowRight');
  }
  const head = await page.textContent('[data-testid=pig-inspector-head]');
  assert.doesNotMatch(head, /^dummy/, head);
  const view = JSON.parse(await page.textContent('[data-testid=pig-inspector-view]'));
  assert.ok('accum' in view || 'my_total' in view, JSON.stringify(view));
  assert.equal(await page.textContent('[data-testid=pig-inspector-printed]'), `${view.accum ?? ''}\n`);
  assert.match(await page.textContent('[data-testid=pig-inspector-answer]'), /Answered: (throw again|hold|roll|\w)/i);
  assert.equal(await page.isHidden('[data-testid=replay-output]'), true, 'no block of output for the whole game');
  // Continue from here: this position in Play, you in the strategy's seat against hold20; the
  // game holds the moves up to the fork and goes on.
  const t = Number((await page.textContent('.replay-counter')).split(' ')[0]);
  const labels = await page.$$eval('.replay-move', (rows) => rows.map((r) => r.textContent));
  await page.click('[data-testid=pig-continue]');
  await page.selectOption('[data-testid=pig-fork-seat]', '1');
  await page.selectOption('[data-testid=pig-fork-opponent]', 'hold20');
  await page.click('[data-testid=pig-fork-start]');
  await page.waitForFunction((k) => document.querySelectorAll('[data-testid=play-log] li').length >= k, t);
  const played = await page.$$eval('[data-testid=play-log] li', (lis) => lis.map((l) => l.textContent));
  assert.equal(played.length >= t, true);
  assert.deepEqual(played.slice(0, 2).map((l) => l.replace(/ · [^·]+ · /, ' · ')), labels.slice(0, 2).map((l) => l.replace(/^\d+\.\s*/, '').replace(/ · [^·]+ · /, ' · ')), 'the moves up to the fork');
  assert.equal(await page.inputValue('[data-testid=opponent]'), 'hold20');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
