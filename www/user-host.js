// The one host for user JavaScript, every game. A classic worker with no imports, made from a
// blob in the sandboxed frame www/user-frame.html (a process apart from the page's, see
// www/user-frames.js) and so under that frame's Content-Security-Policy (`default-src 'none';
// script-src` only the frame's own script and 'unsafe-eval': new Function works; import(), fetch
// and every other request are refused). Its first message brings the MessagePort it answers on;
// it listens to nothing else after that. Before any user code runs it takes what
// it needs, then leaves on the global object and its prototypes only an allow-list (ALLOWED:
// ECMAScript's built-ins and the few worker functions user code is promised, see
// docs/JAVASCRIPT-API.md) and deletes everything else (navigator, network, storage, workers …);
// it refuses to run user code if anything else is still reachable. The message channel is hidden
// from user code. The parent (www/user-code.js over www/worker-rpc.js) times every call, bounds
// and checks the answers, and accepts only answers carrying its request's nonce.
//
// User code may replace any built-in (Array.prototype[Symbol.iterator], String.prototype.slice,
// JSON.stringify, String, Promise.prototype.then …), and the host must answer as before. So once
// user code has run the host calls only functions taken here, through Reflect.apply, never a
// method looked up later; it uses no for-of, spread or array destructuring (the array iterator),
// writes arrays with defineProperty (no setters) and reads only its own objects' own properties.
'use strict';
(() => {
  const G = self;
  const { apply, defineProperty, deleteProperty, getOwnPropertyDescriptor, getPrototypeOf, ownKeys } = Reflect;
  const ObjectProto = Object.prototype;
  const StringOf = String;
  const NumberOf = Number;
  const stringify = JSON.stringify;
  const sliceOf = String.prototype.slice;
  const execRe = RegExp.prototype.exec;
  const imul = Math.imul;
  const FunctionCtor = Function;
  const indirectEval = eval;
  const SyntaxErrorCtor = SyntaxError;
  const promiseThen = Promise.prototype.then;
  const portPost = MessagePort.prototype.postMessage;
  const portStart = MessagePort.prototype.start;
  const MessagePortCtor = MessagePort;
  const EventTargetProto = EventTarget.prototype;
  const realAdd = EventTargetProto.addEventListener;
  const dataOf = getOwnPropertyDescriptor(MessageEvent.prototype, 'data').get;
  const preventDefault = Event.prototype.preventDefault;
  const now = performance.now.bind(performance);

  const cut = (text, max) => (text.length > max ? `${apply(sliceOf, text, [0, max])}…` : text);
  // Descriptors without a prototype: user code may define Object.prototype.get.
  const append = (list, value) => defineProperty(list, list.length, { __proto__: null, value, writable: true, enumerable: true, configurable: true });

  // What user code may see on the global object and its prototypes; everything else is deleted.
  const ALLOWED = { __proto__: null };
  const ECMASCRIPT = `globalThis Infinity NaN undefined eval isFinite isNaN parseFloat parseInt decodeURI
    decodeURIComponent encodeURI encodeURIComponent escape unescape Object Function Boolean Symbol Error
    AggregateError EvalError RangeError ReferenceError SyntaxError TypeError URIError SuppressedError Number
    BigInt Math Date String RegExp Array Int8Array Uint8Array Uint8ClampedArray Int16Array Uint16Array
    Int32Array Uint32Array BigInt64Array BigUint64Array Float16Array Float32Array Float64Array Map Set
    WeakMap WeakSet WeakRef FinalizationRegistry ArrayBuffer SharedArrayBuffer DataView Atomics JSON
    Iterator Promise Proxy Reflect DisposableStack AsyncDisposableStack Intl Temporal`;
  // `console` and `performance` are the host's own (below); the message channel is locked.
  const WORKER = `self console performance setTimeout clearTimeout setInterval clearInterval queueMicrotask
    structuredClone atob btoa TextEncoder TextDecoder postMessage onmessage onmessageerror
    addEventListener removeEventListener`;
  for (const name of `${ECMASCRIPT} ${WORKER}`.trim().split(/\s+/)) ALLOWED[name] = true;

  const scopes = []; // the global object and its prototypes, up to Object.prototype
  for (let o = G; o && o !== ObjectProto; o = getPrototypeOf(o)) scopes.push(o);
  for (const o of scopes) {
    for (const key of ownKeys(o)) {
      if (typeof key !== 'string' || (ALLOWED[key] && key !== 'console' && key !== 'performance')) continue;
      if (!deleteProperty(o, key)) { try { o[key] = undefined; } catch { /* checked below */ } }
    }
  }
  const own = (value) => ({ __proto__: null, value, writable: true, configurable: true, enumerable: false });
  const noop = function postMessage() {};
  const MAX_PRINTED = 20000;
  let printed = '';
  const text = (v) => {
    if (typeof v === 'string') return v;
    try { return StringOf(apply(stringify, undefined, [v])); } catch { /* not JSON */ }
    try { return StringOf(v); } catch { return '(a value that cannot be shown)'; }
  };
  function log(...xs) {
    if (printed.length > MAX_PRINTED) return;
    let line = '';
    for (let i = 0; i < xs.length; i += 1) line += `${i ? ' ' : ''}${text(xs[i])}`;
    printed += `${line}\n`;
    if (printed.length > MAX_PRINTED) printed = `${apply(sliceOf, printed, [0, MAX_PRINTED])}… (output cut)\n`;
  }
  const takePrinted = () => { const out = printed; printed = ''; return out; };
  const consoleObject = { log, info: log, warn: log, error: log, debug: log };
  const performanceObject = { now };
  defineProperty(G, 'console', own(consoleObject));
  defineProperty(G, 'performance', own(performanceObject));
  // User code cannot post, listen for messages or replace the host's handler.
  for (let i = 0; i < scopes.length; i += 1) {
    const o = scopes[i];
    if (getOwnPropertyDescriptor(o, 'postMessage')) defineProperty(o, 'postMessage', { value: noop, writable: false, configurable: false });
    for (const name of ['onmessage', 'onmessageerror']) {
      if (getOwnPropertyDescriptor(o, name)?.configurable) defineProperty(o, name, { get: () => null, set: () => {}, configurable: false });
    }
  }
  function addEventListener(type, listener, options) {
    const kind = typeof type === 'string' ? type : StringOf(type); // converted once, then checked
    const global = this === G || this === undefined || this === null; // a bare call means the global
    if (global && (kind === 'message' || kind === 'messageerror')) return undefined;
    return apply(realAdd, this, [kind, listener, options]);
  }
  defineProperty(EventTargetProto, 'addEventListener', { value: addEventListener, writable: false, configurable: false });

  // Fail closed: anything reachable that is not allowed (or not the host's own) means no user
  // code runs in this worker. A primitive that cannot be deleted (a constant) reaches nothing.
  try { G.onmessage = () => {}; } catch { /* locked */ }
  const leaks = [];
  for (const o of scopes) {
    for (const key of ownKeys(o)) {
      const d = getOwnPropertyDescriptor(o, key);
      const primitive = 'value' in d && (d.value === null || (typeof d.value !== 'object' && typeof d.value !== 'function'));
      const hostsOwn = key === 'console' || key === 'performance'; // only on the global object itself
      if (typeof key === 'string' && !(ALLOWED[key] && (!hostsOwn || o === G)) && !primitive) leaks.push(key);
    }
  }
  for (const name of ['navigator', 'fetch', 'indexedDB', 'caches', 'importScripts', 'Worker', 'WebSocket', 'XMLHttpRequest', 'location']) {
    if (G[name] !== undefined) leaks.push(name);
  }
  if (G.postMessage !== noop) leaks.push('postMessage');
  if (EventTargetProto.addEventListener !== addEventListener) leaks.push('addEventListener');
  if (G.onmessage !== null) leaks.push('onmessage');
  if (G.console !== consoleObject || G.performance !== performanceObject) leaks.push('console or performance');

  // Seeded Math.random (mulberry32) so runs reproduce.
  const seeded = (seed) => {
    let a = (seed >>> 0) ^ 0x9e3779b9;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = imul(t ^ (t >>> 15), t | 1);
      t ^= t + imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  };

  // Games: the functions user code may define, and how a view becomes their arguments.
  // `marks`: the kinds its `draw` object draws (the engine's kinds of the game, src/<game>/marks.rs).
  const GAMES = {
    __proto__: null,
    pig: {
      names: ['player'],
      want: 'function player(myTotal, otherTotal, accum, current, state)',
      args: (view, session) => [view[0], view[1], view[2], view[3], session.state],
      init: () => [0],
      marks: ['value'],
    },
    lifter: { names: ['solve', 'next'], want: 'function solve(map) or function next(state)', args: (view) => [view], init: () => null, marks: ['cell', 'path'] },
    labyrinth: { names: ['turn'], want: 'function turn(view) returning { rotation, insertion, row, column }', args: (view) => [view], init: () => null, marks: ['tile', 'square', 'path'] },
    punter: { names: ['punter'], want: 'function punter(message) answering the official protocol messages', args: (view) => [view], init: () => null, marks: ['site', 'river', 'path'] },
  };

  // Debug drawing (docs/JAVASCRIPT-API.md): `draw.KIND(numbers or arrays of them…, { colour,
  // label })` prints a line `@draw KIND COLOUR NUMBERS | LABEL` into what the call printed, which
  // the engine reads as the decision's marks (crates/rails/src/marks.rs, its bounds). Here too at most
  // MAX_MARKS a call and MAX_MARK_NUMBERS numbers a mark; only functions taken above are used.
  const MAX_MARKS = 200;
  const MAX_MARK_NUMBERS = 1002;
  const isArray = Array.isArray;
  const freeze = Object.freeze;
  let marksDrawn = 0;
  /** `value` as one short line: at most `max` characters, line breaks as spaces (`dense`: no spaces). */
  const oneLine = (value, max, dense) => {
    const s = cut(typeof value === 'string' ? value : StringOf(value), max);
    let out = '';
    for (let i = 0; i < s.length; i += 1) {
      const c = s[i];
      out += c === '\n' || c === '\r' || c === '\t' || (dense && c === ' ') ? (dense ? '_' : ' ') : c;
    }
    return out;
  };
  function drawMark(kind, args) {
    marksDrawn += 1;
    if (marksDrawn > MAX_MARKS) {
      if (marksDrawn === MAX_MARKS + 1) log(`(draw: more than ${MAX_MARKS} marks in one call; the rest are not drawn)`);
      return undefined;
    }
    let options = null;
    let n = args.length;
    const last = n ? args[n - 1] : undefined;
    if (last !== null && typeof last === 'object' && !isArray(last)) { options = last; n -= 1; }
    let numbers = '';
    let count = 0;
    const add = (x) => { if (count < MAX_MARK_NUMBERS) { numbers += ` ${typeof x === 'number' ? x : NumberOf(x)}`; count += 1; } };
    for (let i = 0; i < n; i += 1) {
      const a = args[i];
      if (!isArray(a)) { add(a); continue; }
      for (let j = 0; j < a.length && count < MAX_MARK_NUMBERS; j += 1) {
        const b = a[j];
        if (!isArray(b)) { add(b); continue; }
        for (let k = 0; k < b.length && count < MAX_MARK_NUMBERS; k += 1) add(b[k]);
      }
    }
    const colour = options ? (options.colour ?? options.color) : undefined;
    const label = options ? options.label : undefined;
    const tail = label === undefined || label === null ? '' : ` | ${oneLine(label, 200, false)}`;
    log(`@draw ${kind} ${colour === undefined || colour === null ? 'orange' : oneLine(colour, 20, true)}${numbers}${tail}`);
    return undefined;
  }
  /** The `draw` object of a game: one function per kind it draws. */
  function drawObject(kinds) {
    const o = { __proto__: null };
    for (let i = 0; i < kinds.length; i += 1) {
      const kind = kinds[i];
      o[kind] = function mark(...args) { return drawMark(kind, args); };
    }
    return freeze(o);
  }

  const HEAD = '"use strict";\n'; // new Function adds two lines: user line 1 is line 4
  const MAX_ERROR = 300;
  // A place leads its message, "LINE:COL: ", as every error with a place reads in the CLI and
  // the page (the file's name, when there is one, is the caller's to add).
  const where = (err) => {
    let m = null;
    try { m = apply(execRe, /<anonymous>:(\d+):(\d+)/, [StringOf(err?.stack ?? '')]); } catch { /* no place */ }
    return m ? `${NumberOf(m[1]) - 3}:${m[2]}: ` : '';
  };
  /** "LINE:COL: " + `what` + "Name: message" for an error thrown by user code. */
  const describe = (err, what = '') => {
    try { return `${where(err)}${what}${cut(`${err?.name ?? 'Error'}: ${err?.message ?? StringOf(err)}`, MAX_ERROR)}`; } catch { return 'an error that cannot be shown'; }
  };

  // V8's new Function reports no place for a syntax error: find it from prefixes of the source.
  // A prefix that ends before the bad token fails differently (end of input, or not at all).
  // Prefixes are parsed as a script that throws before its first statement, so nothing runs
  // (new Function would close an open brace with its own "})" and blur the message). This runs
  // only when the source did not compile, so no user code has run (one start per worker).
  const CUT_MESSAGES = ['Invalid or unexpected token', 'Unterminated template literal', 'missing ) after argument list'];
  const syntaxMessage = (source) => {
    try { indirectEval(`"use strict"; throw 0;\n${source}`); return null; } catch (e) { return e instanceof SyntaxErrorCtor ? e.message : null; }
  };
  /** "LINE:COL: SyntaxError: message" for source that new Function refused with `fallback`. */
  function syntaxError(source, fallback) {
    const message = syntaxMessage(source);
    return `${message === null ? '' : syntaxPlace(source, message)}SyntaxError: ${message ?? fallback}`;
  }
  function syntaxPlace(source, message) {
    const lines = source.split('\n');
    if (message === 'Unexpected end of input') {
      let n = lines.length;
      while (n > 1 && lines[n - 1].trim() === '') n -= 1;
      return `${n}:${lines[n - 1].length + 1}: `;
    }
    const fails = (n) => syntaxMessage(lines.slice(0, n).join('\n')) === message;
    let line = lines.length;
    if (CUT_MESSAGES.includes(message) || lines.length < 64) {
      for (let n = 1; n <= lines.length; n += 1) if (fails(n)) { line = n; break; }
    } else {
      let lo = 1;
      while (lo < line) { const mid = (lo + line) >> 1; if (fails(mid)) line = mid; else lo = mid + 1; }
    }
    const before = lines.slice(0, line - 1).join('\n') + (line > 1 ? '\n' : '');
    const row = lines[line - 1];
    let end = row.length;
    for (let c = 1; c <= row.length; c += 1) if (syntaxMessage(before + row.slice(0, c)) === message) { end = c; break; }
    const quoted = /'([^']+)'/.exec(message);
    let start = end;
    if (quoted && row.slice(end - quoted[1].length, end) === quoted[1]) start = end - quoted[1].length + 1;
    else while (start > 1 && /[\w$]/.test(row[start - 2]) && /[\w$]/.test(row[start - 1])) start -= 1;
    return `${line}:${start}: `;
  }

  // Every step answers { value, error }: both own properties, so nothing is looked up elsewhere.
  const ok = (value) => ({ value, error: null });
  const fail = (error) => ({ value: undefined, error });

  let started = false;
  let session = null;
  function start(m) {
    if (started) return fail('a session is already running');
    started = true;
    if (leaks.length) return fail(`the sandbox could not lock down (${leaks.join(', ')}); user code does not run`);
    if (policyOk !== true) {
      return fail('the server did not send the user-code frame (www/user-frame.html) its Content-Security-Policy header, so user code does not run (./play sends it)');
    }
    const game = GAMES[m.game];
    if (!game) return fail(`unknown game ${m.game}`);
    Math.random = seeded(m.seed);
    defineProperty(G, 'draw', { __proto__: null, value: drawObject(game.marks), writable: false, configurable: false, enumerable: false });
    const source = String(m.source);
    const { names } = game;
    let compiled;
    try {
      compiled = new FunctionCtor(`${HEAD}${source}\n;return [${names.map((n) => `typeof ${n} === "function" ? ${n} : null`).join(', ')}];`);
    } catch (err) {
      return fail(err instanceof SyntaxErrorCtor ? syntaxError(source, err.message) : describe(err));
    }
    // From here on user code has run: only what was taken above.
    const fns = { __proto__: null };
    const defined = [];
    try {
      const found = compiled(); // the functions, or whatever a top-level `return` gave
      for (let i = 0; i < names.length && found !== null && typeof found === 'object'; i += 1) {
        const fn = found[i];
        if (typeof fn === 'function') { fns[names[i]] = fn; append(defined, names[i]); }
      }
    } catch (err) {
      return fail(describe(err));
    }
    if (!defined.length) return fail(`the code must define ${game.want}`);
    session = { game, fns, state: game.init() };
    return ok({ defined });
  }

  /** The answer as JSON text, measured before it leaves: { json } (null: undefined) or { tooLong }. */
  function answer(value, maxChars) {
    if (value === undefined) return ok({ json: null });
    const type = typeof value;
    if (type === 'function' || type === 'symbol' || type === 'bigint') return fail(`returned a ${type}, which cannot leave the sandbox`);
    let json;
    try { json = apply(stringify, undefined, [value]); } catch (err) { return fail(`returned a ${type} that cannot be written as JSON: ${describe(err)}`); }
    if (typeof json !== 'string') return fail(`returned a ${type} that cannot be written as JSON`);
    return json.length > maxChars ? ok({ tooLong: json.length }) : ok({ json });
  }

  function call(m) {
    if (!session) return fail('no session');
    const fn = session.fns[m.fn];
    if (typeof fn !== 'function') return fail(`${m.fn} is not defined`);
    let value;
    try { value = apply(fn, undefined, session.game.args(m.view, session)); } catch (err) { return fail(describe(err, 'threw ')); }
    return answer(value, m.maxChars);
  }

  // import() cannot be switched off from JavaScript; only the policy this worker inherits from its
  // frame's CSP header refuses it. A data: module (no request) tells whether the header came:
  // without it no user code runs.
  let policyOk = null;
  const policyProbe = apply(promiseThen, import('data:text/javascript,'), [() => { policyOk = false; }, () => { policyOk = true; }]);

  // The frame's first message brings the port; requests come only on it (user code cannot reach
  // it), and nothing else that reaches the global object is heard.
  let port = null;
  const post = (message) => apply(portPost, port, [message]);
  const onRequest = (e) => {
    if (e.isTrusted !== true) return; // an own, unforgeable property: no fake messages
    const m = apply(dataOf, e, []);
    if (typeof m?.nonce !== 'string') return;
    if (policyOk === null) apply(promiseThen, policyProbe, [() => handle(m)]); // only before the first start
    else handle(m);
  };
  apply(realAdd, G, ['message', (e) => {
    if (port !== null || e.isTrusted !== true) return;
    const m = apply(dataOf, e, []);
    if (!(m?.port instanceof MessagePortCtor)) return;
    port = m.port;
    apply(realAdd, port, ['message', onRequest]);
    apply(portStart, port, []);
  }, true]); // capture: before any listener that slipped through
  function handle(m) {
    takePrinted();
    marksDrawn = 0;
    let r;
    try {
      r = m.type === 'start' ? start(m) : m.type === 'call' ? call(m) : ok(undefined);
    } catch (err) { // not expected: a reply all the same, rather than the parent's timeout
      r = fail(`the sandbox failed: ${describe(err)}`);
    }
    post(r.error === null
      ? { nonce: m.nonce, value: r.value, printed: takePrinted() }
      : { nonce: m.nonce, error: r.error, printed: takePrinted() });
  }
  // An error thrown later by user code (a timer, a promise) is not the host's crash.
  for (const type of ['error', 'unhandledrejection']) apply(realAdd, G, [type, (e) => apply(preventDefault, e, [])]);
})();
