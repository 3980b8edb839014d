// The strategy sandbox: runs matches and strategy sessions off the main thread. Built-in and
// Scheme strategies run inside the wasm engine (Scheme with a deterministic step budget);
// JavaScript strategies run in a nested worker with a per-decision time limit and a backstop
// that terminates it when a decision never returns.
import { loadEngine } from './engine.js';
import { WorkerRpc } from './worker-rpc.js';

const JS_DECISION_LIMIT_MS = 50;
const JS_BACKSTOP_MS = 1000;
const PROGRESS_EVERY_MS = 100;

const cancelled = new Set();

/** One nested worker per JavaScript strategy; restarted after a hang, never reused after one. */
class JsStrategy {
  constructor(source, seed, label) {
    this.source = source;
    this.seed = seed;
    this.label = label;
    this.hung = null;
    this.start();
  }
  start() {
    this.rpc = new WorkerRpc(new URL('./js-strategy-worker.js', import.meta.url));
    this.loaded = this.rpc.call({ type: 'load', source: this.source, seed: this.seed, limitMs: JS_DECISION_LIMIT_MS }, JS_BACKSTOP_MS);
  }
  /** → { answer: bool, error: string|null, printed: string } */
  async decide(args) {
    if (this.hung) return { answer: false, error: this.hung, printed: '' };
    const loaded = await this.loaded;
    if (loaded.error || loaded.timeout) {
      this.hung = loaded.error ?? `loading did not finish within ${JS_BACKSTOP_MS} ms`;
      return { answer: false, error: this.hung, printed: '' };
    }
    const r = await this.rpc.call({ type: 'decide', args }, JS_BACKSTOP_MS);
    if (r.timeout) {
      this.hung = `no answer within ${JS_BACKSTOP_MS} ms (infinite loop?): the sandbox stopped it; ` +
        'this and all its later decisions count as "stop"';
      return { answer: false, error: this.hung, printed: '' };
    }
    return { answer: r.answer === true, error: r.error ?? null, printed: r.printed ?? '' };
  }
  close() { this.rpc.close(); }
}

async function runMatch(id, spec) {
  const engine = await loadEngine();
  let match;
  try {
    match = new engine.PigMatch(spec);
  } catch (e) {
    postMessage({ type: 'error', id, message: e.message });
    return;
  }
  const js = spec.entrants.map((e, i) =>
    e.kind === 'js' ? new JsStrategy(e.source, spec.seed + i + 1, e.label) : null);
  let lastReport = 0;
  try {
    for (;;) {
      if (cancelled.has(id)) {
        postMessage({ type: 'cancelled', id });
        return;
      }
      const step = match.advance(400);
      if (step.status === 'finished') break;
      if (step.status === 'ask') {
        const q = step.query;
        const r = await js[q.entrant].decide(q.args);
        match.answer(r.answer, r.error ?? undefined, r.printed);
      }
      const now = performance.now();
      if (now - lastReport > PROGRESS_EVERY_MS) {
        lastReport = now;
        postMessage({ type: 'progress', id, summary: match.summary() });
        await new Promise((r) => setTimeout(r, 0)); // let a cancel message in
      }
    }
    postMessage({
      type: 'done', id,
      summary: match.summary(), logs: match.logs(), failures: match.failures(),
    });
  } finally {
    js.forEach((s) => s?.close());
    match.free();
  }
}

const sessions = new Map();

async function openSession(id, entrant, seed, target) {
  const engine = await loadEngine();
  if (entrant.kind === 'js') {
    sessions.set(id, new JsStrategy(entrant.source, seed, entrant.label));
    return;
  }
  const s = new engine.PigStrategy(entrant.kind, entrant.source, seed, target);
  sessions.set(id, {
    async decide(args) {
      try {
        const answer = s.decide(...args);
        return { answer, error: null, printed: s.takeOutput() };
      } catch (e) {
        return { answer: false, error: e.message, printed: s.takeOutput() };
      }
    },
    close() { s.free(); },
  });
}

onmessage = async (e) => {
  const m = e.data;
  try {
    switch (m.type) {
      case 'match': await runMatch(m.id, m.spec); break;
      case 'cancel': cancelled.add(m.id); break;
      case 'session': await openSession(m.id, m.entrant, m.seed, m.target); postMessage({ type: 'ready', id: m.id }); break;
      case 'decide': postMessage({ type: 'decision', id: m.id, ...(await sessions.get(m.id).decide(m.args)) }); break;
      case 'close': sessions.get(m.id)?.close(); sessions.delete(m.id); break;
      default: postMessage({ type: 'error', id: m.id, message: `unknown request ${m.type}` });
    }
  } catch (err) {
    postMessage({ type: 'error', id: m.id, message: err?.message ?? String(err) });
  }
};
