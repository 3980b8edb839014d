// Lifter's user run in the sandbox worker (one player, so no series): the engine keeps the mine
// and the score here; the user's solve(map) or next(state) runs in the user-code host through
// UserSession, timed here.
import { UserSession } from '../user-code.js';
import { freeAfter } from '../engine.js';

const BACKSTOP_EXTRA_MS = 1000;
const LOAD_MS = 2000;
const PROGRESS_EVERY_MS = 100;
const SEED = 2012;

/** { source, name, text, budgetMs, stepLimitMs } → the result the lab shows. */
export async function runLifter(engine, { source, name, text, budgetMs, stepLimitMs }, ctx) {
  const game = new engine.LifterGame(name, text);
  return freeAfter(game, () => play(game, { source, text, budgetMs, stepLimitMs }, ctx));
}

async function play(game, { source, text, budgetMs, stepLimitMs }, ctx) {
  const t0 = performance.now();
  let printed = '';
  const addPrinted = (p) => { if (p && printed.length < 20000) printed += p; };
  const result = (extra) => ({ route: game.route(), state: game.state(), printed, elapsed: performance.now() - t0, ...extra });
  const started = await UserSession.start({ game: 'lifter', source, seed: SEED, loadMs: LOAD_MS });
  addPrinted(started.printed);
  const { session } = started;
  try {
    if (started.error) return result({ error: started.error });
    if (started.defined.includes('solve')) {
      const r = await session.call('solve', text, { limitMs: budgetMs, backstopMs: budgetMs + BACKSTOP_EXTRA_MS });
      if (ctx.cancelled) return result({ stopped: true, kind: 'solve' });
      addPrinted(r.printed);
      if (r.oom) return result({ kind: 'solve', error: `solve ${r.error}` });
      if (r.timeout) return result({ kind: 'solve', error: `solve did not return within ${(budgetMs + BACKSTOP_EXTRA_MS) / 1000} s (an infinite loop?) and was stopped` });
      if (r.error) return result({ kind: 'solve', error: `solve ${r.error}` });
      return result({ kind: 'solve', applied: game.setRoute(r.answer) });
    }
    // next(state): one command per call until the game ends or the budget is spent.
    let lastReport = 0;
    for (let step = 1; ; step += 1) {
      if (ctx.cancelled) return result({ stopped: true, kind: 'next' });
      if (game.state().outcome) return result({ kind: 'next' });
      if (performance.now() - t0 > budgetMs) {
        return result({ kind: 'next', note: `the time budget of ${budgetMs / 1000} s ran out after ${step - 1} commands; the route so far is scored` });
      }
      const r = await session.call('next', game.strategyView(), { limitMs: stepLimitMs, backstopMs: stepLimitMs + BACKSTOP_EXTRA_MS });
      addPrinted(r.printed);
      if (r.oom) return result({ kind: 'next', error: `next ${r.error} (at command ${step})` });
      if (r.timeout) {
        return result({ kind: 'next', error: `next did not return within ${(stepLimitMs + BACKSTOP_EXTRA_MS) / 1000} s at command ${step} (an infinite loop?) and was stopped` });
      }
      if (r.error) return result({ kind: 'next', error: `next ${r.error} (at command ${step})` });
      try {
        game.step(r.answer.trim());
      } catch (e) {
        return result({ kind: 'next', error: `next at command ${step}: ${e.message}` }); // the engine quotes the answer
      }
      const now = performance.now();
      if (now - lastReport > PROGRESS_EVERY_MS) {
        lastReport = now;
        ctx.progress({ commands: step, score: game.state().score, elapsed: now - t0 });
        await new Promise((res) => setTimeout(res, 0)); // let a cancel message in
      }
    }
  } finally {
    session?.close();
  }
}
