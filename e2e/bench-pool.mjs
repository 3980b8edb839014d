// The worker pool's speed-up in the page, for docs/PERFORMANCE.md (run: node e2e/bench-pool.mjs
// after a build). Each arena runs through the page's buttons on a page saying it has one core and
// on one saying `CORES` (default: this machine's), both drawing the same fresh seeds: wall time
// from the click to the result (median of RUNS, default 3) and whether the results are the same.
// ONLY=text runs the arenas whose names contain it.
import { serve, launch, openPage, openTab } from './browser.mjs';
import { availableParallelism } from 'node:os';

const CORES = Number(process.env.CORES ?? availableParallelism());
const RUNS = Number(process.env.RUNS ?? 3);
const SCHEME = '(define (player my other accum current state)\n  (< (+ accum current) (if (> other my) 24 19)))';
const JS = 'function player(my, other, accum, current) {\n  return accum + current < (other > my ? 24 : 19);\n}';

/** A Pig tournament of optimal, pace, hold20 and `mine` (a strategy of `kind`), run from its link. */
const pigTournament = (kind, source, games) => ({
  async url(origin, page) {
    const fragment = await page.evaluate(async ([k, code, n]) => {
      const engine = await import('/www/engine.js').then((m) => m.loadEngine('pig-scheme'));
      const builtin = (name) => ({ label: name, kind: 'builtin', source: name });
      const entrants = [builtin('optimal'), builtin('pace'), builtin('hold20'), { label: 'mine', kind: k, source: code }];
      return engine.pigTournamentLink({ entrants, games: n, seed: 7, target: 100 });
    }, [kind, source, games]);
    return `${origin}#${fragment}`;
  },
  async run(page) {
    await page.click('[data-testid=confirm-run]');
    await page.waitForSelector('[data-testid=arena-results] [data-testid=strategy-games]', { timeout: 600000 });
    return page.$eval('[data-testid=standings]', (t) => t.innerText);
  },
});

const ARENAS = {
  'pig tournament: optimal, pace, hold20 and a Scheme strategy, 1,666 games a pair (9,996 games)': pigTournament('scheme', SCHEME, 1666),
  'pig tournament: optimal, pace, hold20 and a JavaScript strategy, 1,000 games a pair (6,000 games)': pigTournament('js', JS, 1000),
  'punter arena: the example bot vs greedy on boston, 20 games': {
    url: (origin) => `${origin}#punter`,
    async run(page) {
      await openTab(page, 'punter-tab-lab');
      await page.selectOption('[data-testid=punter-lab-map]', 'boston.json');
      await page.selectOption('[data-testid=punter-lab-games]', '20');
      await page.click('[data-testid=punter-lab-run]');
      await page.waitForSelector('[data-testid=punter-lab-standings]', { timeout: 600000 });
      return page.$eval('[data-testid=punter-lab-standings]', (t) => t.innerText);
    },
  },
  'labyrinth: the example strategy vs strong, 20 games': {
    url: (origin) => `${origin}#labyrinth`,
    async run(page) {
      await openTab(page, 'labyrinth-tab-lab');
      await page.selectOption('[data-testid=labyrinth-lab-opponents]', 'strong');
      await page.selectOption('[data-testid=labyrinth-lab-games]', '20');
      await page.click('[data-testid=labyrinth-lab-run]');
      await page.waitForSelector('[data-testid=labyrinth-lab-games-list] li', { timeout: 600000 });
      return page.$$eval('[data-testid=labyrinth-lab-games-list] li', (l) => l.map((x) => x.textContent).join('\n'));
    },
  },
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await serve();
const browser = await launch();
try {
  const figures = { cores: CORES, runs: RUNS, chromium: browser.version(), arenas: [] };
  for (const [name, arena] of Object.entries(ARENAS).filter(([n]) => n.includes(process.env.ONLY ?? ''))) {
    const scratch = await openPage(browser, server.url);
    const url = await arena.url(server.url, scratch);
    await scratch.context().close();
    const times = {};
    const results = {};
    for (const cores of [1, CORES]) {
      times[cores] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const page = await openPage(browser, url, undefined, { cores, seeded: true });
        const t0 = performance.now();
        const result = await arena.run(page);
        times[cores].push(performance.now() - t0);
        results[cores] ??= result;
        if (result !== results[cores]) throw new Error(`${name}: two runs on ${cores} core(s) differ`);
        await page.context().close();
      }
    }
    const [one, many] = [median(times[1]), median(times[CORES])];
    figures.arenas.push({ name, one_core_ms: Math.round(one), cores_ms: Math.round(many), speed_up: Number((one / many).toFixed(2)), same_results: results[1] === results[CORES] });
    console.error(JSON.stringify(figures.arenas.at(-1)));
  }
  console.log(JSON.stringify(figures, null, 2));
} finally {
  await browser.close();
  server.close();
}
