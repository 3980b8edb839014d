// The Lambda Punter page: tabs for playing against the built-in bots, your own bot in JavaScript,
// and the replay viewer
// (the game just played, a share link, or an official game log).
import { el } from '../dom.js';
import { createTabs, lazy } from '../tabs.js';
import { mountPlay } from './play.js';

// Play is the game's start; the other tabs' code is imported when each is first shown.
const TABS = [
  ['play', 'Play', mountPlay],
  ['lab', 'Your bot', lazy(() => import('./lab.js').then((m) => m.mountLab))],
  ['replay', 'Replay', lazy(() => import('./replay-view.js').then((m) => m.mountReplay))],
];

export function mountPunter(root, engine, app) {
  const ctx = { engine, app, bots: engine.punterBots(), maps: engine.punterMaps() };
  const tabs = createTabs(TABS, {
    ctx, navClass: 'tabs', testid: (key) => `punter-tab-${key}`, sectionClass: (key) => `tab punter-tab punter-tab-${key}`,
    onShow(name, view) { if (name === 'replay') view.shown(); },
  });
  const show = (name) => tabs.show(name);
  ctx.showTab = show;
  /** A game played here (a lab or arena game) in the replay viewer, at its first move, with its decisions. */
  ctx.watch = (game) => show('replay').openWatched(game);
  /** Continue from here: `link`'s position in Play, seat i played by `seats[i]`. */
  ctx.continueFrom = (link, seats, game) => show('play').fork(link, seats, game);
  root.replaceChildren(el('div', { class: 'game-intro' },
    el('h2', {}, 'Lambda Punter'),
    el('p', {}, 'Take turns claiming rivers; every site your rivers connect to a mine scores the square of its distance from that mine. ',
      el('span', { class: 'muted' }, '(ICFP Programming Contest 2017, with Futures, Splurges and Options)'))),
  tabs.nav, tabs.body);
  show('play');

  return {
    show,
    get current() { return tabs.current; },
    /** A share link: the game in the replay viewer, at the link's position. */
    openLink(kind, data, text) {
      if (kind === 'punter') show('replay').openLink(text);
      if (kind === 'punter-bot') show('lab').openBot(data);
      if (kind === 'punter-ab') { show('lab'); return import('./ab.js').then((ab) => ab.openLink(data)); }
    },
    /** A dropped file that is not a link: an official game log opens in the replay viewer. */
    dropFile(name, text) {
      if (!/"game"\s*:/.test(text.slice(0, 200))) return false;
      show('replay').openLog(name, text);
      return true;
    },
  };
}
