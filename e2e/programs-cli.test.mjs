// The same program file gives the same games as a `wasm:` seat in the CLI and as a program seat
// in the page (docs/PROGRAMS.md): the same WASI layer, seeds and protocols in both hosts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, arcade, loadProgramBot } from './browser.mjs';

let server;
let browser;
let page;
before(async () => {
  server = await serve();
  browser = await launch();
  page = await openPage(browser, server.url);
});
after(async () => { await page?.context().close(); await browser?.close(); server?.close(); });

const fragment = (link) => link.slice(link.indexOf('#') + 1);
const EXAMPLE = (name) => `examples/programs/${name}/${name}.wasm`;

/** Loads the program at `url` into the page as `window.bot` ({ program, args, label }). */
async function loadBot(url, args = []) {
  const r = await loadProgramBot(page, url, args);
  if (r.refused) throw new Error(r.refused);
}

test('a program is told the same ARCADE_SEED in both hosts (Pig: its first game\'s, the whole match)', async () => {
  const answer = 'tests/fixtures/programs/answer.wasm';
  const cli = JSON.parse(arcade('pig', 'match', `wasm:${answer} false`, 'hold20', '--games', '3', '--seed', '11', '--json', '--decisions'));
  const printedCli = cli.decisions.flatMap((g) => g.filter((d) => d.entrant === 0).map((d) => d.printed)).join('');
  await loadBot(answer, ['false']);
  const r = await page.evaluate(() => sandbox.runMatch({
    entrants: [{ label: bot.label, kind: 'program', source: bot.label, program: bot }, { label: 'hold20', kind: 'builtin', source: 'hold20' }],
    games: 3, seed: 11, target: 100,
  }));
  const printedPage = r.logs.map((l) => l.output).join('');
  assert.match(printedCli, /^state 0 seed \d+\n/);
  assert.equal(printedPage, printedCli);
});

test('Pig: a program\'s match is the same in the CLI and in the page', async () => {
  const cli = JSON.parse(arcade('pig', 'match', `wasm:${EXAMPLE('pig-c')}`, 'optimal', '--games', '20', '--seed', '11', '--json'));
  await loadBot(EXAMPLE('pig-c'));
  const r = await page.evaluate(() => sandbox.runMatch({
    entrants: [{ label: bot.label, kind: 'program', source: bot.label, program: bot }, { label: 'optimal', kind: 'builtin', source: 'optimal' }],
    games: 20, seed: 11, target: 100,
  }));
  assert.deepEqual(r.failures, []);
  assert.deepEqual(r.logs.map((l) => l.winner), cli.winners);
  assert.deepEqual(r.logs.map((l) => l.moves.length), cli.moves);
});

test('Punter: a program\'s arena games are the same in the CLI and in the page', async () => {
  const cli = JSON.parse(arcade('punter', 'arena', `wasm:${EXAMPLE('punter-rust')}`, 'greedy', '--map', 'circle', '--games', '3', '--seed', '5', '--futures', '--json'));
  await loadBot(EXAMPLE('punter-rust'));
  const games = await page.evaluate(async () => {
    const text = await (await fetch('maps/punter/circle.json')).text();
    const out = [];
    for (let game = 0; game < 3; game += 1) {
      const r = await sandbox.run('punter-arena-game', { mapName: 'circle.json', mapText: text, bots: ['greedy'], source: bot, game, settings: { futures: true }, seed: 5, name: bot.label }, { backstopMs: 120000 });
      if (!r.ok) throw new Error(r.error);
      out.push(r.value);
    }
    return out;
  });
  // Each host names the program its own way: the moves, seats and scores must agree.
  const labels = (links) => page.evaluate(async (list) => {
    const engine = await (await import('./www/engine.js')).loadEngine('punter');
    const { prepareLink } = await import('./www/punter/maps.js');
    const out = [];
    for (const l of list) {
      const g = engine.PunterGame.fromLink(l, await prepareLink(l, engine));
      out.push({ moves: Array.from({ length: g.length }, (_, i) => g.label(i).split(' · ').filter((_, k) => k !== 1).join(' · ')), scores: Array.from(g.state().scores) });
      g.free();
    }
    return out;
  }, links);
  const [inPage, inCli] = [await labels(games.map((g) => g.link)), await labels(cli.links.map(fragment))];
  assert.equal(inCli.length, 3);
  assert.ok(inPage[0].moves.length > 10);
  assert.deepEqual(inPage, inCli);
  assert.ok(games.every((g) => g.failed === 0));
});

test('Labyrinth: a program\'s arena games are the same in the CLI and in the page', async () => {
  const cli = JSON.parse(arcade('labyrinth', 'arena', `wasm:${EXAMPLE('labyrinth-rust')}`, 'greedy', '--games', '2', '--seed', '7', '--json'));
  await loadBot(EXAMPLE('labyrinth-rust'));
  const games = await page.evaluate(async () => {
    const out = [];
    for (let game = 0; game < 2; game += 1) {
      const r = await sandbox.run('labyrinth-game', { source: bot, game, levels: ['greedy'], seed: 7, ravensburger: false }, { backstopMs: 120000 });
      if (!r.ok) throw new Error(r.error);
      out.push(r.value);
    }
    return out;
  });
  const moves = (links) => page.evaluate(async (list) => {
    const engine = await (await import('./www/engine.js')).loadEngine('labyrinth');
    return list.map((l) => { const g = engine.LabyrinthGame.fromLink(l); const m = Array.from(g.moves?.() ?? []); const n = g.state().turns; g.free(); return { m, n }; });
  }, links);
  assert.deepEqual(await moves(games.map((g) => g.link)), await moves(cli.links.map(fragment)));
  assert.ok(games.every((g) => g.failed === 0));
});

test('Lifter: a program\'s route is the same from the CLI\'s judge and from the page', async () => {
  const cli = JSON.parse(arcade('lifter', 'judge', `wasm:${EXAMPLE('lifter-c')}`, '--maps', 'contest3', '--seconds', '10', '--json').trim().split('\n')[0]);
  await loadBot(EXAMPLE('lifter-c'));
  const r = await page.evaluate(async () => {
    const text = await (await fetch('maps/lifter/contest3.map')).text();
    return sandbox.run('lifter', { source: bot, name: 'contest3', text, budgetMs: 10000, seed: 1 }, { backstopMs: 30000 });
  });
  assert.equal(r.ok, true, JSON.stringify(r));
  assert.equal(r.value.route, cli.route);
  assert.equal(r.value.state.score, cli.score);
  assert.ok(cli.score > 0);
});
