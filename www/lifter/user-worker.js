// Runs the user's JavaScript solver: `function solve(map)` returning a route, or
// `function next(state)` returning one command per call. `Math.random` is seeded so runs
// reproduce; `console.log` is captured; each call is timed against its limit.
let fns = null;
let printed = [];
let printedChars = 0;
const MAX_PRINTED = 20000;

function seeded(seed) {
  let a = (seed >>> 0) ^ 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const show = (v) => (typeof v === 'string' ? v : JSON.stringify(v));
console.log = (...xs) => {
  if (printedChars > MAX_PRINTED) return;
  const line = `${xs.map(show).join(' ')}\n`;
  printedChars += line.length;
  printed.push(printedChars > MAX_PRINTED ? '… (output cut)\n' : line);
};

function where(err) {
  const m = /<anonymous>:(\d+):(\d+)/.exec(err?.stack ?? '');
  // The source is wrapped in a function whose first three lines are ours.
  return m ? ` (line ${Number(m[1]) - 3}, column ${m[2]})` : '';
}

function call(fn, arg, limitMs) {
  printed = [];
  const t0 = performance.now();
  let answer;
  let error = null;
  try {
    answer = fn(arg);
  } catch (err) {
    error = `threw ${err?.name ?? 'error'}: ${err?.message ?? err}${where(err)}`;
  }
  const ms = performance.now() - t0;
  if (!error && ms > limitMs) error = `took ${ms.toFixed(0)} ms, the limit is ${limitMs} ms`;
  return { answer, error, ms, printed: printed.join('') };
}

onmessage = (e) => {
  const m = e.data;
  if (m.type === 'load') {
    Math.random = seeded(m.seed);
    try {
      const make = new Function(`"use strict";\n${m.source}\n;return { solve: typeof solve === "function" ? solve : null, next: typeof next === "function" ? next : null };`);
      fns = make();
      if (!fns.solve && !fns.next) throw new Error('the code must define function solve(map) or function next(state)');
      postMessage({ id: m.id, kind: fns.solve ? 'solve' : 'next' });
    } catch (err) {
      postMessage({ id: m.id, error: `${err.name}: ${err.message}${where(err)}` });
    }
    return;
  }
  if (m.type === 'solve') {
    const r = call(fns.solve, m.map, m.limitMs);
    if (!r.error && typeof r.answer !== 'string') r.error = `solve returned ${show(r.answer)}, expected a route string such as "LDRA"`;
    postMessage({ id: m.id, ...r, answer: r.error ? null : r.answer });
    return;
  }
  if (m.type === 'next') {
    const r = call(fns.next, m.state, m.limitMs);
    if (!r.error && typeof r.answer !== 'string') r.error = `next returned ${show(r.answer)}, expected one of "L", "R", "U", "D", "W", "S", "A"`;
    postMessage({ id: m.id, ...r, answer: r.error ? null : r.answer });
  }
};
