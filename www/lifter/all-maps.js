// "Run my solver on all maps" (the Your solver tab): your code on every official map at one time
// budget, on the worker pool (www/pool.js, the sandbox worker's 'lifter' run), beside the best
// known score (crates/lifter/src/maps.rs), your previous run on each map (kept, www/kept.js) and the
// built-in solver at the same budget (www/lifter/solver-worker.js, one map at a time).
import { el } from '../dom.js';
import { storage } from '../kept.js';
import { runPool, poolSize, workersLabel } from '../pool.js';
import { WorkerRpc } from '../worker-rpc.js';
import { seedField, SEED_REFUSED } from '../run-report.js';
import { loadCode } from './strategies.js';

const KEY = 'arcade.lifter.all-maps.v1';
const BUDGETS = [1, 2, 5, 10];
const SILENCE_MS = 30000;

/** Mounts the panel under `root`; `ctx.official`: the official maps ({ name, text, bestKnown }). */
export function mountAllMaps(root, ctx) {
  const budget = el('select', { 'aria-label': 'Time budget a map', 'data-testid': 'lifter-all-budget' },
    ...BUDGETS.map((s) => el('option', { value: String(s) }, `${s} s a map`)));
  budget.value = '1';
  const builtin = el('input', { type: 'checkbox', checked: true, 'data-testid': 'lifter-all-builtin' });
  const seed = seedField(ctx.engine, 'lifter-all-seed');
  const run = el('button', { class: 'primary', 'data-testid': 'lifter-all-run' }, 'Run my solver on all maps');
  const stop = el('button', { hidden: true }, 'Stop');
  const status = el('div', { class: 'status', 'aria-live': 'polite', 'data-testid': 'lifter-all-status' });
  const table = el('div', { class: 'table-scroll', 'data-testid': 'lifter-all-table' });
  let controller = null;

  const previous = () => { try { return storage.json(KEY) ?? {}; } catch { return {}; } };
  function draw(rows, before) {
    const cell = (v) => el('td', {}, v === undefined || v === null ? '—' : String(v));
    table.replaceChildren(el('table', { class: 'ab-table' },
      el('thead', {}, el('tr', {}, ...['Map', 'Your score', 'Best known', 'Your previous run', 'Built-in solver'].map((h) => el('th', {}, h)))),
      el('tbody', {}, ...ctx.official.map((m) => el('tr', {}, el('td', {}, m.name), cell(rows[m.name]?.mine),
        cell(m.bestKnown), cell(before.scores?.[m.name]), cell(rows[m.name]?.builtin))))));
  }

  run.addEventListener('click', async () => {
    const s = seed.take();
    if (s === null) { status.textContent = SEED_REFUSED; status.className = 'status error'; return; }
    controller = new AbortController();
    const { signal } = controller;
    const budgetMs = Number(budget.value) * 1000;
    const before = previous();
    const rows = {};
    draw(rows, before);
    run.disabled = true;
    stop.hidden = false;
    status.className = 'status';
    const maps = ctx.official;
    const jobs = maps.map((m) => ({ type: 'lifter', params: { source: loadCode(), name: m.name, text: m.text, budgetMs, seed: s } }));
    status.textContent = `Running your solver on ${maps.length} maps (${workersLabel(poolSize(jobs.length))})…`;
    const mine = runPool(jobs, { signal, backstopMs: budgetMs + SILENCE_MS, onResult: (k, r) => { rows[maps[k].name] = { ...rows[maps[k].name], mine: r.state.score }; draw(rows, before); } });
    const theirs = builtin.checked ? solveAll(maps, budgetMs, signal, (name, score) => { rows[name] = { ...rows[name], builtin: score }; draw(rows, before); }) : null;
    try {
      await mine;
      const scores = Object.fromEntries(maps.map((m) => [m.name, rows[m.name]?.mine]));
      storage.setJson(KEY, { seed: s, budgetMs, scores });
      status.textContent = `Your solver ran on every map (${budget.value} s a map, seed ${s}).${theirs ? ' The built-in solver goes on, one map at a time.' : ''}`;
      await theirs;
      status.textContent = `Done: ${budget.value} s a map, seed ${s}.`;
      status.className = 'status pass';
    } catch (e) {
      status.textContent = e.message === 'cancelled' ? 'Stopped.' : `Could not run: ${e.message}`;
      status.className = e.message === 'cancelled' ? 'status' : 'status error';
    } finally {
      controller?.abort();
      controller = null;
      run.disabled = false;
      stop.hidden = true;
    }
  });
  stop.addEventListener('click', () => controller?.abort());

  const before = previous();
  if (before.scores) draw({}, before);
  root.append(el('section', { class: 'panel', 'data-testid': 'lifter-all-maps' },
    el('h3', {}, 'Your solver on all maps'),
    el('p', { class: 'muted' }, 'Runs the Your solver tab’s code on every official map at one time budget, beside the best known score, your previous run and (optionally) the built-in solver at the same budget.'),
    el('div', { class: 'row' }, budget, el('label', { class: 'inline' }, builtin, ' with the built-in solver'), seed.box),
    el('div', { class: 'row' }, run, stop), status, table));
}

/** The built-in solver on each map in turn at `budgetMs`; `onScore(name, score)` as each ends. */
async function solveAll(maps, budgetMs, signal, onScore) {
  const rpc = new WorkerRpc(new URL('./solver-worker.js', import.meta.url));
  try {
    for (const m of maps) {
      if (signal.aborted) throw new Error('cancelled');
      const r = await rpc.call({ type: 'solve', text: m.text, budgetMs }, { backstopMs: SILENCE_MS, signal });
      if (!r.ok) throw new Error(r.kind === 'cancelled' ? 'cancelled' : `the built-in solver on ${m.name}: ${r.error ?? r.kind}`);
      onScore(m.name, r.value.score);
    }
  } finally {
    rpc.stop();
  }
}
