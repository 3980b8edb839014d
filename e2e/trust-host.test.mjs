// Browser tests for the user-code host (www/user-host.js): user code sees only an allow-list of
// globals (no navigator, storage buckets, network, workers …, not even through prototypes); a
// host that cannot remove something refuses to run user code; and user code replacing built-ins
// at its top level does not break the host's own messages, errors, printed output or answers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

/** Starts a Pig session of `source` in `page` and calls `player` once per view in `views`. */
function session(page, source, views = []) {
  return page.evaluate(async ({ source, views }) => {
    const { UserSession } = await import('/www/user-code.js');
    const started = await UserSession.start({ game: 'pig', source, seed: 1, loadMs: 2000 });
    if (started.error) return { error: started.error, printed: started.printed };
    const calls = [];
    for (const view of views) {
      const r = await started.session.call('player', view, { limitMs: 1000, backstopMs: 2000 });
      calls.push({ answer: r.answer, error: r.error, printed: r.printed });
    }
    started.session.close();
    return { defined: started.defined, printed: started.printed, calls };
  }, { source, views });
}

// What user code may see beside constants: ECMAScript's globals, the worker's few promised ones
// and the host's `draw` (debug drawing).
const ALLOWED = new Set(`globalThis eval isFinite isNaN parseFloat parseInt decodeURI decodeURIComponent
  encodeURI encodeURIComponent escape unescape Object Function Boolean Symbol Error AggregateError EvalError
  RangeError ReferenceError SyntaxError TypeError URIError SuppressedError Number BigInt Math Date String
  RegExp Array Int8Array Uint8Array Uint8ClampedArray Int16Array Uint16Array Int32Array Uint32Array
  BigInt64Array BigUint64Array Float16Array Float32Array Float64Array Map Set WeakMap WeakSet WeakRef
  FinalizationRegistry ArrayBuffer SharedArrayBuffer DataView Atomics JSON Iterator Promise Proxy Reflect
  DisposableStack AsyncDisposableStack Intl Temporal self console performance setTimeout clearTimeout
  setInterval clearInterval queueMicrotask structuredClone atob btoa TextEncoder TextDecoder postMessage
  onmessage onmessageerror addEventListener removeEventListener draw`.trim().split(/\s+/));

const NOSY = `const reachable = [];
for (let o = globalThis; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
  for (const name of Object.getOwnPropertyNames(o)) {
    const d = Object.getOwnPropertyDescriptor(o, name);
    if (d.get || d.set || (d.value !== null && (typeof d.value === 'object' || typeof d.value === 'function'))) reachable.push(name);
  }
}
const probes = {};
const probe = (name, f) => { try { f(); probes[name] = 'reached'; } catch (e) { probes[name] = 'refused'; } };
const scope = Object.getPrototypeOf(Object.getPrototypeOf(self));
probe('storageBuckets', () => navigator.storageBuckets.open('left-behind'));
probe('storageBucketsFromPrototype', () => Object.getOwnPropertyDescriptor(scope, 'navigator').get.call(self).storageBuckets.keys());
probe('storageBucketsFromFunction', () => Function('return this')().navigator.storageBuckets.keys());
probe('storage', () => navigator.storage.getDirectory());
probe('locks', () => navigator.locks.request('x', () => 1));
probe('indexedDB', () => indexedDB.open('x'));
probe('caches', () => caches.open('x'));
probe('fetch', () => fetch('/probe/fetch'));
probe('fetchFromPrototype', () => scope.fetch.call(self, '/probe/fetch'));
probe('xhr', () => new XMLHttpRequest());
probe('websocket', () => new WebSocket('ws://127.0.0.1:9/'));
probe('eventsource', () => new EventSource('/probe/es'));
probe('importScripts', () => importScripts('/probe/import.js'));
probe('worker', () => new Worker('/probe/worker.js'));
probe('sharedWorker', () => new SharedWorker('/probe/shared.js'));
probe('broadcast', () => new BroadcastChannel('x'));
probe('crypto', () => crypto.getRandomValues(new Uint8Array(1)));
probe('wasm', () => WebAssembly.Module);
probe('location', () => location.href);
const works = [typeof performance.now(), typeof Date.now(), typeof setTimeout, new TextEncoder().encode('é').length, typeof structuredClone({})].join(' ');
console.log(JSON.stringify({ reachable, probes, works }));
function player() { return true; }`;

test('user code sees only the allow-list: navigator, storage buckets, network and workers are gone, prototypes too', async () => {
  const page = await openPage(browser, server.url);
  const r = await session(page, NOSY, [[0, 0, 0, 3]]);
  assert.equal(r.error, undefined, r.error);
  const { reachable, probes, works } = JSON.parse(r.printed);
  assert.deepEqual(reachable.filter((n) => !ALLOWED.has(n)), [], 'nothing but the allow-list');
  for (const [name, outcome] of Object.entries(probes)) assert.equal(outcome, 'refused', name);
  assert.equal(Object.keys(probes).length, 19);
  assert.equal(works, 'number number function 2 object', 'what user code is promised still works');
  assert.deepEqual(r.calls, [{ answer: true, error: null, printed: '' }]);
  await page.context().close();
});

