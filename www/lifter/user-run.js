// Lifter's user code in the sandbox worker. `next(state)` plays a one-seat series of the engine
// (LifterSeries, through the page's one referee loop, www/referee.js): the engine keeps the mine,
// the score and every decision; a command that fails (throws, is too slow, is not a command) is a
// wait, kept with its reason. `solve(map)` answers the whole route at once and is scored by the
// engine (not a series: there is one answer, no decision per step). The user's code runs in the
// user-code host through UserSession, timed here. Three ways in, one seat logic (`openSeat`):
// `runLifter` (the Your solver tab's run), `openPlay` (Continue from here with your strategy,
// through www/play-worker.js) and `rerun` (the replay's inspector).
import { UserSession } from '../user-code.js';
import { freeAfter } from '../engine.js';
import { Referee } from '../referee.js';
import { askedBefore, rerunSeat } from '../play-worker.js';

const BACKSTOP_EXTRA_MS = 1000;
const LOAD_MS = 2000;
const PROGRESS_EVERY_MS = 100;
/** The time a `next` call has, in every way in (the lab says it). */
export const STEP_LIMIT_MS = 250;

/**
 * The strategy's `next` in `session`, `stepLimitMs` each: ask(view) → { answer, error, printed,
 * timeout, ms }. After a call that never answered (the host is stopped) every later call fails
 * at once, saying so.
 */
function commandsOf(session, stepLimitMs) {
  const backstopMs = stepLimitMs + BACKSTOP_EXTRA_MS;
  let stopped = false;
  return async (view) => {
    const r = await session.call('next', view, { limitMs: stepLimitMs, backstopMs });
    if (!r.error) return { answer: r.answer, error: null, printed: r.printed, timeout: false, ms: r.ms };
    let { error } = r;
    if (r.timeout && !r.oom) error = stopped ? `was not called: the sandbox stopped it at an earlier command (${r.error})` : `did not return within ${backstopMs / 1000} s (an infinite loop?) and was stopped`;
    stopped ||= Boolean(r.timeout);
    return { answer: null, error, printed: r.printed, timeout: Boolean(r.timeout), ms: r.ms };
  };
}

/** A seat of `session` (what it printed while loading comes with its first command). */
function seatOf(started, stepLimitMs) {
  const ask = commandsOf(started.session, stepLimitMs);
  let early = started.printed;
  return {
    async decide(view) {
      const r = await ask(view);
      const printed = early + (r.printed ?? '');
      early = '';
      return { ...r, printed };
    },
    close() { started.session.close(); },
  };
}

/** `source` loaded afresh with `seed` as a seat answering `next`; throws when it does not load. */
async function openSeat(source, seed, stepLimitMs = STEP_LIMIT_MS) {
  if (source && typeof source === 'object') return (await import('./program-seat.js')).programCommands(source);
  const started = await UserSession.start({ game: 'lifter', source, seed, loadMs: LOAD_MS });
  if (started.error) { started.session?.close(); throw new Error(`the code does not load: ${started.error}`); }
  if (!started.defined.includes('next')) { started.session.close(); throw new Error('the code defines no function next(state)'); }
  return seatOf(started, stepLimitMs);
}

const answerOf = (handle, answer, printed, ms) => handle.answerCommand(String(answer), printed, ms);

/**
 * Continue from here with your strategy (www/play-worker.js): the game of `link` from its
 * position, its seat played by `entrants[0]` ("js": the code `source`, started afresh with the
 * engine's seed for the game; "human": the page answers). → { handle, humans, open, answer }.
 */
export function openPlay(engine, { link, entrants, source }) {
  const handle = engine.LifterSeries.fromLink(link, entrants);
  const humans = new Set(entrants[0] === 'human' ? [0] : []);
  // Your strategy is asked the commands before the fork again first, so it goes on as if it had played them.
  const open = async (step) => askedBefore(await openSeat(source, step.seed), handle.earlier(0));
  return { handle, humans, open, answer: answerOf };
}

/**
 * Re-run here: the code `source`, started afresh with the seat's seed `seed`, is handed the
 * seat's views in order (`views`, JSON texts: its history up to the command, then the command);
 * its answers to the earlier ones are dropped. → the last { answer (in the engine's words),
 * error, printed, ms }.
 */
