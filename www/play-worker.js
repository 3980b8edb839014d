// The Play tabs' game loop, in the sandbox worker (off the page's main thread): every Play game
// is a one-game series of the engine (arena::Series, through the game's series handle) in which
// the human seats are outside seats. The worker plays the engine's seats and the user's code
// seats (the one referee loop, www/referee.js) until a human is asked or a slice of time has
// passed, and hands the page the moves made (each by its index among the legal moves of its
// position: the page's own tape plays them) and the question for the human, if any. The page
// answers a human's move by its index.
import { Referee } from './referee.js';

const SLICE_MS = 120;
const plays = new Map();
let nextPlay = 1;

/**
 * Opens a Play game: `made` = { handle, humans (Set of entrant numbers), open, answer } from the
 * game's seats module. → its id.
 */
export function openPlay(made) {
  const id = nextPlay++;
  // `game`: the game's number in its series (a fork of a lab or arena game keeps its number).
  plays.set(id, { handle: made.handle, humans: made.humans, game: made.game ?? 0, referee: new Referee(made.handle, made) });
  return id;
}

/**
 * Goes on with Play game `id`: `answer` (an index, or null) answers the human asked last; then
 * { moves, ask: { entrant, seat, view } | null, over, link, decisions }.
 */
export async function stepPlay({ id, answer = null, ms = 0 }, ctx) {
  const p = plays.get(id);
  if (!p) throw new Error('this game has ended in the sandbox (reopen it)');
  if (answer !== null) p.handle.answerIndex(answer, ms);
  const r = await p.referee.run(ctx, { humans: p.humans, untilMs: performance.now() + SLICE_MS });
  const ask = typeof r === 'object' ? { entrant: r.entrant, seat: r.seat, view: JSON.parse(r.view) } : null;
  // `exchanges`: the messages a protocol seat was sent (Punter's JavaScript bots), for the inspector.
  return { moves: Array.from(p.handle.moves()), ask, over: r === 'over', link: p.handle.link(), decisions: p.handle.decisions(p.game), exchanges: p.handle.exchanges?.() };
}

export function closePlay({ id }) {
  const p = plays.get(id);
  if (!p) return;
  plays.delete(id);
  p.referee.closeAll();
  p.handle.free();
}

/**
 * A seat of user code opened on a game that goes on from a position (Continue from here, a kept
 * game reopened): it is asked its seat's earlier questions again (`views`, the handle's
 * `earlier(seat)`; `toArgs` turns one into what its `decide` takes), answers and output dropped,
 * as the engine's deciders witness them — so it goes on as if it had played the game from its
 * start. → the seat.
 */
export async function askedBefore(seat, views, toArgs = (v) => v) {
  for (const view of views) await seat.decide(toArgs(view));
  return seat;
}

/**
 * Re-run here, for every game: the seat `open()` starts (the user's current code, afresh, with
 * the seat's seed) is handed `views` in order (JSON texts: the seat's history up to the turn,
 * then the turn); its answers to the earlier ones are dropped. → its last { answer, error,
 * printed, ms } (what it printed while loading comes with its first view, as in the game).
 */
export async function rerunSeat(open, views) {
  const seat = await open().catch((e) => ({ failed: e }));
  if (seat.failed) return { answer: null, error: seat.failed.message, printed: '', ms: 0 };
  try {
    let r = null;
    for (const view of views) r = await seat.decide(JSON.parse(view), { view });
    return r;
  } finally { seat.close(); }
}
