// The page's side of the sandbox: one worker (www/sandbox-worker.js) runs every game's
// referee; WorkerRpc's watchdog terminates it when it stops reporting, so the page never
// freezes whatever the user's code does.
import { WorkerRpc } from './worker-rpc.js';

const BACKSTOP_MS = 8000;

const failure = (r) => new Error(r.kind === 'timeout'
  ? `the sandbox did not report for ${BACKSTOP_MS / 1000} s and was stopped`
  : r.kind === 'cancelled' ? 'cancelled' : r.error);

export class Sandbox {
  constructor() { this.rpc = new WorkerRpc(new URL('./sandbox-worker.js', import.meta.url)); }

  /**
   * Runs a Pig match (spec as for `PigMatch`). `onProgress(summary)` is called as games finish.
   * Resolves to { summary, logs, failures }; rejects with an Error naming the reason.
   */
  runMatch(spec, options) { return this.#pig('match', spec, options); }

  /**
   * Runs a Pig tournament (spec as for `PigTournament`: three or more strategies, games per
   * pair) through the same referee loop; resolves like `runMatch` with the tournament's
   * summary (standings), logs and failures.
   */
  runTournament(spec, options) { return this.#pig('tournament', spec, options); }

  async #pig(type, spec, { onProgress, signal } = {}) {
    const r = await this.rpc.call({ type, spec }, { backstopMs: BACKSTOP_MS, onProgress, signal });
    if (!r.ok) throw failure(r);
    return r.value;
  }

  /**
   * Runs a referee of another game (`type`, e.g. 'lifter') with `params`. Resolves to the raw
   * WorkerRpc outcome ({ ok, value } or { ok: false, kind, error }).
   */
  run(type, params, { backstopMs = BACKSTOP_MS, onProgress, signal, graceMs } = {}) {
    return this.rpc.call({ type, params }, { backstopMs, onProgress, signal, graceMs });
  }

  /** A strategy answering one view at a time: start (game, entrant, seed, limits), decide, stop. */
  async session(entrant, seed, target = 100, game = 'pig') {
    const r = await this.rpc.call({ type: 'session', game, entrant, seed, limits: { target } }, { backstopMs: BACKSTOP_MS });
    if (!r.ok) throw failure(r);
    const session = r.value;
    return {
      /** → { answer, error, printed } */
      decide: async (view) => {
        const d = await this.rpc.call({ type: 'decide', session, view }, { backstopMs: BACKSTOP_MS });
        if (!d.ok) throw failure(d);
        return d.value;
      },
      close: () => { if (this.rpc.worker) this.rpc.notify({ type: 'stop', session }); },
    };
  }
}

export const sandbox = new Sandbox();