test('a host that cannot remove something refuses to run user code and names it', async () => {
  // Served with two properties added before the host runs that it cannot delete.
  const stuck = `Object.defineProperty(self, 'leftBehind', { value: {}, configurable: false });
Object.defineProperty(Object.getPrototypeOf(Object.getPrototypeOf(self)), 'stuckGetter', { get() { return {}; }, configurable: false });`;
  const patched = await serve({ patch: { '/www/user-host.js': (text) => text.replace("'use strict';", `'use strict';\n${stuck}`) } });
  const page = await openPage(browser, patched.url);
  const r = await session(page, 'function player() { return true; }');
  assert.match(r.error, /the sandbox could not lock down \(leftBehind, stuckGetter\); user code does not run/);
  await page.context().close();
  patched.close();
});

const HIJACK = `const fail = (what) => function () { throw new TypeError(what + ' was replaced by user code'); };
for (const m of ['map', 'join', 'push', 'filter', 'includes', 'slice', 'forEach', 'concat', 'indexOf']) Array.prototype[m] = fail('Array.prototype.' + m);
for (const m of ['slice', 'split', 'trim', 'replace', 'indexOf', 'concat', 'padStart', Symbol.split, Symbol.replace]) String.prototype[m] = fail('String.prototype.' + String(m));
for (const key of ['get', 'set', 'error', 'value', 'json', 'tooLong', 'defined', 'state']) {
  Object.defineProperty(Object.prototype, key, { __proto__: null, get() { return 'hijacked'; }, set() {}, configurable: true });
}
Object.defineProperty(Array.prototype, '0', { __proto__: null, get() { return 'hijacked'; }, set() { throw new TypeError('index setter'); }, configurable: true });
Array.prototype[Symbol.iterator] = fail('the array iterator');
RegExp.prototype.exec = fail('RegExp.prototype.exec');
RegExp.prototype[Symbol.match] = fail('RegExp.prototype[Symbol.match]');
JSON.stringify = () => '"hijacked"';
JSON.parse = () => 'hijacked';
Object.keys = Object.fromEntries = Object.entries = Object.assign = fail('Object');
Promise.prototype.then = fail('Promise.prototype.then');
Function.prototype.call = Function.prototype.apply = Function.prototype.bind = fail('Function.prototype');
Reflect.apply = Reflect.defineProperty = fail('Reflect');
Math.imul = () => 0;
String = fail('String');
Number = fail('Number');
Error = fail('Error');
console.log('loaded', 1, [2], { a: 3 });
let n = 0;
function player(my, other, accum, current, state) {
  n += 1;
  console.log('call', n, accum + current);
  if (n === 2) throw new RangeError('boom');
  if (n === 3) return 'x'.repeat(1000);
  if (n === 4) return 'never';
  return accum + current < 20;
}`;

test('user code replacing built-ins at its top level does not break the host: loads, output, errors and answers come back', async () => {
  const page = await openPage(browser, server.url);
  const r = await session(page, HIJACK, [[0, 0, 0, 3], [0, 0, 5, 4], [0, 0, 5, 6], [0, 0, 0, 2], [0, 0, 18, 6]]);
  assert.equal(r.error, undefined, r.error);
  assert.deepEqual(r.defined, ['player']);
  assert.equal(r.printed, 'loaded 1 [2] {"a":3}\n');
  assert.deepEqual(r.calls, [
    { answer: true, error: null, printed: 'call 1 3\n' },
    { answer: null, error: '26:22: threw RangeError: boom', printed: 'call 2 9\n' },
    { answer: null, error: 'returned an answer of 1002 characters; the limit is 256', printed: 'call 3 11\n' },
    { answer: null, error: 'returned "never", expected true or false', printed: 'call 4 2\n' },
    { answer: false, error: null, printed: 'call 5 24\n' },
  ]);
  // A load error after the same replacements is reported with its place too.
  const broken = await session(page, `${HIJACK}\nnull.x;`);
  assert.equal(broken.error, "31:6: TypeError: Cannot read properties of null (reading 'x')");
  await page.context().close();
});

test('a top-level return is a load error with its reason, not a silent host', async () => {
  const page = await openPage(browser, server.url);
  const early = await session(page, 'return null;\nfunction player() { return true; }');
  assert.equal(early.error, 'the code must define function player(myTotal, otherTotal, accum, current, state)');
  const trap = await session(page, 'return { get 0() { throw new RangeError("got you"); } };\nfunction player() { return true; }');
  assert.match(trap.error, /^1:\d+: RangeError: got you$/);
  await page.context().close();
});
