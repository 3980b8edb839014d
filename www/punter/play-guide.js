// Play's guide to a Punter game (www/punter/play-explain.js says it): the map's extras — each
// punter's latest turn drawn bright, a site's worth to you in its tooltip, the map in words —,
// the move list, the end's breakdown, "your turn" said with the others' last moves, and the
// keyboard cursor over the rivers you may take (or the sites your splurge may go to): ← →
// through them in reading order, ↑ ↓ to the nearest above or below, Enter plays.
import { el } from '../dom.js';
import { boardCursor } from '../board-cursor.js';
import { createMoveList, describeMap, othersLately, renderBreakdown, worthNote } from './play-explain.js';

/** `view`: the map view; `play(kind, i)`: plays a river ('river') or a site ('site') as a click does. */
export function createPlayGuide(view, { play }) {
  const moves = createMoveList();
  const breakdown = el('div', { class: 'punter-breakdown', hidden: true, 'data-testid': 'punter-breakdown' });
  // Your turn and the keyboard cursor, for screen readers.
  const boardText = el('div', { class: 'sr-only', 'aria-live': 'polite', 'data-testid': 'punter-board-text' });
  let frame = null; // what the map shows (the cursor is drawn over it)
  let legal = null; // the engine's legal moves when you are to move
  let route = [];
  let choices = [];
  let announced = -1; // the position whose "your turn" was said
  let explained = null; // the game whose breakdown is shown
  let cursorAt = -1; // the position the cursor's choices are of

  /** The rivers you may claim or buy an option on, or the sites your splurge may go to, in reading order. */
  function keyChoices() {
    if (!legal) return (choices = []);
    const list = route.length ? legal.sites.map((i) => ({ kind: 'site', i }))
      : [...new Set([...legal.claims, ...legal.options])].map((i) => ({ kind: 'river', i }));
    for (const c of list) c.point = view.canvas.pointOf(c.kind, c.i);
    list.sort((a, b) => Math.round(a.point[1] / 24) - Math.round(b.point[1] / 24) || a.point[0] - b.point[0]);
    return (choices = list);
  }
  const cursor = boardCursor(view.canvas, {
    points: () => keyChoices().map((c) => c.point),
    onMove(i) {
      const c = choices[i];
      if (!c || !frame) return;
      view.set({ ...frame, cursor: { kind: c.kind, i: c.i } });
      const verb = c.kind === 'site' ? 'splurges to it' : legal?.options.includes(c.i) ? 'buys an option on it' : 'claims it';
      boardText.textContent = `${view.canvas.describe(c.kind, c.i)}. Enter ${verb}.`;
    },
    onPlay(i) {
      const c = choices[i];
      if (c) play(c.kind, c.i);
    },
  });

  return {
    moves: moves.box,
    breakdown,
    boardText,
    /**
     * Shows `game` at state `s` on the map (`base`: the frame Play draws), seat `you` (-1: none),
     * `mine`: the engine's legal moves when it is your turn (else null); `fresh`: a new game.
     */
    show(game, s, base, { you, mine, fresh = false }) {
      legal = mine;
      route = s.route;
      if (s.position !== cursorAt || fresh) { cursor.reset(); cursorAt = s.position; }
      frame = {
        ...base,
        recent: game.lastTurns().flatMap((t, p) => (t ? [{ punter: p, rivers: t.rivers }] : [])),
        siteNote: (i) => worthNote(game, you, i),
        label: describeMap(s, base.owners, s.map),
      };
      view.set(frame);
      moves.update(game, s.position, fresh);
      breakdown.hidden = !s.over;
      if (s.over && explained !== game) {
        explained = game;
        renderBreakdown(breakdown, game, s, you >= 0 ? you : undefined);
      }
      if (mine && announced !== s.position && !s.route.length) {
        announced = s.position;
        const lately = othersLately(game, s, you);
        boardText.textContent = `Your turn.${lately ? ` Last moves: ${lately}.` : ''}`;
      }
    },
  };
}
