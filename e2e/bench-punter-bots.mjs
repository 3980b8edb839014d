// How long the `strong` Punter bot takes to move in the page (wasm, Chromium), where the Play
// tab's series runs (in the sandbox worker; timed here on the page's thread, the same engine):
// each bot move is one `next(1)` of the Play series (`PunterSeries.fromLink`). A game of two
// strong punters with every extension on; the first 30 moves are timed one by one (the search
// looks furthest ahead early on), then the game goes on to the end and the rest of the moves
// are timed in groups of 30 (the mean of each group). Prints one JSON line per map.
// Run: ./scripts/build-wasm.sh && node e2e/bench-punter-bots.mjs [MAP…]
import { serve, launch, openPage } from './browser.mjs';

const maps = process.argv.slice(2).length ? process.argv.slice(2) : ['lambda', 'tube', 'boston', 'edinburgh-sparse'];
const server = await serve();
const browser = await launch();
try {
  const page = await openPage(browser, server.url);
  for (const name of maps) {
    const out = await page.evaluate(async (file) => {
      const { loadEngine } = await import('./www/engine.js');
      const { loadMap } = await import('./www/punter/maps.js');
      const engine = await loadEngine('punter');
      const text = await loadMap(engine, file);
      const seats = ['strong', 'strong'];
      const start = new engine.PunterGame(file, text, seats, { futures: true, splurges: true, options: true }, [], 1);
      const game = engine.PunterSeries.fromLink(start.link(0), seats, { [file]: text });
      start.free();
      const step = () => game.next(1).status;
      const first = [];
      const groups = [];
      try {
        for (let i = 0; i < 30; i += 1) {
          const t = performance.now();
          if (step() !== 'running') break;
          first.push(performance.now() - t);
        }
        for (;;) {
          const t = performance.now();
          let n = 0;
          let r = 'running';
          while (n < 30 && (r = step()) === 'running') n += 1;
          if (n) groups.push((performance.now() - t) / n);
          if (r !== 'running') break;
        }
      } finally { game.free(); }
      return { first, groups };
    }, `${name}.json`);
    const all = [...out.first, ...out.groups];
    const sorted = [...out.first].sort((a, b) => a - b);
    console.log(JSON.stringify({
      map: name,
      first_moves: out.first.length,
      first_median_ms: +sorted[Math.floor(sorted.length / 2)].toFixed(1),
      first_max_ms: +sorted[sorted.length - 1].toFixed(1),
      worst_group_mean_ms: +Math.max(...out.groups).toFixed(1),
      game_mean_ms: +(all.reduce((a, b) => a + b, 0) / all.length).toFixed(1),
    }));
  }
  await page.context().close();
} finally {
  await browser.close();
  server.close();
}
