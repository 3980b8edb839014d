// The arena: any two strategies, a 49-game match or a longer run, with the win rate, its 95%
// confidence interval, a plot, and the exact probability when both are built-in policies; or,
// with three to eight strategies, a tournament (every pair a match) with an Elo table.
import { el, fitCanvas, followLink, linkField, shareUrl } from '../dom.js';
import { sandbox } from '../sandbox.js';
import { confirmCode } from '../confirm-code.js';
import { entrant, strategyOptions, withPrograms } from './strategies.js';
import { failedLines, renderResults, renderStandings, pct } from './results.js';
import { headline, seedField, SEED_REFUSED } from '../run-report.js';
import { runTournament } from './tournament.js';
import { workersLabel } from '../pool.js';

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

const MAX_STRATEGIES = 8;
const LETTERS = 'ABCDEFGHIJKLMNOP'; // a link may carry up to 16 (the engine's limit)

export function mountArena(root, ctx) {
  const { engine } = ctx;
  // The strategies: a <select> each, and the entrant a link put there (code or a built-in).
  const slots = [];
  const games = el('select', { 'aria-label': 'Games', 'data-testid': 'arena-games' },
    ...[49, 200, 1000, 10000].map((n) => el('option', { value: String(n) }, `${n} games`)));
  const perPair = el('select', { 'aria-label': 'Games per pair', 'data-testid': 'arena-per-pair' },
    ...[10, 49, 100, 200, 500, 1000, 2000, 5000].map((n) => el('option', { value: String(n), selected: n === 100 }, `${n} games per pair`)));
  const seed = seedField(engine, 'arena-seed');
  const run = el('button', { class: 'primary', 'data-testid': 'arena-run' }, 'Run');
  const stop = el('button', { hidden: true }, 'Stop');
  const progress = el('progress', { max: '49', value: '0', hidden: true, 'data-testid': 'arena-progress' });
  const add = el('button', { class: 'small', 'data-testid': 'arena-add', title: `Up to ${MAX_STRATEGIES} strategies: more than two play a tournament` }, '+ Add a strategy');
  const picks = el('div', { class: 'arena-picks' });
  const total = el('div', { class: 'muted arena-total', 'data-testid': 'arena-total', 'aria-live': 'polite' });
  const note = el('p', { class: 'muted' });
  const status = el('div', { class: 'status', 'aria-live': 'polite', 'data-testid': 'arena-status' });
  const exactLine = el('div', { class: 'muted', 'data-testid': 'arena-exact' });
  const plot = el('canvas', { class: 'plot' });
  const results = el('div', { class: 'results', 'data-testid': 'arena-results' });
  const link = linkField('Share this match');
  link.set('');
  const tournament = () => slots.length > 2;

  function addSlot(choice, linked = null) {
    const taken = new Set(slots.map((s) => s.select.value));
    const fresh = choice ?? ctx.builtins.find((b) => !taken.has(b.name))?.name ?? ctx.builtins[0].name;
    const select = el('select', {}, ...strategyOptions(ctx.builtins, fresh));
    const slot = { select, linked: null };
    setLinked(slot, linked);
    select.addEventListener('change', layout);
    slots.push(slot);
    return slot;
  }
  /** Puts a linked entrant (any kind) in a slot as its chosen option. */
  function setLinked(slot, e) {
    slot.select.querySelector('option[value=link]')?.remove();
    slot.linked = e;
    if (!e) return;
    slot.select.prepend(el('option', { value: 'link' }, `${e.label} (from the link)`));
    slot.select.value = 'link';
  }
  const entrantOf = (slot) => (slot.select.value === 'link' ? slot.linked : entrant(slot.select.value));

  /** The engine's count of a tournament's games (or its message why it cannot be played). */
  function tournamentSize(n, perPairGames) {
    const entrants = Array.from({ length: n }, (_, i) => ({ label: `${i}`, kind: 'builtin', source: ctx.builtins[0].name }));
    let t = null;
    try {
      t = new engine.PigTournament({ entrants, games: perPairGames, seed: 0, target: 100 });
      return { total: t.summary().games };
    } catch (e) {
      return { error: String(e.message ?? e) };
    } finally {
      t?.free();
    }
  }

  /** Two strategies: "A vs B" as a match; more: a numbered list for a tournament. */
  function layout() {
    const many = tournament();
    slots.forEach((s, i) => {
      s.select.setAttribute('aria-label', `Strategy ${LETTERS[i]}`);
      s.select.dataset.testid = `arena-${LETTERS[i].toLowerCase()}`;
    });
    const label = (i) => el('label', { class: 'inline' }, `${LETTERS[i]} `, slots[i].select);
    if (!many) {
      picks.replaceChildren(el('div', { class: 'row' }, label(0), el('span', { class: 'vs' }, 'vs'), label(1), add));
    } else {
      picks.replaceChildren(
        el('ol', { class: 'arena-entrants', 'data-testid': 'arena-entrants' }, ...slots.map((s, i) => el('li', {},
          label(i),
          el('button', {
            class: 'small remove', 'aria-label': `Remove strategy ${LETTERS[i]}`, title: 'Remove this strategy', 'data-testid': `arena-remove-${LETTERS[i].toLowerCase()}`,
            onclick: () => { slots.splice(i, 1); layout(); },
          }, '✕')))),
        el('div', { class: 'row' }, add));
    }
    add.disabled = slots.length >= MAX_STRATEGIES;
    add.textContent = slots.length >= MAX_STRATEGIES ? `${MAX_STRATEGIES} strategies at most` : '+ Add a strategy';
    games.hidden = many;
    perPair.hidden = !many;
    plot.hidden = many;
    exactLine.hidden = many;
    link.box.querySelector('.link-label').textContent = many ? 'Share this tournament' : 'Share this match';
    note.textContent = many
      ? 'A tournament: every pair of strategies plays a match of the games per pair (in each, the first named moves second in game 1, then seats alternate). The standings rank by Elo, fitted to all games. Pairs play at the same time, one worker per core; the seed reproduces every match, however many cores.'
      : 'A moves second in game 1, then seats alternate. The die and every strategy’s randomness come from the seed, so a run reproduces exactly (JavaScript timing aside).';
    total.hidden = !many;
    total.classList.remove('error');
    if (many) {
      const size = tournamentSize(slots.length, Number(perPair.value));
      if (size.error) {
        total.textContent = `Too many games: ${size.error}.`;
        total.classList.add('error');
      } else {
        const pairs = size.total / Number(perPair.value);
        total.textContent = `${slots.length} strategies · ${pairs} pairs × ${perPair.value} games = ${size.total.toLocaleString('en-US')} games in all`;
      }
    }
    run.disabled = Boolean(running) || (many && total.classList.contains('error'));
  }
  perPair.addEventListener('change', layout);
  add.addEventListener('click', () => {
    if (slots.length >= MAX_STRATEGIES) return;
    addSlot();
    layout();
    slots[slots.length - 1].select.focus();
  });

  /** Entrants for the engine; in a tournament a repeated name gets a number. */
  function currentEntrants() {
    const entrants = slots.map(entrantOf);
    if (!tournament()) return entrants;
    const seen = new Map();
    return entrants.map((e) => {
      const n = (seen.get(e.label) ?? 0) + 1;
      seen.set(e.label, n);
      return n === 1 ? e : { ...e, label: `${e.label} (${n})` };
    });
  }

  let controller = null;
  let running = null;
  function started(spec, count) {
    controller?.abort();
    controller = new AbortController();
    running = spec;
    run.disabled = true;
    stop.hidden = false;
    progress.hidden = false;
    progress.value = 0;
    progress.max = count;
    status.textContent = `Running ${count} games…`;
    status.className = 'status';
    results.replaceChildren();
    link.set('');
  }
  function failed(e) {
    status.textContent = e.message === 'cancelled' ? 'Stopped.' : `Could not run: ${e.message}`;
    status.className = 'status error';
  }
  function finished() {
    running = null;
    stop.hidden = true;
    progress.hidden = true;
    layout();
  }
  const seconds = (t0) => `${((performance.now() - t0) / 1000).toFixed(2)} s`;

  async function go(spec) {
    if (spec.entrants.length > 2) return goTournament(spec);
    const [ea, eb] = spec.entrants;
    const exact = ea.kind === 'builtin' && eb.kind === 'builtin'
      ? engine.pigExactMatch(ea.source, eb.source, spec.target, spec.games) ?? null
      : null;
    const wilson = (w, n) => engine.wilsonInterval(w, n);
    exactLine.textContent = exact === null
      ? 'Exact probabilities need two built-in policies.'
      : `Exact: ${ea.label} wins a game with probability ${pct(exact)} (seats alternating).`;
    const points = [];
    started(spec, spec.games);
    const t0 = performance.now();
    try {
      const r = await sandbox.runMatch({ ...spec, entrants: await withPrograms(spec.entrants) }, {
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
      const fallback = engine.pigFallback();
      headline(status, { failed: failedLines(spec, r.failures, fallback), result: `Done in ${seconds(t0)} · seed ${spec.seed}` });
      renderResults(results, { spec, ...r, fallback }, engine.pigChecker(), (log, i) => ctx.openMatchGame(spec, log, i, spec.games, r.logs));
      const url = shareUrl(engine.pigMatchLink(spec));
      link.set(url);
      followLink(url);
    } catch (e) {
      failed(e);
    } finally {
      finished();
    }
  }

  async function goTournament(spec) {
    const size = tournamentSize(spec.entrants.length, spec.games);
    started(spec, size.total ?? 0);
    const t0 = performance.now();
    try {
      const r = await runTournament(engine, { ...spec, entrants: await withPrograms(spec.entrants) }, {
        signal: controller.signal,
        onProgress: (s) => {
          progress.value = s.games_done;
          status.textContent = `${s.games_done} / ${s.games} games · ${spec.entrants.length} strategies · ${workersLabel(s.workers)}`;
        },
        onStandings: (summary) => renderStandings(results, { spec, summary }),
      });
      const fallback = engine.pigFallback();
      headline(status, {
        failed: failedLines(spec, r.failures, fallback),
        result: `Done: ${r.summary.games} games in ${seconds(t0)} on ${workersLabel(r.workers)} · seed ${spec.seed}`,
      });
      renderStandings(results, { spec, ...r, fallback }, (log, i) => ctx.openMatchGame(spec, log, i, r.logs.length));
      const url = shareUrl(engine.pigTournamentLink(spec));
      link.set(url);
      followLink(url);
    } catch (e) {
      failed(e);
    } finally {
      finished();
    }
  }

  run.addEventListener('click', () => {
    const many = tournament();
    const seedUsed = seed.take();
    if (seedUsed === null) {
      status.textContent = SEED_REFUSED;
      status.className = 'status error';
      return;
    }
    go({
      entrants: currentEntrants(),
      games: Number((many ? perPair : games).value), seed: seedUsed, target: 100,
    });
  });
  stop.addEventListener('click', () => controller?.abort());

  addSlot('optimal');
  addSlot('hold20');
  layout();
  root.append(
    el('div', { class: 'panel' },
      picks,
      el('div', { class: 'row' }, games, perPair, seed.box, run, stop, progress),
      total,
      note,
      status, exactLine, plot),
    el('div', { class: 'panel' }, results, link.box));

  return {
    async runSpec(spec) {
      if (!(await confirmCode(spec.entrants))) { // code from a link runs only after a yes
        status.textContent = 'The code from the link was not run.';
        status.className = 'status';
        return;
      }
      // The link's strategies fill the slots: a built-in is chosen by name, code stays as the
      // link's entrant.
      slots.length = 0;
      for (const e of spec.entrants) {
        if (e.kind === 'builtin' && ctx.builtins.some((b) => b.name === e.source)) addSlot(e.source);
        else addSlot(null, e);
      }
      const select = spec.entrants.length > 2 ? perPair : games;
      if (![...select.options].some((o) => o.value === String(spec.games))) {
        select.append(el('option', { value: String(spec.games) }, `${spec.games} games${select === perPair ? ' per pair' : ''}`));
      }
      select.value = String(spec.games);
      seed.set(spec.seed);
      layout();
      return go(spec);
    },
  };
}
