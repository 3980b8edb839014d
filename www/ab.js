// The A/B test panel of every lab: is bot B better than bot A? It plays pairs of games on the
// worker pool (www/pool.js) — pair k is the same seed (and map) with the seats swapped — and after
// each pair in order asks the engine's sequential test (`engine.sprt`, crates/rails/src/arena/sprt.rs) whether
// it has decided. It stops at the verdict or at the most pairs; Stop and Resume continue with the
// next pair, and the run (its spec and the pairs so far) is kept (www/kept.js), so a reload offers
// Resume and finishes with what an uninterrupted run would have. Its result is a `<game>-ab` link.
//
// The game's adapter (www/<game>/ab.js) says what the sides can be and how a pair is played:
// { game, kind, choices() → [{ id, label, bot }], settings() → object, maps? (a `mapPicker`),
//   options? (the settings' controls, shown with the bounds), prepare?(run) (async: what the
//   jobs need, e.g. the maps' texts, the programs), jobs(run, k) → pool jobs,
//   scores(run, k, values) → { b: [score, score], map?, failed? },
//   entrantOf(bot) → what confirm-code shows ({ label, kind, source }) }.
// A bot as a run holds it: { label, language, code } ('builtin': code is the built-in's name;
// 'program': code is the id of one of your bots, www/bots.js — a program never travels in a
// link, so such a run has none, and its bot is loaded again on Resume).
import { el, linkField, shareUrl } from './dom.js';
import { bots, botSource } from './bots.js';
import { storage } from './kept.js';
import { runPool, poolSize, workersLabel } from './pool.js';
import { confirmCode } from './confirm-code.js';
import { seedField, SEED_REFUSED } from './run-report.js';
import { abChart, abSummary } from './ab-view.js';

const gamesOf = ({ w, d, l }) => w + d + l;
const keyOf = (game) => `arcade.ab.v1.${game}`;
const VERDICTS = {
  h1: (a, b) => `H1 accepted: ${b} is better than ${a}.`,
  h0: (a, b) => `H0 accepted: ${b} is not better than ${a}.`,
  undecided: () => 'Undecided so far.',
};

/**
 * The maps a run cycles through, as checkboxes: { box, chosen() → names, all }; `picked` are
 * checked at first.
 */
export function mapPicker(names, picked, label = (n) => n) {
  const boxes = names.map((n) => el('input', { type: 'checkbox', value: n, checked: picked.includes(n), 'data-testid': `ab-map-${n}` }));
  const box = el('details', { class: 'ab-map-picker', 'data-testid': 'ab-map-picker' },
    el('summary', {}, 'Maps (pair k plays the k-th, round and round)'),
    el('div', { class: 'ab-map-list' }, ...boxes.map((b, i) => el('label', { class: 'inline' }, b, ` ${label(names[i])}`))));
  return { box, all: names, chosen: () => boxes.filter((b) => b.checked).map((b) => b.value) };
}

/** Why a run with a program side has no link. */
export const NO_PROGRAM_LINK = 'No link: a program does not travel in a link. Share it as a file (Save file in the bots list), and the run’s seed.';

/**
 * The program sides of `game`'s runs: { prepare(run) (async: loads each program side's bot, by
 * its id; throws naming one deleted or not loadable), source(bot) → the program loaded
 * ({ program, args, label }) for a program side, else the bot's code }.
 */
export function programSides(game) {
  const loaded = new Map();
  return {
    async prepare(run) {
      for (const b of run.bots.filter((x) => x.language === 'program')) {
        const bot = bots.get(game, b.code);
        if (!bot) throw new Error(`the program bot “${b.label}” is no longer in your bots (deleted?): start a new run`);
        try { loaded.set(b.code, await botSource(game, bot)); } catch (e) { throw new Error(`the program bot “${b.label}”: ${e.message}`); }
      }
    },
    source: (b) => (b.language === 'program' ? loaded.get(b.code) : b.code),
  };
}

/**
 * A game's one panel, mounted by its lab and opened by its links: { mount(root, options) (as
 * mountAb's), open(data): a link's run, once the lab has mounted the panel }.
 */
export function abSlot() {
  let mounted;
  const panel = new Promise((resolve) => { mounted = resolve; });
  return {
    mount(root, options) {
      const p = mountAb(options);
      root.append(p.dom);
      mounted(p);
      return p;
    },
    open: async (data) => (await panel).openRun(data),
  };
}

