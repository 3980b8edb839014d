// Browser figures for the Lifter solver: each official map solved in wasm for the same budget
// the page uses, scored against the best known results (run: node e2e/bench-lifter.mjs [ms]
// [workers]). With a number of workers, the search runs as the Solver tab runs it: that many
// Web Workers, each one part of the search (www/lifter/solver-worker.js), the best route of
// them all kept; without, in the page itself.
import { serve, launch, openPage } from './browser.mjs';

const budget = Number(process.argv[2] ?? 10000);
const workers = process.argv[3] == null ? 0 : Number(process.argv[3]);

const server = await serve();
const browser = await launch();
try {
  const page = await openPage(browser, server.url);
  const rows = [];
  // The 26 contest maps with a best known score (from the engine, as the page shows them).
  const maps = await page.evaluate(async () => {
    const e = await import('./www/engine.js').then((m) => m.loadEngine('lifter'));
    return e.lifterOfficialMaps().filter((m) => m.bestKnown != null).map((m) => [m.name, m.bestKnown]);
  });
  for (const [name, best] of maps) {
    const r = workers > 0 ? await page.evaluate(async ({ name, budget, workers }) => {
      const e = await import('./www/engine.js').then((m) => m.loadEngine('lifter'));
      const { WorkerRpc } = await import('./www/worker-rpc.js');
      const { mergeParts, searchInParts } = await import('./www/lifter/solver.js');
      const text = e.lifterOfficialMaps().find((m) => m.name === name).text;
      const rpcs = Array.from({ length: workers }, () => new WorkerRpc(new URL('./www/lifter/solver-worker.js', location.href)));
      const results = await searchInParts(rpcs, { text, budgetMs: budget });
      for (const rpc of rpcs) rpc.stop();
      const failed = results.find((x) => !x.ok);
      if (failed) return { score: 0, route: '', ms: 0, error: failed.kind };
      const m = mergeParts(results.map((x) => x.value));
      return { score: m.score, route: m.route, ms: m.elapsed, explored: m.explored, parts: results.map((x) => x.value.score) };
    }, { name, budget, workers }) : await page.evaluate(async ({ name, budget }) => {
      const e = await import('./www/engine.js').then((m) => m.loadEngine('lifter'));
      const text = e.lifterOfficialMaps().find((m) => m.name === name).text;
      const s = new e.LifterSolver(text);
      const t0 = performance.now();
      while (performance.now() - t0 < budget) {
        if (s.work(20000)) break;
      }
      const out = { score: s.bestScore(), route: s.bestRoute(), ms: performance.now() - t0 };
      s.free();
      return out;
    }, { name, budget });
    rows.push({ name, best, ...r });
    console.error(`${name}: ${r.score} / ${best} in ${(r.ms / 1000).toFixed(1)} s${r.parts ? ` (parts ${r.parts.join(', ')})` : ''}`);
  }
  const score = rows.reduce((a, r) => a + r.score, 0);
  const best = rows.reduce((a, r) => a + r.best, 0);
  const mean = rows.reduce((a, r) => a + r.score / r.best, 0) / rows.length;
  console.log(JSON.stringify({ budget_ms: budget, workers, chromium: browser.version(), total: { score, best, ratio: score / best, mean_of_ratios: mean }, maps: rows }, null, 1));
} finally {
  await browser.close();
  server.close();
}
