// Pig's side of the A/B panel (www/ab.js): the sides are the lab's current code, your bots
// (www/bots.js: code or programs) and the built-in strategies; pair k is two one-game matches on the pair's seed,
// A first then B first, each played by the engine's series in the sandbox worker ('pig-ab-game').
import { abSlot, programSides } from '../ab.js';
import { bots } from '../bots.js';
import { loadMine } from './strategies.js';

const TARGET = 100;
const slot = abSlot();
const programs = programSides('pig');

/** A bot as a run holds it → an entrant of a Pig match ({ label, kind, source }). */
const entrantOf = (b) => ({ label: b.label, kind: b.language, source: b.code });
/** …as it plays: a program side with its program loaded (`programs.prepare`). */
const playing = (b) => (b.language === 'program' ? { label: b.label, kind: 'program', source: b.label, program: programs.source(b) } : entrantOf(b));

function choices(ctx) {
  const mine = loadMine();
  const list = [{ id: 'lab', label: 'The lab’s current code', bot: { label: mine.kind === 'js' ? 'lab code (JS)' : 'lab code (Scheme)', language: mine.kind, code: mine.source } }];
  for (const b of bots.list('pig')) {
    const code = b.code?.[b.language];
    if (b.language === 'program') list.push({ id: `bot:${b.id}`, label: `${b.name} (program)`, bot: { label: b.name.slice(0, 60), language: 'program', code: b.id } });
    else if (typeof code === 'string') list.push({ id: `bot:${b.id}`, label: `${b.name} (${b.language === 'js' ? 'JavaScript' : 'Scheme'})`, bot: { label: b.name.slice(0, 60), language: b.language, code } });
  }
  for (const b of ctx.builtins) list.push({ id: `builtin:${b.name}`, label: `${b.name} — ${b.description}`, bot: { label: b.name, language: 'builtin', code: b.name } });
  return list;
}

/** Mounts the panel under the lab (`root`). */
export function mount(root, ctx) {
  slot.mount(root, {
    engine: ctx.engine,
    adapter: {
      game: 'pig',
      kind: 'pig-ab',
      choices: () => choices(ctx),
      settings: () => ({ target: TARGET }),
      prepare: (run) => programs.prepare(run),
      jobs(run, k) {
        const seed = ctx.engine.abPairSeed(run.seed, k);
        const target = JSON.parse(run.settings || '{}').target ?? TARGET;
        const [a, b] = run.bots.map(playing);
        return [[a, b], [b, a]].map((entrants) => ({ type: 'pig-ab-game', params: { entrants, games: 1, seed, target } }));
      },
      // B is entrant 1 of the first game and entrant 0 of the second.
      scores: (run, k, [first, second]) => ({
        b: [first.logs[0].winner === 1 ? 1 : 0, second.logs[0].winner === 0 ? 1 : 0],
        failed: first.failures.length + second.failures.length,
      }),
      entrantOf,
    },
  });
}

/** Opens a `pig-ab` link's run in the panel (once the lab has mounted it). */
export const openLink = (data) => slot.open(data);
