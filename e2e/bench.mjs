// Browser speed figures for docs/PERFORMANCE.md (run: node e2e/bench.mjs after a build).
import { serve, launch, openPage, setCode, openTab } from './browser.mjs';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';

const STRATEGY = `
(define (player my-total other-total accum current state)
  (set-car! state (+ (car state) 1))
  (let ((turn (+ accum current)))
    (cond ((>= other-total 85) #t)
          ((>= (+ my-total turn) 100) #f)
          (else (< turn (if (> other-total my-total) 22 18))))))`;

const server = await serve();
const browser = await launch();
try {
  const page = await openPage(browser, server.url);
  const figures = await page.evaluate(async (source) => {
    const e = await import('./www/engine.js').then((m) => m.loadEngine('pig-scheme'));
    const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const time = (runs, f) => median(Array.from({ length: runs }, () => { const t = performance.now(); f(); return performance.now() - t; }));
    const solve = time(7, () => new e.PigOptimal(100).free());
    const s = new e.PigStrategy('scheme', source, 1, 100);
    const n = 200000;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) s.decide(i % 97, Math.floor(i / 7) % 99, Math.floor(i / 3) % 20, 2 + (i % 5));
    const perSecond = n / ((performance.now() - t0) / 1000);
    let seed = 0;
    const checker = time(21, () => {
      seed += 1;
      const m = new e.PigMatch({ entrants: [{ label: 'b', kind: 'scheme', source }, { label: 'dummy', kind: 'builtin', source: 'dummy' }], games: 49, seed, target: 100 });
      while (m.next(100000).status !== 'over');
      m.free();
    });
    return { optimal_solve_ms: solve, scheme_decisions_per_second: perSecond, checker_49_games_scheme_engine_ms: checker };
  }, STRATEGY);
  // The checker as a user runs it: click, sandbox worker (cold on the first run), results drawn.
  await openTab(page, 'tab-lab');
  await setCode(page, 'editor', STRATEGY);
  const clicks = [];
  for (let i = 0; i < 5; i++) {
    const t = Date.now();
    await page.click('[data-testid=run-checker]');
    await page.waitForSelector('[data-testid=lab-results] [data-testid=wins]');
    await page.waitForSelector('[data-testid=run-checker]:enabled');
    clicks.push(Date.now() - t);
    await page.evaluate(() => document.querySelector('[data-testid=lab-results]').replaceChildren());
  }
  figures.checker_click_to_result_ms = { cold: clicks[0], warm_median: clicks.slice(1).sort((a, b) => a - b)[2] };
  const { MODULES } = await import('../pkg/modules.js');
  const wasm = await readFile(new URL(`../pkg/${MODULES['pig-scheme'].wasm}`, import.meta.url));
  figures.pig_scheme_wasm_bytes = wasm.length;
  figures.pig_scheme_wasm_gzip_bytes = gzipSync(wasm, { level: 9 }).length;
  figures.chromium = browser.version();
  console.log(JSON.stringify(figures, null, 2));
} finally {
  await browser.close();
  server.close();
}
