// Lifter's side of the A/B panel (www/ab.js): two solvers, A and B — the Your solver tab's code,
// your bots (www/bots.js: code or programs) or the built-in solver — on the official maps
// chosen, at the budget chosen; pair k runs both on map k (round and round) with the pair's seed
// (the sandbox worker's 'lifter' run, a one-seat LifterSeries; the built-in solver: its
// 'lifter-solver' search, for the budget's work units, www/lifter/solver-search.js), and the
// higher score wins the pair (equal scores draw). A pair is one comparison: it counts as two
// equal games, so the test sees one outcome a map.
import { el } from '../dom.js';
import { abSlot, mapPicker, programSides } from '../ab.js';
import { bots } from '../bots.js';
import { loadCode } from './strategies.js';
import { mountAllMaps } from './all-maps.js';
import { UNITS_PER_SECOND } from './solver-search.js';

const FIRST_MAPS = ['contest1', 'contest2', 'contest3', 'contest4'];
const BUDGETS = [1, 2, 5, 10];
const BUDGET_MS = 2000;
const slot = abSlot();

function choices() {
  const list = [{ id: 'lab', label: 'Your solver tab’s code', bot: { label: 'lab code', language: 'js', code: loadCode() } }];
  for (const b of bots.list('lifter')) {
    const code = b.code?.js;
    if (b.language === 'program') list.push({ id: `bot:${b.id}`, label: `${b.name} (program)`, bot: { label: b.name.slice(0, 60), language: 'program', code: b.id } });
    else if (b.language === 'js' && typeof code === 'string') list.push({ id: `bot:${b.id}`, label: b.name, bot: { label: b.name.slice(0, 60), language: 'js', code } });
  }
  list.push({ id: 'builtin:solver', label: 'The built-in solver', bot: { label: 'built-in solver', language: 'builtin', code: 'solver' } });
  return list;
}

/** Mounts the panel under the Your solver tab (`root`), after "Run my solver on all maps". */
export function mount(root, ctx) {
  const { engine } = ctx;
  mountAllMaps(root, ctx);
  const maps = new Map(ctx.official.map((m) => [m.name, m.text]));
  const names = [...maps.keys()];
  const programs = programSides('lifter');
  const budget = el('select', { 'aria-label': 'Time budget a map', 'data-testid': 'ab-budget' },
    ...BUDGETS.map((s) => el('option', { value: String(s) }, `${s} s a map`)));
  budget.value = String(BUDGET_MS / 1000);
  slot.mount(root, {
    engine,
    adapter: {
      game: 'lifter',
      kind: 'lifter-ab',
      choices,
      maps: mapPicker(names, FIRST_MAPS.filter((m) => maps.has(m))),
      options: el('label', { class: 'inline' }, 'Budget ', budget),
      settings: () => ({ budgetMs: Number(budget.value) * 1000 }),
      async prepare(run) {
        const missing = run.maps.find((m) => !maps.has(m));
        if (missing) throw new Error(`the map ${missing} is not one of this page's official maps`);
        if (run.bots.every((b) => b.language === 'builtin')) throw new Error('A and B are both the built-in solver: pick a bot for one side.');
        await programs.prepare(run);
      },
      // The built-in solver's budget is work units (the same route on every machine); a bot's is wall time.
      jobs(run, k) {
        const seed = engine.abPairSeed(run.seed, k);
        const name = run.maps[k % run.maps.length];
        const { budgetMs = BUDGET_MS } = JSON.parse(run.settings || '{}');
        const text = maps.get(name);
        return run.bots.map((b) => (b.language === 'builtin'
          ? { type: 'lifter-solver', params: { text, units: (budgetMs / 1000) * UNITS_PER_SECOND } }
          : { type: 'lifter', params: { source: programs.source(b), name, text, budgetMs, seed } }));
      },
      scores(run, k, [a, b]) {
        const score = (r) => r.state?.score ?? r.score;
        const x = Math.sign(score(b) - score(a)) / 2 + 0.5;
        return { b: [x, x], one: true, map: run.maps[k % run.maps.length], failed: (a.failures?.length ?? 0) + (b.failures?.length ?? 0) };
      },
      entrantOf: (b) => ({ label: b.label, kind: b.language, source: b.code }),
    },
  });
}

/** Opens a `lifter-ab` link's run in the panel (once the Your solver tab has mounted it). */
export const openLink = (data) => slot.open(data);
