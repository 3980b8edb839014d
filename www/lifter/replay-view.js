// A route on the current map in the shared replay viewer; its share link follows the viewed turn.
import { el, followLink } from '../dom.js';
import { createReplay } from '../replay.js';
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
  const playHere = el('button', { 'data-testid': 'lifter-play-here', title: 'Continue playing from the position shown' }, 'Play from here');
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
    },
  });

  root.append(
    el('div', { class: 'panel lifter-replay-main' }, title, announceBox, stats.box, viewRoot, controls, legendBox(el)),
    el('div', { class: 'panel side' },
      el('h3', {}, 'Route'),
      routeBox,
      el('div', { class: 'row' }, watch, playHere),
      routeNote,
      link.box,
      bestRoutesBox(engine, ctx.official)));

  function load(route, t) {
    const r = game.setRoute(route);
    routeBox.value = game.route();
    routeNote.textContent = r.applied < r.commands
      ? `The game ends after ${r.applied} commands; the ${r.commands - r.applied} after that are not played.` : '';
    const labels = moveLabels(game.route(), game.timeline(), endings, initialRazors);
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
  playHere.addEventListener('click', () => {
    if (!game) return;
    const t = replay.t;
    ctx.showTab('play').playRoute(game.route(), t);
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
  };
}
