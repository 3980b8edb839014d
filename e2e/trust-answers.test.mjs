// Browser tests: the referee bounds what it takes from user code. An answer over its game's
// size limit (www/user-code.js, ANSWER_CHARS) is refused before any JSON work, with a message
// that names the size and the limit; messages quote at most a few hundred characters of an
// answer or an error; runs finish and the page keeps working.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, failuresOf, setCode, openTab } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

/** Longest message a refused answer may give (a quote of a few hundred characters and the reason). */
const BRIEF = 400;
/** Asserts `re` matches `text`, quoting only its start when it does not (it may be megabytes). */
const matchBrief = (text, re) => assert.ok(re.test(text), `${re} does not match ${String(text).slice(0, 300)}… (${String(text).length} characters)`);

test('Pig: 2 MB answers and 2 MB error messages fail briefly, decision by decision; the checker completes', async () => {
  const page = await openPage(browser, server.url);
  await openTab(page, 'tab-lab');
  await page.selectOption('[data-testid=language]', 'js');
  await setCode(page, 'editor', `const huge = "x".repeat(2 * 1024 * 1024);
let n = 0;
function player(my, other, accum, current, state) {
  n += 1;
  if (n % 3 === 1) return huge;
  if (n % 3 === 2) throw new Error(huge);
  return accum + current < 20;
}`);
  await page.fill('.tab-lab input.seed', '5');
  await page.click('[data-testid=run-checker]');
  await page.waitForSelector('[data-testid=lab-results] [data-testid=wins], [data-testid=lab-status].error', { timeout: 120000 });
  assert.ok(!/Could not run/.test(await page.textContent('[data-testid=lab-status]')), (await page.textContent('[data-testid=lab-status]')).slice(0, 300));
  const [a, b] = (await page.textContent('[data-testid=lab-results] [data-testid=wins]')).split('–').map(Number);
  assert.equal(a + b, 49, 'all 49 games played');
  const { count, listed } = await failuresOf(page, '[data-testid=lab-results]');
  assert.ok(count > 100, `${count} failed decisions`);
  assert.ok(listed.some((f) => /returned an answer of 2097154 characters; the limit is 256/.test(f)), listed.join(' | ').slice(0, 1000));
  assert.ok(listed.some((f) => /threw Error: x{50}/.test(f)), listed.join(' | ').slice(0, 1000));
  for (const f of listed) assert.ok(f.length < BRIEF, `a brief failure: ${f.slice(0, 100)}… (${f.length} characters)`);
  assert.deepEqual(page.errors.map((e) => e.slice(0, 300)), []);
  await page.context().close();
});

test('Lifter: next returning 20 MB is refused at once with the limit, solve over the largest mine too', async () => {
  const page = await openPage(browser, `${server.url}#lifter`);
  await openTab(page, 'lifter-tab-lab');
  await setCode(page, 'lifter-editor', 'function next(s) {\n  return "L".repeat(20 * 1024 * 1024);\n}');
  await page.click('[data-testid=lifter-run-code]');
  await page.waitForSelector('[data-testid=lifter-code-error]', { timeout: 30000 });
  const error = await page.textContent('[data-testid=lifter-code-error]');
  matchBrief(error, /next returned an answer of 20971522 characters; the limit is 256 \(at command 1\)/);
  assert.ok(error.length < BRIEF, error.slice(0, 200));

  await setCode(page, 'lifter-editor', 'function solve(map) {\n  return "W".repeat(20 * 1024 * 1024);\n}');
  await page.click('[data-testid=lifter-run-code]');
  await page.waitForFunction(() => /returned an answer/.test(document.querySelector('[data-testid=lifter-code-error]')?.textContent), null, { timeout: 30000 });
  matchBrief(await page.textContent('[data-testid=lifter-code-error]'), /solve returned an answer of 20971522 characters; the limit is 16000002/);
  // An answer within the limit but wrong is quoted briefly.
  await setCode(page, 'lifter-editor', 'function next(s) {\n  return "Q".repeat(250);\n}');
  await page.click('[data-testid=lifter-run-code]');
  await page.waitForFunction(() => /QQQ/.test(document.querySelector('[data-testid=lifter-code-error]')?.textContent), null, { timeout: 30000 });
  assert.ok((await page.textContent('[data-testid=lifter-code-error]')).length < BRIEF);
  assert.deepEqual(page.errors.map((e) => e.slice(0, 300)), []);
  await page.context().close();
});

