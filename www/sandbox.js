// Main-thread side of the strategy sandbox. Every strategy runs in a worker; a watchdog
// terminates the worker when it stops reporting (the wall-clock backstop), so the page never
// freezes whatever the user's code does.

const BACKSTOP_MS = 8000;
let nextId = 1;

export class Sandbox {
  constructor() {
    this.worker = null;
    this.pending = new Map();
  }

  ensure() {
    if (this.worker) return this.worker;
    this.worker = new Worker(new URL('./sandbox-worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e) => this.pending.get(e.data.id)?.(e.data);
    this.worker.onerror = (e) => this.fail(`the sandbox crashed: ${e.message ?? 'unknown error'}`);
    return this.worker;
  }

  /** Ends the worker and rejects everything waiting on it. */
  fail(reason) {
    this.worker?.terminate();
    this.worker = null;
    for (const handler of this.pending.values()) handler({ type: 'error', message: reason });
    this.pending.clear();
  }

  /**
   * Runs a Pig match (spec as for `PigMatch`). `onProgress(summary)` is called as games finish.
   * Resolves to { summary, logs, failures }; rejects with an Error naming the reason.
   */
  runMatch(spec, { onProgress = () => {}, signal } = {}) {
    const id = nextId++;
    const worker = this.ensure();
    return new Promise((resolve, reject) => {
      let watchdog;
      const arm = () => {
        clearTimeout(watchdog);
        watchdog = setTimeout(() => this.fail(
          `the sandbox did not report for ${BACKSTOP_MS / 1000} s and was stopped`), BACKSTOP_MS);
      };
      const finish = () => { clearTimeout(watchdog); this.pending.delete(id); };
      signal?.addEventListener('abort', () => worker.postMessage({ type: 'cancel', id }));
      this.pending.set(id, (m) => {
        arm();
        if (m.type === 'progress') onProgress(m.summary);
        else if (m.type === 'done') { finish(); resolve(m); }
        else if (m.type === 'cancelled') { finish(); reject(new Error('cancelled')); }
        else if (m.type === 'error') { finish(); reject(new Error(m.message)); }
      });
      arm();
      worker.postMessage({ type: 'match', id, spec });
    });
  }

  /** A strategy answering decisions one by one (for play against a human). */
  async session(entrant, seed, target = 100) {
    const id = nextId++;
    const worker = this.ensure();
    const ask = (message) => new Promise((resolve, reject) => {
      const watchdog = setTimeout(() => this.fail(
        `the strategy did not answer for ${BACKSTOP_MS / 1000} s and was stopped`), BACKSTOP_MS);
      this.pending.set(id, (m) => {
        clearTimeout(watchdog);
        this.pending.delete(id);
        if (m.type === 'error') reject(new Error(m.message)); else resolve(m);
      });
      worker.postMessage({ ...message, id });
    });
    await ask({ type: 'session', entrant, seed, target });
    return {
      /** → { answer, error, printed } */
      decide: (args) => ask({ type: 'decide', args }),
      close: () => this.worker?.postMessage({ type: 'close', id }),
    };
  }
}

export const sandbox = new Sandbox();
