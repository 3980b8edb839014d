// The Labyrinth page: play (1–4 players, humans and AIs) and the replay viewer.
import { el } from '../dom.js';
import { createTabs, lazy } from '../tabs.js';
import { mountPlay } from './play.js';

// Play is the game's start; the other tabs' code is imported when each is first shown.
const TABS = [
  ['play', 'Play', mountPlay],
  ['lab', 'Your strategy', lazy(() => import('./lab.js').then((m) => m.mountLab))],
  ['replay', 'Replay', lazy(() => import('./replay-view.js').then((m) => m.mountReplay))],
];

export function mountLabyrinth(root, engine, app) {
  const ctx = { engine, app, played: null };
  const tabs = createTabs(TABS, {
    ctx, testid: (key) => `labyrinth-tab-${key}`, sectionClass: (key) => `tab labyrinth-tab labyrinth-tab-${key}`,
    onShow(name, view) { if (name === 'replay') view.shown(); },
  });
  const show = (name) => tabs.show(name);
  /** A game of the strategy lab, in the Replay tab at its first move (never in Play). */
  ctx.watch = (game) => { show('replay'); tabs.views.replay.openGame(game); };
  /** Continue from here: move `t` of `game` opened in Play, each seat played as `seats` says. */
  ctx.continueFrom = (game, t, seats, number) => { show('play'); tabs.views.play.fork(game, t, seats, number); };
  root.replaceChildren(el('div', { class: 'game-intro' },
    el('h2', {}, 'Labyrinth'),
    el('p', {}, 'Push a tile into the maze to shift a row or column, then walk your pawn along the paths. Find all your treasures and return to your start square first.')),
  tabs.nav, tabs.body);
  show('play');
  return {
    show,
    get current() { return tabs.current; },
    /** A share link: the game resumes in the Play tab at the link's position. */
    openLink(kind, data, text) {
      if (kind === 'labyrinth-bot') { show('lab').openBot(data); return; }
      if (kind === 'labyrinth-ab') { show('lab'); return import('./ab.js').then((ab) => ab.openLink(data)); }
      if (kind !== 'labyrinth') return;
      show('play');
      tabs.views.play.openLink(text);
    },
  };
}
