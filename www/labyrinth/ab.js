// Labyrinth's side of the A/B panel (www/ab.js): two players, A and B — the lab's current code,
// your bots (www/bots.js: code or programs) or an AI level; pair k is two games dealt from the pair's seed, A in
// the first seat then B ('labyrinth-ab-game', a one-game LabyrinthSeries in the sandbox worker).
import { abSlot, programSides } from '../ab.js';
import { bots } from '../bots.js';
import { loadStrategy } from './strategies.js';

const LEVELS = ['greedy', 'simple', 'strong'];
const slot = abSlot();
const programs = programSides('labyrinth');

function choices() {
  const list = [{ id: 'lab', label: 'The lab’s current code', bot: { label: 'lab code', language: 'js', code: loadStrategy() } }];
  for (const b of bots.list('labyrinth')) {
    const code = b.code?.js;
    if (b.language === 'program') list.push({ id: `bot:${b.id}`, label: `${b.name} (program)`, bot: { label: b.name.slice(0, 60), language: 'program', code: b.id } });
    else if (b.language === 'js' && typeof code === 'string') list.push({ id: `bot:${b.id}`, label: b.name, bot: { label: b.name.slice(0, 60), language: 'js', code } });
  }
  for (const level of LEVELS) list.push({ id: `builtin:${level}`, label: `AI: ${level}`, bot: { label: `AI ${level}`, language: 'builtin', code: level } });
  return list;
}

/** Mounts the panel under the lab (`root`). */
export function mount(root, ctx) {
  slot.mount(root, {
    engine: ctx.engine,
    adapter: {
      game: 'labyrinth',
      kind: 'labyrinth-ab',
      choices,
      settings: () => ({}),
      prepare: (run) => programs.prepare(run),
      jobs(run, k) {
        const seed = ctx.engine.abPairSeed(run.seed, k);
        const [a, b] = run.bots.map((x) => (x.language === 'program' ? { ...x, program: programs.source(x) } : x));
        return [[a, b], [b, a]].map((pair) => ({ type: 'labyrinth-ab-game', params: { bots: pair, seed } }));
      },
      // B is entrant 1 of the first game and entrant 0 of the second; no winner is a draw.
      scores: (run, k, [first, second]) => ({
        b: [[first.winner, 1], [second.winner, 0]].map(([w, b]) => (w === null ? 0.5 : w === b ? 1 : 0)),
        failed: first.failed + second.failed,
      }),
      entrantOf: (b) => ({ label: b.label, kind: b.language, source: b.code }),
    },
  });
}

/** Opens a `labyrinth-ab` link's run in the panel (once the lab has mounted it). */
export const openLink = (data) => slot.open(data);
