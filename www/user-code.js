// The trusted side of the one sandbox protocol for user JavaScript, every game: start a
// session (game, source, seed), call it with a view (the parent sends the seat's view and gets
// the move back), stop. The user's code runs in www/user-host.js; this side measures each
// call's time itself and checks the answer's type. The watchdog is WorkerRpc's.
import { WorkerRpc } from './worker-rpc.js';

const HOST = new URL('./user-host.js', import.meta.url);

export const show = (v) => (typeof v === 'string' ? JSON.stringify(v) : v === undefined ? 'undefined' : JSON.stringify(v) ?? String(v));

// What each game's functions must return (checked here, on the side the user cannot touch).
const ANSWERS = {
  pig: { player: (v) => (typeof v === 'boolean' ? null : `returned ${show(v)}, expected true or false`) },
  lifter: {
    solve: (v) => (typeof v === 'string' ? null : `returned ${show(v)}, expected a route string such as "LDRA"`),
    next: (v) => (typeof v === 'string' ? null : `returned ${show(v)}, expected one of "L", "R", "U", "D", "W", "S", "A"`),
  },
  // The engine reads the reply as a protocol message (and names what is wrong with it); here only
  // its type is checked.
  labyrinth: { turn: (v) => (v !== null && typeof v === 'object' ? null : `returned ${show(v)}, expected { rotation, insertion, row, column }`) },
  punter: { punter: (v) => (v !== null && typeof v === 'object' ? null : `returned ${show(v)}, expected a protocol message object such as {"claim": {…}}`) },
};

export class UserSession {
  /**
   * Loads `source` for `game` (its top level runs within `loadMs`). Resolves to
   * { session, defined: [names of the game's functions it defines], printed } or { error, printed }.
   */
  static async start({ game, source, seed, loadMs }) {
    const rpc = new WorkerRpc(HOST, { module: false });
    const r = await rpc.call({ type: 'start', game, source, seed }, { backstopMs: loadMs });
    const printed = r.printed ?? '';
    if (r.ok) return { session: new UserSession(rpc, game), defined: r.value.defined, printed };
    rpc.close();
    if (r.kind === 'timeout') return { error: `loading did not finish within ${loadMs} ms (a loop at the top level?)`, printed };
    return { error: r.error ?? 'the sandbox did not start', printed };
  }

  constructor(rpc, game) {
    this.rpc = rpc;
    this.game = game;
    this.dead = null;
  }

  /**
   * Calls the user's `fn` with `view`. Resolves to { answer, error, printed, ms }; `error` names
   * what went wrong (threw, took longer than `limitMs` — then also `slow` —, wrong type). After `backstopMs` without
   * an answer the host is terminated: { timeout: true }, and every later call says so too.
   */
  async call(fn, view, { limitMs, backstopMs }) {
    if (this.dead) return { answer: null, error: this.dead, printed: '', ms: 0, timeout: true };
    const r = await this.rpc.call({ type: 'call', fn, view }, { backstopMs });
    const base = { answer: null, printed: r.printed ?? '', ms: r.ms };
    if (!r.ok && r.kind !== 'error') {
      this.dead = r.kind === 'timeout' ? `no answer within ${backstopMs} ms` : r.error;
      this.rpc.close();
      return { ...base, error: this.dead, timeout: true };
    }
    if (!r.ok) return { ...base, error: r.error };
    if (r.ms > limitMs) return { ...base, error: `took ${Math.round(r.ms)} ms, the limit is ${limitMs} ms per call`, slow: true };
    const wrong = ANSWERS[this.game]?.[fn]?.(r.value) ?? null;
    return wrong ? { ...base, error: wrong } : { ...base, answer: r.value, error: null };
  }

  /** Ends the session (terminates the host). */
  close() { this.rpc.close(); }
}
