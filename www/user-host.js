// The one host for user JavaScript, every game. A classic worker with no imports, served with
// `Content-Security-Policy: default-src 'none'; script-src 'unsafe-eval'` (new Function works;
// import(), fetch and every other request are refused). Before any user code runs it keeps its
// own references, removes network, storage and worker APIs from the global object and their
// prototypes, hides the message channel from user code, and refuses to run at all if any of it
// is still reachable. The parent (www/user-code.js over www/worker-rpc.js) times every call and
// accepts only answers carrying its request's nonce; user code never sees a nonce. Answers leave
// as JSON text, measured here first: one over the call's `maxChars` is not posted at all.
'use strict';
(() => {
  const G = self;
  const { defineProperty, getOwnPropertyDescriptor, getOwnPropertyNames, getPrototypeOf } = Object;
  const apply = Reflect.apply;
  const post = G.postMessage.bind(G);
  const realAdd = EventTarget.prototype.addEventListener;
  const dataOf = getOwnPropertyDescriptor(MessageEvent.prototype, 'data').get;
  const { stringify } = JSON;
  const FunctionCtor = Function;
  const indirectEval = eval;
  const SyntaxErrorCtor = SyntaxError;
  const execRe = RegExp.prototype.exec;
  const preventDefault = Event.prototype.preventDefault;

  // What user code must not reach: network, storage, other workers and contexts.
  const GLOBALS = [
    'fetch', 'XMLHttpRequest', 'XMLHttpRequestEventTarget', 'XMLHttpRequestUpload', 'WebSocket',
    'WebSocketStream', 'EventSource', 'WebTransport', 'importScripts', 'Worker', 'SharedWorker',
    'ServiceWorker', 'ServiceWorkerContainer', 'BroadcastChannel', 'indexedDB', 'IDBFactory',
    'IDBDatabase', 'IDBObjectStore', 'IDBRequest', 'IDBOpenDBRequest', 'IDBTransaction', 'IDBIndex',
    'IDBCursor', 'caches', 'CacheStorage', 'Cache', 'StorageManager', 'LockManager', 'Lock',
    'FileSystemHandle', 'FileSystemDirectoryHandle', 'FileSystemFileHandle',
    'FileSystemSyncAccessHandle', 'webkitRequestFileSystem', 'webkitRequestFileSystemSync',
    'webkitResolveLocalFileSystemURL', 'webkitResolveLocalFileSystemSyncURL', 'Notification',
    'FontFace', 'fonts', 'RTCPeerConnection', 'RTCDataChannel', 'PushManager',
  ];
  const NAVIGATOR = ['storage', 'locks', 'serviceWorker', 'permissions', 'usb', 'hid', 'serial', 'bluetooth', 'sendBeacon'];

  const thrower = (name) => function blocked() {
    throw new Error(`${name} is not available to user code (no network, storage or workers)`);
  };
  const lock = (owner, name, value) => {
    const d = getOwnPropertyDescriptor(owner, name);
    if (!d) return;
    if (d.configurable) defineProperty(owner, name, { value, writable: false, configurable: false, enumerable: false });
    else if (d.writable) owner[name] = value;
  };
  /** Replaces `name` wherever it lives on `object`'s prototype chain. */
  const block = (object, name) => {
    for (let o = object; o; o = getPrototypeOf(o)) {
      const d = getOwnPropertyDescriptor(o, name);
      if (d) lock(o, name, typeof d.value === 'function' ? thrower(name) : undefined);
    }
  };
  /** Every method of an interface's prototype throws (in case an instance leaks anyway). */
  const neuter = (proto) => {
    if (!proto) return;
    for (const key of getOwnPropertyNames(proto)) {
      const d = getOwnPropertyDescriptor(proto, key);
      if (key !== 'constructor' && typeof d.value === 'function') lock(proto, key, thrower(key));
    }
  };

  for (const name of GLOBALS) {
    const v = G[name];
    if (typeof v === 'function' && v.prototype) neuter(v.prototype);
    block(G, name);
  }
  for (const name of NAVIGATOR) block(G.navigator, name);
  // User code cannot post, listen for messages or replace the host's handler.
  const noop = function postMessage() {};
  for (let o = G; o; o = getPrototypeOf(o)) if (getOwnPropertyDescriptor(o, 'postMessage')) lock(o, 'postMessage', noop);
  for (const name of ['onmessage', 'onmessageerror']) {
    for (let o = G; o; o = getPrototypeOf(o)) {
      if (getOwnPropertyDescriptor(o, name)?.configurable) {
        defineProperty(o, name, { get: () => null, set: () => {}, configurable: false });
      }
    }
  }
  lock(EventTarget.prototype, 'addEventListener', function addEventListener(type, listener, options) {
    if (this === G && (type === 'message' || type === 'messageerror')) return undefined;
    return apply(realAdd, this, [type, listener, options]);
  });

  // Fail closed: anything still reachable means no user code runs in this worker.
  try { G.onmessage = () => {}; } catch { /* locked */ }
  const leaks = [
    ...GLOBALS.filter((n) => G[n] !== undefined && G[n]?.name !== 'blocked'),
    ...NAVIGATOR.filter((n) => G.navigator?.[n] !== undefined && G.navigator[n]?.name !== 'blocked'),
    ...(G.postMessage !== noop ? ['postMessage'] : []),
    ...(EventTarget.prototype.addEventListener === realAdd ? ['addEventListener'] : []),
    ...(G.onmessage !== null ? ['onmessage'] : []),
  ];

  // Seeded Math.random (mulberry32) so runs reproduce; console output captured and bounded.
  const seeded = (seed) => {
    let a = (seed >>> 0) ^ 0x9e3779b9;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  };
  const MAX_PRINTED = 20000;
  let printed = '';
  const show = (v) => {
    if (typeof v === 'string') return v;
    try { return String(stringify(v)); } catch { return String(v); }
  };
  const log = (...xs) => {
    if (printed.length > MAX_PRINTED) return;
    printed += `${xs.map(show).join(' ')}\n`;
    if (printed.length > MAX_PRINTED) printed = `${printed.slice(0, MAX_PRINTED)}… (output cut)\n`;
  };
  for (const k of ['log', 'info', 'warn', 'error', 'debug']) G.console[k] = log;
  const takePrinted = () => { const out = printed; printed = ''; return out; };

  // Games: the functions user code may define, and how a view becomes their arguments.
  const GAMES = {
    pig: {
      names: ['player'],
      want: 'function player(myTotal, otherTotal, accum, current, state)',
      args: (view, session) => [view[0], view[1], view[2], view[3], session.state],
      init: () => ({ state: [0] }),
    },
    lifter: {
      names: ['solve', 'next'],
      want: 'function solve(map) or function next(state)',
      args: (view) => [view],
      init: () => ({}),
    },
    labyrinth: {
      names: ['turn'],
      want: 'function turn(view) returning { rotation, insertion, row, column }',
      args: (view) => [view],
      init: () => ({}),
    },
    punter: {
      names: ['punter'],
      want: 'function punter(message) answering the official protocol messages',
      args: (view) => [view],
      init: () => ({}),
    },
  };

  const HEAD = '"use strict";\n'; // new Function adds two lines: user line 1 is line 4
  const where = (err) => {
    let m = null;
    try { m = apply(execRe, /<anonymous>:(\d+):(\d+)/, [String(err?.stack ?? '')]); } catch { /* no place */ }
    return m ? ` (line ${Number(m[1]) - 3}, column ${m[2]})` : '';
  };
  const MAX_ERROR = 300;
  const cut = (text) => (text.length > MAX_ERROR ? `${text.slice(0, MAX_ERROR)}…` : text);
  const describe = (err) => {
    try { return `${cut(`${err?.name ?? 'Error'}: ${err?.message ?? String(err)}`)}${where(err)}`; } catch { return 'an error that cannot be shown'; }
  };

  // V8's new Function reports no place for a syntax error: find it from prefixes of the source.
  // A prefix that ends before the bad token fails differently (end of input, or not at all).
  // Prefixes are parsed as a script that throws before its first statement, so nothing runs
  // (new Function would close an open brace with its own "})" and blur the message).
  const CUT_MESSAGES = ['Invalid or unexpected token', 'Unterminated template literal', 'missing ) after argument list'];
  const syntaxMessage = (text) => {
    try { indirectEval(`"use strict"; throw 0;\n${text}`); return null; } catch (e) { return e instanceof SyntaxErrorCtor ? e.message : null; }
  };
  /** "Message (line L, column C)" for source that new Function refused with `fallback`. */
  function syntaxError(source, fallback) {
    const message = syntaxMessage(source);
    return `SyntaxError: ${message ?? fallback}${message === null ? '' : syntaxPlace(source, message)}`;
  }
  function syntaxPlace(source, message) {
    const lines = source.split('\n');
    if (message === 'Unexpected end of input') {
      let n = lines.length;
      while (n > 1 && lines[n - 1].trim() === '') n -= 1;
      return ` (line ${n}, column ${lines[n - 1].length + 1})`;
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
    const text = lines[line - 1];
    let end = text.length;
    for (let c = 1; c <= text.length; c += 1) if (syntaxMessage(before + text.slice(0, c)) === message) { end = c; break; }
    const quoted = /'([^']+)'/.exec(message);
    let start = end;
    if (quoted && text.slice(end - quoted[1].length, end) === quoted[1]) start = end - quoted[1].length + 1;
    else while (start > 1 && /[\w$]/.test(text[start - 2]) && /[\w$]/.test(text[start - 1])) start -= 1;
    return ` (line ${line}, column ${start})`;
  }

  /** The answer as JSON text, measured before it leaves: { json } (null: undefined) or { tooLong }. */
  function answer(value, maxChars) {
    if (value === undefined) return { json: null };
    const type = typeof value;
    if (type === 'function' || type === 'symbol' || type === 'bigint') throw new Error(`returned a ${type}, which cannot leave the sandbox`);
    let json;
    try { json = stringify(value); } catch (err) { throw new Error(`returned a ${type} that cannot be written as JSON: ${describe(err)}`); }
    if (typeof json !== 'string') throw new Error(`returned a ${type} that cannot be written as JSON`);
    return json.length > maxChars ? { tooLong: json.length } : { json };
  }

  let session = null;
  function start(m) {
    if (leaks.length) throw new Error(`the sandbox could not lock down (${leaks.join(', ')}); user code does not run`);
    if (policyOk !== true) {
      throw new Error('the server did not send the user-code host its Content-Security-Policy header, so user code does not run (./play sends it)');
    }
    const game = GAMES[m.game];
    if (!game || session) throw new Error(game ? 'a session is already running' : `unknown game ${m.game}`);
    Math.random = seeded(m.seed);
    const source = String(m.source);
    let compiled;
    try {
      compiled = new FunctionCtor(`${HEAD}${source}\n;return [${game.names.map((n) => `typeof ${n} === "function" ? ${n} : null`).join(', ')}];`);
    } catch (err) {
      throw new Error(err instanceof SyntaxErrorCtor ? syntaxError(source, err.message) : describe(err));
    }
    let fns;
    try { fns = compiled(); } catch (err) { throw new Error(describe(err)); }
    const defined = game.names.filter((n, i) => typeof fns[i] === 'function');
    if (!defined.length) throw new Error(`the code must define ${game.want}`);
    session = { game, fns: Object.fromEntries(game.names.map((n, i) => [n, fns[i]])), ...game.init() };
    return { defined };
  }
  function call(m) {
    if (!session) throw new Error('no session');
    const fn = session.fns[m.fn];
    if (typeof fn !== 'function') throw new Error(`${m.fn} is not defined`);
    let value;
    try { value = fn(...session.game.args(m.view, session)); } catch (err) { throw new Error(`threw ${describe(err)}`); }
    return answer(value, m.maxChars);
  }

  // import() cannot be switched off from JavaScript; only this worker's own CSP header refuses
  // it. A data: module (no request) tells whether the header came: without it no user code runs.
  let policyOk = null;
  const policyProbe = import('data:text/javascript,').then(() => { policyOk = false; }, () => { policyOk = true; });

  apply(realAdd, G, ['message', (e) => {
    if (e.isTrusted !== true) return; // an own, unforgeable property: no fake messages
    const m = apply(dataOf, e, []);
    if (typeof m?.nonce !== 'string') return;
    if (policyOk === null) policyProbe.then(() => handle(m)); // only before the first start
    else handle(m);
  }, true]); // capture: before any listener that slipped through
  function handle(m) {
    const { nonce } = m;
    takePrinted();
    let reply;
    try {
      const value = m.type === 'start' ? start(m) : m.type === 'call' ? call(m) : undefined;
      reply = { nonce, value, printed: takePrinted() };
    } catch (err) {
      reply = { nonce, error: String(err?.message ?? err), printed: takePrinted() };
    }
    post(reply);
  }
  // An error thrown later by user code (a timer, a promise) is not the host's crash.
  for (const type of ['error', 'unhandledrejection']) apply(realAdd, G, [type, (e) => apply(preventDefault, e, [])]);
})();
