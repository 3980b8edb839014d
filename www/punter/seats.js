// Punter's side of the sandbox worker: a game of the engine's series (PunterSeries) through the
// page's one referee loop (www/referee.js). The engine seats everyone, plays the built-in bots,
// writes every official protocol message a JavaScript bot receives and reads its answers; the
// user's `punter(message)` runs in the user-code host through UserSession, timed here with the
// official limits the engine gives (10 s for setup, 1 s per move; ten timeouts make a zombie).
// One seat logic (`openSeat`) serves a lab or arena game, the Play tab's game (where people sit
// too) and a re-run of the code on a seat's recorded messages (the replay's inspector).
import { UserSession } from '../user-code.js';
import { playSeries } from '../referee.js';
import { rerunSeat } from '../play-worker.js';
import { freeAfter } from '../engine.js';

const BACKSTOP_EXTRA_MS = 1000;
const LOAD_MS = 2000;
const PRINTED_MAX = 20000;
const SETUP_MS = 10000;

/**
 * A JavaScript bot's seat: the code `source` (or a program, `{ program, args }`), started afresh with `seed` → { decide(message,
 * { limitMs }) → { answer (its reply as JSON text), error, printed, ms, timeout, stopped },
 * close() }. What it printed while loading comes with its first answer. Throws when it does not
 * load (`label` names it).
 */
async function openSeat(engine, source, seed, label) {
  // A program (docs/PROGRAMS.md) speaks the same protocol from a worker of its own.
  if (source && typeof source === 'object') return (await import('./program-seat.js')).openProgramSeat(engine, source, seed);
  const started = await UserSession.start({ game: 'punter', source: source ?? '', seed, loadMs: LOAD_MS });
  if (started.error) throw new Error(`${label} does not load: ${started.error}`);
  const { session } = started;
  let early = started.printed ?? '';
  return {
    async decide(message, { limitMs = SETUP_MS } = {}) {
      const r = await session.call('punter', message, { limitMs, backstopMs: limitMs + BACKSTOP_EXTRA_MS });
      const printed = early + (r.printed ?? '');
      early = '';
      // The answer as the host sent it (JSON text, its size checked before it was parsed).
      return { answer: r.json ?? 'null', error: r.error, printed, ms: r.ms ?? 0, timeout: Boolean(r.timeout || r.slow), stopped: Boolean(r.timeout) };
    },
    close() { session.close(); },
  };
}

const answerSeat = (h, json, printed, ms) => h.answer(json, printed, ms);
const failSeat = (h, r) => h.fail(r.error, r.timeout, r.stopped, r.printed ?? '', r.ms ?? 0);

/**
 * One game of `entrants` (per entrant 'js' or a bot name; entrant e sits in seat (e − game)
 * mod n), the JavaScript entrants' code in `sources` (by entrant):
 * → { seating, summary, link, printed, problems: [{ seat, phase, message, turn }], decisions,
 * exchanges } (`turn`: the engine's turn of an answer played as a pass; `decisions` and
 * `exchanges` for the replay's inspector).
 */
async function playGame(engine, { mapName, mapText, entrants, names, sources, settings, seed, game }, ctx) {
  const handle = new engine.PunterSeries(mapName, mapText, entrants, names, settings, seed, game);
  let printed = '';
  let programName = null; // the name a program gave itself in its handshake
  const keep = (p) => { if (p && printed.length < PRINTED_MAX) printed += p; };
  return freeAfter(handle, async () => {
    const open = async (step) => {
      const seat = await openSeat(engine, sources[step.entrant], step.seed, `seat ${step.seat + 1}`);
      return { ...seat, async decide(m, s) { const r = await seat.decide(m, s); keep(r.printed); programName ??= r.name ?? null; return r; } };
    };
    const progress = () => ctx.progress(handle.summary());
    await playSeries(handle, { open, answer: answerSeat, fail: failSeat, progress }, ctx);
    return {
      seating: Array.from(handle.seating()), summary: handle.summary(), link: handle.link(), printed, problems: handle.remarks(),
      decisions: handle.decisions(game), exchanges: handle.exchanges(), programName,
    };
  });
}

/**
 * A single game: { mapName, mapText, seats: ['js' | bot name, …], sources: { [seat]: source },
 * settings, seed } → { summary, link, printed, problems, decisions, exchanges }. Seat i is
 * entrant i (game 0).
 */
export async function runPunter(engine, { mapName, mapText, seats, sources, settings, seed, name = 'your bot' }, ctx) {
  const names = seats.map((s) => (s === 'js' ? name : s));
  return playGame(engine, { mapName, mapText, entrants: seats, names, sources, settings, seed, game: 0 }, ctx);
}

/**
 * Game `game` of an arena for a JavaScript bot (entrant 0) against `bots`: the engine rotates
 * the seats from game to game and seeds every game; each game starts the bot's code afresh, so
 * games can be played in any order, on any worker.
 * → { seating: entrant per seat, scores, link, printed, failed (the bot's answers played as a pass,
 * `fallback`, the engine's name for it), problems: [{ game, seat, phase, message, turn }],
 * decisions, exchanges }
 */
export async function runPunterArenaGame(engine, { mapName, mapText, bots, source, game, settings, seed, name = 'your bot' }, ctx) {
  const r = await playGame(engine, { mapName, mapText, entrants: ['js', ...bots], names: [name, ...bots], sources: { 0: source }, settings, seed, game }, ctx);
  const seat = r.seating.indexOf(0);
  return {
    seating: r.seating, scores: r.summary.scores, link: r.link, printed: r.printed,
    failed: r.summary.rejected[seat] + r.summary.timeouts[seat], fallback: r.summary.fallback,
    problems: r.problems.slice(0, 20).map((p) => ({ ...p, game: game + 1 })),
    decisions: r.decisions, exchanges: r.exchanges, programName: r.programName,
  };
}

/**
 * A Play tab's game as a one-game series from `link`'s position (www/play-worker.js):
 * `seats[i]` plays seat i of game `game` of the link's series — "human" (answered by the page, with a move's index), "js" (the code
 * `source`, told of its seat's earlier turns first) or a built-in bot, seated, seeded and bidding
 * its futures as in an arena; `assets` hands in the bundled map the link names.
 * → { handle, humans, open, answer, fail }.
 */
export function openPlay(engine, { link, seats, assets, source, game = 0 }) {
  const handle = engine.PunterSeries.fromLink(link, seats, assets, game);
  // The series asks entrants; seats rotate with the game's number (`game`: a fork of game
  // `game` of a lab or arena keeps its seeds).
  const seating = handle.seating();
  const humans = new Set(seats.flatMap((e, i) => (e === 'human' ? [seating[i]] : [])));
  const open = (step) => openSeat(engine, source, step.seed, 'your bot');
  return { handle, humans, game, open, answer: answerSeat, fail: failSeat };
}

/**
 * Re-run here (www/play-worker.js `rerunSeat`): the code `source`, started afresh with the
 * seat's seed, is handed `views` (the seat's recorded messages: setup, then every move request
 * up to the turn) → its answer to the last one.
 */
export const rerun = (engine, { source, seed, views }) =>
  rerunSeat(() => openSeat(engine, source, seed, 'your current code'), views);
