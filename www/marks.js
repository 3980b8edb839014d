// Debug marks, the part every game shares: a decision's marks are `@draw` lines of what it
// printed (docs/JAVASCRIPT-API.md "Debug drawing"), read by the engine (each game handle's
// `marksOf(text)`, crates/rails/src/marks.rs) — never here; the "Show marks" switch (remembered through
// www/kept.js); the inspector's list of a decision's marks and problems; and the drawing itself
// on a canvas, given each game's `place(mark)` (its own files say where a site, a cell or a tile
// is on screen). Knows no game.
import { el } from './dom.js';
import { storage } from './kept.js';

const SHOW_KEY = 'arcade.marks.show';
const NONE = Object.freeze({ marks: [], problems: [] });
const read = new WeakMap(); // decision → its marks, read once

/** The marks of decision `d` (null: none) read by `handle.marksOf`: { marks, problems }. */
export function marksOf(handle, d) {
  if (!d?.printed || !d.printed.includes('@draw')) return NONE;
  let m = read.get(d);
  if (!m) {
    try { m = handle.marksOf(d.printed); } catch (e) { m = { marks: [], problems: [{ text: `1:1: ${e.message ?? e}` }] }; }
    read.set(d, m);
  }
  return m;
}

/** Whether marks are shown (the switch, as last set; on by default). */
export const marksShown = () => storage.get(SHOW_KEY) !== 'off';

/** The "Show marks" switch: `onChange(shown)` after a change; every switch on the page follows. */
export function marksSwitch(testid, onChange) {
  const box = el('input', { type: 'checkbox', 'data-testid': testid });
  box.checked = marksShown();
  box.addEventListener('change', () => {
    storage.set(SHOW_KEY, box.checked ? 'on' : 'off');
    onChange(box.checked);
  });
  const label = el('label', { class: 'inline marks-switch', title: 'Draw what the decision behind the move shown marked (draw.…, @draw lines)' }, box, ' Show marks');
  return { box: label, sync() { box.checked = marksShown(); } };
}

const fmt = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(3).replace(/0+$/, ''));

/** `node` with its background in `colour` (through the CSSOM: the page's policy refuses style attributes). */
export function tinted(node, colour, property = 'background') {
  node.style.setProperty(property, colour);
  return node;
}

/**
 * Values (marks of one number) as rows of label, number and — for a number between 0 and 1 — a
 * bar: a DOM list for a game that shows them beside its board.
 */
export function valueRows(marks) {
  return marks.flatMap((m) => {
    const x = m.at[0];
    const bar = el('span', { class: 'marks-bar' });
    if (x >= 0 && x <= 1) {
      const fill = tinted(el('span', {}), m.colour);
      fill.style.width = `${(x * 100).toFixed(1)}%`;
      bar.append(fill);
    }
    return [el('span', { class: 'marks-value-label' }, m.label || m.kind), tinted(el('strong', {}, fmt(x)), m.colour, 'color'), bar];
  });
}

/** The inspector's list of a decision's marks and their problems (DOM), or null for none. */
export function marksList({ marks, problems }) {
  if (!marks.length && !problems.length) return null;
  const items = marks.map((m) => el('li', {},
    tinted(el('span', { class: 'marks-swatch' }), m.colour), ` ${m.kind} ${m.at.map(fmt).join(' ')}`,
    m.label ? el('span', { class: 'muted' }, ` — ${m.label}`) : ''));
  const bad = problems.map((p) => el('li', { class: 'marks-problem' }, p.text ?? `${p.line}:${p.column}: ${p.message}`));
  return el('div', { class: 'marks-list' },
    el('div', { class: 'muted' }, `What it drew (${marks.length} mark${marks.length === 1 ? '' : 's'})`),
    el('ul', {}, ...items, ...bad));
}

/**
 * Draws `marks` on `g` (device pixels, identity transform). `place(mark)` → { shape: 'dot' |
 * 'line' | 'box' | 'ring', points: [[x, y], …] (device px), size (device px: a dot's radius, a
 * box's side) } or null (not drawn). Returns what was drawn, for tests: [{ kind, colour, label,
 * points }] (css px; a path ends in a dot of its colour).
 */
export function drawMarks(g, marks, place, dpr = window.devicePixelRatio || 1) {
  const drawn = [];
  g.save();
  g.lineCap = 'round';
  g.lineJoin = 'round';
  for (const m of marks) {
    const p = place(m);
    if (!p || !p.points.length) continue;
    const [x0, y0] = p.points[0];
    const size = p.size ?? 6 * dpr;
    halo(g, dpr, () => {
      g.beginPath();
      if (p.shape === 'line') {
        p.points.forEach(([x, y], i) => (i ? g.lineTo(x, y) : g.moveTo(x, y)));
        g.lineWidth = Math.max(3 * dpr, size * 0.35);
        return 'stroke';
      }
      if (p.shape === 'box') {
        g.rect(x0 - size / 2, y0 - size / 2, size, size);
        g.lineWidth = Math.max(2.5 * dpr, size * 0.08);
        return 'box';
      }
      g.arc(x0, y0, size, 0, Math.PI * 2);
      g.lineWidth = Math.max(2.5 * dpr, size * 0.3);
      return p.shape === 'ring' ? 'stroke' : 'fill';
    }, m.colour);
    if (p.shape === 'line') {
      const [xe, ye] = p.points[p.points.length - 1];
      g.beginPath(); g.arc(xe, ye, Math.max(3 * dpr, size * 0.4), 0, Math.PI * 2); g.fillStyle = m.colour; g.fill();
    }
    if (m.label) label(g, m.label, x0, y0 - size - 4 * dpr, m.colour, dpr);
    drawn.push({ kind: m.kind, colour: m.colour, label: m.label, points: p.points.map(([x, y]) => [x / dpr, y / dpr]) });
  }
  g.restore();
  return drawn;
}

/** One shape: a dark halo first, then the colour, so a mark reads on any board. */
function halo(g, dpr, path, colour) {
  const how = path();
  const width = g.lineWidth;
  g.strokeStyle = 'rgba(0,0,0,0.7)';
  g.lineWidth = width + 2.5 * dpr;
  g.stroke();
  if (how === 'fill') { g.fillStyle = colour; g.fill(); return; }
  if (how === 'box') { g.globalAlpha = 0.28; g.fillStyle = colour; g.fill(); g.globalAlpha = 1; }
  g.strokeStyle = colour;
  g.lineWidth = width;
  g.stroke();
}

function label(g, text, x, y, colour, dpr) {
  g.font = `${Math.round(12 * dpr)}px system-ui, sans-serif`;
  g.textAlign = 'center';
  g.textBaseline = 'bottom';
  const w = g.measureText(text).width + 8 * dpr;
  const h = 16 * dpr;
  g.fillStyle = 'rgba(0,0,0,0.72)';
  g.fillRect(x - w / 2, y - h, w, h);
  g.fillStyle = colour === '#000000' ? '#ffffff' : colour;
  g.fillText(text, x, y - 2 * dpr);
}

/** Marks the canvas with what it shows, for tests: `data-marks` (how many) and `drawnMarks`. */
export function noteDrawn(canvas, drawn) {
  canvas.dataset.marks = String(drawn.length);
  canvas.drawnMarks = drawn;
}
