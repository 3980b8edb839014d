// Pig's seats in the sandbox worker: how a Pig strategy is asked (a seat of the Play tab, or an
// entrant of a match or a tournament's pair, played by the engine's series through the page's one
// referee loop, www/referee.js). Built-in and Scheme strategies run inside the engine (Scheme with
// a deterministic step budget); JavaScript strategies run in the user-code host through
// UserSession, timed from here.
import { UserSession } from '../user-code.js';
import { playSeries } from '../referee.js';
import { freeAfter } from '../engine.js';

const JS_BACKSTOP_MS = 1000;

/**
 * A seat: { decide(view) → { answer, error, printed, timeout }, close() } (`timeout`: over the
 * time limit or no answer). Throws when the strategy does not load.
 */
export async function openSeat(engine, entrant, seed, target) {
  if (entrant.kind !== 'js') {
    const s = new engine.PigStrategy(entrant.kind, entrant.source, seed, target);
    return {
      async decide(view) {
        try {
          return { answer: s.decide(view[0], view[1], view[2], view[3]), error: null, printed: s.takeOutput() };
        } catch (e) {
          return { answer: false, error: e.message, printed: s.takeOutput() };
        }
      },
      close() { s.free(); },
    };
  }
  const started = await UserSession.start({ game: 'pig', source: entrant.source, seed, loadMs: JS_BACKSTOP_MS });
  if (started.error) throw new Error(`${entrant.label} does not load: ${started.error}`);
  const { session } = started;
  const limitMs = engine.decisionLimits('pig').decisionMs;
  let early = started.printed; // printed by the top level, shown with the first decision
  return {
    async decide(view) {
      const r = await session.call('player', view, { limitMs, backstopMs: JS_BACKSTOP_MS });
      const printed = early + r.printed;
      early = '';
      if (r.timeout) {
        const why = r.oom ? r.error : `${r.error} (infinite loop?): the sandbox stopped it`;
        return { answer: false, printed, timeout: true, error: `${why}; this and all its later decisions are counted as “hold”` };
      }
      return { answer: r.error ? false : r.answer, error: r.error, printed, timeout: Boolean(r.slow) };
    },
    close() { session.close(); },
  };
}

/**
 * Opens every JavaScript seat of a match, each with its entrant's seed from the engine; when one
 * does not load, closes the others and throws.
 */
async function openJsSeats(engine, entrants, target, match) {
  const opened = await Promise.allSettled(entrants.map((e, i) =>
    (e.kind === 'js' ? openSeat(engine, e, match.entrantSeed(i), target) : null)));
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
  match: (engine, spec) => ({ match: new engine.PigMatch(spec), entrants: spec.entrants, target: spec.target }),
  pair: (engine, { spec, pair }) => {
    const match = engine.PigTournament.pairMatch(spec, pair);
    const [a, b] = engine.pigTournamentPairs(spec)[pair];
    return { match, entrants: [spec.entrants[a], spec.entrants[b]], target: spec.target };
  },
};

/**
 * Runs a match (`kind` 'match', `what` a spec as for PigMatch) or a tournament's pair ('pair',
 * `what` = { spec, pair }); progress reports the match's summaries.
 */
export async function runMatch(engine, what, ctx, kind = 'match') {
  const create = CONTESTS[kind];
  if (!create) throw new Error(`no Pig contest “${kind}”`);
  const { match, entrants, target } = create(engine, what);
  return freeAfter(match, async () => {
    // Every JavaScript strategy is loaded before the first game (one that does not load ends
    // the match at once, naming it); it keeps its state from game to game.
    const seats = await openJsSeats(engine, entrants, target, match);
    const open = (step) => {
      const seat = seats[step.entrant];
      return { decide: (v) => seat.decide([v.my_total, v.other_total, v.accum, v.current]), close: () => seat.close() };
    };
    const answer = (handle, throwAgain, printed) => handle.answer(throwAgain, undefined, printed);
    const progress = () => ctx.progress(match.summary());
    try {
      return await playSeries(match, { open, answer, progress, acrossGames: true }, ctx);
    } finally {
      seats.forEach((s) => s?.close());
    }
  });
}
