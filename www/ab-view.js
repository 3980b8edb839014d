// What the A/B panel (www/ab.js) draws: the log-likelihood ratio after each pair between the
// test's two bounds, and the numbers — games, W/D/L, the pairs' pentanomial counts, the Elo
// difference with its 95% interval. No game is named here.
import { el } from './dom.js';

const SVG = 'http://www.w3.org/2000/svg';
const svg = (tag, attrs, ...kids) => {
  const n = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  n.append(...kids);
  return n;
};
const fixed = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '—');
const signed = (x) => (x > 0 ? `+${fixed(x)}` : fixed(x));

/**
 * The LLR path (one point a pair) between the lower and upper bounds, as a small SVG plot with
 * the current value written beside it.
 */
export function abChart(llrs, test, minPairs) {
  const [w, h, pad] = [600, 140, 6];
  const span = Math.max(test.upper, -test.lower) * 1.15;
  const lo = Math.min(-span, ...llrs.map((x) => Math.max(x, -4 * span)));
  const hi = Math.max(span, ...llrs.map((x) => Math.min(x, 4 * span)));
  const y = (v) => pad + ((hi - Math.min(hi, Math.max(lo, v))) / (hi - lo)) * (h - 2 * pad);
  const n = Math.max(llrs.length, 2 * minPairs);
  const x = (i) => pad + (i / n) * (w - 2 * pad);
  const line = (v, cls) => svg('line', { x1: pad, x2: w - pad, y1: y(v), y2: y(v), class: cls });
  const points = [[0, 0], ...llrs.map((v, i) => [i + 1, v])].map(([i, v]) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  // Before `minPairs` pairs the test gives no verdict, whatever the ratio: that stretch is shaded.
  const early = svg('rect', { x: pad, y: pad, width: x(minPairs) - pad, height: h - 2 * pad, class: 'ab-early' });
  const plot = svg('svg', { viewBox: `0 0 ${w} ${h}`, preserveAspectRatio: 'none', class: 'ab-plot', role: 'img', 'aria-label': `log-likelihood ratio ${fixed(test.llr, 2)} between ${fixed(test.lower, 2)} and ${fixed(test.upper, 2)}` },
    early, line(test.upper, 'ab-upper'), line(0, 'ab-zero'), line(test.lower, 'ab-lower'),
    svg('polyline', { points, class: 'ab-path' }));
  return el('figure', { class: 'ab-figure' }, plot,
    el('figcaption', {}, el('span', { 'data-testid': 'ab-llr' }, `LLR ${fixed(test.llr, 2)} (H0 at ${fixed(test.lower, 2)}, H1 at ${fixed(test.upper, 2)})`),
      el('span', { class: 'muted' }, ` · green: H1 (B better), red: H0, shaded: the first ${minPairs} pairs, which never decide`)));
}

/** The numbers of a run so far: `t` = { penta, games: { w, d, l }, test }; `a`, `b` the labels. */
export function abSummary(t, a, b) {
  const { test, games, penta } = t;
  const played = games.w + games.d + games.l;
  const item = (k, v, testid) => el('div', { class: 'ab-item' }, el('span', { class: 'muted' }, k), el('strong', testid ? { 'data-testid': testid } : {}, v));
  return el('div', { class: 'ab-grid' },
    item('Pairs', String(test.pairs), 'ab-pairs'),
    item('Games', String(played), 'ab-games'),
    item(`${b}: W / D / L`, `${games.w} / ${games.d} / ${games.l}`, 'ab-wdl'),
    item('Pairs scoring B 0 · ½ · 1 · 1½ · 2', penta.join(' · '), 'ab-penta'),
    item(`Elo of B over A (95%)`, test.pairs ? `${signed(test.elo)} [${signed(test.elo_low)}, ${signed(test.elo_high)}]` : '—', 'ab-elo'),
    item('A', a), item('B', b),
    games.failed ? el('div', { class: 'ab-item status fail' }, `${games.failed} decisions failed (timed out or refused): the engine played the fallback, so these games may not repeat exactly`) : '');
}
