// The Labyrinth board on a canvas: tiles drawn by their openings (the paths), treasures as
// numbers, start squares in their player's colour, pawns (side by side when they share a tile),
// the 12 insertion arrows around the board (blocked ones greyed, the engine's reason on hover)
// and the squares the engine says are reachable. It knows no rule: it draws the state it is
// given, on the engine's geometry (`labyrinthGeometry()`: the board's size, the directions, the
// fixed squares, each insertion point's squares and the way it pushes), and reports clicks on
// arrows and squares. `set` redraws once per animation frame.
import { el, fitCanvas, frameScheduler } from '../dom.js';
import { drawMarks, noteDrawn } from '../marks.js';

/** The ring round the treasures the player to move seeks. */
export const MINE = '#15389a';
export const COLORS = { yellow: '#e3b505', red: '#d63c3c', blue: '#3468d6', green: '#2a9a4c' };

/** The engine's direction `name` as a canvas step: [dx, dy]. */
const stepOf = (geometry, name) => {
  const [dr, dc] = geometry.directions.find((d) => d.name === name).step;
  return [dc, dr];
};

/** The direction after `dir` clockwise, in the engine's order. */
export function nextDir(geometry, dir) {
  const names = geometry.directions.map((d) => d.name);
  return names[(names.indexOf(dir) + 1) % names.length];
}

