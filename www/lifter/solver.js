// The built-in solver: the engine's route search in Web Workers, one a core (at most four),
// within a time budget, with progress, the best route so far, Stop, and the result scored by the
// engine and playable. Each worker runs a different part of the search (the engine's
// `LifterSolver.part`: a portfolio, not copies), and the best route of them all is shown.
import { el } from '../dom.js';
import { WorkerRpc } from '../worker-rpc.js';

const BUDGETS = [[1, '1 s'], [3, '3 s'], [5, '5 s'], [10, '10 s'], [30, '30 s'], [60, '1 min'], [300, '5 min']];
const SILENCE_MS = 15000; // a worker that does not report for this long is stopped (WorkerRpc's watchdog)
/** Workers: one a core, at most four (each may grow a search of some 100 MB). */
export const solverWorkers = () => Math.max(1, Math.min(4, navigator.hardwareConcurrency || 1));

/**
 * The parts' reports as one: the best route (among equal scores, the lowest part's), the
 * commands explored by all, the longest elapsed time; exhausted when every part is, stopped when
 * one was.
 */
export function mergeParts(reports) {
  const shown = reports.filter(Boolean);
  if (!shown.length) return null;
  const best = shown.reduce((b, m) => (m.score > b.score ? m : b));
  return {
    ...best,
    explored: shown.reduce((n, m) => n + m.explored, 0),
    elapsed: Math.max(...shown.map((m) => m.elapsed)),
    exhausted: shown.length === reports.length && shown.every((m) => m.exhausted),
    stopped: shown.some((m) => m.stopped),
    parts: reports.length,
  };
}

/**
 * The search on the map `text` in parts, one a worker of `rpcs` (part k of rpcs.length), within
 * `budgetMs` → each worker's answer (WorkerRpc's `call`). `onProgress(merged)`: the parts'
 * latest reports as one (`mergeParts`), whenever one of them reports.
 */
export function searchInParts(rpcs, { text, budgetMs }, { signal, onProgress = () => {} } = {}) {
  const reports = new Array(rpcs.length).fill(null);
  return Promise.all(rpcs.map((rpc, part) => rpc.call({ type: 'solve', text, budgetMs, part, parts: rpcs.length }, {
    backstopMs: SILENCE_MS,
    signal,
    onProgress: (m) => {
      reports[part] = m;
      onProgress(mergeParts(reports));
    },
  })));
}

