// The built-in solver's search (the engine's LifterSolver), shared by its own worker
// (www/lifter/solver-worker.js: the Solver tab and "all maps", within a wall-time budget) and
// the sandbox worker's 'lifter-solver' job (an A/B side, within a budget of work units).
// `work(UNITS)` in a loop until the budget is spent, the search is exhausted, or the page
// cancels; progress every 100 ms. The search takes no seed and is the same for the same units,
// so an A/B side's budget is units — every machine gets the same route — and a worker solves
// a map once for each budget (`solveOnce`).

const UNITS = 20000;
const REPORT_EVERY_MS = 100;
const YIELD_EVERY_MS = 40;
/**
 * Work units a second of an A/B budget: about what the search does in a second in a browser on
 * a laptop (from 0.7 to 3 million units a second, map by map, measured in 2025).
 */
export const UNITS_PER_SECOND = 1000000;

/**
 * The search on the map `text` (part `part` of `parts`) until `budgetMs` of wall time (or, given,
 * `units` of work) is spent → { explored, score, route, elapsed, exhausted, stopped }.
 */
export async function search(engine, { text, budgetMs = Infinity, units = Infinity, part = 0, parts = 1 }, ctx) {
  const t0 = performance.now();
  // Part `part` of a search in `parts` workers (the engine's portfolio); part 0 of 1 alone.
  const solver = parts > 1 ? engine.LifterSolver.part(text, part, parts) : new engine.LifterSolver(text);
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
  let done = 0;
  try {
    for (;;) {
      const step = Math.min(UNITS, units - done);
      exhausted = solver.work(step);
      done += step;
      const now = performance.now();
      if (exhausted || done >= units || now - t0 >= budgetMs) break;
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

const solved = new Map(); // `${units} ${text}` → the search's result, in this worker

/** The search on `text` for `units` of work, once a worker for each map and budget. */
export async function solveOnce(engine, { text, units }, ctx) {
  const key = `${units} ${text}`;
  if (!solved.has(key)) {
    const r = await search(engine, { text, units }, ctx);
    if (r.stopped) return r;
    solved.set(key, r);
  }
  return solved.get(key);
}
