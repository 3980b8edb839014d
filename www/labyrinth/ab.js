// Labyrinth's side of the A/B panel (www/ab.js): two players, A and B — the lab's current code,
// your bots (www/bots.js) or an AI level; pair k is two games dealt from the pair's seed, A in
// the first seat then B ('labyrinth-ab-game', a one-game LabyrinthSeries in the sandbox worker).
import { abSlot } from '../ab.js';
import { bots } from '../bots.js';
import { loadStrategy } from './lab.js';

const LEVELS = ['greedy', 'simple', 'strong'];
const slot = abSlot();

function choices() {
  const list = [{ id: 'lab', label: 'The lab’s current code', bot: { label: 'lab code', language: 'js', code: loadStrategy() } }];
  for (const b of bots.list('labyrinth')) {
    const code = b.code?.js;
    if (b.language === 'js' && typeof code === 'string') list.push({ id: `bot:${b.id}`, label: b.name, bot: { label: b.name.slice(0, 60), language: 'js', code } });
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
      jobs(run, k) {
        const seed = ctx.engine.abPairSeed(run.seed, k);
        const [a, b] = run.bots;
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
