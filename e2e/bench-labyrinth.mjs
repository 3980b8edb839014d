// Browser move times of the Labyrinth AIs (run: node e2e/bench-labyrinth.mjs after a build): a
// whole decision (the shift and the step) of each level, timed over seeded two- and four-player
// games in the page's engine.
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
      for (const [seed, players] of [[1, ['yellow:ai', 'red:ai']], [2, ['yellow:ai', 'red:ai', 'blue:ai', 'green:ai']], [3, ['blue:ai', 'green:ai']]]) {
        const g = new e.LabyrinthGame(players, false, seed);
        for (let half = 0; half < 120 && g.state().winner === null; half += 1) {
          const t = performance.now();
          g.aiMove(level);
          times.push(performance.now() - t);
        }
        g.free();
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
