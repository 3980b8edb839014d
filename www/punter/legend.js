// The punters at a position: colour, name, score, credit, options left and futures (✓ / ✗),
// whose turn it is; and the score-over-time plot. Everything shown comes from the engine's state.
import { el, fitCanvas } from '../dom.js';
import { colorOf } from './map-view.js';

const fmt = (n) => Number(n).toLocaleString('en-US');

/** createLegend(testid) → { box, set(state, ids) }: the futures shown are those the state holds (null: hidden). */
export function createLegend(testid) {
  const body = el('tbody');
  const head = el('tr');
  const table = el('table', { class: 'punter-legend', 'data-testid': testid }, el('thead', {}, head), body);
  const box = el('div', { class: 'punter-legend-wrap' }, table);
  return {
    box,
    set(s, ids) {
      const { futures, splurges, options } = s.settings;
      const cols = ['', 'Punter', 'Score'];
      if (splurges) cols.push('Credit');
      if (options) cols.push('Opt');
      if (futures) cols.push('Futures');
      const titles = { Credit: 'Credit for splurges', Opt: 'Options left to buy' };
      head.replaceChildren(...cols.map((c, i) => el('th', { class: i >= 2 && c !== 'Futures' ? 'num' : '', title: titles[c] }, c === 'Opt' ? 'Opt.' : c)));
      const { names } = s;
      body.replaceChildren(...s.scores.map((score, p) => {
        const swatch = el('span', { class: 'swatch' });
        swatch.style.background = colorOf(p);
        const row = el('tr', { class: `${s.mover === p ? 'mover' : ''} ${s.ranks[p] === 1 ? 'best' : ''}`, 'data-punter': String(p) },
          el('td', {}, swatch),
          el('td', { class: 'name' }, names[p], s.mover === p ? el('span', { class: 'to-move', title: 'to move' }, ' ◂') : null,
            s.seats[p] !== 'human' && s.seats[p] !== 'log' ? el('span', { class: 'muted' }, ' (bot)') : null),
          el('td', { class: 'num score', 'data-testid': `${testid}-score-${p}` }, fmt(score)));
        if (splurges) row.append(el('td', { class: 'num' }, String(s.credit[p])));
        if (options) row.append(el('td', { class: 'num' }, String(s.optionsLeft[p])));
        if (futures) {
          const bids = s.futures[p];
          row.append(el('td', { class: 'futures' }, !bids ? el('span', { class: 'muted' }, 'hidden')
            : bids.length ? bids.map(([m, t, ok]) => el('span', { class: ok ? 'fut ok' : 'fut no', title: `mine ${ids[m]} → site ${ids[t]}: ${ok ? 'connected' : 'not connected'}` },
              `${ids[m]}→${ids[t]} ${ok ? '✓' : '✗'}`)) : el('span', { class: 'muted' }, '—')));
        }
        return row;
      }));
    },
  };
}

/**
 * createPlot(testid) → { canvas, set(timeline, punters, length), mark(t) }: one line per punter
 * (scores from `scoreTimeline`), a marker at the viewed position.
 */
export function createPlot(testid) {
  const canvas = el('canvas', { class: 'plot punter-plot', 'data-testid': testid, 'aria-label': 'Scores over the game' });
  let data = null;
  let t = 0;
  function draw() {
    if (!data || !canvas.isConnected) return;
    const { ctx: g, width, height } = fitCanvas(canvas, 150);
    const { timeline, punters, length } = data;
    const samples = timeline.length / punters;
    let lo = 0; let hi = 1;
    for (const v of timeline) { if (v < lo) lo = v; if (v > hi) hi = v; }
    const left = 8 + 7 * Math.max(fmt(Math.round(hi)).length, fmt(Math.round(lo)).length);
    const right = 8; const top = 8; const bottom = 20;
    const X = (k) => left + (k / Math.max(1, samples - 1)) * (width - left - right);
    const Y = (v) => top + (1 - (v - lo) / (hi - lo)) * (height - top - bottom);
    g.fillStyle = '#10141c';
    g.fillRect(0, 0, width, height);
    g.font = '11px system-ui, sans-serif';
    g.fillStyle = '#9aa4b8';
    g.strokeStyle = '#2a3142';
    g.lineWidth = 1;
    g.textAlign = 'right';
    g.textBaseline = 'middle';
    for (const v of lo < 0 ? [lo, 0, hi] : [0, hi]) {
      g.beginPath(); g.moveTo(left, Math.round(Y(v)) + 0.5); g.lineTo(width - right, Math.round(Y(v)) + 0.5); g.stroke();
      g.fillText(fmt(Math.round(v)), left - 4, Y(v));
    }
    g.textAlign = 'left';
    g.textBaseline = 'alphabetic';
    g.fillText('move 0', left, height - 5);
    g.textAlign = 'right';
    g.fillText(`move ${fmt(length)}`, width - right, height - 5);
    for (let p = 0; p < punters; p += 1) {
      g.beginPath();
      for (let k = 0; k < samples; k += 1) {
        const v = timeline[k * punters + p];
        if (k) g.lineTo(X(k), Y(v)); else g.moveTo(X(k), Y(v));
      }
      g.strokeStyle = colorOf(p);
      g.lineWidth = 2;
      g.stroke();
    }
    const mx = left + (length ? t / length : 0) * (width - left - right);
    g.strokeStyle = '#ffffff';
    g.setLineDash([3, 3]);
    g.beginPath(); g.moveTo(Math.round(mx) + 0.5, top); g.lineTo(Math.round(mx) + 0.5, height - bottom); g.stroke();
    g.setLineDash([]);
  }
  new ResizeObserver(() => draw()).observe(canvas);
  return {
    canvas,
    set(timeline, punters, length) { data = { timeline, punters, length }; draw(); },
    mark(next) { t = next; draw(); },
  };
}
