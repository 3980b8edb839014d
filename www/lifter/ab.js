// Lifter's side of the A/B panel (www/ab.js): two solvers, A and B — the Your solver tab's code
// or your bots (www/bots.js) — on the official maps chosen; pair k runs both on map k (round and
// round) with the pair's seed (the sandbox worker's 'lifter' run, a one-seat LifterSeries), and
// the higher score wins the pair (equal scores draw). A pair is one comparison: it counts as
// two equal games, so the test sees one outcome a map.
import { abSlot, mapPicker } from '../ab.js';
import { bots } from '../bots.js';
import { loadCode } from './lab.js';
import { mountAllMaps } from './all-maps.js';

const FIRST_MAPS = ['contest1', 'contest2', 'contest3', 'contest4'];
const BUDGET_MS = 2000;
const slot = abSlot();

function choices() {
  const list = [{ id: 'lab', label: 'Your solver tab’s code', bot: { label: 'lab code', language: 'js', code: loadCode() } }];
  for (const b of bots.list('lifter')) {
    const code = b.code?.js;
    if (b.language === 'js' && typeof code === 'string') list.push({ id: `bot:${b.id}`, label: b.name, bot: { label: b.name.slice(0, 60), language: 'js', code } });
  }
  return list;
}

/** Mounts the panel under the Your solver tab (`root`), after "Run my solver on all maps". */
export function mount(root, ctx) {
  const { engine } = ctx;
  mountAllMaps(root, ctx);
  const maps = new Map(ctx.official.map((m) => [m.name, m.text]));
  const names = [...maps.keys()];
  slot.mount(root, {
    engine,
    adapter: {
      game: 'lifter',
      kind: 'lifter-ab',
      choices,
      maps: mapPicker(names, FIRST_MAPS.filter((m) => maps.has(m))),
      settings: () => ({ budgetMs: BUDGET_MS }),
      prepare(run) {
        const missing = run.maps.find((m) => !maps.has(m));
        if (missing) throw new Error(`the map ${missing} is not one of this page's official maps`);
      },
      jobs(run, k) {
        const seed = engine.abPairSeed(run.seed, k);
        const name = run.maps[k % run.maps.length];
        const { budgetMs = BUDGET_MS } = JSON.parse(run.settings || '{}');
        return run.bots.map((b) => ({ type: 'lifter', params: { source: b.code, name, text: maps.get(name), budgetMs, seed } }));
      },
      scores(run, k, [a, b]) {
        const x = Math.sign(b.state.score - a.state.score) / 2 + 0.5;
        return { b: [x, x], one: true, map: run.maps[k % run.maps.length], failed: (a.failures?.length ?? 0) + (b.failures?.length ?? 0) };
      },
      entrantOf: (b) => ({ label: b.label, kind: b.language, source: b.code }),
    },
  });
}

/** Opens a `lifter-ab` link's run in the panel (once the Your solver tab has mounted it). */
export const openLink = (data) => slot.open(data);
