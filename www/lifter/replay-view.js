// A route on the current map in the shared replay viewer; its share link follows the viewed turn.
// For a game your code played (a run of the Your solver tab, or Play continued by your strategy)
// the inspector shows what `next` saw, answered, printed and took at each command, and re-runs
// the code now in the editor there. "Continue from here" forks the position into Play, played by
// you or by your strategy.
import { el, followLink } from '../dom.js';
import { createReplay } from '../replay.js';
import { createInspector, decisionAt } from '../inspector.js';
import { marksOf, marksShown, marksSwitch } from '../marks.js';
import { sandbox } from '../sandbox.js';
import { labSolver } from './strategies.js';
import { createMineView, frameOf, viewHeight } from './mine-view.js';
import { announce, createStats, lazyLink, moveLabels } from './status.js';
import { legendBox } from './sprites.js';
import { bestRoutesBox } from './examples.js';
import { gameLink } from './map-work.js';

export function mountReplay(root, ctx) {
  const { engine } = ctx;
  const endings = engine.lifterEndings(); // names of the timeline's ending indices
  let game = null;
  let map = null;
  let key = '';
  let hasBeards = false;
  let large = false;
  let lastSeek = { t: -1, at: 0 };

  const title = el('h3', { 'data-testid': 'lifter-replay-title' }, 'Replay');
  const routeBox = el('textarea', {
    class: 'code lifter-route', spellcheck: 'false', rows: '3', 'data-testid': 'lifter-replay-route',
    'aria-label': 'Route to watch', placeholder: 'Paste a route, e.g. DLRDDUULLLDDL, and press Watch',
  });
  const watch = el('button', { class: 'primary', 'data-testid': 'lifter-watch' }, 'Watch');
  const routeNote = el('div', { class: 'muted lifter-route-note', 'data-testid': 'lifter-replay-note' });
  const announceBox = el('div', { class: 'lifter-announce', 'aria-live': 'polite', 'data-testid': 'lifter-replay-announce' });
  const viewRoot = el('div');
  const view = createMineView(viewRoot, { testid: 'lifter-replay-canvas', maxHeight: viewHeight });
  const controls = el('div', { class: 'lifter-replay-controls' });
  const stats = createStats('lifter-replay-stat');
  const forkBtn = el('button', { 'data-testid': 'lifter-continue', title: 'Continue playing from the position shown' }, 'Continue from here');
  const forkSeat = el('select', { 'aria-label': 'Who plays on', 'data-testid': 'lifter-fork-seat' },
    el('option', { value: 'human' }, 'You'), el('option', { value: 'js' }, 'Your solver (its next(state), or its program)'));
  const forkStart = el('button', { class: 'primary', 'data-testid': 'lifter-fork-start' }, 'Play from this position');
  const forkBox = el('div', { class: 'lifter-fork', hidden: true, 'data-testid': 'lifter-fork' }, el('label', {}, 'Played by ', forkSeat), forkStart);
  let decisions = null; // the decisions of a game your code played, when it was played here
  let labels = { length: 0, label: () => '' };
  const inspector = createInspector({
    testid: 'lifter-inspector',
    who: (d) => (d.whole ? d.who : 'Your code (next)'),
    viewOf: (d) => (d.whole ? d.view : viewAt(d)),
    canRerun: (d) => !d.whole,
    rerun: (d) => rerunAt(d),
    onSeek: (t) => replay.set({ moves: labels, t }),
    marksOf: (d) => marksOf(game, d),
  });
  // The marks of the decision behind the command shown, over the mine (when switched on).
  const showMarks = marksSwitch('lifter-show-marks', () => showMarksAt(game?.position() ?? 0));
  const marksRow = el('div', { hidden: true }, el('div', { class: 'row' }, showMarks.box)); // for games with decisions
  function showMarksAt(t) {
    const d = decisions && marksShown() ? decisionAt(decisions, t) : null;
    // A decision that answered the whole route (solve, a program) drew at its first command.
    view.setMarks(marksOf(game, d?.whole && t !== 1 ? null : d).marks);
  }
  /** The view `next` was handed for decision `d`, as JSON text (the position viewed stays). */
  function viewAt(d) {
    const at = game.position();
    game.seek(d.move_index);
    const text = game.viewText();
    game.seek(at);
    return text;
  }
  /** The code now in the editor, started afresh and handed this game's views up to `d`. */
  async function rerunAt(d) {
    const mine = decisions.filter((x) => x.counts && x.move_index <= d.move_index);
    return sandbox.rerun('lifter', await labSolver(), d.seed, mine.map(viewAt));
  }
  // While a lifter link is open, the address bar follows the viewed turn.
  const link = lazyLink('Share this position', () => gameLink(game, map), (url) => {
    if (location.hash.startsWith('#lifter/')) followLink(url);
  });

  const replay = createReplay(controls, {
    onSeek(t) {
      if (!game) return;
      const now = performance.now();
      // Animate single steps at a watching pace; skip when jumping or replaying fast.
      const gap = now - lastSeek.at;
      const animate = t === lastSeek.t + 1 && gap > 160 ? Math.min(140, gap * 0.6) : 0;
      lastSeek = { t, at: now };
      game.seek(t);
      const s = game.state();
      view.set(frameOf(game, key, s, animate));
      view.reveal(s.robot[0], s.robot[1]);
      stats.set(s, hasBeards);
      const [text, kind] = announce(s);
      announceBox.textContent = text;
      announceBox.className = `lifter-announce ${kind}`;
      link.schedule(large ? 700 : 0);
      inspector.set(decisions, t);
      showMarksAt(t);
    },
  });

  root.append(
    el('div', { class: 'panel lifter-replay-main' }, title, announceBox, stats.box, viewRoot, controls, marksRow, legendBox(el)),
    el('div', { class: 'panel side' },
      el('h3', {}, 'Route'),
      routeBox,
      el('div', { class: 'row' }, watch, forkBtn),
      forkBox,
      routeNote,
      link.box,
      inspector.box,
      bestRoutesBox(engine, ctx.official)));

  let runSeed = null; // the seed of the lab run shown (its forks keep it)
  /**
   * Shows `route` at `t`; `list`: the decisions that played it (null: none recorded); `seed`: the
   * seed of the run that played it (its forks seed a strategy alike), null for none.
   */
  function load(route, t, list = null, seed = null) {
    decisions = list;
    marksRow.hidden = !list;
    showMarks.sync();
    runSeed = seed;
    forkBox.hidden = true;
    const r = game.setRoute(route);
    routeBox.value = game.route();
    routeNote.textContent = r.applied < r.commands
      ? `The game ends after ${r.applied} commands; the ${r.commands - r.applied} after that are not played.` : '';
    labels = moveLabels(game.route(), game.timeline(), endings, initialRazors);
    title.textContent = `${map.name} — ${r.applied} command${r.applied === 1 ? '' : 's'}`;
    lastSeek = { t: -1, at: 0 };
    replay.pause();
    replay.set({ moves: labels, t: Math.min(t ?? r.applied, r.applied) });
  }

  let initialRazors = 0;
  watch.addEventListener('click', () => load(routeBox.value, 0));
  routeBox.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); watch.click(); }
  });
  forkBtn.addEventListener('click', () => { if (game) forkBox.hidden = !forkBox.hidden; });
  forkStart.addEventListener('click', () => {
    forkBox.hidden = true;
    ctx.showTab('play').continueFrom(game.fork(game.position(), runSeed ?? undefined), forkSeat.value);
  });

  return {
    setMap(m) {
      game?.free();
      map = m;
      game = new engine.LifterGame(m.name, m.text);
      key = `${m.name}:${m.text.length}:${Math.random()}`;
      hasBeards = (m.features ?? game.features()).beards;
      large = game.width() * game.height() > 250000;
      initialRazors = game.state().razors;
      link.clear();
      // The route text stays: it can be watched on the new map with one click.
      const text = routeBox.value;
      load('', 0);
      routeBox.value = text;
      title.textContent = `${m.name} — paste a route and press Watch`;
    },
    /** { route, view } on the current map. */
    open({ route, view: t }) {
      load(route, t);
    },
    /** A game played here on the current map: { route, view, title, decisions (null: none) }. */
    openGame({ route, view: t, title: label, decisions: list, seed }) {
      load(route, t, list, seed ?? null);
      if (label) title.textContent = label;
    },
  };
}
