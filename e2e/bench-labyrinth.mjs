// Browser move times of the Labyrinth AIs (run: node e2e/bench-labyrinth.mjs after a build): a
// whole decision (the shift and the step) of each level, timed over seeded two- and four-player
// games in the page's engine (the series' own timing of each decision).
import { serve, launch, openPage } from './browser.mjs';

const server = await serve();
const browser = await launch();
try {
  const page = await openPage(browser, server.url);
  const figures = await page.evaluate(async () => {
    const e = await import('./www/engine.js').then((m) => m.loadEngine('labyrinth'));
    const out = {};
    for (const level of ['simple', 'greedy', 'strong']) {
      const times = [];
      for (const [seed, n] of [[1, 2], [2, 4], [3, 2]]) {
        // The AIs play as in every game: in the engine's series, each decision timed by it.
        const levels = Array(n).fill(level);
        const s = new e.LabyrinthSeries(levels, levels, n, false, seed, 0, 1);
        while (s.next(1000).status !== 'over');
        times.push(...Array.from(s.decisions(0), (d) => d.ms).slice(0, 120));
        s.free();
      }
      times.sort((a, b) => a - b);
      out[level] = { moves: times.length, median_ms: times[times.length >> 1], p99_ms: times[Math.floor(times.length * 0.99)], max_ms: times[times.length - 1] };
    }
    return out;
  });
  console.log(JSON.stringify(figures, null, 1));
} finally {
  await browser.close();
  server.close();
}
