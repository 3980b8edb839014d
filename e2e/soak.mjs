// Soak and memory (issue 10): drives the page's own buttons through four long loads (Pig arena
// runs, Punter arena runs, Lifter solver runs, share links opened one after another) and reads,
// before and after each, the page's JS heap through CDP after a forced GC, its wasm linear memory
// (and its engine workers'), and the workers still alive.
//
//   node e2e/soak.mjs [--quick]
//
// Prints one JSON line per load; exits 1 when a load's JS heap without compiled code (see
// `measure`) grew by more than 10%, or a worker it started is still alive 3 s after it. Each
// load runs on a fresh page: the workers alive when the page is ready (the Pig page's sandbox
// worker, which holds the Play tab's opponent) are its baseline; warm-up batches follow (the
// first use of a tab mounts it and loads its modules), then the heap is read, the measured
// batches run, and the heap is read again. Links are made by the native CLI
// (browser.mjs's `arcade`: $ARCADE, the release build or the debug build).
import { fileURLToPath } from 'node:url';
import { serve, launch, openPage, arcade as cli, openTab } from './browser.mjs';

/**
 * Batches per load: `warmup` batches before the heap is first read, then `runs` batches of `size`
 * (games per arena run as the page offers them; one solver run or one link per batch).
 */
export const FULL = {
  'pig-arena': { warmup: 1, runs: 10, size: 1000 }, // 10 runs of 1,000 games: 10,000
  'punter-arena': { warmup: 1, runs: 5, size: 20 },
  'lifter-solver': { warmup: 1, runs: 200, size: 1 },
  links: { warmup: 40, runs: 1000, size: 1 },
};
export const QUICK = {
  'pig-arena': { warmup: 1, runs: 5, size: 200 },
  'punter-arena': { warmup: 1, runs: 2, size: 6 },
  'lifter-solver': { warmup: 1, runs: 10, size: 1 },
  links: { warmup: 40, runs: 100, size: 1 },
};
export const MAX_GROWTH_PCT = 10;

/** The fragment of a link printed by the CLI (`json`: it prints { link, … }). */
const fragment = (out, json = false) => (json ? JSON.parse(out).link : out).split('#')[1];

/** `n` share links, the four games in turn (so that every link changes the game shown). */
function makeLinks(n) {
  const pig = ['optimal', 'pace', 'hold20', 'hold25', 'dummy', 'coward'];
  const route = (i) => Array.from({ length: 8 + (i * 7) % 40 }, (_, k) => 'LRUDWLRD'[(i * 31 + k * k * 17) % 8]).join('');
  const make = [
    (i) => fragment(cli('pig', 'link', pig[i % 6], pig[(i + 1 + (i >> 3)) % 6], '--games', '5', '--game', String(1 + (i % 5)), '--seed', String(i))),
    (i) => fragment(cli('lifter', 'link', `contest${1 + (i % 10)}`, route(i), '--view', String(i % 9))),
    (i) => fragment(cli('punter', 'play', i % 2 ? 'lambda' : 'sample', '--bots', 'greedy,random', '--seed', String(i), '--json'), true),
    (i) => fragment(cli('labyrinth', 'play', '--seed', String(i), '--players', i % 3 ? 'yellow:ai,red:ai' : 'yellow:ai,red:ai,green:ai,blue:ai', '--json'), true),
  ];
  return Array.from({ length: n }, (_, i) => make[i % 4](i >> 2));
}

/** Waits for an arena-like run started by `button` to finish (results shown, button enabled). */
async function clickAndWait(page, button, done, timeout = 300000) {
  await page.click(button);
  await page.waitForSelector(done, { timeout });
  await page.waitForSelector(`${button}:enabled`, { timeout });
}

/**
 * The loads: `open(page, plan)` brings the page to the load's tab (and resolves to the load's
 * state); `batch(page, state, i)` plays batch `i` (the warm-up's first) through the page's buttons
 * and resolves to how many units it did, as the page reports them.
 */
