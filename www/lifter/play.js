// Play a mine with the keyboard (or the buttons): the engine moves the robot, updates the mine
// and keeps score; undo is the engine's. The route so far is editable text. The game on each
// map is kept (www/kept.js) as its link, and the one being played as the page's kept Lifter
// game: they survive reloads and opened links (only playing here replaces the kept game).
// A person's game is a tape the page plays directly (a game with no decider has no one to ask).
// Continued from a replay by your strategy, the game is a one-seat series of the engine in the
// sandbox worker (sandbox.play → www/play-worker.js, lifter/user-run.js openPlay), started from
// the game's link: the page plays the commands it made on its own tape, one at a time, and keeps
// its decisions for the replay's inspector; any key or button of yours takes over.
import { el } from '../dom.js';
import { keptGame, reopenKept, storage } from '../kept.js';
import { bindKeys } from '../keys.js';
import { createMineView, frameOf, viewHeight } from './mine-view.js';
import { announce, createStats, describeMine, lazyLink, rulesBox } from './status.js';
import { legendBox } from './sprites.js';
import { fingerprintOf, gameLink } from './map-work.js';
import { sandbox } from '../sandbox.js';
import { labSolver } from './strategies.js';

const KEYS = {
  arrowleft: 'L', h: 'L', arrowdown: 'D', j: 'D', arrowup: 'U', k: 'U', arrowright: 'R', l: 'R', w: 'W', s: 'S', a: 'A',
};
const STEP_ANIMATION_MS = 130;
const STRATEGY_STEP_MS = 90; // the pace at which the page shows the commands your strategy made
const V1 = 'arcade.lifter.game.v1:'; // before version 2: the route on each map

// Custom maps are kept by name and content.
const slotOf = (m) => (m.official ? `official:${m.name}` : m.source?.startsWith('extra:') ? m.source
  : `map:${m.name}:${m.text.length}:${fingerprintOf(m)}`);

/** The game being played (the map chosen last): the page reopens it on reload. */
export const keptLifter = () => keptGame('lifter', { label: 'Lifter' });

/** The game kept on map `m`; a version 1 entry (its route) becomes a link. */
const keptOn = (engine, m) => keptGame('lifter', {
  slot: slotOf(m),
  label: `Lifter (${m.name})`,
  legacyKeys: [V1 + slotOf(m)],
  async legacy() {
    const route = storage.get(V1 + slotOf(m));
    if (!route) return null;
    const g = new engine.LifterGame(m.name, m.text);
    try {
      g.setRoute(route);
      return { link: g.link(g.position()), view: g.position() };
    } finally { g.free(); }
  },
});

