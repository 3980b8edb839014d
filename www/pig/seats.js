// Pig's seats in the sandbox worker: how a Pig strategy is asked (a seat of the Play tab, or an
// entrant of a match or a tournament's pair, played by the engine's series through the page's one
// referee loop, www/referee.js). Built-in and Scheme strategies run inside the engine (Scheme with
// a deterministic step budget); JavaScript strategies run in the user-code host through
// UserSession, timed from here.
import { UserSession } from '../user-code.js';
import { playSeries } from '../referee.js';
import { freeAfter } from '../engine.js';
import { askedBefore, rerunSeat } from '../play-worker.js';

const JS_BACKSTOP_MS = 1000;
/** A program's time a decision (docs/PROGRAMS.md): more than a function's, as it starts afresh each time. */
const PROGRAM_DECISION_MS = 1000;

/**
 * A program's seat (docs/PROGRAMS.md): a fresh instance a decision, its state carried for the
 * whole match; a failed decision counts as "hold", as a strategy's does.
 */
async function openProgram(engine, entrant, seed) {
  const seat = await (await import('../program-seat.js')).openProgramSeat(engine, entrant.program, { game: 'pig', seed, limitMs: PROGRAM_DECISION_MS });
  return {
    async decide(view) {
      const r = await seat.ask(view);
      if (r.error) return { answer: false, error: `${r.error}; counted as “hold”`, printed: r.printed, timeout: r.timeout, ms: r.ms };
      if (typeof r.move !== 'boolean') return { answer: false, error: `answered the move ${JSON.stringify(r.move)?.slice(0, 200)}, expected true or false; counted as “hold”`, printed: r.printed, timeout: false, ms: r.ms };
      return { answer: r.move, error: null, printed: r.printed, timeout: false, ms: r.ms };
    },
    close() { seat.close(); },
  };
}

/**
 * A JavaScript strategy's seat (or a program's, `kind` 'program'): { decide(view) → { answer,
 * error, printed, timeout, ms }, close() } (`timeout`: over the time limit or no answer). Throws
 * when the strategy does not load.
 */
export async function openSeat(engine, entrant, seed) {
  if (entrant.kind === 'program') return openProgram(engine, entrant, seed);
  const started = await UserSession.start({ game: 'pig', source: entrant.source, seed, loadMs: JS_BACKSTOP_MS });
  if (started.error) throw new Error(`${entrant.label} does not load: ${started.error}`);
  const { session } = started;
  const limitMs = engine.decisionLimits('pig').decisionMs;
  let early = started.printed; // printed by the top level, shown with the first decision
  return {
    async decide(view) {
      const r = await session.call('player', argsOf(view), { limitMs, backstopMs: JS_BACKSTOP_MS });
      const printed = early + r.printed;
      early = '';
      if (r.timeout) {
        const why = r.oom ? r.error : `${r.error} (infinite loop?): the sandbox stopped it`;
        return { answer: false, printed, timeout: true, ms: r.ms, error: `${why}; this and all its later decisions are counted as “hold”` };
      }
      return { answer: r.error ? false : r.answer, error: r.error, printed, timeout: Boolean(r.slow), ms: r.ms };
    },
    close() { session.close(); },
  };
}

/** A strategy's question (the engine's situation) as `player`'s arguments. */
const argsOf = (v) => [v.my_total, v.other_total, v.accum, v.current];

/**
 * Opens every JavaScript seat of a match, each with its entrant's seed from the engine; when one
 * does not load, closes the others and throws.
 */
async function openJsSeats(engine, entrants, match) {
  const opened = await Promise.allSettled(entrants.map((e, i) =>
    (e.kind === 'js' || e.kind === 'program' ? openSeat(engine, e, match.strategySeed(i)) : null)));
  const failed = opened.find((o) => o.status === 'rejected');
  if (failed) {
    opened.forEach((o) => o.value?.close());
    throw failed.reason;
  }
  return opened.map((o) => o.value);
}

