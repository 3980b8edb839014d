// Labyrinth's seats in the sandbox worker: how a strategy is asked. The engine's series
// (LabyrinthSeries, through the page's one referee loop, www/referee.js) plays the AIs and applies
// the user's turns; the user's `turn(view)` runs in the user-code host through UserSession, timed
// here. A turn that fails (throws, is too slow, is not allowed) is played by the greedy AI.
// Two ways in, one session logic (`startStrategy`, `turnsOf`): `runLabyrinthGame` plays one game
// of the strategy against the AIs (the Your strategy tab plays several on the worker pool),
// `openSeat` lends it one seat of a game the page plays (the Play tab, through the worker's
// `session`/`decide` requests).
import { UserSession, show } from '../user-code.js';
import { playSeries } from '../referee.js';
import { askedBefore, rerunSeat } from '../play-worker.js';
import { freeAfter } from '../engine.js';

const LOAD_MS = 2000;
const BACKSTOP_EXTRA_MS = 1000;
/** A program's time a turn (docs/PROGRAMS.md): more than a function's, as it starts afresh each turn. */
const PROGRAM_TURN_MS = 2000;

/** A number the engine takes as it is (no rounding, no wrapping); the engine checks the range. */
const small = (x) => Number.isInteger(x) && x >= 0 && x <= 0xffff;

/** Loads `source` in a fresh user-code host: { session, printed } or { error, printed }. */
const startStrategy = (source, seed) => UserSession.start({ game: 'labyrinth', source, seed, loadMs: LOAD_MS });

/**
 * The strategy's turns in `session`, `turnMs` each (the engine's `decisionLimits`): ask(view) →
 * { answer, error, printed, timeout }. `answer` is
 * null when `error` says what went wrong; after a `timeout` (no answer within the backstop) the
 * host is stopped and every later turn fails at once, saying so. The answer's shape is checked
 * here; whether the turn is allowed is the engine's to say (`playTurn`).
 */
function turnsOf(session, turnMs) {
  let stopped = false;
  return async (view) => checked(await session.call('turn', view, { limitMs: turnMs, backstopMs: turnMs + BACKSTOP_EXTRA_MS }));

  function checked(r) {
    if (r.error) {
      let { error } = r;
      if (r.timeout) {
        error = stopped ? `the sandbox stopped this strategy on an earlier turn (${r.error})`
          : r.oom ? r.error : `${r.error} (an infinite loop?): the sandbox stopped it`;
        stopped = true;
      }
      return { answer: null, error, printed: r.printed, timeout: Boolean(r.timeout), ms: r.ms };
    }
    const { insertion, rotation, row, column } = r.answer;
    if (![insertion, row, column].every(small) || typeof rotation !== 'string') {
      return {
        answer: null, printed: r.printed, timeout: false, ms: r.ms,
        error: `returned ${show(r.answer)}: insertion, row and column must be whole numbers (0 or more) and rotation a string such as "north"`,
      };
    }
    return { answer: { insertion, rotation, row, column }, error: null, printed: r.printed, timeout: false, ms: r.ms };
  }
}

/** A program's turns (docs/PROGRAMS.md), its answers checked as a strategy's are. */
async function programTurns(engine, entrant, seed) {
  const seat = await (await import('../program-seat.js')).openProgramSeat(engine, entrant, { game: 'labyrinth', seed, limitMs: PROGRAM_TURN_MS });
  return {
    async decide(view) {
      const r = await seat.ask(view);
      if (r.error) return { answer: null, error: r.error, printed: r.printed, timeout: r.timeout, ms: r.ms };
      const { insertion, rotation, row, column } = r.move ?? {};
      if (r.move === null || typeof r.move !== 'object' || ![insertion, row, column].every(small) || typeof rotation !== 'string') {
        return { answer: null, printed: r.printed, timeout: false, ms: r.ms, error: `answered the move ${show(r.move)}: expected { rotation, insertion, row, column } with whole numbers (0 or more) and a rotation such as "north"` };
      }
      return { answer: { insertion, rotation, row, column }, error: null, printed: r.printed, timeout: false, ms: r.ms };
    },
    close() { seat.close(); },
  };
}

/** Your strategy's seat: its code (a string) or a program ({ program, args, label }). */
const entrantOf = (source, label) => (source && typeof source === 'object' ? { ...source, label: source.label ?? label } : { kind: 'js', source, label });

/**
 * A seat of a game played on the page, taken by a JavaScript strategy (or a program, `{ program, args }`) (`entrant` =
 * { kind: 'js', source, label }): { decide(view) → { answer, error, printed, timeout }, close() }.
 * `answer` is { insertion, rotation, row, column } for the page to hand to `playTurn`. Throws
 * when the strategy does not load. `target` (the worker's generic session argument) is unused.
 */
