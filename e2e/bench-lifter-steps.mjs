// Browser figures for the Lifter engine on the 1000×1000 maps: the same walk as
// `arcade bench lifter` (a Wait, then mostly upwards), stepped through the wasm `LifterGame`
// as the page does, each step timed (run: node e2e/bench-lifter-steps.mjs).
import { readFile } from 'node:fs/promises';
import { serve, launch, openPage } from './browser.mjs';

const server = await serve();
const browser = await launch();
try {
  const page = await openPage(browser, server.url);
  const out = { chromium: browser.version() };
  for (const name of ['large1', 'lambdaful1', 'lambdaful2']) {
    const text = await readFile(new URL(`../maps/lifter/extra/${name}.map`, import.meta.url), 'utf8');
    out[name] = await page.evaluate(async ({ name, text }) => {
      const e = await import('./www/engine.js').then((m) => m.loadEngine('lifter'));
      const runs = [];
      for (let run = 0; run < 3; run += 1) {
        const g = new e.LifterGame(name, text);
        const walk = 'UUWULRUWWU';
        const times = [];
        for (let i = 0; i < 1000 && !g.state().outcome; i += 1) {
          const t = performance.now();
          g.step(i === 0 ? 'W' : walk[(i - 1) % walk.length]);
          times.push(performance.now() - t);
        }
        g.free();
        runs.push(times);
      }
      // Each step's median over the three runs.
      const times = runs[0].map((_, i) => [runs[0][i], runs[1][i], runs[2][i]].sort((a, b) => a - b)[1]);
      const sorted = [...times].sort((a, b) => a - b);
      const at = (q) => sorted[Math.floor((sorted.length - 1) * q)];
      return {
        steps: times.length, first_step_ms: times[0], mean_step_ms: times.reduce((a, b) => a + b, 0) / times.length,
        median_step_ms: at(0.5), p90_step_ms: at(0.9), p99_step_ms: at(0.99), worst_step_ms: at(1),
        steps_over_1ms: times.filter((t) => t > 1).length,
      };
    }, { name, text });
  }
  console.log(JSON.stringify(out, null, 1));
} finally {
  await browser.close();
  server.close();
}
