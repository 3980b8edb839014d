// Hosts a run of the user's solver: the engine (wasm) keeps the mine and the score here, the
// user's code runs in a nested worker (user-worker.js) that is terminated when a call does not
// return in time, so a looping function never blocks anything.
import { loadEngine } from '../engine.js';
import { WorkerRpc } from '../worker-rpc.js';

const BACKSTOP_EXTRA_MS = 1000;
const PROGRESS_EVERY_MS = 100;
const SEED = 2012;

let cancelled = false;

async function run({ source, name, text, budgetMs, stepLimitMs }) {
  const engine = await loadEngine();
  const game = new engine.LifterGame(name, text);
  const user = new WorkerRpc(new URL('./user-worker.js', import.meta.url));
  const t0 = performance.now();
  let printed = '';
  const addPrinted = (p) => { if (p && printed.length < 20000) printed += p; };
  const result = (extra) => ({
    type: 'done', route: game.route(), state: game.state(), printed, elapsed: performance.now() - t0, ...extra,
  });
  try {
    const loaded = await user.call({ type: 'load', source, seed: SEED }, 2000);
    if (loaded.timeout) return result({ error: 'loading the code did not finish within 2 s (a loop at the top level?)' });
    if (loaded.error) return result({ error: loaded.error });
    if (loaded.kind === 'solve') {
      const r = await user.call({ type: 'solve', map: text, limitMs: budgetMs }, budgetMs + BACKSTOP_EXTRA_MS);
      if (cancelled) return result({ stopped: true });
      if (r.timeout) return result({ error: `solve did not return within ${(budgetMs + BACKSTOP_EXTRA_MS) / 1000} s (an infinite loop?) and was stopped`, kind: 'solve' });
      addPrinted(r.printed);
      if (r.error) return result({ error: `solve ${r.error}`, kind: 'solve' });
      const applied = game.setRoute(r.answer);
      return result({ kind: 'solve', applied });
    }
    // next(state): one command per call until the game ends or the budget is spent.
    let lastReport = 0;
    for (let step = 1; ; step += 1) {
      if (cancelled) return result({ stopped: true, kind: 'next' });
      if (game.state().outcome) return result({ kind: 'next' });
      const elapsed = performance.now() - t0;
      if (elapsed > budgetMs) {
        return result({ kind: 'next', note: `the time budget of ${budgetMs / 1000} s ran out after ${step - 1} commands; the route so far is scored` });
      }
      const r = await user.call({ type: 'next', state: game.strategyView(), limitMs: stepLimitMs }, stepLimitMs + BACKSTOP_EXTRA_MS);
      if (r.timeout) {
        return result({ kind: 'next', error: `next did not return within ${(stepLimitMs + BACKSTOP_EXTRA_MS) / 1000} s at command ${step} (an infinite loop?) and was stopped` });
      }
      addPrinted(r.printed);
      if (r.error) return result({ kind: 'next', error: `next ${r.error} (at command ${step})` });
      try {
        game.step(r.answer.trim());
      } catch (e) {
        return result({ kind: 'next', error: `next returned ${JSON.stringify(r.answer)} at command ${step}: ${e.message}` });
      }
      const now = performance.now();
      if (now - lastReport > PROGRESS_EVERY_MS) {
        lastReport = now;
        postMessage({ type: 'progress', commands: step, score: game.state().score, elapsed: now - t0 });
        await new Promise((res) => setTimeout(res, 0)); // let a cancel message in
      }
    }
  } finally {
    user.close();
    game.free();
  }
}

onmessage = async (e) => {
  const m = e.data;
  if (m.type === 'cancel') { cancelled = true; return; }
  if (m.type !== 'run') return;
  try {
    postMessage(await run(m));
  } catch (err) {
    postMessage({ type: 'error', message: err?.message ?? String(err) });
  }
};
