// Contest programs take seats in every game (docs/PROGRAMS.md): each example program plays its
// game through the sandbox as a lab runs it, and every hostile module fails its seat with the
// reason while the game plays on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, loadProgramBot } from './browser.mjs';

let server;
let browser;
let page;
before(async () => {
  server = await serve();
  browser = await launch();
  page = await openPage(browser, server.url);
});
after(async () => { await page?.context().close(); await browser?.close(); server?.close(); });

const loadBot = (url) => loadProgramBot(page, url);

const EXAMPLES = 'examples/programs';

test('the Rust punter plays a whole game through the offline protocol and says its name', async () => {
  await loadBot(`${EXAMPLES}/punter-rust/punter-rust.wasm`);
  const r = await page.evaluate(async () => {
    const text = await (await fetch('maps/punter/lambda.json')).text();
    return sandbox.run('punter', { mapName: 'lambda.json', mapText: text, seats: ['js', 'greedy', 'random'], sources: { 0: bot }, settings: { futures: true }, seed: 5, name: bot.label }, { backstopMs: 120000 });
  });
  assert.equal(r.ok, true, JSON.stringify(r));
  const { summary, problems, programName } = r.value;
  assert.equal(summary.over, true);
  assert.deepEqual(summary.timeouts, [0, 0, 0]);
  assert.deepEqual(summary.rejected, [0, 0, 0]);
  assert.deepEqual(problems, []);
  assert.ok(programName, 'the handshake name is reported');
  assert.ok(summary.scores[0] > 0, `the greedy program scores (${summary.scores})`);
});

test('the C Pig program plays a match, its state carried from decision to decision', async () => {
  await loadBot(`${EXAMPLES}/pig-c/pig-c.wasm`);
  const r = await page.evaluate(() => sandbox.runMatch({
    entrants: [{ label: bot.label, kind: 'program', source: bot.label, program: bot }, { label: 'dummy', kind: 'builtin', source: 'dummy' }],
    games: 6, seed: 3, target: 100,
  }));
  assert.deepEqual(r.failures, []);
  assert.equal(r.summary.games_done, 6);
  assert.ok(r.summary.wins[0] >= 1, `the program wins a game (${r.summary.wins})`);
  // Its state counts its decisions over the whole match (it says so on stderr): the last game's
  // first decision comes right after all those of the games before.
  const lines = r.logs.map((l) => l.output.split('\n').filter((x) => x.startsWith('decision ')));
  const before = lines.slice(0, 5).reduce((n, l) => n + l.length, 0);
  assert.ok(before > 10);
  assert.equal(Number(/^decision (\d+):/.exec(lines[5][0])[1]), before + 1);
});

test('the Rust Labyrinth program plays its games without a failed turn', async () => {
  await loadBot(`${EXAMPLES}/labyrinth-rust/labyrinth-rust.wasm`);
  const r = await page.evaluate(() =>
    sandbox.run('labyrinth-game', { source: bot, game: 0, levels: ['greedy'], seed: 4, ravensburger: false }, { backstopMs: 240000 }));
  assert.equal(r.ok, true, JSON.stringify(r));
  assert.equal(r.value.failed, 0, JSON.stringify(r.value.problems));
  assert.ok(r.value.turns > 0);
});

test('the C Lifter program solves a map; its route is judged by the engine', async () => {
  await loadBot(`${EXAMPLES}/lifter-c/lifter-c.wasm`);
  const r = await page.evaluate(async () => {
    const text = await (await fetch('maps/lifter/contest3.map')).text();
    return sandbox.run('lifter', { source: bot, name: 'contest3', text, budgetMs: 10000, seed: 1 }, { backstopMs: 30000 });
  });
  assert.equal(r.ok, true, JSON.stringify(r));
  assert.equal(r.value.kind, 'program');
  assert.ok(r.value.state.score > 0, `score ${r.value.state.score}, route ${r.value.route}`);
});

const HOSTILE = 'tests/fixtures/programs/hostile';
/** A hostile module as a Pig program in a short match against hold20: the match's failures. */
async function hostileMatch(url) {
  const loaded = await loadBot(url);
  if (loaded.refused) return loaded;
  return page.evaluate(() => sandbox.runMatch({
    entrants: [{ label: bot.label, kind: 'program', source: bot.label, program: bot }, { label: 'hold20', kind: 'builtin', source: 'hold20' }],
    games: 2, seed: 9, target: 100,
  }));
}

for (const [name, reason] of [
  ['loop.wasm', /no answer within 1000 ms/],
  ['grow.wasm', /crashed: unreachable/],
  ['trap.wasm', /crashed: unreachable/],
  ['flood.wasm', /wrote more than/],
  ['hello.wasm', /answered hello, which is not \{"move"/],
]) {
  test(`a hostile program (${name}) fails its decisions with the reason; the match is played to its end`, async () => {
    const r = await hostileMatch(`${HOSTILE}/${name}`);
    assert.equal(r.summary.games_done, 2, JSON.stringify(r).slice(0, 500));
    assert.ok(r.failures.length > 0);
    assert.match(r.failures[0].message, reason);
  });
}

for (const [name, reason] of [
  ['unknown-import.wasm', /imports "env"\."open_socket", which the arcade does not give/],
  ['not-wasm.wasm', /not-wasm\.wasm.*is not a WebAssembly module/],
  ['huge-memory.wasm', /asks for at least 1250 MiB of memory; the limit is 1024 MiB/],
]) {
  test(`a module that cannot be a program (${name}) is refused before it runs, naming why`, async () => {
    const r = await hostileMatch(`${HOSTILE}/${name}`);
    assert.match(r.refused, reason);
  });
}

test('after every hostile program the page still plays', async () => {
  const r = await hostileMatch(`${EXAMPLES}/pig-c/pig-c.wasm`);
  assert.deepEqual(r.failures, []);
  assert.deepEqual(page.errors, []);
});
