// The arcade's WASI preview 1 layer for contest programs in the page (docs/PROGRAMS.md): one
// `Wasi` per instance. What it gives: argv, the three ARCADE_* variables, real clocks, a seeded
// random_get (splitmix64, the same stream as the CLI's layer), stdin from fixed bytes and an
// optional conversation hook, stdout and stderr bounded, proc_exit. There is no file system and
// no network: every other function answers an error code and changes nothing.
//
// Where the contract leaves a choice, this layer (and the CLI's, which must match) answers:
//   fd_read on 1/2, fd_write on 0, anything on fd ≥ 3, fd_prestat_*  → EBADF (8)
//   the other fd_* functions on fds 0–2 (close, seek, filestat, …)  → ENOTSUP (58)
//   path_* → ENOTCAPABLE (76); sock_*, proc_raise → ENOTSUP (58); sched_yield → 0
//   clocks 2 and 3 (process/thread CPU time): time since the instance started; others EINVAL (28)
//   poll_oneoff: every clock subscription fires at once (nothing blocks); a fd subscription's
//     event carries ENOTSUP; no subscriptions → EINVAL
//   fds 0–2 are character devices (so C's stdio line-buffers stdout), rights FD_READ / FD_WRITE
//   a pointer outside the memory → EFAULT (21), nothing written; stderr past `maxStderr` bytes
//     is dropped (the write succeeds); stdout past `maxStdout` ends the run "wrote more than N bytes"

/** Every function of wasi_snapshot_preview1 as `params:results` (i = i32, I = i64). */
export const WASI_SIGNATURES = {
  args_get: 'ii:i', args_sizes_get: 'ii:i', environ_get: 'ii:i', environ_sizes_get: 'ii:i',
  clock_res_get: 'ii:i', clock_time_get: 'iIi:i',
  fd_advise: 'iIIi:i', fd_allocate: 'iII:i', fd_close: 'i:i', fd_datasync: 'i:i', fd_fdstat_get: 'ii:i',
  fd_fdstat_set_flags: 'ii:i', fd_fdstat_set_rights: 'iII:i', fd_filestat_get: 'ii:i',
  fd_filestat_set_size: 'iI:i', fd_filestat_set_times: 'iIIi:i', fd_pread: 'iiiIi:i', fd_prestat_get: 'ii:i',
  fd_prestat_dir_name: 'iii:i', fd_pwrite: 'iiiIi:i', fd_read: 'iiii:i', fd_readdir: 'iiiIi:i',
  fd_renumber: 'ii:i', fd_seek: 'iIii:i', fd_sync: 'i:i', fd_tell: 'ii:i', fd_write: 'iiii:i',
  path_create_directory: 'iii:i', path_filestat_get: 'iiiii:i', path_filestat_set_times: 'iiiiIIi:i',
  path_link: 'iiiiiii:i', path_open: 'iiiiiIIii:i', path_readlink: 'iiiiii:i', path_remove_directory: 'iii:i',
  path_rename: 'iiiiii:i', path_symlink: 'iiiii:i', path_unlink_file: 'iii:i',
  poll_oneoff: 'iiii:i', proc_exit: 'i:', proc_raise: 'i:i', sched_yield: ':i', random_get: 'ii:i',
  sock_accept: 'iii:i', sock_recv: 'iiiiii:i', sock_send: 'iiiii:i', sock_shutdown: 'ii:i',
};

const SUCCESS = 0, BADF = 8, FAULT = 21, INVAL = 28, NOTSUP = 58, NOTCAPABLE = 76;
const CHARACTER_DEVICE = 2;
const RIGHT_FD_READ = 2n, RIGHT_FD_WRITE = 64n;
/** The last bytes of stderr kept. */
export const STDERR_KEPT = 8 << 10;
const EMPTY = new Uint8Array(0);
const MASK = (1n << 64n) - 1n;

/** proc_exit, thrown through the program's frames. */
export class WasiExit { constructor(code) { this.code = code; } }
/** The run ends because its answer is whole (`answered`): what it does after is not waited for. */
class WasiAnswered {}
/** The run ends for a reason of the arcade's ("wrote more than N bytes"). */
export class WasiStop { constructor(message) { this.message = message; } }
/** Thrown by a check when a pointer lies outside the memory: answered EFAULT. */
const FAULTED = Object.freeze({ fault: true });

const encoder = new TextEncoder();

