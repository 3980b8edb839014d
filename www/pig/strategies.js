// The user's own strategies — the lab's bots (www/bots.js), the selected one "mine", each usable
// by Play and the Arena — plus the examples offered in the editor.

import { splitArgs } from '../program-picker.js';
import { bots, botSource, codeOf, configureBots, legacyBots } from '../bots.js';

/** This game's id in the bots store. */
export const GAME = 'pig';

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

// The lab's bots (www/bots.js): the selected one is "mine". The draft and program the lab kept
// before the list existed become its first bots ("My bot", "My program").
const programLabel = (p) => (p ? [p.example ? p.example.split('/').pop() : p.name || 'a program', ...splitArgs(p.args)].join(' ') : 'a program');
configureBots(GAME, {
  fresh: () => ({ name: 'My bot', language: 'scheme', code: { scheme: EXAMPLES.scheme[0][1] } }),
  legacy: () => legacyBots({
    draft: DRAFT, program: PROGRAM,
    parse: (text) => { const d = JSON.parse(text); return d?.kind && typeof d.source === 'string' ? { language: d.kind, code: d.source } : null; },
  }),
  codeSource: (bot) => ({ label: bot.name, kind: bot.language, source: codeOf(bot) }),
  programExamples: PROGRAM_EXAMPLES,
});

/** The code of the selected bot as { kind, source } (a program bot: the code it keeps). */
export function loadMine() {
  const b = bots.selected(GAME);
  const kind = b.language !== 'program' ? b.language : b.code?.scheme !== undefined ? 'scheme' : 'js';
  return { kind, source: b.code?.[kind] ?? EXAMPLES[kind][0][1] };
}

/** Sets the selected bot's code (kept, as every edit is). */
export function saveMine(mine) {
  const b = bots.selected(GAME);
  bots.update(GAME, b.id, { language: mine.kind, code: { ...b.code, [mine.kind]: mine.source } });
}

/** The selected bot's code (as `loadMine`). */
export const savedMine = loadMine;

/** The entrant of a program bot: named by its label; `withPrograms` loads it before a run. */
const programEntrant = (b) => { const l = programLabel(bots.programOf(GAME, b)); return { label: l, kind: 'program', source: l }; };

/**
 * An entrant for the engine: 'mine' (the lab's selected bot), 'bot:<id>' (one of your bots, by
 * its name) or a built-in name. A program bot is `kind` 'program', named by its label;
 * `withPrograms` loads it before a run.
 */
export function entrant(choice) {
  if (choice === 'mine' || choice.startsWith('bot:')) {
    const b = (choice !== 'mine' && bots.get(GAME, choice.slice(4))) || bots.selected(GAME);
    if (b.language === 'program') return programEntrant(b);
    if (choice === 'mine') return { label: b.language === 'js' ? 'my JS strategy' : 'my Scheme strategy', kind: b.language, source: codeOf(b) };
    return { label: b.name, kind: b.language, source: codeOf(b) };
  }
  return { label: choice, kind: 'builtin', source: choice };
}

/** A <select> of strategies: the lab's bot first, then each of your bots (so version 1 can play version 2), then the built-ins. */
export function strategyOptions(builtins, selected) {
  const own = bots.list(GAME).length > 1 ? bots.list(GAME).map((b) => [`bot:${b.id}`, `Your bot: ${b.name}`]) : [];
  const options = [['mine', 'My strategy (from the lab)'], ...own, ...builtins.map((b) => [b.name, `${b.name} — ${b.description}`])];
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
 * your program bots can be, as a program never travels in a link — one a link names that is
 * none of yours is refused, saying so.
 */
export async function withPrograms(entrants) {
  const programs = bots.list(GAME).filter((b) => b.language === 'program');
  const selected = bots.selected(GAME);
  return Promise.all(entrants.map(async (e) => {
    if (e.kind !== 'program') return e;
    const b = [selected, ...programs].find((x) => x.language === 'program' && programEntrant(x).label === e.source);
    if (!b) throw new Error(`${e.label} is a program named by a link: a program never travels in a link; open it in the Strategy lab (Open file…, or “A program (.wasm)”) to play it`);
    return { ...e, program: await botSource(GAME, b) };
  }));
}
