// The Pig page: tabs for playing, the strategy lab (checker), the arena, the optimal policy
// and the replay viewer; opens Pig share links.
import { el } from '../dom.js';
import { loadEngine } from '../engine.js';
import { createTabs, lazy } from '../tabs.js';
import { mountPlay } from './play.js';

/**
 * A tab other than Play: its code is imported, and the engine module with everything (`pig-scheme`:
 * tournaments, re-runs, marks, A/B tests, programs; the one the sandbox worker runs strategies
 * in) loaded, when it is first shown. Its `ctx` is the page's, with that engine.
 */
const labTab = (load) => lazy(async () => {
  const [mount, engine] = await Promise.all([load(), loadEngine('pig-scheme')]);
  return (section, ctx) => mount(section, Object.create(ctx, { engine: { value: engine } }));
});

// Play is the start page, with the engine module of the rules and Play only (`pig`).
const TABS = [
  ['play', 'Play', mountPlay],
  ['lab', 'Strategy lab', labTab(() => import('./lab.js').then((m) => m.mountLab))],
  ['arena', 'Arena', labTab(() => import('./arena.js').then((m) => m.mountArena))],
  ['policy', 'Optimal policy', labTab(() => import('./policy.js').then((m) => m.mountPolicy))],
  ['replay', 'Replay', labTab(() => import('./replay-view.js').then((m) => m.mountReplay))],
];

export function mountPig(root, engine, app) {
  // The Play tab reports each move (`played`, with `lastPlayed()` the game to replay): the
  // Replay tab shows whatever came last, a game opened from a link, the checker or the arena,
  // or the game played in the Play tab.
  const ctx = { engine, app, builtins: engine.pigBuiltins(), played: 0, lastPlayed: () => null };
  let seen = 0;
  const tabs = createTabs(TABS, {
    ctx,
    onShow(name, view) {
      if (name !== 'replay' || ctx.played === seen) return;
      seen = ctx.played;
      const g = ctx.lastPlayed();
      if (g) view.open(g);
    },
  });
  root.replaceChildren(el('div', { class: 'game-intro' },
    el('h2', {}, 'Pig'),
    el('p', {}, 'Throw a die as often as you dare: a 1 loses the whole turn, holding banks it. First to 100 wins. ',
      el('span', { class: 'muted' }, '(CodeAbbey problem 231)'))), tabs.nav, tabs.body);

  const show = (name) => tabs.show(name);
  const openReplay = (g) => { seen = ctx.played; show('replay').open(g); };
  ctx.showTab = show;
  /** Continue from here: `link`'s position in Play, you in seat `human` against `choice`. */
  ctx.continueFrom = (link, human, choice) => show('play').fork(link, human, choice);
  // A game of a match or of a tournament (whose logs name both entrants; `total`: its games).
  // A match's game (`logs`: all of them) can re-run the code at its strategies' decisions: their
  // history is every earlier game of the match, whose moves the page holds already.
  ctx.openMatchGame = (spec, log, i, total = spec.games, logs = null) => {
    const seated = [spec.entrants[log.first], spec.entrants[log.second ?? 1 - log.first]];
    const players = seated.map((e) => e.label);
    const history = logs && spec.entrants.length === 2
      ? { seed: spec.seed, target: spec.target, kinds: seated.map((e) => e.kind), earlier: logs.slice(0, i).map((l) => l.moves) }
      : null;
    openReplay({
      target: spec.target, seed: spec.seed, players, moves: log.moves, output: log.output,
      decisions: log.decisions, history, view: Math.min(1, log.moves.length),
      title: `${players[0]} vs ${players[1]} — game ${i + 1} of ${total} (${players[0]} first)`,
    });
  };

  // Share links by kind: a game opens in the replay viewer; a match re-runs in the checker
  // (when the engine says it is CodeAbbey's checker) or in the arena; a tournament in the arena.
  const links = {
    pig: (g) => openReplay(g),
    'pig-match': ({ checker, ...spec }) => show(checker ? 'lab' : 'arena').runSpec(spec),
    'pig-tournament': (spec) => show('arena').runSpec(spec),
    'pig-bot': (bot) => show('lab').openBot(bot),
    'pig-ab': (run) => { show('lab'); return import('./ab.js').then((ab) => ab.openLink(run)); },
  };

  return {
    show,
    get current() { return tabs.current; },
    openLink(kind, data) { return links[kind](data); },
  };
}