/** A byte buffer that grows by doubling, never past `cap`. */
class Bytes {
  constructor(cap) { this.cap = cap; this.data = EMPTY; this.length = 0; }
  /** Appends what fits under the cap; how many bytes did not. */
  push(bytes) {
    const take = Math.min(bytes.length, this.cap - this.length);
    const need = this.length + take;
    if (need > this.data.length) {
      const grown = new Uint8Array(Math.min(this.cap, Math.max(need, this.data.length * 2)));
      grown.set(this.data.subarray(0, this.length));
      this.data = grown;
    }
    this.data.set(take === bytes.length ? bytes : bytes.subarray(0, take), this.length);
    this.length = need;
    return bytes.length - take;
  }
  get bytes() { return this.data.subarray(0, this.length); }
}

export class Wasi {
  /**
   * `args`: argv (the file name first); `env`: "NAME=value" lines; `seed`: ARCADE_SEED (a u64,
   * BigInt or decimal); `stdin`: bytes read first; `conversation(stdoutSoFar)`: asked for more
   * when the program reads stdin and nothing is left (bytes, or null: end of file);
   * `onCall()`: after each call the program makes (the worker streams stdout from there);
   * `answered(stdoutSoFar)`: true once stdout holds a whole answer — the run ends there, as the
   * CLI stops reading (and kills the program) once its answer is whole.
   */
  constructor({ args, env, seed, stdin = EMPTY, conversation = null, answered = null, maxStdout, maxStderr, onCall = null }) {
    this.answered = answered;
    this.texts = { args, env }; // encoded when the program first asks (many never do)
    this.state = BigInt.asUintN(64, BigInt(seed));
    this.input = stdin;
    this.inputAt = 0;
    this.conversation = conversation;
    this.stdout = new Bytes(maxStdout);
    this.stderr = new Bytes(maxStderr);
    this.onCall = onCall;
    this.memory = null;
    this.buffer = EMPTY.buffer;
    this.started = performance.now();
    this.imports = importsOf(this);
  }

  /**
   * Runs the instance's `_start`: { exit, error } — exit 0 when it returns, proc_exit's code,
   * or null with `error` (a trap, a limit).
   */
  start(instance) {
    this.memory = instance.exports.memory;
    try {
      this.fresh();
      instance.exports._start();
      return { exit: 0, error: null };
    } catch (e) {
      if (e instanceof WasiExit) return { exit: e.code, error: null };
      if (e instanceof WasiAnswered) return { exit: null, error: null, answered: true };
      if (e instanceof WasiStop) return { exit: null, error: e.message };
      if (e instanceof WebAssembly.RuntimeError) return { exit: null, error: `the program crashed: ${trapName(e.message)}` };
      if (e instanceof RangeError && /call stack/i.test(e.message)) return { exit: null, error: 'the program crashed: call stack exhausted' };
      throw e;
    }
  }

  /** The last STDERR_KEPT bytes of stderr. */
  stderrTail() { return this.stderr.bytes.subarray(Math.max(0, this.stderr.length - STDERR_KEPT)); }

  // The program's memory as bytes and as a DataView, made again after it grew (growing
  // detaches the old buffer: its length is 0 then).
  fresh() {
    if (this.buffer.byteLength === 0) {
      this.buffer = this.memory.buffer;
      this.bytes = new Uint8Array(this.buffer);
      this.data = new DataView(this.buffer);
    }
  }
  mem() { this.fresh(); return this.bytes; }
  view() { this.fresh(); return this.data; }

  /**
   * The bytes an iovec array spans in all, every buffer checked to lie in memory (so a call
   * that faults has done nothing); `iovs` and `count` as unsigned.
   */
  span(iovs, count) {
    const view = this.view();
    const size = view.byteLength;
    if (iovs + count * 8 > size) throw FAULTED;
    let total = 0;
    for (let at = iovs; at < iovs + count * 8; at += 8) {
      const len = view.getUint32(at + 4, true);
      if (view.getUint32(at, true) + len > size) throw FAULTED;
      total += len;
    }
    return total;
  }

