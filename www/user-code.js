// The trusted side of the one sandbox protocol for user JavaScript, every game: start a
// session (game, source, seed), call it with a view (the parent sends the seat's view and gets
// the move back), stop. The user's code runs in www/user-host.js, in a process of its own
// (www/user-frames.js: code that exhausts memory crashes that process, and its session ends
// with OUT_OF_MEMORY); this side measures each call's time itself, bounds what it takes
// (ANSWER_CHARS, errors, printed output) before any other work, and checks the answer's type.
// The watchdog is WorkerRpc's.
import { WorkerRpc } from './worker-rpc.js';
import { openUserHost, OUT_OF_MEMORY } from './user-frames.js';

export { OUT_OF_MEMORY };
/** How long a host may take to start (a new process for the first), before its load limit starts. */
const STARTUP_MS = 20000;

/**
 * The most characters of JSON text an answer may have, per game and function. The host refuses
 * a longer answer before posting it; this side checks the length again before parsing it.
 */
export const ANSWER_CHARS = {
  pig: { player: 256 }, // true or false
  lifter: {
    // A route beyond the mine's cells is not played (the contest's rule); the largest mine is
    // 4000 × 4000 (LIMITS in crates/rails/src/inputs.rs). Two more for the quotes.
    solve: 4000 * 4000 + 2,
    next: 256, // one command
  },
  labyrinth: { turn: 1024 }, // { rotation, insertion, row, column }
  punter: { punter: 16 << 20 }, // a protocol message: 16 MiB (LIMITS in crates/rails/src/inputs.rs)
};
/** Most characters of an error and of a call's printed output taken from the host (it keeps
 * 20,000 of the output and a few hundred of an error; this only stops a host that did not). */
const MAX_ERROR_CHARS = 1000;
const MAX_PRINTED_CHARS = 20100;
/** Most characters of an answer a message quotes. */
const QUOTE_CHARS = 200;

const cut = (text, max) => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);

/** An answer as a message quotes it: JSON, at most QUOTE_CHARS characters of it. */
export const show = (v) => {
  if (v === undefined) return 'undefined';
  if (typeof v === 'string' && v.length > QUOTE_CHARS) return `${JSON.stringify(v.slice(0, QUOTE_CHARS))}… (${v.length} characters)`;
  return cut(JSON.stringify(v) ?? String(v), QUOTE_CHARS);
};

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

/**
 * The host's reply to a call — { json: the answer's JSON text, or null for undefined } or
 * { tooLong: its length } — read within `maxChars`: { value, json } or { error }. The length is
 * checked before the text is parsed.
 */
function readAnswer(reply, maxChars) {
  const json = reply?.json;
  const chars = typeof reply?.tooLong === 'number' ? reply.tooLong : typeof json === 'string' ? json.length : 0;
  if (chars > maxChars) return { error: `returned an answer of ${chars} characters; the limit is ${maxChars}` };
  if (json === null) return { value: undefined, json: null };
  if (typeof json !== 'string') return { error: 'the sandbox sent an answer that is not JSON text' };
  try {
    return { value: JSON.parse(json), json };
  } catch {
    return { error: 'the sandbox sent an answer that is not JSON text' };
  }
}

export class UserSession {
  /**
   * Loads `source` for `game` (its top level runs within `loadMs`). Resolves to
   * { session, defined: [names of the game's functions it defines], printed } or { error, printed }.
   */
  static async start({ game, source, seed, loadMs }) {
    let session = null;
    const rpc = new WorkerRpc(null, { open: openUserHost, onLost: (reason) => session?.lost(reason) });
    // The host answers once it is up: the load limit counts from there.
    const up = await rpc.call({ type: 'hello' }, { backstopMs: STARTUP_MS });
    const r = up.ok ? await rpc.call({ type: 'start', game, source, seed }, { backstopMs: loadMs }) : up;
    const printed = typeof r.printed === 'string' ? cut(r.printed, MAX_PRINTED_CHARS) : '';
    const names = Object.keys(ANSWER_CHARS[game] ?? {});
    const defined = r.value?.defined;
    if (r.ok && Array.isArray(defined) && defined.length <= names.length && defined.every((n) => names.includes(n))) {
      session = new UserSession(rpc, game);
      return { session, defined, printed };
    }
    rpc.close();
    if (r.kind === 'timeout') {
      return { error: up.ok ? `loading did not finish within ${loadMs} ms (a loop at the top level?)` : `the sandbox did not start within ${STARTUP_MS / 1000} s`, printed };
    }
    return { error: typeof r.error === 'string' ? cut(r.error, MAX_ERROR_CHARS) : 'the sandbox did not start', printed };
  }

  constructor(rpc, game) {
    this.rpc = rpc;
    this.game = game;
    this.dead = null;
  }

  /** The host was lost by itself (its process crashed) while no call was waiting. */
  lost(reason) {
    this.dead ??= reason;
  }

  /**
   * Calls the user's `fn` with `view`. Resolves to { answer, json, error, printed, ms } (`json`:
   * the answer's JSON text); `error` names what went wrong (threw, took longer than `limitMs` —
   * then also `slow` —, over the game's size limit, wrong type). After `backstopMs` without an
   * answer the host is terminated: { timeout: true }, and every later call says so too; so
   * when its process crashed (now or earlier), with `oom` and the error OUT_OF_MEMORY.
   */
  async call(fn, view, { limitMs, backstopMs }) {
    if (this.dead) return { answer: null, error: this.dead, printed: '', ms: 0, timeout: true, oom: this.dead === OUT_OF_MEMORY };
    const maxChars = ANSWER_CHARS[this.game]?.[fn] ?? 0;
    const r = await this.rpc.call({ type: 'call', fn, view, maxChars }, { backstopMs });
    const base = { answer: null, printed: typeof r.printed === 'string' ? cut(r.printed, MAX_PRINTED_CHARS) : '', ms: r.ms };
    const error = typeof r.error === 'string' ? cut(r.error, MAX_ERROR_CHARS) : 'the sandbox failed';
    if (!r.ok && r.kind !== 'error') {
      this.dead ??= r.kind === 'timeout' ? `no answer within ${backstopMs} ms` : error;
      this.rpc.close();
      return { ...base, error: this.dead, timeout: true, oom: this.dead === OUT_OF_MEMORY };
    }
    if (!r.ok) return { ...base, error };
    if (r.ms > limitMs) return { ...base, error: `took ${Math.round(r.ms)} ms, the limit is ${limitMs} ms per call`, slow: true };
    const read = readAnswer(r.value, maxChars);
    const wrong = read.error ?? ANSWERS[this.game]?.[fn]?.(read.value) ?? null;
    return wrong ? { ...base, error: wrong } : { ...base, answer: read.value, json: read.json, error: null };
  }

  /** Ends the session (terminates the host). */
  close() { this.rpc.close(); }
}
