// Runs one user JavaScript strategy. `Math.random` is replaced by a generator seeded from the
// match so results reproduce; `console.log` is captured; each decision is timed.
let player = null;
let printed = [];
let limitMs = 50;
let state = [0];

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
console.log = (...xs) => { printed.push(xs.map(show).join(' ') + '\n'); };

function where(err) {
  const m = /<anonymous>:(\d+):(\d+)/.exec(err?.stack ?? '');
  // The source is wrapped in a function whose first three lines are ours.
  return m ? ` (line ${Number(m[1]) - 3}, column ${m[2]})` : "";
}

onmessage = (e) => {
  const m = e.data;
  if (m.type === 'load') {
    limitMs = m.limitMs;
    Math.random = seeded(m.seed);
    try {
      const make = new Function(`"use strict";\n${m.source}\n;return typeof player === "function" ? player : null;`);
      player = make();
      if (!player) throw new Error('the code must define function player(myTotal, otherTotal, accum, current, state)');
      postMessage({ id: m.id, ok: true });
    } catch (err) {
      postMessage({ id: m.id, error: `${err.name}: ${err.message}${where(err)}` });
    }
    return;
  }
  if (m.type === 'decide') {
    printed = [];
    const t0 = performance.now();
    let answer = false;
    let error = null;
    try {
      answer = player(...m.args, state);
    } catch (err) {
      error = `threw ${err?.name ?? 'error'}: ${err?.message ?? err}${where(err)}`;
    }
    const ms = performance.now() - t0;
    if (!error && ms > limitMs) error = `took ${ms.toFixed(0)} ms, the limit is ${limitMs} ms per decision`;
    if (!error && typeof answer !== 'boolean') error = `returned ${show(answer)}, expected true or false`;
    postMessage({ id: m.id, answer: error ? false : answer, error, printed: printed.join('') });
  }
};
