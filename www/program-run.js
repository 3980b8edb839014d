// The trusted side of a contest program taking a seat (docs/PROGRAMS.md), used in the sandbox
// and pool workers (or the page): one worker per seat (www/program-worker.js), reused from run
// to run, each run a fresh instance. This side keeps the time — WorkerRpc's watchdog stops the
// worker at the run's limit (the next run starts another) and the stdout streamed until then
// is the answer — and bounds what it takes. The program is `loadProgram`'s (www/program-file.js).
import { WorkerRpc } from './worker-rpc.js';
import { STDERR_KEPT } from './wasi.js';

/** Stderr read per run (more is dropped); its last STDERR_KEPT bytes are kept. */
export const STDERR_READ = 1 << 20;
/** How long a seat's worker may take to start, before a run's clock starts. */
const STARTUP_MS = 20000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A seed as a u64 in decimal: a BigInt, a safe integer or a decimal string. */
function seedText(seed) {
  const ok = typeof seed === 'bigint' || Number.isSafeInteger(seed) || (typeof seed === 'string' && /^\d{1,20}$/.test(seed));
  if (!ok || BigInt(seed) < 0n || BigInt(seed) >= 1n << 64n) throw new Error(`the seed ${String(seed)} is not a u64`);
  return BigInt(seed).toString();
}

const asBytes = (v) => (v instanceof Uint8Array ? v : encoder.encode(v ?? ''));

function append(parts, bytes) {
  if (bytes.length) parts.push(bytes);
}

function joined(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export class ProgramSeat {
  /**
   * `program`: { name, module } (from loadProgram); `args`: the words after the file name;
   * `seed`: ARCADE_SEED, the seed of random_get (the same stream every run); `game`: ARCADE_GAME.
   */
  constructor(program, { args = [], seed = 0, game }) {
    this.module = program.module;
    this.args = [program.name, ...args.map(String)];
    this.seed = seedText(seed);
    this.game = String(game);
    this.rpc = new WorkerRpc(new URL('./program-worker.js', import.meta.url));
    this.up = null;
  }

  /** The worker, started and answering (not counted in any run's time). */
  async ready() {
    this.up ??= this.rpc.call({ type: 'hello' }, { backstopMs: STARTUP_MS }).then((r) => {
      if (!r.ok) {
        this.up = null;
        throw new Error(`the program's worker did not start: ${r.error ?? `no answer within ${STARTUP_MS / 1000} s`}`);
      }
    });
    return this.up;
  }

  /**
   * One request: a fresh instance run with `stdin` (text or bytes) and, optionally, a
   * `conversation` { url, data } (a same-origin module whose `reply(stdoutSoFar, data)` gives
   * the next stdin bytes, or null, when the program reads and nothing is left); stopped after
   * `limitMs` (from posting the request, instantiation included), stdout bounded by `maxStdout`.
   * With `untilLine` (our protocol), the run ends once stdout holds a whole line; a conversation
   * module's `answered(stdoutSoFar, data)` says where its answer is whole.
   * `env` replaces the three ARCADE_* variables (tests only). Resolves to { stdout (text),
   * stdoutBytes, printed (the stderr tail as text), exit (null unless it returned or called
   * proc_exit), error (null, or what went wrong), timeout, ms, memoryBytes }.
   */
  async run({ stdin = '', conversation = null, untilLine = false, limitMs, maxStdout, env = null }) {
    if (!(limitMs > 0) || !(maxStdout >= 0)) throw new Error(`a program's run needs limitMs and maxStdout (given ${limitMs}, ${maxStdout})`);
    await this.ready();
    const out = [];
    let err = new Uint8Array(0);
    const take = (part) => {
      if (!part) return;
      if (part.out instanceof Uint8Array) append(out, part.out);
      if (part.err instanceof Uint8Array && part.err.length) {
        const both = joined([err, part.err]);
        err = both.subarray(Math.max(0, both.length - STDERR_KEPT));
      }
    };
    const request = {
      type: 'run',
      module: this.module,
      args: this.args,
      env: env ?? [`ARCADE_GAME=${this.game}`, `ARCADE_TIME_LIMIT_MS=${limitMs}`, `ARCADE_SEED=${this.seed}`],
      seed: this.seed,
      stdin: asBytes(stdin),
      conversation,
      untilLine,
      maxStdout,
      maxStderr: STDERR_READ,
    };
    const stop = new AbortController();
    // After the limit the worker is terminated at once (no grace): WorkerRpc answers 'cancelled'.
    // The request is posted first, so the limit counts from where WorkerRpc's `ms` does.
    const answer = this.rpc.call(request, { signal: stop.signal, graceMs: 0, onProgress: take });
    const timer = setTimeout(() => stop.abort(), limitMs);
    const r = await answer;
    clearTimeout(timer);
    if (r.ok) take(r.value);
    const stdoutBytes = joined(out).subarray(0, maxStdout);
    const late = r.ok && r.ms > limitMs;
    const timeout = r.kind === 'cancelled' || late;
    let error = r.ok ? r.value.error : r.kind === 'error' ? r.error : null;
    if (r.kind === 'cancelled') error = `stopped at the time limit (${limitMs} ms)`;
    else if (late) error ??= `took ${Math.round(r.ms)} ms; the limit is ${limitMs} ms`;
    if (!r.ok && !timeout) {
      this.up = null; // the worker is gone: the next run starts another
      error ??= `the program's worker failed: ${r.error}`;
    }
    if (r.kind === 'cancelled') this.up = null;
    return {
      stdout: decoder.decode(stdoutBytes),
      stdoutBytes,
      printed: decoder.decode(err),
      exit: r.ok ? r.value.exit : null,
      answered: r.ok ? Boolean(r.value.answered) : false,
      error,
      timeout,
      ms: r.ms,
      memoryBytes: r.ok ? r.value.memoryBytes : null,
    };
  }

  /** Ends the seat's worker. */
  close() {
    this.rpc.close();
    this.up = null;
  }
}

/**
 * Runs `runs` (each as for `ProgramSeat.run`) in order on one seat of `program` (`seat`: its
 * args, seed and game), then closes it: the results. The sandbox worker's `program-run`.
 */
export async function runOnSeat({ program, seat, runs }) {
  const s = new ProgramSeat(program, seat);
  try {
    const results = [];
    for (const options of runs) results.push(await s.run(options));
    return results;
  } finally {
    s.close();
  }
}
