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

test('a Lifter route gives the same game in the CLI and in the page (one player: no series)', async () => {
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
