// Request/answer with a worker, the one place with a watchdog that terminates a worker. Every
// request carries a fresh random nonce; only an answer carrying the nonce of a pending request
// is accepted, everything else is ignored. Time is measured here, on the side that posts the
// request, never inside the worker (which may run user code).

/** 128 random bits as hex (crypto.getRandomValues). */
export function freshNonce() {
  const words = crypto.getRandomValues(new Uint32Array(4));
  return Array.from(words, (w) => w.toString(16).padStart(8, '0')).join('');
}

/**
 * The parent's side. A call resolves (never rejects) to
 *   { ok: true, value, ms }                       the worker answered (`printed` passed along)
 *   { ok: false, kind: 'error', error, ms }       the worker reported an error (one that broke its engine
 *                                                 — a wasm trap — also ends the worker: the next call starts afresh)
 *   { ok: false, kind: 'timeout', ms }            silence for `backstopMs`: the worker was terminated
 *   { ok: false, kind: 'crash', error, ms }       the worker died (`error` says why: the user-code host's
 *                                                 process crashed, out of memory) or was terminated for another call
 * `ms` is the wall-clock time from posting the request to the answer, measured here.
 */
export class WorkerRpc {
  /**
   * `url`: a module worker (trusted code), or, with `open`, whatever `open()` returns that
   * behaves as a worker does (`postMessage`, `onmessage`, `onerror`, `terminate`): the user-code
   * host in its own process (www/user-frames.js), whose `onerror` event may carry `lost`, the
   * reason it is gone. `onStart(worker)` runs for each new worker and may return what to do when
   * that worker ends; `onLost(reason)` hears of a worker that failed or was lost by itself.
   */
  constructor(url, { open = null, onStart = null, onLost = null } = {}) {
    this.url = url;
    this.open = open ?? (() => new Worker(this.url, { type: 'module' }));
    this.onStart = onStart;
    this.onLost = onLost;
    this.ended = null;
    this.worker = null;
    this.pending = new Map();
  }

  ensure() {
    if (this.worker) return this.worker;
    const worker = this.open();
    worker.onmessage = (e) => {
      const m = e.data;
      const p = m && typeof m.nonce === 'string' ? this.pending.get(m.nonce) : undefined;
      if (p && this.worker === worker) p.receive(m);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      if (this.worker !== worker) return;
      const reason = e.lost ?? `the worker failed: ${e.message || 'it could not start'}`;
      this.stop(reason);
      this.onLost?.(reason);
    };
    this.worker = worker;
    this.ended = this.onStart?.(worker) ?? null;
    return worker;
  }

  /**
   * Posts `message` (plus a nonce) and waits for the answer. Messages `{ nonce, progress }` go
   * to `onProgress` and re-arm the watchdog: `backstopMs` is the longest silence allowed. After
   * `signal` aborts, a `{ type: 'cancel', nonce }` is posted and the worker gets `graceMs` more.
   */
  call(message, { backstopMs = Infinity, onProgress = () => {}, signal, graceMs = 1500 } = {}) {
    const nonce = freshNonce();
    const worker = this.ensure();
    const t0 = performance.now();
    return new Promise((resolve) => {
      let timer;
      let cancelled = false;
      const arm = (ms) => {
        clearTimeout(timer);
        if (ms !== Infinity) timer = setTimeout(() => this.stop('stopped by the watchdog', nonce), ms);
      };
      const settle = (r) => {
        clearTimeout(timer);
        this.pending.delete(nonce);
        signal?.removeEventListener('abort', onAbort);
        resolve({ ...r, ms: performance.now() - t0 });
      };
      const onAbort = () => {
        cancelled = true;
        worker.postMessage({ type: 'cancel', nonce });
        arm(graceMs);
      };
      this.pending.set(nonce, {
        receive: (m) => {
          if ('progress' in m) {
            if (!cancelled) arm(backstopMs);
            onProgress(m.progress);
          } else if (typeof m.error === 'string') {
            settle({ ok: false, kind: 'error', error: m.error, printed: m.printed });
            if (m.broken === true) this.stop(`the worker's engine failed (${m.error})`);
          } else settle({ ok: true, value: m.value, printed: m.printed });
        },
        end: (reason, mine) => settle(mine
          ? { ok: false, kind: cancelled ? 'cancelled' : 'timeout' }
          : { ok: false, kind: 'crash', error: reason }),
      });
      if (signal?.aborted) { onAbort(); } else { signal?.addEventListener('abort', onAbort); arm(backstopMs); }
      worker.postMessage({ ...message, nonce });
    });
  }

  /** Posts without waiting for an answer. */
  notify(message) { this.ensure().postMessage({ ...message, nonce: freshNonce() }); }

  /** Terminates the worker (restarted by the next call); every pending call ends. */
  stop(reason = 'the worker was stopped', by = null) {
    this.worker?.terminate();
    this.worker = null;
    this.ended?.();
    this.ended = null;
    const waiting = [...this.pending.entries()];
    this.pending.clear();
    for (const [nonce, p] of waiting) p.end(reason, nonce === by);
  }

  close() { this.stop(); }
}

/**
 * The worker's side for trusted module workers: `handlers[type](message, ctx)` returns (or
 * resolves to) the answer; `ctx.progress(v)` reports on the way; `ctx.cancelled` turns true
 * after the parent cancels this request. A thrown error is answered as `{ error }`; a wasm trap
 * (WebAssembly.RuntimeError) leaves the engine unusable, so it is answered `{ error, broken }`.
 */
export function serveRpc(handlers) {
  const cancelled = new Set();
  self.onmessage = async (e) => {
    const m = e.data;
    const { nonce } = m;
    if (m.type === 'cancel') { cancelled.add(nonce); return; }
    const ctx = {
      progress: (progress) => postMessage({ nonce, progress }),
      get cancelled() { return cancelled.has(nonce); },
    };
    try {
      const handler = handlers[m.type];
      if (!handler) throw new Error(`unknown request ${m.type}`);
      postMessage({ nonce, value: await handler(m, ctx) });
    } catch (err) {
      postMessage({ nonce, error: err?.message ?? String(err), broken: err instanceof WebAssembly.RuntimeError });
    } finally {
      cancelled.delete(nonce);
    }
  };
}
