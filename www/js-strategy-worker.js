// Runs one user JavaScript Pig strategy. `Math.random` is seeded from the match so results
// reproduce; `console.log` is captured; each decision is timed against its limit.
import { captureConsole, compile, seeded, show, timedCall, where } from './user-code.js';

let player = null;
let limitMs = 50;
const state = [0];
const output = captureConsole();

onmessage = (e) => {
  const m = e.data;
  if (m.type === 'load') {
    limitMs = m.limitMs;
    Math.random = seeded(m.seed);
    try {
      player = compile(m.source, 'return typeof player === "function" ? player : null;')();
      if (!player) throw new Error('the code must define function player(myTotal, otherTotal, accum, current, state)');
      postMessage({ id: m.id, ok: true });
    } catch (err) {
      postMessage({ id: m.id, error: `${err.name}: ${err.message}${where(err)}` });
    }
    return;
  }
  if (m.type === 'decide') {
    const r = timedCall(player, [...m.args, state], limitMs, output);
    if (!r.error && typeof r.answer !== 'boolean') r.error = `returned ${show(r.answer)}, expected true or false`;
    postMessage({ id: m.id, answer: r.error ? false : r.answer, error: r.error, printed: r.printed });
  }
};