export const LOADS = {
  'pig-arena': {
    // The arena's default match, optimal vs hold20.
    async open(page, { size }) {
      await openTab(page, 'tab-arena');
      await page.selectOption('[data-testid=arena-games]', String(size));
    },
    async batch(page) {
      await clickAndWait(page, '[data-testid=arena-run]', '[data-testid=arena-results] [data-testid=wins]');
      const wins = await page.textContent('[data-testid=arena-results] [data-testid=wins]');
      return wins.split('–').reduce((n, w) => n + Number(w.trim()), 0);
    },
  },
  'punter-arena': {
    // The "Your bot" tab's arena: the example bot against greedy (the defaults) on lambda.json.
    async open(page, { size }) {
      await page.click('[data-testid=game-punter]');
      await openTab(page, 'punter-tab-lab');
      await page.selectOption('[data-testid=punter-lab-map]', 'lambda.json');
      await page.selectOption('[data-testid=punter-lab-games]', String(size));
    },
    async batch(page) {
      await clickAndWait(page, '[data-testid=punter-lab-run]', '[data-testid=punter-lab-standings]');
      const status = await page.textContent('[data-testid=punter-lab-status]');
      return Number(/^(\d+) games, seats rotating/.exec(status)?.[1] ?? 0);
    },
  },
  'lifter-solver': {
    // The built-in solver on contest1, the smallest official map, with the shortest budget (1 s).
    async open(page) {
      await page.click('[data-testid=game-lifter]');
      await page.selectOption('[data-testid=lifter-map]', 'official:contest1');
      await openTab(page, 'lifter-tab-solver');
      await page.selectOption('[data-testid=lifter-budget]', '1');
    },
    async batch(page) {
      await clickAndWait(page, '[data-testid=lifter-solve]', '[data-testid=lifter-solve-final]', 30000);
      return /explored/.test(await page.textContent('[data-testid=lifter-solve-status]')) ? 1 : 0;
    },
  },
  links: {
    // Links put in the address bar one after another, the four games in turn.
    open: async (page, { runs, warmup }) => ({ links: makeLinks(warmup + runs), origin: page.url().split('#')[0] }),
    async batch(page, { links, origin }, i) {
      await openLink(page, origin, links[i]);
      return 1;
    },
  },
};

/** Opens a share link in the address bar of the page; the game of the link (its first word) is shown. */
async function openLink(page, origin, link) {
  const game = link.split('/')[0];
  await page.goto(`${origin}#${link}`);
  // The link's game is shown (it changes with every link) and no error is reported.
  await page.waitForFunction((id) => document.querySelector(`.game-page[data-game=${id}]`)?.hidden === false
    && document.getElementById('banner').hidden, game, { timeout: 10000 });
}

/**
 * The page's JS heap after a full GC: `heap`, V8's used size (Runtime.getHeapUsage), and from a
 * heap snapshot the part that is compiled code (`code`: bytecode, machine code, feedback) and the
 * rest (`objects`: everything the page's JavaScript keeps). The 10% criterion is judged on
 * `objects`: compiled code grows as V8 optimises more of the page's functions over a long run
 * (bounded by the page's code, not by the number of runs), and it is most of what `heap` gains.
 * `wasm`: the page's wasm linear memory; `workerWasm`: its engine workers' (sandbox, solver);
 * `workers`: its live workers.
 */
async function measure(page, cdp, browserCdp, context) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const { code, objects } = await snapshotSizes(cdp);
  const wasm = await page.evaluate(wasmBytes);
  const engineWorkers = page.workers().filter((w) => /(sandbox|solver)-worker\.js$/.test(w.url()));
  const workerWasm = await Promise.all(engineWorkers.map((w) => within(2000, w.evaluate(wasmBytes))));
  return { heap: usedSize, code, objects, wasm, workerWasm: workerWasm.reduce((a, b) => a + b, 0), workers: await workersOf(browserCdp, context) };
}

/** The wasm linear memory of the page or a worker, over its engine modules (wasm-bindgen's init returns the exports once loaded). */
const wasmBytes = async () => {
  const { loadedEngines } = await import('/www/engine.js');
  let bytes = 0;
  for (const bindings of await loadedEngines()) bytes += (await bindings.default()).memory.buffer.byteLength;
  return bytes;
};
/** `promise`'s value, or 0 after `ms` (a worker that does not answer). */
const within = (ms, promise) => Promise.race([promise.catch(() => 0), new Promise((r) => setTimeout(() => r(0), ms))]);

