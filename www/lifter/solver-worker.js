// Runs the engine's route search off the main thread: `work(20000)` in a loop until the time
// budget is spent, the search is exhausted, or the page says stop; progress every 100 ms.
import { loadEngine } from '../engine.js';

const UNITS = 20000;
const REPORT_EVERY_MS = 100;
const YIELD_EVERY_MS = 40;

let stop = false;

async function run({ text, budgetMs }) {
  const engine = await loadEngine();
  const t0 = performance.now();
  let solver;
  try {
    solver = new engine.LifterSolver(text);
  } catch (e) {
    postMessage({ type: 'error', message: e.message });
    return;
  }
  const report = (type, extra = {}) => postMessage({
    type,
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
      if (now - lastReport >= REPORT_EVERY_MS) { lastReport = now; report('progress'); }
      if (now - lastYield >= YIELD_EVERY_MS) {
        await new Promise((r) => setTimeout(r, 0)); // let a stop message in
        lastYield = performance.now();
        if (stop) break;
      }
    }
    report('done', { exhausted, stopped: stop });
  } catch (e) {
    postMessage({ type: 'error', message: e?.message ?? String(e) });
  } finally {
    solver.free();
  }
}

onmessage = (e) => {
  if (e.data.type === 'start') run(e.data);
  if (e.data.type === 'stop') stop = true;
};
