// Your Labyrinth bots, as every tab takes them: the kept list's configuration (its example and
// program examples, the drafts kept before the list), the selected bot's code and what a seat
// plays. The lab (lab.js), the A/B test (ab.js), Play and the replay import it; it imports
// none of them.
import { bots, botSource, configureBots, legacyBots } from '../bots.js';

const DRAFT = 'labyrinth.strategy.v1';
const PROGRAM = 'labyrinth.program.v1';
/** Example programs (docs/PROGRAMS.md), their sources in the repository. */
export const PROGRAM_EXAMPLES = [
  { name: 'A treasure seeker in Rust', url: 'examples/programs/labyrinth-rust/labyrinth-rust.wasm', note: 'source: examples/programs/labyrinth-rust' },
];

export const EXAMPLE = `// view: { seat, tiles: 49 × "kind[ treasure] direction" (rows from the top),
//   extra, pawns: [[colour, row, column]], cards (yours), cards_left, phase, to_move }
// Answer { rotation: "north"|"east"|"south"|"west", insertion: 0–11, row, column }.
// Insertion points: 0–2 top of columns 2, 4, 6; 3–5 right of rows 2, 4, 6;
// 6–8 bottom of columns 2, 4, 6; 9–11 left of rows 2, 4, 6. Rows and columns count from 1.
function turn(view) {
  const [, row, column] = view.pawns[view.seat];
  // Debug marks, drawn in the replay at this turn: the treasure sought and where we stay.
  const sought = view.tiles.findIndex((t) => t.split(" ")[1] === String(view.cards[0]));
  if (sought >= 0) draw.tile(Math.floor(sought / 7) + 1, sought % 7 + 1, { colour: "yellow", label: "treasure " + view.cards[0] });
  draw.square(row, column, { colour: "cyan", label: "stay" });
  // Push a line with no pawn in it, then stay where we are.
  const lines = [2, 4, 6];
  for (let i = 0; i < 12; i++) {
    const line = lines[i % 3];
    const isColumn = Math.floor(i / 3) % 2 === 0;
    const busy = view.pawns.some(([, r, c]) => (isColumn ? c === line : r === line));
    if (!busy) return { rotation: "north", insertion: i, row, column };
  }
  return { rotation: "north", insertion: 0, row, column };
}`;

// Your bots: the draft and program kept before the list existed become the first.
configureBots('labyrinth', {
  fresh: () => ({ name: 'My bot', language: 'js', code: { js: EXAMPLE } }),
  legacy: () => legacyBots({ draft: DRAFT, program: PROGRAM }),
  programExamples: PROGRAM_EXAMPLES,
});

/** The code of the selected bot (a program bot: the code it keeps), or EXAMPLE. */
export function loadStrategy() {
  return bots.selected('labyrinth').code?.js ?? EXAMPLE;
}

/** Your selected bot: its code, or the program it plays (`{ program, args, label }`). */
export async function labStrategy() {
  return botSource('labyrinth');
}