/** A heap snapshot's V8 nodes (not the browser's own, "native"), summed: { code, objects }. */
async function snapshotSizes(cdp) {
  const chunks = [];
  const onChunk = ({ chunk }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const { snapshot: { meta }, nodes } = JSON.parse(chunks.join(''));
  const width = meta.node_fields.length;
  const [type, size] = ['type', 'self_size'].map((f) => meta.node_fields.indexOf(f));
  const sorts = { code: 0, objects: 0 };
  for (let i = 0; i < nodes.length; i += width) {
    const sort = meta.node_types[type][nodes[i + type]];
    if (sort === 'code') sorts.code += nodes[i + size];
    else if (sort !== 'native' && sort !== 'synthetic') sorts.objects += nodes[i + size];
  }
  return sorts;
}

/** The page's live workers (nested ones too): { targetId: url }. Terminated ones are not listed. */
async function workersOf(browserCdp, context) {
  const { targetInfos } = await browserCdp.send('Target.getTargets');
  return Object.fromEntries(targetInfos
    .filter((t) => /worker/.test(t.type) && t.browserContextId === context)
    .map((t) => [t.targetId, t.url.replace(/^.*\/www\//, 'www/')]));
}

/** Workers alive now that were not in `baseline`, waiting up to `ms` for them to end. */
async function workersLeft(browserCdp, context, baseline, ms = 3000) {
  const t0 = Date.now();
  for (;;) {
    const left = Object.entries(await workersOf(browserCdp, context)).filter(([id]) => !(id in baseline)).map(([, url]) => url);
    if (!left.length || Date.now() - t0 > ms) return left;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const mb = (bytes) => Math.round(bytes / 1e4) / 100;
const pct = (before, after) => Math.round(((after - before) / before) * 1000) / 10;

/** Runs one load on a fresh page; resolves to its JSON figures. */
export async function soakLoad(browser, url, name, plan) {
  const load = LOADS[name];
  const page = await openPage(browser, url);
  try {
    const cdp = await page.context().newCDPSession(page);
    const browserCdp = await browser.newBrowserCDPSession();
    const context = (await cdp.send('Target.getTargetInfo')).targetInfo.browserContextId;
    // The page's own sandbox worker lives as long as the page (the Play tabs' seats); it starts
    // with its first request, so it is started here, before the baseline: a load that uses it
    // does not leave it behind.
    await page.evaluate(async () => (await import('./www/sandbox.js')).sandbox.check('none', '', 'pig'));
    const baseline = await workersOf(browserCdp, context);
    const state = await load.open(page, plan);
    for (let i = 0; i < plan.warmup; i += 1) await load.batch(page, state, i);
    const before = await measure(page, cdp, browserCdp, context);
    const t0 = Date.now();
    let count = 0;
    for (let i = plan.warmup; i < plan.warmup + plan.runs; i += 1) count += await load.batch(page, state, i);
    const seconds = (Date.now() - t0) / 1000;
    const left = await workersLeft(browserCdp, context, baseline);
    const after = await measure(page, cdp, browserCdp, context);
    await browserCdp.detach();
    return {
      load: name, count, planned: plan.runs * plan.size, seconds,
      heap_before_mb: mb(before.heap), heap_after_mb: mb(after.heap), change_pct: pct(before.heap, after.heap),
      objects_before_mb: mb(before.objects), objects_after_mb: mb(after.objects), objects_change_pct: pct(before.objects, after.objects),
      code_before_mb: mb(before.code), code_after_mb: mb(after.code),
      wasm_before_mb: mb(before.wasm), wasm_after_mb: mb(after.wasm),
      workers_wasm_before_mb: mb(before.workerWasm), workers_wasm_after_mb: mb(after.workerWasm),
      workers_left: left.length, ...(left.length ? { workers_left_urls: left } : {}),
      workers_alive: Object.values(after.workers), page_errors: page.errors.length,
    };
  } finally {
    await page.context().close();
  }
}

/** What is wrong with a load's figures (empty when it passes). */
export function problemsOf(r) {
  const p = [];
  if (r.count !== r.planned) p.push(`${r.count} of ${r.planned} done`);
  if (r.objects_change_pct > MAX_GROWTH_PCT) p.push(`JS heap without compiled code grew ${r.objects_change_pct}% (limit ${MAX_GROWTH_PCT}%)`);
  if (r.workers_left) p.push(`${r.workers_left} worker(s) left: ${r.workers_left_urls.join(', ')}`);
  if (r.page_errors) p.push(`${r.page_errors} page error(s)`);
  return p;
}

/** Runs every load of `plans` (FULL or QUICK), each on a fresh page of one browser; `report(r)` sees each. */
export async function runSoak(plans, report = () => {}) {
  const server = await serve();
  const browser = await launch();
  try {
    const results = [];
    for (const [name, plan] of Object.entries(plans)) {
      const r = await soakLoad(browser, server.url, name, plan);
      report(r);
      results.push(r);
    }
    return results;
  } finally {
    await browser.close();
    server.close();
  }
}

async function main() {
  const quick = process.argv.includes('--quick');
  const results = await runSoak(quick ? QUICK : FULL, (r) => console.log(JSON.stringify(r)));
  const failed = results.flatMap((r) => problemsOf(r).map((p) => `${r.load}: ${p}`));
  for (const f of failed) console.error(`FAIL ${f}`);
  if (!failed.length) console.error(`soak passed (${quick ? 'quick' : 'full'}): JS heap within ${MAX_GROWTH_PCT}% after every load, no worker left`);
  process.exitCode = failed.length ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
