// Browser figures for the Lifter solver: each official map solved in wasm for the same budget
// the page uses, scored against the best known results (run: node e2e/bench-lifter.mjs [ms]).
import { serve, launch, openPage } from './browser.mjs';

const BEST = {
  contest1: 212, contest2: 281, contest3: 275, contest4: 575, contest5: 1303, contest6: 1177,
  contest7: 869, contest8: 1973, contest9: 3095, contest10: 3634, flood1: 945, flood2: 281,
  flood3: 1303, flood4: 1592, flood5: 575, trampoline1: 426, trampoline2: 1742, trampoline3: 5477,
  beard1: 860, beard2: 4522, beard3: 1789, beard4: 3103, beard5: 666, horock1: 760, horock2: 747,
  horock3: 2406,
};
const budget = Number(process.argv[2] ?? 10000);

const server = await serve();
const browser = await launch();
try {
  const page = await openPage(browser, server.url);
  const rows = [];
  for (const [name, best] of Object.entries(BEST)) {
    const r = await page.evaluate(async ({ name, budget }) => {
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
    console.error(`${name}: ${r.score} / ${best} in ${(r.ms / 1000).toFixed(1)} s`);
  }
  const score = rows.reduce((a, r) => a + r.score, 0);
  const best = rows.reduce((a, r) => a + r.best, 0);
  console.log(JSON.stringify({ budget_ms: budget, chromium: browser.version(), total: { score, best, ratio: score / best }, maps: rows }, null, 1));
} finally {
  await browser.close();
  server.close();
}
