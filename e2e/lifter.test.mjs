// Browser end-to-end tests for Lambda Lifter: keyboard play to a win with undo, share links
// reopened at the same turn, the built-in solver, user solvers in the sandbox (including one
// that loops), a broken pasted map, broken links, route editing and the phone layout.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, setCode, openTab } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const KEYS = { L: ['ArrowLeft', 'h'], R: ['ArrowRight', 'l'], U: ['ArrowUp', 'k'], D: ['ArrowDown', 'j'] };
const stat = (page, name) => page.textContent(`[data-testid=lifter-stat-${name}]`);

async function openLifter(viewport) {
  const page = await openPage(browser, `${server.url}#lifter`, viewport);
  await page.waitForSelector('[data-testid=lifter-play-canvas]');
  return page;
}

async function press(page, route) {
  // Alternate arrows and H/J/K/L so both key sets are exercised.
  for (const [i, c] of [...route].entries()) await page.keyboard.press(KEYS[c][i % 2]);
}

test('contest1 played with the keyboard wins 212 points; Backspace undoes', async () => {
  const page = await openLifter();
  assert.equal(await page.getAttribute('[data-testid=game-lifter]', 'class'), 'game-pick active');
  assert.equal(await page.inputValue('[data-testid=lifter-map]'), 'official:contest1');
  await press(page, 'DLRDD');
  assert.equal(await stat(page, 'moves'), '5');
  await page.keyboard.press('Backspace');
  assert.equal(await stat(page, 'moves'), '4');
  assert.equal(await page.inputValue('[data-testid=lifter-route]'), 'DLRD');
  await press(page, 'DUULLLDDL');
  await page.waitForSelector('[data-testid=lifter-announce].win');
  assert.match(await page.textContent('[data-testid=lifter-announce]'), /Won — 212 points/);
  assert.equal(await stat(page, 'score'), '212');
  assert.equal(await stat(page, 'lambdas'), '3 / 3');
  assert.equal(await page.inputValue('[data-testid=lifter-route]'), 'DLRDDUULLLDDL');
  // After the end, moves are refused and nothing changes.
  await page.keyboard.press('ArrowUp');
  assert.equal(await stat(page, 'moves'), '13');
  // W waits, A aborts (on a fresh start).
  await page.keyboard.press('r');
  assert.equal(await stat(page, 'moves'), '0');
  await page.keyboard.press('w');
  await page.keyboard.press('a');
  await page.waitForSelector('[data-testid=lifter-announce].abort');
  assert.match(await page.textContent('[data-testid=lifter-announce]'), /Aborted — -1 points/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a move into a wall is said: blocked, counted as a Wait; the next move clears it', async () => {
  const page = await openLifter();
  // contest1's robot starts in the top row, under the wall.
  await page.keyboard.press('ArrowUp');
  assert.equal(await stat(page, 'moves'), '1');
  assert.equal(await stat(page, 'score'), '-1');
  assert.match(await page.textContent('[data-testid=lifter-announce]'), /^Blocked: counted as a Wait\. 3 λ to go\.$/);
  await page.keyboard.press('ArrowDown');
  assert.match(await page.textContent('[data-testid=lifter-announce]'), /^3 λ to go\.$/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the game link reopens in a fresh page at the same turn', async () => {
  const page = await openLifter();
  await press(page, 'DLRDDUULLLDDL');
  await page.waitForSelector('[data-testid=lifter-announce].win');
  await page.waitForFunction(() => document.querySelector('.lifter-play-side .link-input')?.value.includes('#lifter/'));
  const link = await page.inputValue('.lifter-play-side .link-input');
  const fresh = await openPage(browser, link);
  await fresh.waitForSelector('.lifter-tab-replay:not([hidden])');
  assert.equal(await fresh.textContent('.lifter-tab-replay .replay-counter'), '13 / 13');
  assert.match(await fresh.textContent('[data-testid=lifter-replay-announce]'), /Won — 212 points/);
  // Step back in the viewer; the share link follows the turn.
  await fresh.keyboard.press('Home');
  for (let i = 0; i < 5; i += 1) await fresh.keyboard.press('ArrowRight');
  assert.equal(await fresh.textContent('.lifter-tab-replay .replay-counter'), '5 / 13');
  assert.equal(await fresh.textContent('[data-testid=lifter-replay-stat-moves]'), '5');
  await fresh.waitForFunction(() => location.hash.startsWith('#lifter/'));
  await fresh.waitForFunction(() => document.querySelector('.lifter-tab-replay .link-input')?.value === location.href);
  const at5 = await fresh.inputValue('.lifter-tab-replay .link-input');
  const again = await openPage(browser, at5);
  await again.waitForSelector('.lifter-tab-replay:not([hidden])');
  assert.equal(await again.textContent('.lifter-tab-replay .replay-counter'), '5 / 13');
  assert.equal(await again.textContent('[data-testid=lifter-replay-stat-moves]'), '5');
  // "Continue from here", played by you: a new game with the commands up to that turn.
  await again.click('[data-testid=lifter-continue]');
  await again.selectOption('[data-testid=lifter-fork-seat]', 'human');
  await again.click('[data-testid=lifter-fork-start]');
  await again.waitForSelector('.lifter-tab-play:not([hidden])');
  assert.equal(await again.inputValue('[data-testid=lifter-route]'), 'DLRDD');
  assert.equal(await again.textContent('[data-testid=lifter-stat-moves]'), '5');
  for (const p of [page, fresh, again]) assert.deepEqual(p.errors, []);
  for (const p of [page, fresh, again]) await p.context().close();
});

test('the solver finds a scoring route within a short budget, and it is playable', async () => {
  const page = await openLifter();
  await openTab(page, 'lifter-tab-solver');
  await page.selectOption('[data-testid=lifter-budget]', '1');
  const t0 = Date.now();
  await page.click('[data-testid=lifter-solve]');
  await page.waitForSelector('[data-testid=lifter-solve-final]', { timeout: 20000 });
  assert.ok(Date.now() - t0 < 10000, 'a 1 s budget ends promptly');
  const score = Number(await page.textContent('[data-testid=lifter-solve-final]'));
  assert.ok(Number.isFinite(score) && score > 0, `score ${score}`);
  assert.match(await page.textContent('[data-testid=lifter-solve-status]'), /explored/);
  const route = await page.textContent('[data-testid=lifter-solve-route]');
  assert.match(route, /^[LRUDWSA]+$/);
  await page.click('[data-testid=lifter-solve-watch]');
  await page.waitForSelector('.lifter-tab-replay:not([hidden])');
  assert.equal(await page.inputValue('[data-testid=lifter-replay-route]'), route);
  await page.keyboard.press('End');
  assert.equal(await page.textContent('[data-testid=lifter-replay-stat-score]'), String(score));
  // Play it: the same route in the play view, scored the same.
  await openTab(page, 'lifter-tab-solver');
  await page.click('[data-testid=lifter-solve-play]');
  await page.waitForSelector('.lifter-tab-play:not([hidden])');
  assert.equal(await stat(page, 'score'), String(score));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the best route so far can be watched while the solver searches; it can be stopped and keeps it', async () => {
  const page = await openLifter();
  await page.selectOption('[data-testid=lifter-map]', 'official:contest10');
  await openTab(page, 'lifter-tab-solver');
  await page.selectOption('[data-testid=lifter-budget]', '60');
  await page.click('[data-testid=lifter-solve]');
  await page.waitForFunction(() => document.querySelector('[data-testid=lifter-solve-explored]').textContent !== '—', null, { timeout: 10000 });
  // While it searches, the best route so far can be watched (the search goes on meanwhile).
  await page.waitForSelector('[data-testid=lifter-solve-watch]:enabled', { timeout: 20000 });
  assert.equal(await page.isVisible('[data-testid=lifter-solve-stop]'), true, 'still searching');
  // Every best route it shows from here on (it may find a better one as the click lands).
  await page.evaluate(() => {
    const box = document.querySelector('[data-testid=lifter-solve-route]');
    window.shownRoutes = [box.textContent];
    new MutationObserver(() => window.shownRoutes.push(box.textContent)).observe(box, { childList: true, characterData: true, subtree: true });
  });
  await page.click('[data-testid=lifter-solve-watch]');
  await page.waitForSelector('.lifter-tab-replay:not([hidden])');
  const watched = await page.inputValue('[data-testid=lifter-replay-route]');
  assert.match(watched, /^[LRUDWSA]+$/);
  assert.ok((await page.evaluate(() => window.shownRoutes)).includes(watched), 'a best route the solver showed');
  await openTab(page, 'lifter-tab-solver');
  await page.click('[data-testid=lifter-solve-stop]');
  await page.waitForSelector('[data-testid=lifter-solve]:enabled', { timeout: 5000 });
  assert.match(await page.textContent('[data-testid=lifter-solve-status]'), /Stopped|complete/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the solver runs one worker a core, each a different part of the search; the best route of them all is shown', async () => {
  // Four cores: four workers (each a part of the engine's portfolio); one core: one worker.
  const page = await openPage(browser, `${server.url}#lifter`, undefined, { cores: 4 });
  await page.waitForSelector('[data-testid=lifter-play-canvas]');
  await page.selectOption('[data-testid=lifter-map]', 'official:contest9');
  await openTab(page, 'lifter-tab-solver');
  assert.match(await page.textContent('.lifter-tab-solver .lead'), /runs in 4 background workers, one a core, each searching differently/);
  await page.selectOption('[data-testid=lifter-budget]', '1');
  await page.click('[data-testid=lifter-solve]');
  await page.waitForSelector('[data-testid=lifter-solve-final]', { timeout: 30000 });
  const shown = Number(await page.textContent('[data-testid=lifter-solve-score]'));
  assert.equal(Number(await page.textContent('[data-testid=lifter-solve-final]')), shown, 'the engine scores the route shown');
  // The parts' own searches, as the engine runs them: the one shown is the best of them.
  const parts = await page.evaluate(async () => {
    const { loadEngine } = await import('/www/engine.js');
    const m = await loadEngine('lifter');
    const { mergeParts } = await import('/www/lifter/solver.js');
    const text = await (await fetch('/maps/lifter/contest9.map')).text();
    const merged = mergeParts([{ score: 5, explored: 10, elapsed: 3, route: 'A' }, { score: 9, explored: 20, elapsed: 4, route: 'LA' }, { score: 9, explored: 1, elapsed: 9, route: 'RA' }]);
    const a = m.LifterSolver.part(text, 1, 4);
    const b = m.LifterSolver.part(text, 1, 4);
    a.work(200000); b.work(200000);
    const same = a.bestRoute() === b.bestRoute() && a.explored() === b.explored();
    a.free(); b.free();
    return { merged, same };
  });
  assert.deepEqual([parts.merged.score, parts.merged.route, parts.merged.explored, parts.merged.elapsed, parts.merged.parts], [9, 'LA', 31, 9, 3]);
  assert.ok(parts.same, 'a part is deterministic for its work');
  assert.deepEqual(page.errors, []);
  await page.context().close();
  const one = await openPage(browser, `${server.url}#lifter`, undefined, { cores: 1 });
  await one.waitForSelector('[data-testid=lifter-play-canvas]');
  await openTab(one, 'lifter-tab-solver');
  assert.match(await one.textContent('.lifter-tab-solver .lead'), /runs in a background worker, so/);
  await one.context().close();
});

test('user solvers run in the sandbox: solve(map), next(state), and a loop that is stopped', async () => {
  const page = await openLifter();
  await openTab(page, 'lifter-tab-lab');
  await setCode(page, 'lifter-editor', 'function solve(map) {\n  console.log(map.split("\\n")[0]);\n  return "DLRDDUULLLDDL";\n}');
  await page.click('[data-testid=lifter-run-code]');
  await page.waitForSelector('[data-testid=lifter-code-score]', { timeout: 20000 });
  assert.equal(await page.textContent('[data-testid=lifter-code-score]'), '212');
  assert.match(await page.textContent('[data-testid=lifter-code-result]'), /win/);
  assert.match(await page.textContent('[data-testid=lifter-code-result]'), /Printed:\s*######/);

  // next(state): the state comes from the engine.
  await setCode(page, 'lifter-editor', `function next(s) {
  if (s.moves === 0 && (s.robot.x !== 5 || s.robot.y !== 5 || s.totalLambdas !== 3 || !s.map.startsWith("######"))) throw new Error("bad state");
  return "DLRDDUULLLDDL"[s.moves];
}`);
  await page.click('[data-testid=lifter-run-code]');
  await page.waitForFunction(() => document.querySelector('[data-testid=lifter-code-status]').textContent === 'Done.', null, { timeout: 20000 });
  assert.equal(await page.textContent('[data-testid=lifter-code-score]'), '212');
  await page.click('[data-testid=lifter-code-watch]');
  await page.waitForSelector('.lifter-tab-replay:not([hidden])');
  assert.equal(await page.textContent('.lifter-tab-replay .replay-counter'), '1 / 13');

  // Errors are reported with their reason and place. Code that does not load is no game: no
  // score, no route, the place of the syntax error.
  await openTab(page, 'lifter-tab-lab');
  await setCode(page, 'lifter-editor', 'function next(s) {\n  return (;\n}');
  await page.click('[data-testid=lifter-run-code]');
  await page.waitForSelector('[data-testid=lifter-code-not-run]', { timeout: 20000 });
  assert.match(await page.textContent('[data-testid=lifter-code-error]'), /^Your code does not load: 2:\d+: /);
  assert.equal(await page.$('[data-testid=lifter-code-score]'), null, 'no score');
  assert.equal(await page.isEnabled('[data-testid=lifter-code-watch]'), false);
  assert.match(await page.textContent('[data-testid=lifter-code-status]'), /^Your code does not load: nothing was played/);
  await setCode(page, 'lifter-editor', 'function next(s) {\n  return s.nope.x;\n}');
  await page.click('[data-testid=lifter-run-code]');
  await page.waitForSelector('[data-testid=lifter-code-error]', { timeout: 20000 });
  assert.match(await page.textContent('[data-testid=lifter-code-error]'), /2:\d+: threw TypeError: /);
  await setCode(page, 'lifter-editor', 'function next(s) { return "X"; }');
  await page.click('[data-testid=lifter-run-code]');
  await page.waitForSelector('[data-testid=lifter-code-error]', { timeout: 20000 });
  assert.match(await page.textContent('[data-testid=lifter-code-error]'), /"X" is not a command/);

  // A function that never returns is stopped; the page keeps answering meanwhile.
  await setCode(page, 'lifter-editor', 'function next(state) {\n  while (true) {}\n}');
  const t0 = Date.now();
  await page.click('[data-testid=lifter-run-code]');
  const ping = Date.now();
  await page.evaluate(() => 1 + 1);
  assert.ok(Date.now() - ping < 500, 'main thread responsive');
  await page.waitForSelector('[data-testid=lifter-code-error]', { timeout: 20000 });
  assert.match(await page.textContent('[data-testid=lifter-code-error]'), /did not return within .* \(an infinite loop\?\)/);
  assert.ok(Date.now() - t0 < 10000);
  // Still playable afterwards.
  await openTab(page, 'lifter-tab-play');
  await press(page, 'D');
  assert.equal(await stat(page, 'moves'), '1');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the lab takes a seed: the same seed repeats a run that uses Math.random, another changes it', async () => {
  const page = await openLifter();
  await openTab(page, 'lifter-tab-lab');
  await setCode(page, 'lifter-editor', 'function next(s) {\n  if (s.moves >= 40) return "A";\n  return "LRUDW"[Math.floor(Math.random() * 5)];\n}');
  const runWith = async (seed) => {
    await page.fill('[data-testid=lifter-lab-seed]', String(seed));
    await page.click('[data-testid=lifter-run-code]');
    await page.waitForFunction(() => /^Done/.test(document.querySelector('[data-testid=lifter-code-status]').textContent), null, { timeout: 20000 });
    assert.match(await page.textContent('[data-testid=lifter-code-result]'), new RegExp(`seed ${seed} `));
    return page.textContent('[data-testid=lifter-code-route]');
  };
  const first = await runWith(7);
  assert.ok(first.length > 1, first);
  assert.equal(await runWith(7), first, 'the same seed, the same walk');
  const eighth = await runWith(8);
  assert.notEqual(eighth, first, 'another seed, another walk');
  // Continue from here, by the strategy, from command 5 of that run: the fork keeps the run's
  // seed, so the walk goes on as it did.
  await page.click('[data-testid=lifter-code-watch]');
  await page.waitForSelector('[data-testid=lifter-inspector-head]');
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
  await page.click('[data-testid=lifter-continue]');
  await page.selectOption('[data-testid=lifter-fork-seat]', 'js');
  await page.click('[data-testid=lifter-fork-start]');
  await page.waitForFunction((r) => document.querySelector('[data-testid=lifter-route]')?.value === r, eighth, { timeout: 20000 });
  await openTab(page, 'lifter-tab-lab');
  // Empty takes a fresh seed and shows it; a seed that is not one is refused before running.
  await page.fill('[data-testid=lifter-lab-seed]', '');
  await page.click('[data-testid=lifter-run-code]');
  await page.waitForFunction(() => /^Done/.test(document.querySelector('[data-testid=lifter-code-status]').textContent), null, { timeout: 20000 });
  assert.match(await page.inputValue('[data-testid=lifter-lab-seed]'), /^\d+$/);
  await page.fill('[data-testid=lifter-lab-seed]', 'seven');
  await page.click('[data-testid=lifter-run-code]');
  assert.match(await page.textContent('[data-testid=lifter-code-status]'), /The seed must be a whole number/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a lab run of next is a series: it opens in Replay at command 1 with what each command saw, answered and printed; re-run here; continue from here', async () => {
  const page = await openLifter();
  await openTab(page, 'lifter-tab-lab');
  const route = 'DLRDDUULLLDDL';
  await setCode(page, 'lifter-editor', `function next(s) {
  console.log("at " + s.robot.x + "," + s.robot.y + " after " + s.moves);
  return "${route}"[s.moves];
}`);
  await page.click('[data-testid=lifter-run-code]');
  await page.waitForFunction(() => document.querySelector('[data-testid=lifter-code-status]').textContent === 'Done.', null, { timeout: 20000 });
  assert.equal(await page.textContent('[data-testid=lifter-code-score]'), '212');
  await page.click('[data-testid=lifter-code-watch]');
  await page.waitForSelector('.lifter-tab-replay:not([hidden])');
  assert.equal(await page.textContent('.lifter-tab-replay .replay-counter'), '1 / 13');
  assert.equal(await page.textContent('[data-testid=lifter-replay-title]'), 'Your solver on contest1 — run 1');
  // The inspector: what next saw (the engine's view), answered and printed at that command only.
  assert.match(await page.textContent('[data-testid=lifter-inspector-head]'), /Your code \(next\) · move 1 · took [\d.]+ ms/);
  assert.match(await page.textContent('[data-testid=lifter-inspector-view]'), /^\{"map":"######\\n/);
  assert.match(await page.textContent('[data-testid=lifter-inspector-answer]'), /Answered: D/);
  assert.equal(await page.textContent('[data-testid=lifter-inspector-printed]'), 'at 5,5 after 0\n');
  await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('[data-testid=lifter-inspector-head]'), /move 2/);
  assert.equal(await page.textContent('[data-testid=lifter-inspector-printed]'), 'at 5,4 after 1\n');
  // Re-run my current code here: a fresh session fed this seat's views up to command 2.
  await page.click('[data-testid=lifter-inspector-rerun]');
  await page.waitForSelector('[data-testid=rerun-answer]', { timeout: 20000 });
  assert.match(await page.textContent('[data-testid=rerun-answer]'), /Answered: L same/);
  assert.equal(await page.textContent('[data-testid=rerun-printed]'), 'at 5,4 after 1\n');
  // Continue from here after 5 commands, played by your strategy: the commands up to the fork,
  // then the strategy's, to the win.
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  assert.equal(await page.textContent('.lifter-tab-replay .replay-counter'), '5 / 13');
  await page.click('[data-testid=lifter-continue]');
  await page.selectOption('[data-testid=lifter-fork-seat]', 'js');
  await page.click('[data-testid=lifter-fork-start]');
  await page.waitForSelector('.lifter-tab-play:not([hidden])');
  assert.ok(route.startsWith(await page.inputValue('[data-testid=lifter-route]')), 'the game starts at the fork');
  await page.waitForSelector('[data-testid=lifter-announce].win', { timeout: 20000 });
  assert.equal(await page.inputValue('[data-testid=lifter-route]'), route);
  assert.match(await page.textContent('[data-testid=lifter-strategy-note]'), /played to the end/);
  // Its decisions go with it to the replay: the strategy's from command 6 on.
  await page.click('[data-testid=lifter-to-replay]');
  await page.waitForSelector('.lifter-tab-replay:not([hidden])');
  await page.keyboard.press('Home');
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('[data-testid=lifter-inspector-head]'), /move 6/);
  assert.equal(await page.textContent('[data-testid=lifter-inspector-printed]'), 'at 5,2 after 5\n');

  // A command that is not one is played as a wait, kept with its reason; re-run says the same.
  await openTab(page, 'lifter-tab-lab');
  await setCode(page, 'lifter-editor', 'function next(s) { return s.moves === 0 ? "X" : "A"; }');
  await page.click('[data-testid=lifter-run-code]');
  await page.waitForSelector('[data-testid=lifter-code-error]', { timeout: 20000 });
  assert.match(await page.textContent('[data-testid=lifter-code-error]'), /next "X" is not a command .* \(at command 1\)/);
  assert.match(await page.textContent('[data-testid=lifter-code-failures]'), /1 command failed in all; the engine played “wait” for each/);
  assert.equal(await page.textContent('[data-testid=lifter-code-route]'), 'WA');
  await page.click('[data-testid=lifter-code-watch]');
  await page.waitForSelector('.lifter-tab-replay:not([hidden])');
  assert.match(await page.textContent('[data-testid=lifter-inspector-head]'), /move 1 .* refused/);
  assert.match(await page.textContent('[data-testid=lifter-inspector-answer]'), /Refused: "X" is not a command/);
  await page.click('[data-testid=lifter-inspector-rerun]');
  await page.waitForSelector('[data-testid=rerun-answer]', { timeout: 20000 });
  assert.match(await page.textContent('[data-testid=rerun-answer]'), /failed: "X" is not a command .* same/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a broken pasted map shows line and column and loses nothing', async () => {
  const page = await openLifter();
  await press(page, 'DL');
  await page.click('[data-testid=lifter-paste-toggle]');
  const broken = '#####\n#R  #\n#  x#\n#\\ L#\n#####';
  await page.fill('[data-testid=lifter-paste]', broken);
  await page.click('[data-testid=lifter-paste-use]');
  await page.waitForSelector('[data-testid=lifter-map-error].error');
  assert.match(await page.textContent('[data-testid=lifter-map-error]'), /This map does not load: 3:4: unknown cell 'x'/);
  // The text, the current map and the game in progress are all still there.
  assert.equal(await page.inputValue('[data-testid=lifter-paste]'), broken);
  assert.equal(await page.inputValue('[data-testid=lifter-map]'), 'official:contest1');
  assert.equal(await stat(page, 'moves'), '2');
  // Fixed, it loads as the current map.
  await page.fill('[data-testid=lifter-paste]', broken.replace('x', ' '));
  await page.click('[data-testid=lifter-paste-use]');
  await page.waitForSelector('[data-testid=lifter-paste]', { state: 'hidden' });
  assert.equal(await page.inputValue('[data-testid=lifter-map]'), 'custom');
  assert.match(await page.textContent('[data-testid=lifter-mapinfo]'), /my map: 5×5 · 1 λ/);
  assert.equal(await stat(page, 'moves'), '0');
  // A .map file: a bad one opens in the paste box with its message, a good one loads.
  await page.setInputFiles('[data-testid=lifter-file]', { name: 'bad.map', mimeType: 'text/plain', buffer: Buffer.from('####\n#RR#\n####') });
  await page.waitForSelector('[data-testid=lifter-map-error].error');
  assert.match(await page.textContent('[data-testid=lifter-map-error]'), /bad\.map:2:3: a second robot/);
  assert.match(await page.textContent('[data-testid=lifter-mapinfo]'), /my map: 5×5/);
  await page.setInputFiles('[data-testid=lifter-file]', { name: 'tiny.map', mimeType: 'text/plain', buffer: Buffer.from('#####\n#R\\L#\n#####\n') });
  await page.waitForFunction(() => document.querySelector('[data-testid=lifter-mapinfo]').textContent.startsWith('tiny: 5×3'));
  await page.fill('[data-testid=lifter-paste]', broken.replace('x', ' '));
  await page.fill('.lifter-paste-name', 'my map');
  await page.click('[data-testid=lifter-paste-use]');
  // A custom map travels in the link with its text.
  await press(page, 'D');
  await page.waitForFunction(() => document.querySelector('.lifter-play-side .link-input')?.value.includes('#lifter/'));
  const fresh = await openPage(browser, await page.inputValue('.lifter-play-side .link-input'));
  await fresh.waitForSelector('.lifter-tab-replay:not([hidden])');
  assert.match(await fresh.textContent('[data-testid=lifter-mapinfo]'), /my map: 5×5/);
  assert.equal(await fresh.textContent('.lifter-tab-replay .replay-counter'), '1 / 1');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(fresh.errors, []);
  await page.context().close();
  await fresh.context().close();
});

test('editing the route replays the edited route', async () => {
  const page = await openLifter();
  await page.fill('[data-testid=lifter-route]', 'DLRDD UU?LLLDDL LLL');
  await page.waitForSelector('[data-testid=lifter-announce].win');
  assert.equal(await stat(page, 'score'), '212');
  assert.match(await page.textContent('[data-testid=lifter-route-note]'), /ends after 13 commands; the 3 after that/);
  await page.locator('[data-testid=lifter-route]').blur();
  assert.equal(await page.inputValue('[data-testid=lifter-route]'), 'DLRDDUULLLDDL');
  // Pasted into the replay viewer.
  await openTab(page, 'lifter-tab-replay');
  await page.fill('[data-testid=lifter-replay-route]', 'DLRDDUUL');
  await page.click('[data-testid=lifter-watch]');
  assert.equal(await page.textContent('.lifter-tab-replay .replay-counter'), '0 / 8');
  await page.keyboard.press('End');
  assert.equal(await page.textContent('[data-testid=lifter-replay-stat-lambdas]'), '2 / 3');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('broken lifter links show a banner and the valid part', async () => {
  const page = await openLifter();
  await page.selectOption('[data-testid=lifter-map]', 'official:flood1');
  await page.fill('[data-testid=lifter-route]', 'LLLLDDRRLDRRDRRDLLUUURRRRRDDDD');
  await page.waitForSelector('[data-testid=lifter-announce].win');
  await page.waitForFunction(() => document.querySelector('.lifter-play-side .link-input')?.value.includes('#lifter/'));
  const link = await page.inputValue('.lifter-play-side .link-input');
  await page.context().close();

  const cut = await openPage(browser, link.slice(0, -5));
  await cut.waitForSelector('#banner:not([hidden])');
  assert.match(await cut.textContent('#banner'), /link valid up to move \d+ of 30/i);
  assert.equal(await cut.isVisible('.lifter-tab-replay'), true, 'the valid part is shown');
  assert.equal(await cut.inputValue('[data-testid=lifter-map]'), 'official:flood1');
  assert.deepEqual(cut.errors, []);
  await cut.context().close();

  const garbage = await openPage(browser, `${server.url}#lifter/1/this-is-not-a-mine`);
  await garbage.waitForSelector('#banner:not([hidden])');
  assert.match(await garbage.textContent('#banner'), /could not be opened/);
  // The page still works.
  await garbage.waitForSelector('[data-testid=lifter-play-canvas]');
  await press(garbage, 'D');
  assert.equal(await stat(garbage, 'moves'), '1');
  assert.deepEqual(garbage.errors, []);
  await garbage.context().close();
});

test('a 1000×1000 map loads, zooms and plays', async () => {
  const page = await openLifter();
  await page.selectOption('[data-testid=lifter-map]', 'extra:lambdaful1');
  await page.waitForFunction(() => document.querySelector('[data-testid=lifter-mapinfo]').textContent.includes('1000×1000'), null, { timeout: 20000 });
  await press(page, 'RRDD');
  assert.equal(await stat(page, 'moves'), '4');
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await page.click('.lifter-tab-play .mine-fit');
  // large1: 126,000 rocks fall every step at first; play, undo and play on.
  await page.selectOption('[data-testid=lifter-map]', 'extra:large1');
  await page.waitForFunction(() => document.querySelector('[data-testid=lifter-mapinfo]').textContent.startsWith('large1:'), null, { timeout: 20000 });
  await press(page, 'UU');
  await page.keyboard.press('w');
  await press(page, 'U');
  assert.equal(await stat(page, 'moves'), '4');
  await page.keyboard.press('Backspace');
  await page.waitForFunction(() => document.querySelector('[data-testid=lifter-stat-moves]')?.textContent === '3');
  await press(page, 'U');
  assert.equal(await stat(page, 'moves'), '4');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the phone layout has no horizontal scrolling', async () => {
  const page = await openLifter({ width: 390, height: 844 });
  for (const tab of ['play', 'solver', 'lab', 'replay']) {
    await page.click(`[data-testid=lifter-tab-${tab}]`);
    const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scroll <= inner, `${tab}: ${scroll} > ${inner}`);
  }
  // The on-screen pad plays too.
  await openTab(page, 'lifter-tab-play');
  await page.click('.pad-down');
  assert.equal(await stat(page, 'moves'), '1');
  await page.context().close();
});

test('a 10,000-command route: the move list keeps only the rows in view, seeks at once, numbers whole', async () => {
  const page = await openLifter();
  const size = 110;
  const rows = Array.from({ length: size }, (_, y) => (y === 0 || y === size - 1 ? '#'.repeat(size)
    : `#${y === 1 ? 'R' : ' '}${' '.repeat(size - 4)}${y === size - 2 ? 'L' : ' '}#`));
  await page.click('[data-testid=lifter-paste-toggle]');
  await page.fill('[data-testid=lifter-paste]', rows.join('\n'));
  await page.click('[data-testid=lifter-paste-use]');
  await openTab(page, 'lifter-tab-replay');
  await page.fill('[data-testid=lifter-replay-route]', 'RL'.repeat(5000));
  await page.click('[data-testid=lifter-watch]');
  assert.equal(await page.textContent('.lifter-tab-replay .replay-counter'), '0 / 10000');
  const t0 = Date.now();
  await page.keyboard.press('End');
  assert.equal(await page.textContent('.lifter-tab-replay .replay-counter'), '10000 / 10000');
  for (let i = 0; i < 20; i += 1) await page.keyboard.press('ArrowLeft');
  assert.ok(Date.now() - t0 < 5000, `seeking took ${Date.now() - t0} ms`);
  const shown = await page.$$eval('.lifter-tab-replay .replay-move', (r) => r.length);
  assert.ok(shown > 0 && shown < 60, `${shown} rows in the DOM`);
  const current = await page.$eval('.lifter-tab-replay .replay-move.current .move-num', (n) => [n.textContent, n.scrollWidth <= n.clientWidth]);
  assert.deepEqual(current, ['9980.', true]);
  // Scrolling to the top draws the first rows.
  await page.$eval('.lifter-tab-replay .replay-moves', (l) => { l.scrollTop = 0; });
  await page.waitForFunction(() => document.querySelector('.lifter-tab-replay .replay-move .move-num')?.textContent === '1.');
  await page.click('.lifter-tab-replay .replay-move >> nth=2');
  assert.equal(await page.textContent('.lifter-tab-replay .replay-counter'), '3 / 10000');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
