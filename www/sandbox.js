// The page's side of the sandbox: one worker (www/sandbox-worker.js) runs every game's
// referee; WorkerRpc's watchdog terminates it when it stops reporting, so the page never
// freezes whatever the user's code does. The user code it runs lives in the page's user-code
// frame, a process of its own (www/user-frames.js), so the page also survives code that
// exhausts memory.
import { WorkerRpc } from './worker-rpc.js';
import { lendUserHosts } from './user-frames.js';

const BACKSTOP_MS = 8000;
const IDLE_STOP_MS = 1000;

/** The Error for a failed WorkerRpc outcome (of a call with this backstop), naming the reason. */
export const sandboxError = (r, backstopMs = BACKSTOP_MS) => new Error(r.kind === 'timeout'
  ? `the sandbox did not report for ${backstopMs / 1000} s and was stopped`
  : r.kind === 'cancelled' ? 'cancelled' : r.error);

export class Sandbox {
  /**
   * `stopWhenIdle`: the worker ends once no `run` has been waiting for IDLE_STOP_MS (a view's own
   * sandbox for whole runs), taking the memory the runs grew with it; the next run starts another.
   */
  constructor({ stopWhenIdle = false } = {}) {
    // Its user-code hosts live in the page's user-code frame, lent to it; they end with it.
    this.rpc = new WorkerRpc(new URL('./sandbox-worker.js', import.meta.url), { onStart: lendUserHosts });
    this.stopWhenIdle = stopWhenIdle;
    this.idleTimer = null;
  }

  /**
   * Runs a Pig match (spec as for `PigMatch`). `onProgress(summary)` is called as games finish.
   * Resolves to { summary, logs, failures }; rejects with an Error naming the reason.
   */
  async runMatch(spec, { onProgress, signal } = {}) {
    const r = await this.rpc.call({ type: 'match', spec }, { backstopMs: BACKSTOP_MS, onProgress, signal });
    if (!r.ok) throw sandboxError(r);
    return r.value;
  }

  /**
   * Runs a referee of another game (`type`, e.g. 'lifter') with `params`. Resolves to the raw
   * WorkerRpc outcome ({ ok, value } or { ok: false, kind, error }).
   */
  async run(type, params, { backstopMs = BACKSTOP_MS, onProgress, signal, graceMs } = {}) {
    clearTimeout(this.idleTimer);
    const r = await this.rpc.call({ type, params }, { backstopMs, onProgress, signal, graceMs });
    // Not at once: Chromium can leave a worker's threads behind when it is terminated just after
    // it terminated a worker of its own (the user-code host of the run's last game).
    if (this.stopWhenIdle) this.idleTimer = setTimeout(() => { if (!this.rpc.pending.size) this.rpc.stop(); }, IDLE_STOP_MS);
    return r;
  }

  /**
   * Reads `text` as input `format` in the worker with engine module `module` (www/engine.js), so
   * a huge or broken file never freezes the page: null when it reads, else the engine's message.
   */
  async check(format, text, module) {
    const r = await this.rpc.call({ type: 'check-input', params: { format, text, module } }, { backstopMs: BACKSTOP_MS });
    return r.ok ? null : (r.error ?? sandboxError(r).message);
  }

  /**
   * A Play tab's game as a one-game series in the worker (www/play-worker.js), from `params`
   * (the game's seats module reads them: a link, the entrant of each seat, the code of
   * "Your strategy" seats). Resolves to { step(answer, ms) → { moves, ask, over, link,
   * decisions }, close() }; `answer` is the human's move by index (null for none).
   */
  async play(game, params) {
    const r = await this.rpc.call({ type: 'play-open', game, params }, { backstopMs: BACKSTOP_MS });
    if (!r.ok) throw sandboxError(r);
    const id = r.value;
    return {
      step: async (answer = null, ms = 0) => {
        const d = await this.rpc.call({ type: 'play-step', params: { id, answer, ms } }, { backstopMs: BACKSTOP_MS });
        if (!d.ok) throw sandboxError(d);
        return d.value;
      },
      close: () => { if (this.rpc.worker) this.rpc.notify({ type: 'play-close', params: { id } }); },
    };
  }

  /**
   * Re-run here: `source` started afresh with `seed`, handed `views` (JSON texts) in order →
   * its { answer, error, printed, ms } for the last one.
   */
  async rerun(game, source, seed, views) {
    const r = await this.rpc.call({ type: 'rerun', params: { game, source, seed, views } }, { backstopMs: BACKSTOP_MS + 2000 * views.length });
    if (!r.ok) throw sandboxError(r);
    return r.value;
  }
}

export const sandbox = new Sandbox();