/** Draws one tile at (x, y) of size s; `geometry.directions` say which bit opens which way. */
function drawTile(ctx, geometry, x, y, s, tile, { fixed = false, reach = false, openings = tile.openings, mine = null } = {}) {
  ctx.fillStyle = fixed ? '#6b5a45' : '#7f6b52';
  ctx.fillRect(x, y, s, s);
  const w = s * 0.36;
  const c = s / 2;
  ctx.fillStyle = reach ? '#bdf0c6' : '#f1e6cf';
  ctx.fillRect(x + c - w / 2, y + c - w / 2, w, w);
  for (const { bit, name } of geometry.directions) {
    if (!(openings & bit)) continue;
    const [dx, dy] = stepOf(geometry, name);
    if (dx) ctx.fillRect(dx > 0 ? x + c : x, y + c - w / 2, c, w);
    else ctx.fillRect(x + c - w / 2, dy > 0 ? y + c : y, w, c);
  }
  ctx.strokeStyle = 'rgba(0,0,0,.35)';
  ctx.lineWidth = 1;
  ctx.strokeRect(x + 0.5, y + 0.5, s - 1, s - 1);
  if (tile.treasure) {
    const r = s * 0.17;
    // A treasure the player to move seeks: a wide dark-blue ring on a white one (the one to find
    // first under the Ravensburger rules, doubled).
    const own = mine?.cards.indexOf(tile.treasure) ?? -1;
    const ring = (rad, width) => {
      ctx.beginPath();
      ctx.arc(x + c, y + c, rad, 0, Math.PI * 2);
      ctx.lineWidth = width + 3;
      ctx.strokeStyle = '#fff';
      ctx.stroke();
      ctx.lineWidth = width;
      ctx.strokeStyle = MINE;
      ctx.stroke();
    };
    if (own >= 0) {
      ring(r + Math.max(3, s * 0.07), Math.max(3, s * 0.07));
      if (own === 0 && mine.first) ring(r + Math.max(8, s * 0.17), 2);
      ctx.lineWidth = 1;
    }
    ctx.beginPath();
    ctx.arc(x + c, y + c, r, 0, Math.PI * 2);
    ctx.fillStyle = '#f6c343';
    ctx.fill();
    ctx.strokeStyle = '#8a6400';
    ctx.stroke();
    ctx.fillStyle = '#3b2a00';
    ctx.font = `600 ${Math.max(8, Math.round(s * 0.2))}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(tile.treasure), x + c, y + c + 0.5);
  }
}

function drawArrow(ctx, cx, cy, size, dir, fill) {
  // dir: the direction the arrow points ([dx, dy]).
  const [dx, dy] = dir;
  const px = -dy;
  const py = dx;
  ctx.beginPath();
  ctx.moveTo(cx + dx * size, cy + dy * size);
  ctx.lineTo(cx - dx * size * 0.6 + px * size * 0.8, cy - dy * size * 0.6 + py * size * 0.8);
  ctx.lineTo(cx - dx * size * 0.6 - px * size * 0.8, cy - dy * size * 0.6 - py * size * 0.8);
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.fill();
}

/**
 * root: where the canvas goes; geometry: the engine's `labyrinthGeometry()`; onArrow(i),
 * onSquare(row, column) (1-based) on clicks. set({ state, interactive, hidden }) shows a state.
 */
const SLIDE_MS = 260;

export function createBoardView(root, { testid, geometry, maxSize = 620, onArrow = () => {}, onSquare = () => {}, pathTo = null } = {}) {
  const N = geometry.size;
  const insertions = geometry.insertions.map(({ push, squares }) => ({ push: stepOf(geometry, push), squares }));
  const canvas = el('canvas', { class: 'labyrinth-canvas', 'data-testid': testid, role: 'img', 'aria-label': 'The Labyrinth board' });
  root.append(canvas);
  let shown = null;
  let geo = null;
  let hover = -1;
  /** The square under the pointer (row-major index), for the walking path. */
  let hoverSquare = -1;
  /** A push being animated: { at, start }. */
  let sliding = null;
  /** A decision's debug marks (www/marks.js), drawn over the board. */
  let marks = [];

  function layout() {
    const width = canvas.parentElement?.clientWidth || 600;
    const size = Math.min(width, maxSize);
    const cell = size / (N + 1.3);
    const m = cell * 0.65;
    return { size, cell, x0: (width - size) / 2 + m, y0: m };
  }
  /**
   * The centre of insertion arrow i and the way it points (the way it pushes): just outside the
   * board, before the first square of its line.
   */
  function arrowAt(i, g = geo) {
    const { push: [dx, dy], squares: [first] } = insertions[i];
    const back = g.cell / 2 + g.cell * 0.33;
    const x = g.x0 + ((first % N) * g.cell + g.cell / 2);
    const y = g.y0 + (Math.floor(first / N) * g.cell + g.cell / 2);
    return { x: x - dx * back, y: y - dy * back, dir: [dx, dy] };
  }

  function draw() {
    geo = layout();
    const { ctx, width, height } = fitCanvas(canvas, geo.size);
    ctx.clearRect(0, 0, width, height);
    if (!shown?.state) return;
    const { state, interactive } = shown;
    const { cell, x0, y0 } = geo;
    ctx.fillStyle = '#3b3024';
    ctx.fillRect(x0 - 3, y0 - 3, N * cell + 6, N * cell + 6);
    if (shown.hidden) {
      ctx.fillStyle = '#efe6d4';
      ctx.font = `600 ${Math.round(cell * 0.3)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.fillText('Hidden until the next player is ready', x0 + (N * cell) / 2, y0 + (N * cell) / 2);
      return;
    }
    const reach = new Set(state.phase === 'move' && state.winner === null ? state.reachable : []);
    // A push slides its row or column in over SLIDE_MS: the tiles (and pawns) of that line are
    // drawn short of their new squares, against the push.
    const p = sliding ? Math.min(1, (performance.now() - sliding.start) / SLIDE_MS) : 1;
    const offset = (r, c) => {
      if (p >= 1) return [0, 0];
      const { push: [dx, dy], squares } = insertions[sliding.at];
      if (!squares.includes(r * N + c)) return [0, 0];
      const back = (1 - p) * cell;
      return [-dx * back, -dy * back];
    };
    state.tiles.forEach((t, i) => {
      const r = Math.floor(i / N);
      const c = i % N;
      const [ox, oy] = offset(r, c);
      drawTile(ctx, geometry, x0 + c * cell + ox, y0 + r * cell + oy, cell, t, { fixed: geometry.fixed[i], reach: reach.has(i), mine: shown.mine });
    });
    if (p < 1) schedule();
    else sliding = null;
    // The way the pawn would walk to the square under the pointer (from the engine).
    if (pathTo && reach.has(hoverSquare) && interactive) {
      const flat = pathTo(Math.floor(hoverSquare / N) + 1, (hoverSquare % N) + 1);
      if (flat.length > 2) {
        ctx.strokeStyle = 'rgba(255, 255, 255, 0.9)';
        ctx.lineWidth = Math.max(3, cell * 0.09);
        ctx.lineJoin = 'round';
        ctx.setLineDash([cell * 0.12, cell * 0.1]);
        ctx.beginPath();
        for (let k = 0; k < flat.length; k += 2) {
          const px = x0 + (flat[k + 1] - 0.5) * cell;
          const py = y0 + (flat[k] - 0.5) * cell;
          if (k === 0) ctx.moveTo(px, py); else ctx.lineTo(px, py);
        }
        ctx.stroke();
        ctx.setLineDash([]);
      }
    }
    // Start squares: a ring in the player's colour.
    for (const p of state.players) {
      const [r, c] = p.start;
      ctx.strokeStyle = COLORS[p.color];
      ctx.lineWidth = Math.max(3, cell * 0.08);
      ctx.strokeRect(x0 + (c - 1) * cell + 3, y0 + (r - 1) * cell + 3, cell - 6, cell - 6);
    }
    // Pawns, side by side when several share a tile.
    const at = new Map();
    state.players.forEach((p, i) => {
      const k = (p.row - 1) * N + (p.column - 1);
      at.set(k, [...(at.get(k) ?? []), i]);
    });
    for (const [k, list] of at) {
      const r = Math.floor(k / N);
      const c = k % N;
      const rad = list.length > 1 ? cell * 0.14 : cell * 0.2;
      list.forEach((i, j) => {
        const [ox, oy] = offset(r, c);
        const cx = x0 + c * cell + cell / 2 + (j - (list.length - 1) / 2) * rad * 1.9 + ox;
        const cy = y0 + r * cell + cell * 0.72 - (list.length > 1 ? 0 : cell * 0.22) + oy;
        ctx.beginPath();
        ctx.arc(cx, cy, rad, 0, Math.PI * 2);
        ctx.fillStyle = COLORS[state.players[i].color];
        ctx.fill();
        ctx.lineWidth = i === state.toMove ? 3 : 1.5;
        ctx.strokeStyle = i === state.toMove ? '#fff' : '#222';
        ctx.stroke();
      });
    }
    // Insertion arrows.
    const blocked = new Map(state.blocked.map(([i, why]) => [i, why]));
    const canShift = interactive && state.phase === 'shift' && state.winner === null;
    for (let i = 0; i < insertions.length; i += 1) {
      const a = arrowAt(i);
      const fill = blocked.has(i) ? '#b9bec8' : canShift ? (hover === i ? '#1f55c4' : '#2f6fdf') : '#8a93a6';
      drawArrow(ctx, a.x, a.y, cell * 0.22, a.dir, fill);
    }
    // The keyboard cursor: a dashed ring round the arrow or the square it is on.
    const cur = shown.cursor;
    if (cur && interactive) {
      ctx.strokeStyle = '#111';
      ctx.lineWidth = 2.5;
      ctx.setLineDash([5, 3]);
      if (cur.arrow !== undefined) {
        const a = arrowAt(cur.arrow);
        ctx.strokeRect(a.x - cell * 0.36, a.y - cell * 0.36, cell * 0.72, cell * 0.72);
      } else if (cur.square !== undefined) {
        ctx.strokeRect(x0 + (cur.square % N) * cell + 2, y0 + Math.floor(cur.square / N) * cell + 2, cell - 4, cell - 4);
      }
      ctx.setLineDash([]);
    }
    // Debug marks by row and column from 1: a tile tinted, a square ringed, a path of squares.
    const dpr = window.devicePixelRatio || 1;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    noteDrawn(canvas, drawMarks(ctx, marks, (m) => {
      const points = [];
      for (let k = 0; k + 1 < m.at.length; k += 2) points.push([(x0 + (m.at[k + 1] - 0.5) * cell) * dpr, (y0 + (m.at[k] - 0.5) * cell) * dpr]);
      const shape = m.kind === 'tile' ? 'box' : m.kind === 'square' ? 'ring' : 'line';
      return { shape, points, size: (m.kind === 'tile' ? cell - 4 : m.kind === 'square' ? cell * 0.3 : cell * 0.3) * dpr };
    }, dpr));
  }
  const schedule = frameScheduler(draw);
  const resize = new ResizeObserver(schedule);
  resize.observe(root);

  /**
   * What is under a point: an arrow or a square. While the player pushes, an arrow takes a box
   * of at least 44 px (a finger's target) even where that reaches over the edge squares, which
   * are not played then; while it walks, the squares come first.
   */
  function hit(e) {
    if (!geo) return null;
    const box = canvas.getBoundingClientRect();
    const x = e.clientX - box.left;
    const y = e.clientY - box.top;
    const pushing = shown?.state?.phase === 'shift';
    const half = pushing ? Math.max(22, geo.cell * 0.45) : geo.cell * 0.4;
    const c = Math.floor((x - geo.x0) / geo.cell);
    const r = Math.floor((y - geo.y0) / geo.cell);
    const square = r >= 0 && r < N && c >= 0 && c < N ? { row: r + 1, column: c + 1 } : null;
    if (square && !pushing) return square;
    for (let i = 0; i < insertions.length; i += 1) {
      const a = arrowAt(i);
      if (Math.abs(x - a.x) < half && Math.abs(y - a.y) < half) return { arrow: i };
    }
    return square;
  }
  canvas.addEventListener('click', (e) => {
    if (!shown || shown.hidden) return;
    const h = hit(e);
    if (h?.arrow !== undefined) onArrow(h.arrow);
    else if (h) onSquare(h.row, h.column);
  });
  canvas.addEventListener('mousemove', (e) => {
    const h = hit(e);
    const i = h?.arrow ?? -1;
    const state = shown?.state;
    let tip = '';
    if (state && i >= 0) {
      const why = state.blocked.find(([k]) => k === i)?.[1];
      tip = `Push at the ${state.insertions[i]}${why ? ` — not allowed: ${why}` : ''}`;
    } else if (state && h) {
      const t = state.tiles[(h.row - 1) * N + h.column - 1];
      tip = `Row ${h.row}, column ${h.column}${t.treasure ? ` · treasure ${t.treasure}` : ''}`;
    }
    canvas.title = tip;
    canvas.style.cursor = h ? 'pointer' : 'default';
    const square = h && h.arrow === undefined ? (h.row - 1) * N + h.column - 1 : -1;
    if (i !== hover || square !== hoverSquare) { hover = i; hoverSquare = square; schedule(); }
  });
  /** Where arrow i or square index k (row-major) is drawn, in CSS pixels of the canvas (tests). */
  canvas.pointOf = (kind, i) => {
    geo = layout();
    if (kind === 'arrow') { const a = arrowAt(i); return [a.x, a.y]; }
    return [geo.x0 + (i % N) * geo.cell + geo.cell / 2, geo.y0 + Math.floor(i / N) * geo.cell + geo.cell / 2];
  };

  return {
    canvas,
    /** Animates the push at insertion point `at` that led to the state set next. */
    slide(at) { sliding = { at, start: performance.now() }; },
    /** Where each arrow (kind 'arrow') or square is drawn, in CSS pixels (the keyboard cursor's points). */
    points(kind) {
      geo = layout();
      return kind === 'arrow' ? insertions.map((_, i) => { const a = arrowAt(i); return [a.x, a.y]; })
        : Array.from({ length: N * N }, (_, i) => [geo.x0 + (i % N + 0.5) * geo.cell, geo.y0 + (Math.floor(i / N) + 0.5) * geo.cell]);
    },
    /**
     * Shows `next`: { state, interactive, hidden, mine: { cards, color, first } (the treasures
     * the player to move seeks, ringed), cursor: { arrow } or { square }, label: the board in words }.
     */
    set(next) {
      shown = next;
      if (next.label !== undefined) canvas.setAttribute('aria-label', next.label);
      canvas.state = next.state; // read by the tests
      canvas.cursor = next.cursor ?? null;
      schedule();
    },
    setMarks(next) { marks = next; schedule(); },
    destroy() { resize.disconnect(); canvas.remove(); },
  };
}

/** A small canvas with one tile (the extra tile) drawn as turned `dir`; geometry as for the board. */
export function createTileView(root, { testid, geometry, size = 84, onClick = () => {} } = {}) {
  const canvas = el('canvas', { class: 'labyrinth-extra', 'data-testid': testid, role: 'img', title: 'The extra tile: click or press R to turn it', width: size, height: size });
  canvas.style.width = `${size}px`;
  canvas.addEventListener('click', onClick);
  root.append(canvas);
  return {
    set(tile, dir, mine = null) {
      const dpr = window.devicePixelRatio || 1;
      canvas.width = size * dpr;
      canvas.height = size * dpr;
      canvas.style.height = `${size}px`;
      const ctx = canvas.getContext('2d');
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, size, size);
      if (tile) drawTile(ctx, geometry, 0, 0, size, tile, { openings: tile.turned[dir], mine }); // the engine's openings as turned
      canvas.setAttribute('aria-label', tile ? `The extra tile${tile.treasure ? `, treasure ${tile.treasure}` : ''}, turned ${dir}` : 'The extra tile');
      canvas.dataset.dir = dir ?? '';
    },
  };
}