/**
 * What the referee runs: a match of two strategies (`PigMatch` of the spec) or one pair of a
 * tournament (`{ spec, pair }`: the pair's own `PigMatch`, its entrants the pair's two). A
 * question names the entrant by its index in the match.
 */
const CONTESTS = {
  match: (engine, spec) => ({ match: new engine.PigMatch(spec), entrants: spec.entrants }),
  pair: (engine, { spec, pair }) => {
    const match = engine.PigTournament.pairMatch(spec, pair);
    const [a, b] = engine.pigTournamentPairs(spec)[pair];
    return { match, entrants: [spec.entrants[a], spec.entrants[b]] };
  },
};

/**
 * Runs a match (`kind` 'match', `what` a spec as for PigMatch) or a tournament's pair ('pair',
 * `what` = { spec, pair }); progress reports the match's summaries.
 */
export async function runMatch(engine, what, ctx, kind = 'match') {
  const create = CONTESTS[kind];
  if (!create) throw new Error(`no Pig contest “${kind}”`);
  const { match, entrants } = create(engine, what);
  return freeAfter(match, async () => {
    // Every JavaScript strategy is loaded before the first game (one that does not load ends
    // the match at once, naming it); it keeps its state from game to game.
    const seats = await openJsSeats(engine, entrants, match);
    const open = (step) => {
      const seat = seats[step.entrant];
      return { decide: (v) => seat.decide(v), close: () => seat.close() };
    };
    const answer = (handle, throwAgain, printed, ms) => handle.answer(throwAgain, undefined, printed, ms);
    const progress = () => ctx.progress(match.summary());
    try {
      return await playSeries(match, { open, answer, progress, acrossGames: true }, ctx);
    } finally {
      seats.forEach((s) => s?.close());
    }
  });
}

/**
 * The Play tab's game as a one-game series from `link`'s position (www/play-worker.js):
 * `entrants[i]` plays seat i — { kind: 'human' } or a strategy ({ label, kind, source }: built-in
 * and Scheme in the engine, JavaScript here, started afresh for the game with the seed the
 * series gives the entrant in that seat and asked its earlier questions again).
 * → { handle, humans, open, answer }.
 */
export function openPlay(engine, { link, entrants }) {
  const handle = engine.PigPlay.fromLink(link, entrants);
  // The series numbers its entrants as a match does (its seating, not the seats' order).
  const humans = new Set(handle.humans());
  const open = async (step) => {
    const seat = await openSeat(engine, entrants[step.seat], step.seed);
    // Asked again what it was asked before the game went on here (a reload, a link).
    await askedBefore(seat, handle.earlier(step.seat));
    return seat;
  };
  const answer = (h, throwAgain, printed, ms) => h.answer(throwAgain, printed, ms);
  return { handle, humans, open, answer };
}

/**
 * Re-run here (the replay's inspector): the code `source` (`kind` 'js' or 'scheme') started
 * afresh as the match started its entrant and handed the entrant's history — every question it
 * was asked in the match up to the decision at move `moveIndex` of the last game, which the
 * engine derives from the games' moves (`moves`: their codes one game after the other, `lengths`
 * each game's count; the match of `seed` to `target`). → { answer (the engine's words), error,
 * printed, ms } for that decision.
 */
export function rerun(engine, { kind, source, program, target, seed, moves, lengths, entrant, moveIndex }) {
  const history = new engine.PigHistory(target, seed, Uint8Array.from(moves), Uint32Array.from(lengths), entrant, moveIndex);
  return freeAfter(history, async () => {
    if (kind === 'scheme') return history.rerunScheme(source);
    const open = async () => {
      return openSeat(engine, { kind, source, label: 'your current code', program }, history.seed);
    };
    const r = await rerunSeat(open, history.views());
    return { ...r, answer: r.error ? null : history.label(r.answer) };
  });
}
