// The optimal policy as a picture: for every (own total, opponent total) the turn sum at which
// the optimal player holds, solved in the engine when the tab opens.
import { el, fitCanvas } from '../dom.js';

const T = 100;
const RACE = '#1d2f6f';

/** Hold sums from 10 (yellow) to 40 (blue). */
function color(hold) {
  const t = Math.max(0, Math.min(1, (hold - 10) / 30));
  const stops = [[250, 224, 110], [120, 198, 121], [44, 127, 184]];
  const seg = t < 0.5 ? 0 : 1;
  const u = t < 0.5 ? t * 2 : (t - 0.5) * 2;
  const c = stops[seg].map((v, i) => Math.round(v + (stops[seg + 1][i] - v) * u));
  return `rgb(${c.join(',')})`;
}

export function mountPolicy(root, ctx) {
  const canvas = el('canvas', { class: 'policy', 'data-testid': 'policy-canvas' });
  const info = el('div', { class: 'status', 'data-testid': 'policy-info' }, 'Point at the picture to read a cell.');
  const timing = el('div', { class: 'muted', 'data-testid': 'policy-timing' });
  const ramp = el('span', { class: 'ramp' });
  ramp.style.background = `linear-gradient(to right, ${color(10)}, ${color(25)}, ${color(40)})`;
  const race = el('span', { class: 'swatch' });
  race.style.background = RACE;
  const legend = el('div', { class: 'policy-legend' }, 'holds at a turn sum of 10', ramp, '40+', race, 'throws until it reaches 100');
  root.append(el('div', { class: 'panel' },
    el('p', { class: 'lead' }, 'How far the optimal player pushes its luck. Each cell is a position at the start of a turn: ',
      'your total across, the opponent’s total down. The colour is the turn sum at which the optimal player holds; ',
      'dark cells are positions where it keeps throwing until it wins or throws a 1.'),
    canvas, legend, info, timing));

  const t0 = performance.now();
  const solver = new ctx.engine.PigOptimal(T);
  const boundary = solver.holdBoundary();
  timing.textContent = `Solved by value iteration in the engine in ${(performance.now() - t0).toFixed(0)} ms · `
    + `with optimal play the first player wins ${(100 * solver.winProbability(0, 0)).toFixed(4)}% of games`;
  const holdAt = (own, other) => boundary[own * T + other] + 1;

  let layout = null;
  function draw() {
    const size = Math.min(560, (canvas.parentElement?.clientWidth ?? 560) - 8);
    canvas.style.width = `${size}px`;
    const { ctx: g, width, height } = fitCanvas(canvas, size);
    const pad = { l: 48, t: 8, r: 16, b: 40 };
    // Whole device pixels per cell, so neighbouring cells leave no seams.
    const dpr = window.devicePixelRatio || 1;
    const cell = Math.max(1, Math.floor(Math.min((width - pad.l - pad.r) / T, (height - pad.t - pad.b) / T) * dpr)) / dpr;
    layout = { pad, cell };
    g.clearRect(0, 0, width, height);
    for (let own = 0; own < T; own++) {
      for (let other = 0; other < T; other++) {
        const hold = holdAt(own, other);
        g.fillStyle = own + hold >= T ? RACE : color(hold);
        g.fillRect(pad.l + own * cell, pad.t + other * cell, cell, cell);
      }
    }
    g.fillStyle = '#333';
    g.font = '12px system-ui, sans-serif';
    g.textAlign = 'center';
    for (let v = 0; v <= T; v += 20) g.fillText(String(v), pad.l + v * cell, pad.t + T * cell + 15);
    g.textAlign = 'right';
    for (let v = 0; v <= T; v += 20) g.fillText(String(v), pad.l - 6, pad.t + v * cell + 4);
    g.textAlign = 'center';
    g.fillText('your total →', pad.l + (T * cell) / 2, pad.t + T * cell + 32);
    g.save();
    g.translate(14, pad.t + (T * cell) / 2);
    g.rotate(-Math.PI / 2);
    g.fillText('opponent total →', 0, 0);
    g.restore();
    g.textAlign = 'left';
  }
  canvas.addEventListener('mousemove', (e) => {
    if (!layout) return;
    const r = canvas.getBoundingClientRect();
    const own = Math.floor((e.clientX - r.left - layout.pad.l) / layout.cell);
    const other = Math.floor((e.clientY - r.top - layout.pad.t) / layout.cell);
    if (own < 0 || other < 0 || own >= T || other >= T) return;
    const hold = holdAt(own, other);
    const p = (100 * solver.winProbability(own, other)).toFixed(1);
    info.textContent = own + hold >= T
      ? `You ${own}, opponent ${other}: keep throwing until you reach 100 · you win ${p}% of the time`
      : `You ${own}, opponent ${other}: hold once the turn sum reaches ${hold} · you win ${p}% of the time`;
  });
  new ResizeObserver(() => requestAnimationFrame(draw)).observe(root);
  draw();
  return {};
}
