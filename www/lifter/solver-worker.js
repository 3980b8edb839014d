// Runs the engine's route search off the main thread: `work(20000)` in a loop until the time
// budget is spent, the search is exhausted, or the page cancels; progress every 100 ms. The
// page's WorkerRpc (www/worker-rpc.js) holds the watchdog.
import { loadEngine } from '../engine.js';
import { serveRpc } from '../worker-rpc.js';

const UNITS = 20000;
const REPORT_EVERY_MS = 100;
const YIELD_EVERY_MS = 40;

async function solve({ text, budgetMs }, ctx) {
  const engine = await loadEngine('lifter');
  const t0 = performance.now();
  const solver = new engine.LifterSolver(text);
  const report = (extra = {}) => ({
    explored: solver.explored(),
    score: solver.bestScore(),
    route: solver.bestRoute(),
    elapsed: performance.now() - t0,
    ...extra,
  });
  let lastReport = 0;
  let lastYield = performance.now();
  let exhausted = false;
  try {
    for (;;) {
      exhausted = solver.work(UNITS);
      const now = performance.now();
      if (exhausted || now - t0 >= budgetMs) break;
      if (now - lastReport >= REPORT_EVERY_MS) { lastReport = now; ctx.progress(report()); }
      if (now - lastYield >= YIELD_EVERY_MS) {
        await new Promise((r) => setTimeout(r, 0)); // let a cancel message in
        lastYield = performance.now();
        if (ctx.cancelled) break;
      }
    }
    return report({ exhausted, stopped: ctx.cancelled });
  } finally {
    solver.free();
  }
}

serveRpc({ solve });