export async function openSeat(engine, entrant, seed) {
  if (entrant?.program) return programTurns(engine, entrant, seed);
  if (entrant?.kind !== 'js' || typeof entrant.source !== 'string') throw new Error('a Labyrinth seat takes a JavaScript strategy');
  const started = await startStrategy(entrant.source, seed);
  if (started.error) throw new Error(`${entrant.label ?? 'the strategy'} does not load: ${started.error}`);
  const { session } = started;
  const ask = turnsOf(session, engine.decisionLimits('labyrinth').decisionMs);
  let early = started.printed; // printed by the top level, shown with the first turn
  return {
    async decide(view) {
      const r = await ask(view);
      const printed = early + r.printed;
      early = '';
      return { ...r, printed };
    },
    close() { session.close(); },
  };
}

/**
 * Game `game` of your strategy against the AIs: { source, game, levels: [AI level per opponent],
 * seed, ravensburger } → { seat, winner (colour or null), won, turns, link, failed (turns of
 * yours that failed), fallback (the engine's name for what played them), problems: [{ game,
 * turn (the engine's count, as the replay shows it), message }], printed }.
 * The game is game `game` of the engine's series (LabyrinthSeries): your strategy is entrant 0,
 * the engine seats it (seats rotate from game to game), deals the board, caps the game and plays
 * the greedy AI for a turn that fails; every game starts the code afresh, so games can be
 * played in any order, on any worker.
 */
export async function runLabyrinthGame(engine, { source, game: g, levels, seed, ravensburger }, ctx) {
  const entrants = ['js', ...levels];
  const series = new engine.LabyrinthSeries(entrants, [typeof source === 'object' ? source.label : 'your strategy', ...levels], entrants.length, Boolean(ravensburger), seed, g, 1);
  return freeAfter(series, async () => {
    const open = (step) => openSeat(engine, entrantOf(source, 'your strategy'), step.seed);
    const answer = (handle, { insertion, rotation, row, column }, printed, ms) => handle.answerTurn(insertion, rotation, row, column, printed, ms);
    const r = await playSeries(series, { open, answer }, ctx);
    const played = r.games[0];
    const seat = played.seating.indexOf(0);
    const colours = series.colours();
    const mine = r.failures.filter((f) => f.entrant === 0);
    return {
      seat, winner: played.winner === null ? null : colours[played.winner], won: played.winner === seat,
      turns: series.turns()[0], link: played.link, printed: r.output, failed: mine.length, fallback: r.fallback,
      // For the replay's inspector: how each seat was played, and every decision of the game.
      seats: played.seating.map((e) => entrants[e]), decisions: series.decisions(g),
      problems: mine.slice(0, 200).map((f) => ({ game: g + 1, turn: f.turn, message: f.message })),
    };
  });
}

/**
 * A Play tab's game as a one-game series from `link`'s position (www/play-worker.js):
 * `entrants[i]` plays seat i — "human", an AI level or "js" (the code `source`, started afresh
 * for the game with the engine's seed for its seat). → { handle, humans, open, answer }.
 */
export function openPlay(engine, { link, entrants, source, game = 0 }) {
  const handle = engine.LabyrinthSeries.fromLink(link, entrants, game);
  // The series asks entrants; seats rotate with the game's number (a fork of game `game` of a
  // lab keeps its seeds).
  const seating = handle.seating();
  const humans = new Set(entrants.flatMap((e, i) => (e === 'human' ? [seating[i]] : [])));
  // Your strategy is asked its seat's earlier turns again first, so it goes on as if it had played them.
  const open = async (step) => askedBefore(await openSeat(engine, entrantOf(source, 'your strategy'), step.seed), handle.earlier(step.seat));
  const answer = (h, { insertion, rotation, row, column }, printed, ms) => h.answerTurn(insertion, rotation, row, column, printed, ms);
  return { handle, humans, game, open, answer };
}

/**
 * Re-run here (www/play-worker.js `rerunSeat`): the code `source`, started afresh with the
 * seat's seed, on the seat's views of one game (its history up to the turn, then the turn).
 */
export const rerun = (engine, { source, seed, views }) =>
  rerunSeat(() => openSeat(engine, entrantOf(source, 'your current code'), seed), views);

/**
 * One game of an A/B test's pair (www/labyrinth/ab.js): `bots` = [{ label, language ('js',
 * 'program' (with its `program` loaded) or 'builtin', an AI level), code }] as entrants 0 and 1 of a two-seat series of one game on
 * `seed` (its deal; the pair's other game has the bots the other way round). → { winner (the
 * winning entrant, null for none), failed (turns that failed) }.
 */
export async function runLabyrinthAbGame(engine, { bots, seed }, ctx) {
  const entrants = bots.map((b) => (b.language === 'builtin' ? b.code : 'js'));
  const series = new engine.LabyrinthSeries(entrants, bots.map((b) => b.label), 2, false, seed, 0, 1);
  return freeAfter(series, async () => {
    const seat = (b) => (b.language === 'program' ? { ...b.program, label: b.label } : { kind: 'js', source: b.code, label: b.label });
    const open = (step) => openSeat(engine, seat(bots[step.entrant]), step.seed);
    const answer = (handle, { insertion, rotation, row, column }, printed, ms) => handle.answerTurn(insertion, rotation, row, column, printed, ms);
    const r = await playSeries(series, { open, answer }, ctx);
    const played = r.games[0];
    return { winner: played.winner === null ? null : played.seating[played.winner], failed: r.failures.length };
  });
}
