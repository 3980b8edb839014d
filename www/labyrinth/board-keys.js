// Keyboard play on the Labyrinth board (www/board-cursor.js): the arrow keys move a cursor over
// the arrows while pushing (all twelve, ← and → round the board; a grey one says why it is not
// allowed when Enter tries it) or over the squares within reach while walking (← and → in
// reading order, ↑ and ↓ to the row above or below); Enter or Space plays it. What the cursor
// is on is said in `say` for screen readers. The choices are the engine's (state.reachable).
import { boardCursor } from '../board-cursor.js';
import { describeChoice } from './describe.js';

// The arrows in order round the board, clockwise from the top left (the engine's insertion
// points: top, right, bottom, left, each side's from its lower number).
const RING = [0, 1, 2, 3, 4, 5, 8, 7, 6, 11, 10, 9];

/** The cursor's choice `i` in the phase of state `s`: { arrow } or { square }, null for none. */
export const choiceAt = (s, i) => (i < 0 ? null : s.phase === 'shift' ? { arrow: i } : { square: i });

/**
 * `board`: the board view; `size`: squares a side; `toMove()`: the state when a human may play
 * (else null); `cards(s)`: that player's cards; `shown()`: what the board shows now;
 * `push(i)`, `walk(row, column)`: play as the clicks do; `say(text)`: the cursor in words.
 * Returns the cursor ({ get, reset }).
 */
export function boardKeys(board, { size, toMove, cards, shown, push, walk, say }) {
  const cursor = boardCursor(board.canvas, {
    points() {
      const s = toMove();
      if (!s) return [];
      if (s.phase === 'shift') return board.points('arrow');
      const reach = new Set(s.reachable);
      return board.points('square').map((p, i) => (reach.has(i) ? p : null));
    },
    order: () => (toMove()?.phase === 'shift' ? RING : null),
    onMove: (i) => show(i),
    onPlay(i) {
      const s = toMove();
      if (!s) return;
      if (s.phase === 'shift') {
        push(i);
        const after = toMove();
        // Walking next: the cursor starts where the pawn stands.
        const p = after?.phase === 'move' ? after.players[after.toMove] : null;
        if (p) show((p.row - 1) * size + p.column - 1);
      } else walk(Math.floor(i / size) + 1, (i % size) + 1);
    },
  });
  function show(i) {
    cursor.reset(i);
    const s = toMove();
    const base = shown();
    if (!s || !base) return;
    const choice = choiceAt(s, i);
    board.set({ ...base, cursor: choice });
    say(describeChoice(s, size, choice, cards(s)));
  }
  return cursor;
}
