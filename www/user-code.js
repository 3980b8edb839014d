// Helpers for workers that run user JavaScript: a seeded Math.random (so runs reproduce),
// captured console.log, and the line/column of an error inside the user's source.

/** A small seeded generator (mulberry32) with Math.random's contract. */
export function seeded(seed) {
  let a = (seed >>> 0) ^ 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const show = (v) => (typeof v === 'string' ? v : JSON.stringify(v));

/** Replaces console.log; `take()` returns what was printed since the last take (at most `max` characters). */
export function captureConsole(max = 20000) {
  let printed = [];
  let chars = 0;
  console.log = (...xs) => {
    if (chars > max) return;
    const line = `${xs.map(show).join(' ')}\n`;
    chars += line.length;
    printed.push(chars > max ? '… (output cut)\n' : line);
  };
  return {
    take() {
      const out = printed.join('');
      printed = [];
      chars = 0;
      return out;
    },
  };
}

/** Source compiled by `compile` is wrapped in a function whose first three lines are ours. */
export function compile(source, tail) {
  return new Function(`"use strict";\n${source}\n;${tail}`);
}

/** " (line 3, column 7)" for an error thrown from code made by `compile`, or "". */
export function where(err) {
  const m = /<anonymous>:(\d+):(\d+)/.exec(err?.stack ?? '');
  return m ? ` (line ${Number(m[1]) - 3}, column ${m[2]})` : '';
}

/** Calls user code, timing it: { answer, error, ms, printed }. */
export function timedCall(fn, args, limitMs, output) {
  output.take();
  const t0 = performance.now();
  let answer;
  let error = null;
  try {
    answer = fn(...args);
  } catch (err) {
    error = `threw ${err?.name ?? 'error'}: ${err?.message ?? err}${where(err)}`;
  }
  const ms = performance.now() - t0;
  if (!error && ms > limitMs) error = `took ${ms.toFixed(0)} ms, the limit is ${limitMs} ms per call`;
  return { answer, error, ms, printed: output.take() };
}