test('Labyrinth: a 2 MB rotation is refused turn by turn; the greedy AI plays them and the game ends', async () => {
  const page = await openPage(browser, server.url);
  const r = await page.evaluate(async () => {
    const { sandbox } = await import('./www/sandbox.js');
    const source = 'const r = "n".repeat(2 * 1024 * 1024);\nfunction turn(view) {\n  return { rotation: r, insertion: 0, row: 1, column: 1 };\n}';
    return sandbox.run('labyrinth-game', { source, game: 0, levels: ['simple'], seed: 3, ravensburger: false }, { backstopMs: 60000 });
  });
  assert.equal(r.ok, true, String(r.error).slice(0, 300));
  const { problems, turns } = r.value;
  assert.ok(turns > 0 && problems.length > 0);
  for (const p of problems) {
    matchBrief(p.message, /returned an answer of 2097\d{3} characters; the limit is 1024/);
    assert.ok(p.message.length < BRIEF, p.message.slice(0, 300));
  }
  await page.context().close();
});

test('Punter: an answer over the 16 MiB message limit is refused and played as a pass; the game goes on', async () => {
  const page = await openPage(browser, server.url);
  const r = await page.evaluate(async () => {
    const { sandbox } = await import('./www/sandbox.js');
    const text = await (await fetch('maps/punter/lambda.json')).text();
    const source = `let me = 0, big = 0;
function punter(m) {
  if (m.map) { me = m.punter; return { ready: me }; }
  big += 1;
  if (big <= 2) return { pass: { punter: me }, state: "s".repeat(20 * 1024 * 1024) };
  return { pass: { punter: me } };
}`;
    return sandbox.run('punter', { mapName: 'lambda.json', mapText: text, seats: ['js', 'greedy'], sources: { 0: source }, settings: {}, seed: 5 }, { backstopMs: 60000 });
  });
  assert.equal(r.ok, true, String(r.error).slice(0, 300));
  const { summary, problems } = r.value;
  assert.equal(summary.over, true);
  const big = problems.filter((p) => /characters; the limit is 16777216/.test(p.message));
  assert.equal(big.length, 2, JSON.stringify(problems).slice(0, 500));
  for (const p of problems) assert.ok(p.message.length < BRIEF, p.message.slice(0, 300));
  await page.context().close();
});

test('an engine object is freed after its run; when the run failed, its own error is the one reported', async () => {
  const page = await openPage(browser, server.url);
  const outcome = await page.evaluate(async () => {
    const { freeAfter } = await import('./www/engine.js');
    const borrowed = { free() { throw new Error('recursive use of an object detected'); } };
    let freed = 0;
    const fine = { free() { freed += 1; } };
    const failed = await freeAfter(borrowed, async () => { throw new Error('RuntimeError: unreachable'); }).catch((e) => e.message);
    const value = await freeAfter(fine, async () => 42);
    const thrown = await freeAfter(fine, async () => { throw new Error('cause'); }).catch((e) => e.message);
    return { failed, value, thrown, freed };
  });
  assert.deepEqual(outcome, { failed: 'RuntimeError: unreachable', value: 42, thrown: 'cause', freed: 2 });
  await page.context().close();
});

test('a sandbox worker whose engine trapped is replaced: the error is reported as itself, the next run starts afresh', async () => {
  // Served with one more request that traps as the engine would (a wasm RuntimeError).
  const patched = await serve({
    patch: { '/www/sandbox-worker.js': (text) => text.replace('serveRpc({', "serveRpc({\n  trap: () => { throw new WebAssembly.RuntimeError('unreachable'); },") },
  });
  const page = await openPage(browser, patched.url);
  const outcome = await page.evaluate(async () => {
    const { Sandbox } = await import('./www/sandbox.js');
    const sandbox = new Sandbox();
    const trapped = await sandbox.run('trap', {});
    const ended = sandbox.rpc.worker === null;
    const text = await (await fetch('maps/punter/lambda.json')).text();
    const next = await sandbox.run('punter', { mapName: 'lambda.json', mapText: text, seats: ['greedy', 'random'], sources: {}, settings: {}, seed: 1 });
    sandbox.rpc.close();
    return { trapped, ended, nextOk: next.ok, over: next.value?.summary.over };
  });
  assert.deepEqual(outcome, { trapped: { ok: false, kind: 'error', error: 'unreachable', printed: undefined, ms: outcome.trapped.ms }, ended: true, nextOk: true, over: true });
  await page.context().close();
  patched.close();
});