const fmtTime = (ms) => (ms < 10000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`);
const fmtCount = (n) => Math.round(n).toLocaleString('en-US');

export function mountSolver(root, ctx) {
  const { engine } = ctx;
  let map = null;
  const parts = solverWorkers();
  const rpcs = Array.from({ length: parts }, () => new WorkerRpc(new URL('./solver-worker.js', import.meta.url)));
  let controller = null; // the search in progress
  let last = null;
  let started = 0;
  let budgetMs = 0;
  let ticker = null;

  const budget = el('select', { 'aria-label': 'Time budget', 'data-testid': 'lifter-budget' },
    ...BUDGETS.map(([s, label]) => el('option', { value: String(s) }, label)));
  budget.value = '10';
  const run = el('button', { class: 'primary', 'data-testid': 'lifter-solve' }, 'Find a route');
  const stopBtn = el('button', { hidden: true, 'data-testid': 'lifter-solve-stop' }, 'Stop');
  const bar = el('progress', { max: '1', value: '0', hidden: true, class: 'lifter-progress' });
  const status = el('div', { class: 'status', 'aria-live': 'polite', 'data-testid': 'lifter-solve-status' });
  const figures = {};
  const figure = (k, label) => {
    figures[k] = el('dd', { 'data-testid': `lifter-solve-${k}` }, '—');
    return el('div', { class: 'stat' }, el('dt', {}, label), figures[k]);
  };
  const grid = el('dl', { class: 'lifter-stats' }, figure('score', 'Best score'), figure('explored', 'Explored'), figure('elapsed', 'Elapsed'));
  const route = el('pre', { class: 'lifter-route-out', 'data-testid': 'lifter-solve-route' });
  const result = el('div', { class: 'lifter-result', 'data-testid': 'lifter-solve-result' });
  const watch = el('button', { class: 'primary', disabled: true, 'data-testid': 'lifter-solve-watch' }, 'Watch in the replay viewer');
  const play = el('button', { disabled: true, 'data-testid': 'lifter-solve-play' }, 'Play it');
  const mapName = el('strong');

  root.append(
    el('div', { class: 'panel' },
      el('p', { class: 'lead' }, 'The built-in solver searches for a high-scoring route on ', mapName,
        `. It runs in ${parts === 1 ? 'a background worker' : `${parts} background workers, one a core, each searching differently`}, so the page stays responsive; stop it whenever you like and keep the best route found so far.`),
      el('div', { class: 'row' }, el('label', { class: 'inline' }, 'Time budget ', budget), run, stopBtn, bar),
      status,
      grid),
    el('div', { class: 'panel side' },
      el('h3', {}, 'Best route'),
      route,
      result,
      el('div', { class: 'row' }, watch, play)));

  function setFigures(m) {
    figures.score.textContent = String(m.score);
    figures.explored.textContent = fmtCount(m.explored);
    figures.elapsed.replaceChildren(fmtTime(m.elapsed), el('small', { class: 'stat-sub' }, `budget ${fmtTime(budgetMs)}`));
    route.textContent = m.route || '(none yet)';
    // The best route so far can be watched and played while the search goes on.
    watch.disabled = play.disabled = !m.route;
  }

  function finish(message, kind = '') {
    clearInterval(ticker);
    controller = null;
    run.disabled = false;
    stopBtn.hidden = true;
    bar.hidden = true;
    status.textContent = message;
    status.className = `status ${kind}`;
    showResult();
  }

  function showResult() {
    result.replaceChildren();
    watch.disabled = play.disabled = true;
    if (!last?.route) return;
    // The engine scores the route: the same rules as playing it by hand.
    const game = new engine.LifterGame(map.name, map.text);
    const r = game.setRoute(last.route);
    const s = game.state();
    game.free();
    const outcome = s.ending ?? 'route ends while playing';
    result.append(
      el('div', { class: 'result-head' },
        el('div', { class: 'big-score', 'data-testid': 'lifter-solve-final' }, String(s.score)),
        el('div', {},
          el('div', {}, el('strong', {}, outcome), ` · ${s.lambdas} of ${s.totalLambdas} λ · ${r.applied} commands`),
          el('div', { class: 'muted' }, 'scored by the engine'))));
    watch.disabled = play.disabled = false;
  }

  run.addEventListener('click', async () => {
    if (!map) return;
    controller?.abort();
    last = null;
    result.replaceChildren();
    route.textContent = '';
    budgetMs = Number(budget.value) * 1000;
    started = performance.now();
    run.disabled = true;
    stopBtn.hidden = false;
    bar.hidden = false;
    bar.value = 0;
    watch.disabled = play.disabled = true;
    status.textContent = `Searching ${map.name}…`;
    status.className = 'status';
    for (const f of Object.values(figures)) f.textContent = '—';
    ticker = setInterval(() => { bar.value = Math.min(1, (performance.now() - started) / budgetMs); }, 100);
    const mine = new AbortController();
    controller = mine;
    const results = await searchInParts(rpcs, { text: map.text, budgetMs }, {
      signal: mine.signal,
      onProgress: (m) => {
        if (controller !== mine) return;
        last = m;
        setFigures(m);
      },
    });
    // The search is over: its workers end, and with them the memory the search grew (a wasm
    // memory never shrinks); the next search starts others.
    for (const rpc of rpcs) if (!rpc.pending.size) rpc.stop();
    if (controller !== mine) return; // the map changed meanwhile
    const failed = results.find((x) => !x.ok);
    const r = failed ?? { ok: true, value: mergeParts(results.map((x) => x.value)) };
    if (r.ok) {
      const m = r.value;
      last = m;
      setFigures(m);
      const why = m.stopped ? 'Stopped' : m.exhausted ? 'Search complete' : 'Time budget used';
      finish(`${why} after ${fmtTime(m.elapsed)}: ${fmtCount(m.explored)} explored.`, 'pass');
    } else if (r.kind === 'cancelled') finish('Stopped; the best route so far is kept.');
    else if (r.kind === 'timeout') finish(`The solver did not report for ${SILENCE_MS / 1000} s and was stopped; the best route so far is kept.`, 'error');
    else finish(`The solver could not run: ${r.error}`, 'error');
  });
  stopBtn.addEventListener('click', () => controller?.abort());
  watch.addEventListener('click', () => ctx.showTab('replay').open({ route: last.route, view: 0 }));
  play.addEventListener('click', () => ctx.showTab('play').playRoute(last.route));

  return {
    setMap(m) {
      if (controller) { controller.abort(); finish('Stopped: the map changed.'); }
      map = m;
      mapName.textContent = m.name;
      last = null;
      result.replaceChildren();
      route.textContent = '';
      for (const f of Object.values(figures)) f.textContent = '—';
      watch.disabled = play.disabled = true;
    },
  };
}
