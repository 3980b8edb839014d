// The Labyrinth board in words, for screen readers (the canvas's label) and for the keyboard
// cursor's announcements: where the pawns stand, where the treasures of the player to move are
// (when that player may see them), how many squares it can reach. Everything said is read off
// the engine's state; nothing is decided here.

const cap = (s) => s[0].toUpperCase() + s.slice(1);
const at = (r, c) => `row ${r}, column ${c}`;
/** [3, 5, 15] → "3, 5 and 15". */
export const listed = (xs) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);

/** Where treasure `t` is: "row 2, column 5", or "the extra tile". */
export function treasurePlace(state, size, t) {
  if (state.extra.treasure === t) return 'the extra tile';
  const i = state.tiles.findIndex((x) => x.treasure === t);
  return i < 0 ? 'nowhere' : at(Math.floor(i / size) + 1, (i % size) + 1);
}

/**
 * The whole board in a few sentences: `mine` are the cards of the player to move when they may
 * be shown (else null).
 */
export function describeBoard(state, size, mine) {
  const parts = [];
  parts.push(`Labyrinth, ${size} by ${size}, turn ${state.turns + 1}.`);
  parts.push(`Pawns: ${state.players.map((p) => `${cap(p.color)} at ${at(p.row, p.column)} (start ${at(...p.start)}, ${p.cardsLeft} card${p.cardsLeft === 1 ? '' : 's'} left)`).join('; ')}.`);
  if (state.toMove !== null) {
    const p = state.players[state.toMove];
    parts.push(`${cap(p.color)} to ${state.phase === 'shift' ? 'push the extra tile in' : `walk: ${state.reachable.length} square${state.reachable.length === 1 ? '' : 's'} within reach`}.`);
  }
  if (mine?.length) parts.push(`Treasures sought: ${mine.map((t) => `${t} at ${treasurePlace(state, size, t)}`).join('; ')}.`);
  else if (mine) parts.push('No treasure left to find: back to the start square.');
  if (state.extra.treasure) parts.push(`The extra tile holds treasure ${state.extra.treasure}.`);
  return parts.join(' ');
}

/** The keyboard cursor's choice in words: an arrow (with why it is not allowed) or a square. */
export function describeChoice(state, size, choice, mine) {
  if (choice?.arrow !== undefined) {
    const why = state.blocked.find(([k]) => k === choice.arrow)?.[1];
    return `Push in at the ${state.insertions[choice.arrow]}${why ? ` — not allowed: ${why}` : ''}. Enter pushes.`;
  }
  if (choice?.square !== undefined) {
    const t = state.tiles[choice.square];
    const r = Math.floor(choice.square / size) + 1;
    const c = (choice.square % size) + 1;
    const mover = state.players[state.toMove];
    const here = mover && mover.row === r && mover.column === c;
    const treasure = t.treasure ? `, treasure ${t.treasure}${mine?.includes(t.treasure) ? ' (yours)' : ''}` : '';
    return `${cap(at(r, c))}${treasure}${here ? ', where you stand' : ''}. Enter ${here ? 'stays' : 'walks there'}.`;
  }
  return '';
}
