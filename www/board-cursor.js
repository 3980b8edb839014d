// A keyboard cursor over a board's choices, for the boards drawn on a canvas (Punter's rivers,
// Labyrinth's arrows and squares): ← and → step to the previous and next choice in the board's
// order (reading order, or round the board), so every choice is a few presses away; ↑ and ↓
// jump to the nearest choice above or below; Home and End go to the first and last; Enter or
// Space plays it. The choices and what they mean come from the engine (its legal moves); this
// only moves between the points it is given.

const VERTICAL = { ArrowUp: -1, ArrowDown: 1 };

/**
 * Where the cursor goes from `points[from]` on arrow key `key`: `points` are [x, y], or null for
 * a choice not offered; `order` lists the indices in the board's order (all, by index, when not
 * given). ←/→: the previous/next offered point in that order, wrapping. ↑/↓: the nearest offered
 * point that way within 60° of straight, the straighter and nearer the better (`from` itself
 * when there is none). The first offered point in order when `from` is not offered.
 */
export function nextChoice(points, from, key, order = points.map((_, i) => i)) {
  const offered = order.filter((i) => points[i]);
  if (!offered.length) return -1;
  if (!points[from]) return offered[0];
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const k = offered.indexOf(from);
    return offered[(k + (key === 'ArrowRight' ? 1 : offered.length - 1)) % offered.length];
  }
  const way = VERTICAL[key];
  if (!way) return from;
  const [x0, y0] = points[from];
  let best = from;
  let bestCost = Infinity;
  for (const i of offered) {
    if (i === from) continue;
    const along = (points[i][1] - y0) * way;
    const across = Math.abs(points[i][0] - x0);
    if (along <= 0.5 || across > along * 1.75) continue;
    const cost = along + 2 * across;
    if (cost < bestCost) { bestCost = cost; best = i; }
  }
  return best;
}

/**
 * Keyboard play on `canvas` (made focusable): `points()` gives the choices now (as above) and
 * `order()` their order (optional), `onMove(i)` is told where the cursor went (to draw and
 * describe it), `onPlay(i)` plays it. Returns { get: the cursor's index or -1, reset(i) }.
 */
export function boardCursor(canvas, { points, order = null, onMove, onPlay }) {
  let at = -1;
  canvas.tabIndex = 0;
  canvas.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const ps = points();
    const seq = order?.() ?? ps.map((_, i) => i);
    const offered = seq.filter((i) => ps[i]);
    let next = at;
    if (e.key.startsWith('Arrow')) next = nextChoice(ps, ps[at] ? at : -1, e.key, seq);
    else if (e.key === 'Home') next = offered[0] ?? -1;
    else if (e.key === 'End') next = offered.at(-1) ?? -1;
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (ps[at]) onPlay(at);
      else onMove(at = offered[0] ?? -1);
      return;
    } else return;
    e.preventDefault();
    at = next;
    onMove(at);
  });
  return {
    get: () => at,
    /** Puts the cursor at `i` (-1: nowhere). */
    reset(i = -1) { at = i; },
  };
}
