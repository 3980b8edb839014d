// Browser figure for the kept-game store (run: node e2e/bench-kept.mjs after a build): a Punter
// game on edinburgh-10000 (you, strong and random; 500 moves, your turn) reloaded. Reported: the reopen
// (kept.js's "kept Punter" measure: the entry read, the map loaded and registered, the link
// opened through the registry, PunterGame.toPlayOn, the first drawing) and the whole reload (from
// navigation to "Your turn"), median of RUNS; then, for comparison, the same game from a version 1
// entry (parameters + your moves), whose migration replays the bots once.
import { serve, launch, openPage } from './browser.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const MAP = 'edinburgh-10000.json';
const SEATS = ['human', 'strong', 'random'];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await serve();
const browser = await launch();
try {
  const page = await openPage(browser, server.url);
  // The game: you pass, the bots play, until 500 moves.
  const game = await page.evaluate(async ([map, seats]) => {
    const engine = await import('./www/engine.js').then((m) => m.loadEngine('punter'));
    const { loadMap } = await import('./www/punter/maps.js');
    const text = await loadMap(engine, map);
    const g = new engine.PunterGame(map, text, seats, {}, null, 4242);
    // The Play series (as the Play tab's, here on the page's thread).
    const series = engine.PunterSeries.fromLink(g.link(0), seats, { [map]: text });
    const human = [];
    for (;;) {
      const r = series.next(1);
      series.moves().forEach((i) => g.playIndex(i));
      if (r.status === 'over' || (r.status === 'ask' && g.length >= 500)) break;
      if (r.status === 'ask') { series.answerIndex(g.play('pass', 0), 0); human.push(['pass', 0]); }
    }
    const out = { link: g.link(g.length), length: g.length, human, turn: g.state().turn };
    series.free();
    g.free();
    return out;
  }, [MAP, SEATS]);

  /** Reloads with `entries` stored; the reopen's measure and the whole reload, in ms. */
  async function reload(entries) {
    await page.goto(`${server.url}README.md`);
    await page.evaluate((e) => { localStorage.clear(); for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v); }, entries);
    await page.goto(`${server.url}#punter`);
    await page.waitForFunction((t) => document.querySelector('[data-testid=punter-status]')?.textContent.startsWith(`Your turn (turn ${t + 1} `), game.turn, { timeout: 120000 })
      .catch(async (e) => { throw new Error(`${e.message}: the status says ${await page.textContent('[data-testid=punter-status]')}`); });
    return page.evaluate(() => ({
      reopen_ms: performance.getEntriesByName('kept Punter')[0]?.duration ?? NaN,
      reload_ms: performance.now(),
      link: JSON.parse(localStorage.getItem('arcade.kept.v2.punter')).link,
    }));
  }

  const v2 = { 'arcade.kept.v2.punter': JSON.stringify({ v: 2, link: game.link, view: game.length, seats: SEATS }) };
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await reload(v2));
  if (runs.some((r) => r.link !== game.link)) throw new Error('the reloaded game is not the kept one');
  const v1 = {
    'arcade.punter.game.v1': JSON.stringify({ v: 1, map: MAP, custom: null, seats: SEATS, settings: {}, futures: [[], [], []], seed: 4242, human: game.human }),
  };
  const old = await reload(v1);
  if (old.link !== game.link) throw new Error('the version 1 entry did not become the same game');
  console.log(JSON.stringify({
    map: MAP, seats: SEATS, moves: game.length, link_chars: game.link.length, runs: RUNS,
    reopen_ms: Math.round(median(runs.map((r) => r.reopen_ms))), reload_ms: Math.round(median(runs.map((r) => r.reload_ms))),
    v1_migration: { reopen_ms: Math.round(old.reopen_ms), reload_ms: Math.round(old.reload_ms) },
  }, null, 1));
} finally {
  await browser.close();
  server.close();
}
