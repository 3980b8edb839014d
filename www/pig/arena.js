// The arena: any two strategies, a 49-game match or a longer run, with the win rate, its 95%
// confidence interval, a plot, and the exact probability when both are built-in policies.
import { el, fitCanvas, followLink, linkField, shareUrl } from '../dom.js';
import { sandbox } from '../sandbox.js';
import { confirmCode } from '../confirm-code.js';
import { entrant, strategyOptions } from './strategies.js';
import { renderResults, pct } from './results.js';

function drawPlot(canvas, points, exact, label, wilson) {
  const { ctx: g, width, height } = fitCanvas(canvas, 220);
  const pad = { l: 44, r: 12, t: 14, b: 30 };
  const W = width - pad.l - pad.r;
  const H = height - pad.t - pad.b;
  g.clearRect(0, 0, width, height);
  const n = points.length ? points[points.length - 1][0] : 1;
  const x = (i) => pad.l + (i / Math.max(1, n)) * W;
  const y = (p) => pad.t + (1 - p) * H;
  g.strokeStyle = '#ddd';
  g.fillStyle = '#666';
  g.font = '11px system-ui, sans-serif';
  for (const p of [0, 0.25, 0.5, 0.75, 1]) {
    g.beginPath(); g.moveTo(pad.l, y(p)); g.lineTo(pad.l + W, y(p)); g.stroke();
    g.fillText(`${p * 100}%`, 6, y(p) + 4);
  }
  g.fillText(`games played (${n})`, pad.l + W / 2 - 40, height - 8);
  if (points.length) {
    g.beginPath();
    points.forEach(([i, w], k) => { const [lo] = wilson(w, i); (k ? g.lineTo : g.moveTo).call(g, x(i), y(lo)); });
    [...points].reverse().forEach(([i, w]) => { const [, hi] = wilson(w, i); g.lineTo(x(i), y(hi)); });
    g.closePath();
    g.fillStyle = 'rgba(47,111,223,0.15)';
    g.fill();
    g.beginPath();
    points.forEach(([i, w], k) => (k ? g.lineTo : g.moveTo).call(g, x(i), y(w / i)));
    g.strokeStyle = '#2f6fdf';
    g.lineWidth = 2;
    g.stroke();
    g.lineWidth = 1;
  }
  if (exact !== undefined && exact !== null) {
    g.setLineDash([5, 4]);
    g.strokeStyle = '#d9622b';
    g.beginPath(); g.moveTo(pad.l, y(exact)); g.lineTo(pad.l + W, y(exact)); g.stroke();
    g.setLineDash([]);
    g.fillStyle = '#d9622b';
    g.fillText(`exact ${pct(exact)}`, pad.l + W - 80, y(exact) - 5);
  }
  g.fillStyle = '#2f6fdf';
  g.fillText(`win rate of ${label} with 95% band`, pad.l + 6, pad.t + 12);
}