export async function rerun(engine, { source, seed, views }) {
  const r = await rerunSeat(() => openSeat(source, seed), views);
  if (r.error) return r;
  try { return { ...r, answer: engine.lifterCommand(String(r.answer)) }; } catch (e) { return { ...r, answer: null, error: e.message }; }
}

/**
 * The Your solver tab's run: { source, name, text, budgetMs, seed } → { kind, route,
 * state, printed, elapsed, error?, note?, stopped?, link?, decisions?, failures?, fallback? }.
 * The code's Math.random is seeded from `seed` by the series (the seat's seed), as in every
 * game: the same seed repeats a run.
 */
export async function runLifter(engine, params, ctx) {
  const program = params.source && typeof params.source === 'object';
  const series = new engine.LifterSeries(params.name, params.text, 'js', program ? params.source.label : 'your solver', params.seed);
  return freeAfter(series, async () => {
    const t0 = performance.now();
    const first = series.next(1); // the seat's question, with the seed its code starts with
    const scoredFrom = (route, extra) => {
      const game = new engine.LifterGame(params.name, params.text);
      return freeAfter(game, () => {
        const applied = game.setRoute(route);
        return { route: game.route(), state: game.state(), elapsed: performance.now() - t0, applied, ...extra };
      });
    };
    if (program) return (await import('./program-seat.js')).solveByProgram(params, scoredFrom);
    const started = await UserSession.start({ game: 'lifter', source: params.source, seed: first.seed, loadMs: LOAD_MS });
    const scored = scoredFrom;
    if (started.error) {
      started.session?.close();
      // The code did not load (a syntax error, or it threw at the top): nothing was played.
      return scored('', { kind: 'next', error: started.error, printed: started.printed, loadFailed: true });
    }
    if (started.defined.includes('solve')) return solve(started, params, ctx, scored);
    return next(series, seatOf(started, STEP_LIMIT_MS), params, ctx, scored, t0);
  });
}

/** solve(map): one answer, the whole route. */
async function solve({ session, printed: early }, { text, budgetMs }, ctx, scored) {
  try {
    const r = await session.call('solve', text, { limitMs: budgetMs, backstopMs: budgetMs + BACKSTOP_EXTRA_MS });
    const printed = early + (r.printed ?? '');
    if (ctx.cancelled) return scored('', { stopped: true, kind: 'solve', printed });
    if (r.timeout && !r.oom) return scored('', { kind: 'solve', printed, error: `solve did not return within ${(budgetMs + BACKSTOP_EXTRA_MS) / 1000} s (an infinite loop?) and was stopped` });
    if (r.error) return scored('', { kind: 'solve', printed, error: `solve ${r.error}` });
    return scored(r.answer, { kind: 'solve', printed });
  } finally { session.close(); }
}

/** next(state): the series, until the game is over, the budget is spent or the run is stopped. */
async function next(series, seat, { budgetMs }, ctx, scored, t0) {
  const referee = new Referee(series, { open: () => seat, answer: answerOf });
  const deadline = t0 + budgetMs;
  let stopped = false;
  let over = false;
  try {
    while (!over && performance.now() < deadline) {
      try {
        over = (await referee.run(ctx, { untilMs: Math.min(deadline, performance.now() + PROGRESS_EVERY_MS) })) === 'over';
      } catch (e) {
        if (!ctx.cancelled) throw e;
        stopped = true;
        break;
      }
      ctx.progress({ commands: series.route().length, elapsed: performance.now() - t0 });
    }
  } finally { referee.closeAll(); }
  const decisions = series.decisions(0);
  const printed = decisions.map((d) => d.printed).join('').slice(0, 20000);
  const route = series.route();
  const note = over || stopped ? undefined : `the time budget of ${budgetMs / 1000} s ran out after ${route.length} commands; the route so far is scored`;
  const { failures, fallback } = series.results();
  return scored(route, {
    kind: 'next', printed, stopped, note, link: series.link(), decisions, fallback,
    failures: failures.slice(0, 200).map((f) => ({ command: f.move_index + 1, message: f.message })),
  });
}