  write(fd, iovs, count, written) {
    if (fd !== 1 && fd !== 2) return BADF;
    const total = this.span(iovs >>>= 0, count >>>= 0);
    if (total > 0xffffffff) return INVAL;
    const view = this.view();
    view.setUint32(written >>> 0, total, true);
    const mem = this.mem();
    const sink = fd === 1 ? this.stdout : this.stderr;
    for (let at = iovs; at < iovs + count * 8; at += 8) {
      const ptr = view.getUint32(at, true);
      const cut = sink.push(mem.subarray(ptr, ptr + view.getUint32(at + 4, true)));
      if (cut > 0 && fd === 1) throw new WasiStop(`wrote more than ${sink.cap} bytes`);
    }
    if (fd === 1 && total > 0 && this.answered?.(this.stdout.bytes)) throw new WasiAnswered();
    return SUCCESS;
  }

  read(fd, iovs, count, read) {
    if (fd !== 0) return BADF;
    this.span(iovs >>>= 0, count >>>= 0);
    if ((read >>>= 0) + 4 > this.view().byteLength) throw FAULTED;
    if (this.inputAt >= this.input.length && this.conversation) {
      let next;
      try {
        next = this.conversation(this.stdout.bytes);
      } catch (e) {
        throw new WasiStop(`the arcade's reply failed: ${e?.message ?? e}`);
      }
      this.input = typeof next === 'string' ? encoder.encode(next) : next instanceof Uint8Array ? next : EMPTY;
      this.inputAt = 0;
    }
    const view = this.view();
    const mem = this.mem();
    let total = 0;
    for (let at = iovs; at < iovs + count * 8; at += 8) {
      const len = view.getUint32(at + 4, true);
      const part = this.input.subarray(this.inputAt, this.inputAt + len);
      mem.set(part, view.getUint32(at, true));
      this.inputAt += part.length;
      total += part.length;
      if (part.length < len) break;
    }
    view.setUint32(read, total, true);
    return SUCCESS;
  }

  /** argv or environ as NUL-terminated UTF-8, each. */
  encoded(which) {
    const list = this.texts[which];
    if (typeof list[0] === 'string') this.texts[which] = list.map((t) => encoder.encode(`${t}\0`));
    return this.texts[which];
  }

  /** argv or environ: the pointers, then the strings. */
  strings(list, ptrs, buf) {
    const view = this.view();
    const mem = this.mem();
    const bytes = list.reduce((n, s) => n + s.length, 0);
    if ((ptrs >>>= 0) + 4 * list.length > mem.length || (buf >>>= 0) + bytes > mem.length) throw FAULTED;
    for (const [i, s] of list.entries()) {
      view.setUint32(ptrs + 4 * i, buf, true);
      mem.set(s, buf);
      buf += s.length;
    }
    return SUCCESS;
  }

  sizes(list, countPtr, bytesPtr) {
    const view = this.view();
    if ((countPtr >>>= 0) + 4 > view.byteLength || (bytesPtr >>>= 0) + 4 > view.byteLength) throw FAULTED;
    view.setUint32(countPtr, list.length, true);
    view.setUint32(bytesPtr, list.reduce((n, s) => n + s.length, 0), true);
    return SUCCESS;
  }

  /** A clock's time in nanoseconds, or null for a clock there is not. */
  clock(id) {
    switch (id) {
      case 0: return BigInt(Math.round((performance.timeOrigin + performance.now()) * 1e6));
      case 1: return BigInt(Math.round(performance.now() * 1e6));
      case 2: case 3: return BigInt(Math.round((performance.now() - this.started) * 1e6));
      default: return null;
    }
  }

  /** The next splitmix64 output. */
  next() {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & MASK;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  }

  random(buf, len) {
    const mem = this.mem();
    if ((buf >>>= 0) + (len >>>= 0) > mem.length) throw FAULTED;
    const word = new DataView(new ArrayBuffer(8));
    const bytes = new Uint8Array(word.buffer);
    for (let at = 0; at < len; at += 8) {
      word.setBigUint64(0, this.next(), true);
      mem.set(len - at >= 8 ? bytes : bytes.subarray(0, len - at), buf + at);
    }
    return SUCCESS;
  }