export function mountArena(root, ctx) {
  const { engine } = ctx;
  const a = el('select', { 'aria-label': 'Strategy A', 'data-testid': 'arena-a' }, ...strategyOptions(ctx.builtins, 'optimal'));
  const b = el('select', { 'aria-label': 'Strategy B', 'data-testid': 'arena-b' }, ...strategyOptions(ctx.builtins, 'hold20'));
  const games = el('select', { 'aria-label': 'Games', 'data-testid': 'arena-games' },
    ...[49, 200, 1000, 10000].map((n) => el('option', { value: String(n) }, `${n} games`)));
  const seed = el('input', { class: 'seed', type: 'number', min: '0', value: String(engine.freshSeed() % 1e6), 'aria-label': 'Seed' });
  const run = el('button', { class: 'primary', 'data-testid': 'arena-run' }, 'Run');
  const stop = el('button', { hidden: true }, 'Stop');
  const progress = el('progress', { max: '49', value: '0', hidden: true, 'data-testid': 'arena-progress' });
  const status = el('div', { class: 'status', 'aria-live': 'polite', 'data-testid': 'arena-status' });
  const exactLine = el('div', { class: 'muted', 'data-testid': 'arena-exact' });
  const plot = el('canvas', { class: 'plot' });
  const results = el('div', { class: 'results', 'data-testid': 'arena-results' });
  const link = linkField('Share this match');
  link.set('');

  let controller = null;
  async function go(spec) {
    controller?.abort();
    controller = new AbortController();
    const [ea, eb] = spec.entrants;
    const exact = ea.kind === 'builtin' && eb.kind === 'builtin'
      ? engine.pigExactMatch(ea.source, eb.source, spec.target, spec.games) ?? null
      : null;
    const wilson = (w, n) => engine.wilsonInterval(w, n);
    exactLine.textContent = exact === null
      ? 'Exact probabilities need two built-in policies.'
      : `Exact: ${ea.label} wins a game with probability ${pct(exact)} (seats alternating).`;
    const points = [];
    run.disabled = true;
    stop.hidden = false;
    progress.hidden = false;
    progress.max = spec.games;
    status.textContent = `Running ${spec.games} games…`;
    status.className = 'status';
    results.replaceChildren();
    const t0 = performance.now();
    try {
      const r = await sandbox.runMatch(spec, {
        signal: controller.signal,
        onProgress: (s) => {
          progress.value = s.games_done;
          points.push([s.games_done, s.wins[0]]);
          drawPlot(plot, points, exact, ea.label, wilson);
          status.textContent = `${s.games_done} / ${spec.games} games · ${ea.label} ${s.wins[0]} – ${s.wins[1]} ${eb.label}`;
        },
      });
      let w = 0;
      const full = r.logs.map((log, i) => { w += log.winner === 0 ? 1 : 0; return [i + 1, w]; });
      drawPlot(plot, full, exact, ea.label, wilson);
      status.textContent = `Done in ${((performance.now() - t0) / 1000).toFixed(2)} s · seed ${spec.seed}`;
      renderResults(results, { spec, ...r }, (log, i) => ctx.openMatchGame(spec, log, i));
      const url = shareUrl(engine.pigMatchLink(spec));
      link.set(url);
      followLink(url);
    } catch (e) {
      status.textContent = e.message === 'cancelled' ? 'Stopped.' : `Could not run: ${e.message}`;
      status.className = 'status error';
    } finally {
      run.disabled = false;
      stop.hidden = true;
      progress.hidden = true;
    }
  }

  run.addEventListener('click', () => go({
    entrants: [entrant(a.value), entrant(b.value)],
    games: Number(games.value), seed: Number(seed.value) || 0, target: 100,
  }));
  stop.addEventListener('click', () => controller?.abort());

  root.append(
    el('div', { class: 'panel' },
      el('div', { class: 'row' }, el('label', { class: 'inline' }, 'A ', a), el('span', { class: 'vs' }, 'vs'), el('label', { class: 'inline' }, 'B ', b)),
      el('div', { class: 'row' }, games, el('label', { class: 'inline' }, 'Seed ', seed), run, stop, progress),
      el('p', { class: 'muted' }, 'A moves second in game 1, then seats alternate. The die and every strategy’s randomness come from the seed, so a run reproduces exactly (JavaScript timing aside).'),
      status, exactLine, plot),
    el('div', { class: 'panel' }, results, link.box));

  return {
    async runSpec(spec) {
      if (!(await confirmCode(spec.entrants))) { // code from a link runs only after a yes
        status.textContent = 'The code from the link was not run.';
        status.className = 'status';
        return;
      }
      const pick = (select, e) => {
        if (e.kind === 'builtin') select.value = e.source;
      };
      pick(a, spec.entrants[0]);
      pick(b, spec.entrants[1]);
      if ([...games.options].some((o) => o.value === String(spec.games))) games.value = String(spec.games);
      seed.value = String(spec.seed);
      return go(spec);
    },
  };
}
