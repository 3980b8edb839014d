// One match runner for every host: the same series (entrants, seed, seats) gives the same games
// in the CLI (native, arena::Series) and in the page (wasm, the same Series through
// www/referee.js), compared game by game through their links.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, launch, openPage, arcade } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const fragment = (link) => link.slice(link.indexOf('#') + 1);

test('a Pig match gives the same games in the CLI and in the page', async () => {
  const scheme = '(define (player my-total other-total accum current state) (< (+ accum current) (if (> other-total my-total) 25 18)))';
  const dir = mkdtempSync(join(tmpdir(), 'series-'));
  const file = join(dir, 'mine.scm');
  writeFileSync(file, scheme);
  const cli = JSON.parse(arcade('pig', 'match', file, 'optimal', '--games', '40', '--seed', '11', '--json'));
  const page = await openPage(browser, server.url);
  const logs = await page.evaluate(async ({ scheme }) => {
    const { sandbox } = await import('./www/sandbox.js');
    const spec = { entrants: [{ label: 'mine', kind: 'scheme', source: scheme }, { label: 'optimal', kind: 'builtin', source: 'optimal' }], games: 40, seed: 11, target: 100 };
    const r = await sandbox.runMatch(spec);
    return r.logs;
  }, { scheme });
  assert.equal(logs.length, 40);
  assert.deepEqual(logs.map((l) => l.winner), cli.winners);
  assert.deepEqual(logs.map((l) => l.moves.length), cli.moves);
  assert.deepEqual([0, 1].map((e) => logs.filter((l) => l.winner === e).length), cli.wins);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a Labyrinth arena gives the same games in the CLI and in the page', async () => {
  const page = await openPage(browser, server.url);
  for (const seats of [2, 4]) {
    const cli = JSON.parse(arcade('labyrinth', 'arena', 'strong', 'greedy', '--games', '4', '--seed', '7', '--seats', String(seats), '--json'));
    const inPage = await page.evaluate(async ({ seats }) => {
      const { loadEngine } = await import('./www/engine.js');
      const { playSeries } = await import('./www/referee.js');
      const engine = await loadEngine('labyrinth');
      const games = [];
      // Each game apart, as the page's pool plays them: game g of the same series.
      for (let g = 0; g < 4; g += 1) {
        const series = new engine.LabyrinthSeries(['strong', 'greedy'], ['strong', 'greedy'], seats, false, 7, g, 1);
        const r = await playSeries(series, { open: () => { throw new Error('no outside seat'); }, answer: () => {} }, { cancelled: false });
        games.push(r.games[0]);
        series.free();
      }
      return games;
    }, { seats });
    assert.equal(inPage.length, 4);
    inPage.forEach((g, i) => assert.equal(g.link, fragment(cli.links[i]), `${seats} seats, game ${i + 1}`));
    const wins = [0, 1].map((e) => inPage.filter((g) => g.winner !== null && g.seating[g.winner] === e).length);
    assert.deepEqual(wins, cli.wins);
    // The whole series at once plays the same games as the games played apart.
    const whole = await page.evaluate(async ({ seats }) => {
      const { loadEngine } = await import('./www/engine.js');
      const { playSeries } = await import('./www/referee.js');
      const engine = await loadEngine('labyrinth');
      const series = new engine.LabyrinthSeries(['strong', 'greedy'], ['strong', 'greedy'], seats, false, 7, 0, 4);
      const r = await playSeries(series, { open: () => { throw new Error('no outside seat'); }, answer: () => {} }, { cancelled: false });
      series.free();
      return r.games.map((g) => g.link);
    }, { seats });
    assert.deepEqual(whole, inPage.map((g) => g.link));
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a Punter arena gives the same games in the CLI and in the page', async () => {
  const cli = JSON.parse(arcade('punter', 'arena', 'strong', 'greedy', '--map', 'circle', '--games', '4', '--seed', '5', '--futures', '--splurges', '--options', '--json'));
  const page = await openPage(browser, server.url);
  const links = await page.evaluate(async () => {
    const { loadEngine } = await import('./www/engine.js');
    const { playSeries } = await import('./www/referee.js');
    const engine = await loadEngine('punter');
    // As the page does: a bundled map is handed to the engine, so links name it.
    const { loadMap } = await import('./www/punter/maps.js');
    const text = await loadMap(engine, 'circle.json');
    const out = [];
    for (let g = 0; g < 4; g += 1) {
      const handle = new engine.PunterSeries('circle.json', text, ['strong', 'greedy'], ['strong', 'greedy'], { futures: true, splurges: true, options: true }, 5, g);
      await playSeries(handle, { open: () => { throw new Error('no outside seat'); }, answer: () => {} }, { cancelled: false });
      out.push(handle.link());
      handle.free();
    }
    return out;
  });
  assert.deepEqual(links, cli.links.map(fragment));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a Lifter route gives the same game in the CLI and in the page', async () => {
  const cases = [['contest1', 'DLRDDUULLLDDL'], ['flood1', 'LLLLDDRRRDDLLLWWWRRRA'], ['trampoline1', 'RRRRLLLLDDDDUURRW'], ['beard1', 'DDDLLLSRRRUUUW'], ['horock1', 'LLDDRRUUWWLLDD']];
  const cli = cases.map(([map, route]) => ({ run: JSON.parse(arcade('lifter', 'run', map, route)), link: fragment(arcade('lifter', 'link', map, route, '--view', '0')) }));
  const page = await openPage(browser, server.url);
  const inPage = await page.evaluate(async (list) => {
    const { loadEngine } = await import('./www/engine.js');
    const engine = await loadEngine('lifter');
    const official = engine.lifterOfficialMaps();
    return list.map(([map, route]) => {
      const g = new engine.LifterGame(map, official.find((o) => o.name === map).text);
      g.setRoute(route);
      const s = g.state();
      const out = { score: s.score, link: g.link(0) };
      g.free();
      return out;
    });
  }, cases);
  inPage.forEach((p, i) => {
    assert.equal(p.score, cli[i].run.score, cases[i][0]);
    assert.equal(p.link, cli[i].link, cases[i][0]);
  });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** The first `n` moves of each link's game, in the engine's words, with its dealt board. */
async function openings(page, module, links, n) {
  return page.evaluate(async ({ module, links, n }) => {
    const engine = await (await import('./www/engine.js')).loadEngine(module);
    return links.map((l) => {
      const g = engine.LabyrinthGame.fromLink(l);
      // Turn and move, without the seat's name (each host names its seats its own way).
      const labels = Array.from({ length: Math.min(n, g.length) }, (_, i) => g.label(i).split(' · ').filter((_, k) => k !== 1).join(' · '));
      g.seek(0);
      const board = JSON.stringify(g.state().tiles);
      g.free();
      return { labels, board };
    });
  }, { module, links, n });
}

test('Labyrinth: Play, an arena game and the CLI give the same game for the same seats and seed', async () => {
  const page = await openPage(browser, `${server.url}#labyrinth`);
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]')?.state);
  for (const [color, value] of [['yellow', 'greedy'], ['red', 'greedy'], ['blue', 'off'], ['green', 'off']]) await page.selectOption(`[data-testid=labyrinth-seat-${color}]`, value);
  await page.fill('[data-testid=labyrinth-seed]', '7');
  await page.click('[data-testid=labyrinth-start]');
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]').state.turns >= 6, null, { timeout: 30000 });
  const played = fragment(await page.$eval('.labyrinth-side .link-input', (i) => i.value));
  const cli = fragment(JSON.parse(arcade('labyrinth', 'play', '--seed', '7', '--players', 'yellow:ai,red:ai', '--ai', 'greedy', '--json')).link);
  const arena = await page.evaluate(async () => {
    const engine = await (await import('./www/engine.js')).loadEngine('labyrinth');
    const { playSeries } = await import('./www/referee.js');
    const series = new engine.LabyrinthSeries(['greedy', 'greedy'], ['greedy', 'greedy'], 2, false, 7, 0, 1);
    const r = await playSeries(series, { open: () => { throw new Error('no outside seat'); }, answer: () => {} }, { cancelled: false });
    series.free();
    return r.games[0].link;
  });
  const [p, c, a] = await openings(page, 'labyrinth', [played, cli, arena], 12);
  assert.ok(p.labels.length >= 12, `Play made ${p.labels.length} moves`);
  assert.equal(p.board, c.board, 'the same deal as the CLI');
  assert.equal(p.board, a.board, 'the same deal as the arena');
  assert.deepEqual(p.labels, c.labels, 'the same moves as the CLI');
  assert.deepEqual(p.labels, a.labels, 'the same moves as the arena');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Lifter: the lab run of next, Play continued by the strategy from the start, and the CLI give the same game', async () => {
  // A strategy whose commands depend on its seeded Math.random: the same seed in every host.
  const source = 'function next(s) { return s.moves >= 25 ? "A" : "LRUDW"[Math.floor(Math.random() * 5)]; }';
  const page = await openPage(browser, server.url);
  const { lab, play, fork } = await page.evaluate(async (source) => {
    const { loadEngine } = await import('./www/engine.js');
    const { sandbox } = await import('./www/sandbox.js');
    const engine = await loadEngine('lifter');
    const text = engine.lifterOfficialMaps()[0].text;
    const r = await sandbox.run('lifter', { source, name: 'contest1', text, budgetMs: 20000 }, { backstopMs: 30000 });
    if (!r.ok) throw new Error(r.error);
    const start = engine.lifterGameLink('contest1', text, '', 0);
    const handle = await sandbox.play('lifter', { link: start, entrants: ['js'], source });
    let step;
    do step = await handle.step(null); while (!step.over);
    handle.close();
    // Continue from here after 7 commands of the lab's game: the rest is the same game.
    const at7 = engine.lifterGameLink('contest1', text, r.value.route.slice(0, 7), 7);
    const forked = await sandbox.play('lifter', { link: at7, entrants: ['js'], source });
    let rest;
    do rest = await forked.step(null); while (!rest.over);
    forked.close();
    return { lab: { route: r.value.route, link: r.value.link, score: r.value.state.score }, play: step.link, fork: rest };
  }, source);
  assert.equal(play, lab.link, 'Play continued by the strategy from the start is the lab game');
  assert.ok(lab.route.length > 5 && lab.route.endsWith('A'), lab.route);
  const cli = fragment(arcade('lifter', 'link', 'contest1', lab.route, '--view', String(lab.route.length)));
  assert.equal(cli, fragment(lab.link), 'the CLI gives the same link for its route');
  assert.equal(JSON.parse(arcade('lifter', 'run', 'contest1', lab.route)).score, lab.score);
  // The fork's strategy started afresh at command 8 (its Math.random from the game's seed):
  // its decisions start there, and its game keeps the lab's first 7 commands.
  assert.equal(fork.decisions[0].move_index, 7);
  assert.ok(fork.moves.length > 0);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
