// Runs the user's JavaScript solver: `function solve(map)` returning a route, or
// `function next(state)` returning one command per call. `Math.random` is seeded so runs
// reproduce; `console.log` is captured; each call is timed against its limit.
import { captureConsole, compile, seeded, show, timedCall, where } from '../user-code.js';

let fns = null;
const output = captureConsole(20000);

onmessage = (e) => {
  const m = e.data;
  if (m.type === 'load') {
    Math.random = seeded(m.seed);
    try {
      fns = compile(m.source, 'return { solve: typeof solve === "function" ? solve : null, next: typeof next === "function" ? next : null };')();
      if (!fns.solve && !fns.next) throw new Error('the code must define function solve(map) or function next(state)');
      postMessage({ id: m.id, kind: fns.solve ? 'solve' : 'next' });
    } catch (err) {
      postMessage({ id: m.id, error: `${err.name}: ${err.message}${where(err)}` });
    }
    return;
  }
  if (m.type === 'solve') {
    const r = timedCall(fns.solve, [m.map], m.limitMs, output);
    if (!r.error && typeof r.answer !== 'string') r.error = `solve returned ${show(r.answer)}, expected a route string such as "LDRA"`;
    postMessage({ id: m.id, ...r, answer: r.error ? null : r.answer });
    return;
  }
  if (m.type === 'next') {
    const r = timedCall(fns.next, [m.state], m.limitMs, output);
    if (!r.error && typeof r.answer !== 'string') r.error = `next returned ${show(r.answer)}, expected one of "L", "R", "U", "D", "W", "S", "A"`;
    postMessage({ id: m.id, ...r, answer: r.error ? null : r.answer });
  }
};
