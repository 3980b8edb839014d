// Your Punter bots, as every tab takes them: the kept list's configuration (its examples and
// program examples, the drafts kept before the list), the selected bot's code and what a seat
// plays. The Your bot tab (lab.js), the A/B test (ab.js), Play and the study import it; it
// imports none of them.
import { bots, botSource, configureBots, legacyBots } from '../bots.js';

const DRAFT = 'punter.bot.v1';
const PROGRAM = 'punter.program.v1';
/** Example programs (docs/PROGRAMS.md), their sources in the repository. */
export const PROGRAM_EXAMPLES = [
  { name: 'A greedy punter in Rust', url: 'examples/programs/punter-rust/punter-rust.wasm', note: 'source: examples/programs/punter-rust' },
];

export const EXAMPLES = [
  ['Claim next to my rivers, else anywhere', `// Called with each official protocol message; answer it.
// setup: {punter, punters, map: {sites, rivers, mines}, settings}
// move:  {move: {moves: [the last move of every punter]}}
// stop:  {stop: {moves, scores}}
let me = 0, rivers = [], taken = new Set(), mine = new Set();
const key = (a, b) => (a < b ? a + "," + b : b + "," + a);
function punter(message) {
  if (message.map) {
    me = message.punter;
    rivers = message.map.rivers.map((r) => [r.source, r.target]);
    message.map.mines.forEach((m) => mine.add(m));
    return { ready: me };
  }
  if (message.move) {
    for (const m of message.move.moves) {
      const c = m.claim || m.option;
      if (c) taken.add(key(c.source, c.target));
      if (m.claim && m.claim.punter === me) { mine.add(m.claim.source); mine.add(m.claim.target); }
      if (m.splurge) m.splurge.route.forEach((s, i, r) => i && taken.add(key(r[i - 1], s)));
    }
    const free = rivers.filter(([a, b]) => !taken.has(key(a, b)));
    const next = free.find(([a, b]) => mine.has(a) || mine.has(b)) || free[0];
    if (!next) return { pass: { punter: me } };
    return { claim: { punter: me, source: next[0], target: next[1] } };
  }
}`],
  ['Draw the plan (debug marks)', `// The same bot, drawing its plan: the mines ringed, the river it claims.
// Watch a game from the results: the replay draws each move's marks at
// its turn ("Show marks" switches them off).
let me = 0, rivers = [], mines = [], taken = new Set(), mine = new Set();
const key = (a, b) => (a < b ? a + "," + b : b + "," + a);
function punter(message) {
  if (message.map) {
    me = message.punter;
    rivers = message.map.rivers.map((r) => [r.source, r.target]);
    mines = message.map.mines;
    mines.forEach((m) => mine.add(m));
    return { ready: me };
  }
  if (message.move) {
    for (const m of message.move.moves) {
      const c = m.claim || m.option;
      if (c) taken.add(key(c.source, c.target));
      if (m.claim && m.claim.punter === me) { mine.add(m.claim.source); mine.add(m.claim.target); }
      if (m.splurge) m.splurge.route.forEach((s, i, r) => i && taken.add(key(r[i - 1], s)));
    }
    for (const m of mines) draw.site(m, { colour: "yellow" });
    const free = rivers.filter(([a, b]) => !taken.has(key(a, b)));
    const next = free.find(([a, b]) => mine.has(a) || mine.has(b)) || free[0];
    if (!next) return { pass: { punter: me } };
    draw.river(next[0], next[1], { colour: "cyan", label: "claim" });
    return { claim: { punter: me, source: next[0], target: next[1] } };
  }
}`],
  ['Always pass', `function punter(message) {
  if (message.map) return { ready: message.punter };
  if (message.move) return { pass: { punter: 0 } };
}`],
  ['A loop (watch the timeouts make a zombie)', `function punter(message) {
  if (message.map) return { ready: message.punter };
  for (;;) {}
}`],
];

// Your bots (www/bots.js): the draft and program kept before the list existed become the first.
configureBots('punter', {
  fresh: () => ({ name: 'My bot', language: 'js', code: { js: EXAMPLES[0][1] } }),
  legacy: () => legacyBots({ draft: DRAFT, program: PROGRAM }),
  programExamples: PROGRAM_EXAMPLES,
});

/** The code of the selected bot (a program bot: the code it keeps). */
export function labCode() {
  return bots.selected('punter').code?.js ?? EXAMPLES[0][1];
}

/**
 * Your bot as the Your bot tab has it selected: its code, or — a program bot — the program
 * `{ program, args, label }` (throws what is wrong with it).
 */
export async function labBot() {
  return botSource('punter');
}
