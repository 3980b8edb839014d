// The user's own strategy (edited in the lab, used by Play and Arena), kept as a draft (www/kept.js)
// so nothing typed is lost on reload, plus the examples offered in the editor.

import { draft } from '../kept.js';
import { keptBot, keptLabel } from '../program-picker.js';

const DRAFT = 'pig.strategy.v1';
/** The lab's program (www/program-picker.js), when it plays one instead of its code. */
export const PROGRAM = 'pig.program.v1';
/** Example programs (docs/PROGRAMS.md), their sources in the repository. */
export const PROGRAM_EXAMPLES = [
  { name: 'Keep pace, then end the race (C)', url: 'examples/programs/pig-c/pig-c.wasm', note: 'source: examples/programs/pig-c' },
];

export const EXAMPLES = {
  scheme: [
    ['Hold at 20, race at the end', `; Called after every throw:
; #t throws again, #f holds.
(define (player my-total other-total
                accum current state)
  (let ((turn (+ accum current)))
    (cond ((>= other-total 80) #t) ; race
          (else (< turn 20)))))    ; hold at 20
`],
    ['Count my turns with state', `; state is a one-element list that survives across the whole match.
(define (player my-total other-total accum current state)
  (if (= accum 0) (set-car! state (+ (car state) 1)))   ; a new turn began
  (display (car state))
  (newline)
  (< (+ accum current) (if (> (car state) 20) 25 18)))
`],
    ['Draw its plan: values (debug marks)', `; A line "@draw value COLOUR NUMBER | LABEL" printed during a decision
; is a value shown beside the board in the replay, at that decision.
(define (player my-total other-total accum current state)
  (let ((turn (+ accum current))
        (goal (if (>= other-total 80) (- 100 my-total) 20)))
    (display "@draw value blue ") (display (/ turn goal))
    (display " | turn / goal") (newline)
    (< turn goal)))
`],
    ['Coin flip (random)', `; (random n) is driven by the match seed, so results reproduce.
(define (player my-total other-total accum current state)
  (and (< (+ accum current) 25) (= (random 2) 0)))
`],
    ['A loop (watch the sandbox stop it)', `(define (player my-total other-total accum current state)
  (let loop ((n 0))
    (loop (+ n 1))))
`],
  ],
  js: [
    ['Hold at 20, race at the end', `// Called after every throw: return true to throw again, false to hold.
function player(myTotal, otherTotal, accum, current, state) {
  const turn = accum + current;
  if (otherTotal >= 80) return true;
  return turn < 20;
}
`],
    ['Draw its plan: values (debug marks)', `// Shows its reasoning in the replay: values beside the board at each
// decision (draw.value), with a bar for those between 0 and 1.
function player(myTotal, otherTotal, accum, current, state) {
  const turn = accum + current;
  const goal = otherTotal >= 80 ? 100 - myTotal : 20; // race, or hold at 20
  draw.value(turn / goal, { colour: "blue", label: "turn / goal" });
  draw.value(goal, { colour: "purple", label: "goal" });
  return turn < goal;
}
`],
    ['A loop (watch the sandbox stop it)', `function player(myTotal, otherTotal, accum, current, state) {
  while (true) {}
}
`],
  ],
};

let current = null;

/** The strategy in the editor (in memory), else the saved one, else the first example. */
export function loadMine() {
  if (current) return current;
  try {
    const saved = JSON.parse(draft.get(DRAFT, 'null'));
    if (saved?.kind && typeof saved.source === 'string') return saved;
  } catch { /* fall through to the example */ }
  return { kind: 'scheme', source: EXAMPLES.scheme[0][1] };
}

/** Sets the strategy in use; `persist` (user edits) also saves it for the next visit. */
export function saveMine(mine, persist = true) {
  current = mine;
  if (!persist) return;
  draft.set(DRAFT, JSON.stringify(mine)); // private mode: kept in memory only
}

/** The strategy saved by the user's own edits (not replaced by opening a link). */
export function savedMine() {
  const keep = current;
  current = null;
  const saved = loadMine();
  current = keep;
  return saved;
}

/**
 * An entrant for the engine: 'mine' or a built-in name. When the lab plays a program, 'mine' is
 * that program (`kind` 'program', named by its label); `withPrograms` loads it before a run.
 */
export function entrant(choice) {
  const program = choice === 'mine' && keptLabel(PROGRAM);
  if (program) return { label: program, kind: 'program', source: program };
  if (choice === 'mine') {
    const m = loadMine();
    return { label: m.kind === 'js' ? 'my JS strategy' : 'my Scheme strategy', kind: m.kind, source: m.source };
  }
  return { label: choice, kind: 'builtin', source: choice };
}

/** A <select> of strategies: the user's own first, then the built-ins. */
export function strategyOptions(builtins, selected) {
  const options = [['mine', 'My strategy (from the lab)'], ...builtins.map((b) => [b.name, `${b.name} — ${b.description}`])];
  return options.map(([value, text]) => {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = text;
    o.selected = value === selected;
    return o;
  });
}

/**
 * `entrants` with each program entrant's program loaded (checked and compiled once a page): only
 * the lab's own program can be, as a program never travels in a link — one a link names, which
 * is not the lab's, is refused, saying so.
 */
export async function withPrograms(entrants) {
  const mine = keptLabel(PROGRAM);
  return Promise.all(entrants.map(async (e) => {
    if (e.kind !== 'program') return e;
    if (e.source !== mine) throw new Error(`${e.label} is a program named by a link: a program never travels in a link; open it in the Strategy lab (“A program (.wasm)”) to play it`);
    return { ...e, program: await keptBot(PROGRAM, PROGRAM_EXAMPLES) };
  }));
}