  poll(subs, events, count, eventsPtr) {
    if ((count >>>= 0) === 0) return INVAL;
    const view = this.view();
    if ((subs >>>= 0) + 48 * count > view.byteLength || (events >>>= 0) + 32 * count > view.byteLength
      || (eventsPtr >>>= 0) + 4 > view.byteLength) throw FAULTED;
    for (let i = 0; i < count; i += 1) if (view.getUint8(subs + 48 * i + 8) > 2) return INVAL;
    for (let i = 0; i < count; i += 1) {
      const tag = view.getUint8(subs + 48 * i + 8);
      const event = events + 32 * i;
      view.setBigUint64(event, view.getBigUint64(subs + 48 * i, true), true);
      view.setUint16(event + 8, tag === 0 ? SUCCESS : NOTSUP, true);
      view.setUint8(event + 10, tag);
      for (let k = 11; k < 32; k += 1) view.setUint8(event + k, 0);
    }
    view.setUint32(eventsPtr, count, true);
    return SUCCESS;
  }

  fdstat(fd, buf) {
    if (fd < 0 || fd > 2) return BADF;
    const view = this.view();
    if ((buf >>>= 0) + 24 > view.byteLength) throw FAULTED;
    view.setUint8(buf, CHARACTER_DEVICE);
    for (let k = 1; k < 8; k += 1) view.setUint8(buf + k, 0);
    view.setBigUint64(buf + 8, fd === 0 ? RIGHT_FD_READ : RIGHT_FD_WRITE, true);
    view.setBigUint64(buf + 16, 0n, true);
    return SUCCESS;
  }

  /** Calls one of GIVEN's functions for the program: a pointer outside the memory answers EFAULT. */
  call(f, a, b, c, d) {
    let r;
    try {
      r = f(this, a, b, c, d);
    } catch (e) {
      // Our checks' FAULTED or a DataView's bounds check; anything else — proc_exit, a limit,
      // a stack overflow — goes on out through the program.
      if (e !== FAULTED && !(e instanceof RangeError && !/call stack/i.test(e.message))) throw e;
      r = FAULT;
    }
    this.onCall?.();
    return r;
  }
}

/** The functions that do something, as (wasi, ...the program's arguments). */
const GIVEN = {
  args_get: (w, argv, buf) => w.strings(w.encoded('args'), argv, buf),
  args_sizes_get: (w, count, bytes) => w.sizes(w.encoded('args'), count, bytes),
  environ_get: (w, env, buf) => w.strings(w.encoded('env'), env, buf),
  environ_sizes_get: (w, count, bytes) => w.sizes(w.encoded('env'), count, bytes),
  clock_res_get: (w, id, ptr) => {
    if (w.clock(id) === null) return INVAL;
    // Browsers coarsen performance.now() to 100 µs (5 µs when cross-origin isolated).
    w.view().setBigUint64(ptr >>> 0, 100000n, true);
    return SUCCESS;
  },
  clock_time_get: (w, id, precision, ptr) => {
    const now = w.clock(id);
    if (now === null) return INVAL;
    w.view().setBigUint64(ptr >>> 0, now, true);
    return SUCCESS;
  },
  fd_read: (w, fd, iovs, count, read) => w.read(fd, iovs, count, read),
  fd_write: (w, fd, iovs, count, written) => w.write(fd, iovs, count, written),
  fd_fdstat_get: (w, fd, buf) => w.fdstat(fd, buf),
  poll_oneoff: (w, subs, events, count, eventsPtr) => w.poll(subs, events, count, eventsPtr),
  proc_exit: (w, code) => { throw new WasiExit(code >>> 0); },
  sched_yield: () => SUCCESS,
  random_get: (w, buf, len) => w.random(buf, len),
};
const GIVEN_ENTRIES = Object.entries(GIVEN);

/** The functions that only answer an error code: the same for every instance. */
const REFUSALS = Object.fromEntries(Object.keys(WASI_SIGNATURES).map((name) => [name,
  name.startsWith('path_') ? () => NOTCAPABLE
    : name.startsWith('fd_prestat_') ? () => BADF
      : name.startsWith('fd_') ? (fd) => (fd >= 0 && fd <= 2 ? NOTSUP : BADF)
        : () => NOTSUP])); // sock_*, proc_raise

/** An instance's import object (GIVEN bound to `wasi`, REFUSALS shared). */
function importsOf(wasi) {
  const functions = Object.create(REFUSALS); // imports are looked up through the prototype too
  for (const [name, f] of GIVEN_ENTRIES) functions[name] = (a, b, c, d) => wasi.call(f, a, b, c, d);
  return { wasi_snapshot_preview1: functions };
}

/** V8's trap messages in the words the CLI's layer uses where they differ. */
function trapName(message) {
  return message === 'unreachable' ? 'unreachable executed' : message;
}