export function mountPlay(root, ctx) {
  const { engine } = ctx;
  let game = null;
  let key = '';
  let hasBeards = false;
  let large = false;
  let map = null;
  let kept = null; // the game kept on this map
  let keepTimer = null;
  let keeps = 0; // keeps asked for: only the newest becomes the page's kept game
  let seq = 0;

  const announceBox = el('div', { class: 'lifter-announce', 'aria-live': 'polite', 'data-testid': 'lifter-announce' });
  // The mine round the robot in words, said after each command (the board's label too).
  const boardText = el('div', { class: 'sr-only', 'aria-live': 'polite', 'data-testid': 'lifter-board-text' });
  const viewRoot = el('div');
  const view = createMineView(viewRoot, { testid: 'lifter-play-canvas', maxHeight: viewHeight });
  const button = (label, title, action, extra = {}) =>
    el('button', { class: 'pad-btn', title, 'aria-label': title, onclick: () => { action(); }, ...extra }, label);
  const keysHint = el('p', { class: 'muted lifter-keys' },
    'Keys: arrows or ', el('kbd', {}, 'H'), el('kbd', {}, 'J'), el('kbd', {}, 'K'), el('kbd', {}, 'L'), ' move · ',
    el('kbd', {}, 'W'), ' wait · ', el('kbd', {}, 'S'), ' shave · ', el('kbd', {}, 'A'), ' abort · ',
    el('kbd', {}, '⌫'), ' undo · ', el('kbd', {}, 'R'), ' restart · ', el('kbd', {}, '+'), el('kbd', {}, '−'), ' zoom, ',
    el('kbd', {}, '0'), ' fit, drag to pan');
  const pad = el('div', { class: 'lifter-pad', 'data-testid': 'lifter-pad' },
    el('div', { class: 'pad-arrows' },
      button('↑', 'Up (↑ or K)', () => act('U'), { class: 'pad-btn pad-up' }),
      button('←', 'Left (← or H)', () => act('L'), { class: 'pad-btn pad-left' }),
      button('↓', 'Down (↓ or J)', () => act('D'), { class: 'pad-btn pad-down' }),
      button('→', 'Right (→ or L)', () => act('R'), { class: 'pad-btn pad-right' })),
    el('div', { class: 'pad-actions' },
      button('Wait', 'Wait (W)', () => act('W')), button('Shave', 'Shave with a razor (S)', () => act('S')),
      button('Abort', 'Abort: end now and keep 50 per lambda (A)', () => act('A')),
      button('Undo', 'Undo the last command (Backspace)', () => undo(), { 'data-testid': 'lifter-undo' }),
      button('Restart', 'Restart the mine (R)', () => restart(), { 'data-testid': 'lifter-restart' })),
    keysHint);
  const stats = createStats('lifter-stat');
  const routeBox = el('textarea', {
    class: 'code lifter-route', spellcheck: 'false', rows: '4', 'data-testid': 'lifter-route',
    'aria-label': 'Route so far (editable)', placeholder: 'Your commands appear here. Type or paste a route (L R U D W S A) to replay it.',
  });
  const routeNote = el('div', { class: 'muted lifter-route-note', 'data-testid': 'lifter-route-note' });
  const link = lazyLink('Share this game', () => gameLink(game, map));
  const toReplay = el('button', { 'data-testid': 'lifter-to-replay' }, 'Watch in the replay viewer');
  const strategyNote = el('span', { 'data-testid': 'lifter-strategy-note' });
  const stopStrategy = el('button', { class: 'small', 'data-testid': 'lifter-strategy-stop' }, 'Take over');
  const strategyBar = el('div', { class: 'from-link', hidden: true, 'data-testid': 'lifter-strategy' }, strategyNote, stopStrategy);
  let decisions = null; // your strategy's decisions in this game (move_index: the command's index)
  let loop = null; // the series playing your strategy: { handle, ticket }
  let loops = 0;

  root.append(
    el('div', { class: 'panel lifter-play-main' }, strategyBar, announceBox, stats.box, viewRoot, boardText, pad, legendBox(el)),
    el('div', { class: 'panel side lifter-play-side' },
      el('h3', {}, 'Route'),
      routeBox, routeNote,
      el('div', { class: 'row' }, toReplay),
      link.box,
      rulesBox()));

  function refresh(animate = 0, extraNote) {
    const s = game.state();
    const frame = frameOf(game, key, s, animate);
    frame.label = describeMine(frame, s);
    view.set(frame);
    if (boardText.textContent !== frame.label) boardText.textContent = frame.label;
    view.reveal(s.robot[0], s.robot[1]);
    stats.set(s, hasBeards);
    const [text, kind] = announce(s);
    announceBox.replaceChildren(el('span', {}, text), extraNote ?? '');
    announceBox.className = `lifter-announce ${kind}`;
    const route = game.route();
    if (document.activeElement !== routeBox) routeBox.value = route;
    link.schedule(large ? 900 : 0);
    return s;
  }

  /** The user played here: this game becomes the kept one (soon: a link of a large map is slow). */
  function keep() {
    clearTimeout(keepTimer);
    keepTimer = setTimeout(flush, large ? 1500 : 150);
    ctx.onKept?.();
  }
  /**
   * Writes a pending keep now: at once, or once the worker has packed the link of a large
   * custom map (www/lifter/map-work.js; a later keep written meanwhile is not replaced).
   */
  function flush() {
    if (keepTimer === null || !game) return;
    clearTimeout(keepTimer);
    keepTimer = null;
    const [k, m, view, played] = [kept, map, game.position(), game.position() > 0 || game.route() !== ''];
    const ticket = ++keeps;
    const write = (fragment) => {
      if (played) k.write(fragment, view);
      else k.clear();
      if (ticket === keeps) keptLifter().write(fragment, view, { name: m.name, source: m.source ?? null });
    };
    const fragment = gameLink(game, m, view);
    if (typeof fragment === 'string') write(fragment);
    else fragment.then(write, () => { /* not kept: the page goes on */ });
  }
  addEventListener('pagehide', flush);

  /** Your strategy stops playing (the series in the worker is closed); its decisions stay. */
  function closeLoop(why = '') {
    if (!loop) return;
    loop.handle?.close();
    loop = null;
    strategyNote.textContent = why;
    stopStrategy.hidden = true;
    strategyBar.hidden = !why;
  }
  stopStrategy.addEventListener('click', () => closeLoop('You took over from your strategy.'));
  /** The tape is cut at `at` by a person: decisions of the commands cut are no longer this game's. */
  function cutAt(at) {
    closeLoop(loop ? 'You took over from your strategy.' : strategyNote.textContent);
    if (decisions) decisions = decisions.filter((d) => d.move_index < at);
  }
  /** Your strategy plays on from the position shown, until the game is over or you take over. */
  async function runStrategy() {
    const ticket = ++loops;
    loop = { handle: null, ticket };
    decisions = decisions ?? [];
    const before = decisions.filter((d) => d.move_index < game.position());
    strategyNote.textContent = 'Your strategy is playing…';
    stopStrategy.hidden = false;
    strategyBar.hidden = false;
    const live = () => loop?.ticket === ticket;
    try {
      const handle = await sandbox.play('lifter', { link: game.link(game.position()), entrants: ['js'], source: await labSolver() });
      if (!live()) { handle.close(); return; }
      loop.handle = handle;
      for (;;) {
        const r = await handle.step(null);
        if (!live()) return;
        decisions = [...before, ...r.decisions];
        for (const i of r.moves) {
          game.playIndex(i);
          refresh(STRATEGY_STEP_MS);
          keep();
          await new Promise((res) => { setTimeout(res, STRATEGY_STEP_MS); });
          if (!live()) return;
        }
        if (r.over) {
          const failed = r.decisions.filter((d) => d.refused).length;
          closeLoop(`Your strategy played to the end${failed ? `; ${failed} of its commands failed and were played as waits` : ''}. Watch it in the replay viewer to inspect each command.`);
          return;
        }
      }
    } catch (e) {
      if (live()) closeLoop(`Your strategy could not play: ${e.message ?? e}`);
    }
  }

  function act(command) {
    if (!game) return;
    cutAt(game.position());
    if (!game.step(command)) {
      announceBox.classList.remove('nudge');
      void announceBox.offsetWidth; // restart the nudge animation
      announceBox.classList.add('nudge');
      return;
    }
    routeNote.textContent = '';
    refresh(STEP_ANIMATION_MS);
    keep();
  }
  function undo() {
    if (game) cutAt(game.position() - 1);
    if (game?.undo()) { routeNote.textContent = ''; refresh(); keep(); }
  }
  /** Offers to bring back `before` (the route replaced by a restart or a route played from elsewhere). */
  const bringBack = (before) => {
    const back = el('button', { class: 'small', 'data-testid': 'lifter-unrestart' }, 'Bring the route back');
    back.addEventListener('click', () => { cutAt(0); game.setRoute(before); refresh(); keep(); });
    return back;
  };
  function restart() {
    if (!game) return;
    cutAt(0);
    const before = game.route();
    if (!before) return;
    game.restart();
    routeNote.textContent = '';
    refresh(0, bringBack(before));
    keep();
  }

  // Editing the route replays the edited route (after a short pause in typing).
  let editTimer = null;
  function applyEdit() {
    clearTimeout(editTimer);
    editTimer = null;
    cutAt(0);
    const r = game.setRoute(routeBox.value);
    routeNote.textContent = r.applied < r.commands
      ? `The game ends after ${r.applied} commands; the ${r.commands - r.applied} after that are not played.` : '';
    refresh();
    keep();
  }
  routeBox.addEventListener('input', () => {
    clearTimeout(editTimer);
    editTimer = setTimeout(applyEdit, 200);
  });
  routeBox.addEventListener('blur', () => {
    if (!game) return;
    if (editTimer !== null) applyEdit();
    routeBox.value = game.route();
  });
  toReplay.addEventListener('click', () => ctx.showTab('replay').openGame({
    route: game.route(), view: game.position(), title: `Your game on ${map.name}`, decisions: decisions?.length ? decisions : null,
  }));

  bindKeys(root, (e) => {
    if (!game) return false;
    const k = e.key.toLowerCase();
    if (KEYS[k]) act(KEYS[k]);
    else if (e.key === 'Backspace') undo();
    else if (k === 'r') restart();
    else return false;
    return true;
  });

  return {
    /**
     * Shows map `m` with the game kept on it; `remember`: the user chose it (it becomes the kept
     * game); `game`: the map's new game, already made (this view owns it then).
     */
    setMap(m, { remember = false, game: given = null } = {}) {
      flush();
      closeLoop();
      decisions = null;
      strategyBar.hidden = true;
      game?.free();
      game = given ?? new engine.LifterGame(m.name, m.text);
      key = `${m.name}:${m.text.length}:${Math.random()}`;
      hasBeards = (m.features ?? game.features()).beards;
      large = game.width() * game.height() > 250000;
      routeBox.value = '';
      routeNote.textContent = '';
      link.clear();
      map = m;
      kept = keptOn(engine, m);
      refresh();
      // The game played on this map before (a reload, a link or another map in between): its
      // link reopened as links are.
      const my = ++seq;
      const g = game;
      return reopenKept(ctx.app, kept, ({ kind, data }) => {
        if (kind !== 'lifter' || data.text !== m.text) throw new Error('it is not a game on this map');
        if (my !== seq) return;
        g.setRoute(data.route);
        while (g.position() > data.view && g.undo());
        refresh();
      }).then(() => { if (remember && my === seq) { keep(); flush(); } });
    },
    /** Writes the kept game now (before a link replaces the screen). */
    flush,
    /** Moves made in the game being played. */
    moves() { return game ? game.state().moves : 0; },
    /** Loads a route (from the solver or the replay) to continue playing after it. */
    playRoute(route, view) {
      cutAt(0);
      const before = game.route();
      game.setRoute(route);
      if (view !== undefined) while (game.position() > view && game.undo());
      routeNote.textContent = '';
      refresh(0, before && before !== game.route() ? bringBack(before) : undefined);
      keep();
    },
    /**
     * Continue from here: `forked` (a game on this map with the commands up to the fork; this
     * view owns it) is played on by `seat`: "human" (you) or "js" (your strategy).
     */
    continueFrom(forked, seat) {
      closeLoop();
      const before = game.route();
      game.free();
      game = forked;
      decisions = null;
      strategyBar.hidden = true;
      routeNote.textContent = '';
      refresh(0, before && before !== game.route() ? bringBack(before) : undefined);
      keep();
      if (seat === 'js') runStrategy();
    },
  };
}