/** The panel: { dom, openRun(data) (a link's run, shown after confirmation), run(): the kept state }. */
export function mountAb({ engine, adapter }) {
  const defaults = engine.sprtDefaults();
  const num = (testid, label, value, step) => el('input', { type: 'number', step, value: String(value), 'aria-label': label, 'data-testid': `ab-${testid}`, class: 'ab-num' });
  const pickA = el('select', { 'aria-label': 'Bot A', 'data-testid': 'ab-a' });
  const pickB = el('select', { 'aria-label': 'Bot B', 'data-testid': 'ab-b' });
  const elo0 = num('elo0', 'Elo bound H0', defaults.elo0, '1');
  const elo1 = num('elo1', 'Elo bound H1', defaults.elo1, '1');
  const alpha = num('alpha', 'alpha', defaults.alpha, '0.01');
  const beta = num('beta', 'beta', defaults.beta, '0.01');
  const maxPairs = num('max', 'Most pairs', 500, '1');
  const seed = seedField(engine, 'ab-seed');
  const start = el('button', { class: 'primary', 'data-testid': 'ab-start' }, 'Start the A/B test');
  const stop = el('button', { hidden: true, 'data-testid': 'ab-stop' }, 'Stop');
  const resume = el('button', { hidden: true, 'data-testid': 'ab-resume' }, 'Resume');
  const status = el('div', { class: 'status', 'aria-live': 'polite', 'data-testid': 'ab-status' });
  const verdict = el('div', { class: 'ab-verdict', 'data-testid': 'ab-verdict' });
  const chart = el('div', { class: 'ab-chart' });
  const numbers = el('div', { class: 'ab-numbers', 'data-testid': 'ab-numbers' });
  const perMap = el('div', { class: 'ab-maps', 'data-testid': 'ab-maps' });
  const link = linkField('Share this A/B run');
  link.set('');
  const noLink = el('p', { class: 'muted', hidden: true, 'data-testid': 'ab-no-link' }, NO_PROGRAM_LINK);
  // Classes of their own, so the lab's own seed and link fields stay the only `.seed`, `.link-input` of its tab.
  seed.box.querySelector('input').classList.replace('seed', 'ab-seed-input');
  link.box.querySelector('input').classList.replace('link-input', 'ab-link-input');

  let state = null; // { run, pairs: [{ b: [x, y], map }], over: null | 'h1' | 'h0' | 'max' }
  let controller = null;
  let playing = Promise.resolve(); // the run being played, awaited before another starts
  const keep = () => storage.setJson(keyOf(adapter.game), state);

  function fillChoices() {
    const choices = adapter.choices();
    const options = (picked) => choices.map((c) => el('option', { value: c.id, selected: c.id === picked }, c.label));
    const [a, b] = [pickA.value || choices[choices.length - 1]?.id, pickB.value || choices[0]?.id];
    pickA.replaceChildren(...options(a));
    pickB.replaceChildren(...options(b));
  }

  /**
   * The counts, verdict and numbers of `state` so far (the engine's test after each pair), kept
   * and extended as pairs come in: each pair is counted once.
   */
  let counted = null;
  function tally() {
    if (counted?.state !== state || counted.n > state.pairs.length) {
      counted = { state, n: 0, penta: [0, 0, 0, 0, 0], games: { w: 0, d: 0, l: 0, failed: 0 }, maps: new Map(), llrs: [], test: null };
    }
    const c = counted;
    const outcome = (x) => (x === 1 ? 'w' : x === 0 ? 'l' : 'd');
    for (; c.n < state.pairs.length; c.n += 1) {
      const p = state.pairs[c.n];
      const games = p.one ? [p.b[0]] : p.b; // a pair that is one comparison counts one game
      c.penta[Math.round((p.b[0] + p.b[1]) * 2)] += 1;
      for (const x of games) c.games[outcome(x)] += 1;
      c.games.failed += p.failed ?? 0;
      if (p.map !== undefined) {
        const m = c.maps.get(p.map) ?? { pairs: 0, w: 0, d: 0, l: 0 };
        m.pairs += 1;
        for (const x of games) m[outcome(x)] += 1;
        c.maps.set(p.map, m);
      }
      c.test = engine.sprt(c.penta, state.run.bounds);
      c.llrs.push(c.test.llr);
    }
    c.test ??= engine.sprt(c.penta, state.run.bounds);
    return c;
  }

  function render() {
    noLink.hidden = true;
    if (!state) return;
    const t = tally();
    const [a, b] = state.run.bots.map((x) => x.label);
    chart.replaceChildren(abChart(t.llrs, t.test, defaults.min_pairs));
    numbers.replaceChildren(abSummary(t, a, b));
    perMap.replaceChildren(...(t.maps.size ? [mapTable(t.maps)] : []));
    const decided = t.test.verdict !== 'undecided';
    verdict.textContent = decided ? VERDICTS[t.test.verdict](a, b)
      : state.over === 'max' ? `Stopped at the most pairs (${state.run.max_pairs}) without a verdict.` : VERDICTS.undecided();
    verdict.className = `ab-verdict ab-${decided ? t.test.verdict : 'undecided'}`;
    const open = !decided && state.over !== 'max' && state.pairs.length < state.run.max_pairs;
    resume.hidden = !open || controller !== null;
    if ((decided || state.over === 'max') && state.run.bots.some((x) => x.language === 'program')) {
      link.set('');
      noLink.hidden = false;
    } else if (decided || state.over === 'max') {
      try { link.set(shareUrl(engine.abLink(adapter.kind, state.run))); } catch (e) { link.set(''); status.textContent = `No link: ${e.message}`; }
    }
  }

  function mapTable(maps) {
    const rows = [...maps].map(([name, m]) => el('tr', {},
      el('td', {}, name), el('td', {}, String(m.pairs)), el('td', {}, `${m.w} / ${m.d} / ${m.l}`),
      el('td', {}, `${((100 * (m.w + m.d / 2)) / Math.max(1, m.w + m.d + m.l)).toFixed(0)}%`)));
    return el('div', { class: 'table-scroll' }, el('table', { class: 'ab-table' }, el('thead', {}, el('tr', {},
      el('th', {}, 'Map'), el('th', {}, 'Pairs'), el('th', {}, 'B: W / D / L'), el('th', {}, 'B’s score'))), el('tbody', {}, ...rows)));
  }

  /** Plays the pairs after those in `state` until the test decides, the most pairs, or Stop. */
  async function play() {
    controller = new AbortController();
    const { run } = state;
    const first = state.pairs.length;
    status.textContent = 'Getting ready…';
    try {
      await adapter.prepare?.(run);
    } catch (e) {
      controller = null;
      status.textContent = `Could not run: ${e.message}`;
      status.className = 'status error';
      render();
      return;
    }
    const perPair = adapter.jobs(run, first).length;
    const jobs = [];
    for (let k = first; k < run.max_pairs; k += 1) jobs.push(...adapter.jobs(run, k));
    const got = new Map();
    start.disabled = true;
    stop.hidden = false;
    resume.hidden = true;
    status.textContent = `Playing pairs on ${workersLabel(poolSize(jobs.length))}…`;
    status.className = 'status';
    let shown = 0;
    let shownPairs = first;
    const onResult = (j, value) => {
      got.set(j, value);
      // Pairs count in order only: the test sees the same pairs whichever worker finished first.
      for (;;) {
        const k = state.pairs.length;
        const base = (k - first) * perPair;
        const values = Array.from({ length: perPair }, (_, i) => got.get(base + i));
        if (k >= run.max_pairs || values.some((v) => v === undefined) || controller.signal.aborted) break;
        values.forEach((_, i) => got.delete(base + i));
        state.pairs.push(adapter.scores(run, k, values));
        const { test } = tally();
        if (test.verdict !== 'undecided') state.over = test.verdict;
        else if (state.pairs.length >= run.max_pairs) state.over = 'max';
        keep();
        if (state.over) controller.abort();
      }
      // The first new pair shows at once, then at most five renders a second.
      const now = performance.now();
      if (now - shown > 200 || state.over || (shownPairs === first && state.pairs.length > first)) {
        shown = now;
        shownPairs = state.pairs.length;
        render();
      }
    };
    try {
      await runPool(jobs, { signal: controller.signal, onResult });
    } catch (e) {
      if (e.message !== 'cancelled') {
        status.textContent = `Could not run: ${e.message}`;
        status.className = 'status error';
      }
    } finally {
      controller = null;
      start.disabled = false;
      stop.hidden = true;
      if (!status.className.includes('error')) status.textContent = state.over ? `Done: ${state.pairs.length} pairs, ${gamesOf(tally().games)} games.` : `Stopped after ${state.pairs.length} pairs; Resume goes on with pair ${state.pairs.length + 1}.`;
      render();
    }
  }

  function bounds() {
    const b = { elo0: Number(elo0.value), elo1: Number(elo1.value), alpha: Number(alpha.value), beta: Number(beta.value) };
    engine.sprt([0, 0, 0, 0, 0], b); // throws the reason for bounds that make no test
    return b;
  }

  function begin(run) {
    state = { run, pairs: [], over: null };
    keep();
    link.set('');
    render();
    playing = play();
    return playing;
  }

  start.addEventListener('click', () => {
    if (controller) return;
    try {
      const choices = adapter.choices();
      const side = (pick) => { const c = choices.find((x) => x.id === pick.value); return c && { ...c.bot }; };
      const [a, b] = [side(pickA), side(pickB)];
      if (!a || !b) throw new Error('Pick a bot for A and for B.');
      if (b.label === a.label) b.label = `${b.label} (B)`;
      const s = seed.take();
      if (s === null) throw new Error(SEED_REFUSED);
      const max = Number(maxPairs.value);
      if (!Number.isInteger(max) || max < 1 || max > defaults.max_pairs) throw new Error(`The most pairs must be a whole number from 1 to ${defaults.max_pairs}.`);
      const maps = adapter.maps?.chosen() ?? [];
      if (adapter.maps && !maps.length) throw new Error('Choose at least one map.');
      begin({ seed: s, max_pairs: max, bounds: bounds(), maps, settings: JSON.stringify(adapter.settings()), bots: [a, b] });
    } catch (e) {
      status.textContent = e.message;
      status.className = 'status error';
    }
  });
  stop.addEventListener('click', () => controller?.abort());
  resume.addEventListener('click', () => { if (state && !controller) playing = play(); });

  // A run kept from before a reload: shown as it was, with Resume when it is not over.
  try {
    const kept = storage.json(keyOf(adapter.game));
    if (kept?.run && Array.isArray(kept.pairs)) {
      state = kept;
      status.textContent = kept.over ? 'Your last A/B run.' : `Your A/B run was interrupted after ${kept.pairs.length} pairs: Resume goes on with the next pair.`;
    }
  } catch { /* an entry that is not JSON: no run to resume */ }
  fillChoices();

  const dom = el('section', { class: 'panel ab', 'data-testid': 'ab-panel' },
    el('h3', {}, 'A/B test: is B better than A?'),
    el('p', { class: 'muted' }, 'Plays pairs of games — the same seed with the seats swapped — and runs a sequential probability ratio test (as fishtest does) after each pair. It stops as soon as it decides: H1 “B is better by at least elo1” or H0 “B is not better by elo0”, wrong at most α and β of the time.'),
    el('div', { class: 'row' }, el('label', { class: 'inline' }, 'A ', pickA), el('label', { class: 'inline' }, 'B ', pickB)),
    adapter.maps?.box ?? '',
    el('div', { class: 'row ab-bounds' },
      el('label', { class: 'inline' }, 'elo0 ', elo0), el('label', { class: 'inline' }, 'elo1 ', elo1),
      el('label', { class: 'inline' }, 'α ', alpha), el('label', { class: 'inline' }, 'β ', beta),
      el('label', { class: 'inline' }, 'most pairs ', maxPairs), seed.box, adapter.options ?? ''),
    el('div', { class: 'row' }, start, stop, resume),
    status, verdict, chart, numbers, perMap, link.box, noLink);
  dom.addEventListener('focusin', (e) => { if (e.target === pickA || e.target === pickB) fillChoices(); });
  render();

  return {
    dom,
    /** A run from a link: its code is shown first and the run replayed only after a yes. */
    async openRun(data) {
      const run = { seed: data.seed, max_pairs: data.maxPairs, bounds: data.bounds, maps: data.maps, settings: data.settings, bots: data.bots };
      dom.scrollIntoView?.({ block: 'start' });
      if (run.bots.some((b) => b.language === 'program')) {
        status.textContent = 'This A/B link names a program: a program never travels in a link, so the run was not played.';
        status.className = 'status error';
        return;
      }
      if (!(await confirmCode(run.bots.map((b) => adapter.entrantOf(b)), { what: 'This A/B link' }))) {
        status.textContent = 'The code from the link was not run.';
        status.className = 'status';
        return;
      }
      controller?.abort();
      await playing;
      seed.set(run.seed);
      return begin(run);
    },
    get state() { return state; },
  };
}
