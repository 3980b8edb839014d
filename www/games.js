// The games of the page, in picker order (the engine's registry has the same order).
import { kindOf } from './link-kind.js';

/**
 * The games. A game's page module and its engine module (`engine`, see www/engine.js) are loaded
 * the first time it is shown; `mount(root, engine, app)` returns { show(tab), current,
 * openLink(kind, data, text), dropFile?(name, text) }.
 * `linkKinds`: the share-link kinds of the game, which the page routes to its engine module
 * before that module is loaded (e2e/load.test.mjs holds them to each module's `linkKinds()`);
 * `prepareLink(text, engine)` (optional) loads what a link of the game needs before it opens.
 * Adding a game is adding an entry here.
 */
export const GAMES = [
  {
    id: 'pig', title: 'Pig', blurb: 'dice, nerve and Scheme strategies', engine: 'pig', linkKinds: ['pig', 'pig-match', 'pig-tournament', 'pig-bot', 'pig-ab'],
    page: () => import('./pig/page.js').then((m) => m.mountPig),
  },
  {
    id: 'lifter', title: 'Lambda Lifter', blurb: 'ICFP 2012 — mines, rocks and a solver', engine: 'lifter', linkKinds: ['lifter', 'lifter-bot', 'lifter-ab'],
    page: () => import('./lifter/page.js').then((m) => m.mountLifter),
  },
  {
    id: 'punter', title: 'Lambda Punter', blurb: 'ICFP 2017 — claim rivers, link mines', engine: 'punter', linkKinds: ['punter', 'punter-bot', 'punter-ab'],
    page: () => import('./punter/page.js').then((m) => m.mountPunter),
    // A punter link names its map: the page loads it and hands it to the engine first.
    prepareLink: async (text, engine) => (await import('./punter/maps.js')).prepareLink(text, engine),
  },
  {
    id: 'labyrinth', title: 'Labyrinth', blurb: 'the shifting maze — 1 to 4 players', engine: 'labyrinth', linkKinds: ['labyrinth', 'labyrinth-bot', 'labyrinth-ab'],
    page: () => import('./labyrinth/page.js').then((m) => m.mountLabyrinth),
  },
];

const byKind = new Map(GAMES.flatMap((g) => (g.linkKinds ?? []).map((kind) => [kind, g])));

/** The game of link kind `kind`, or null. */
export const gameOfKind = (kind) => byKind.get(kind) ?? null;

/** The game a link is for, by its kind (www/link-kind.js); null when no game has that kind. */
export const gameOfLink = (text) => gameOfKind(kindOf(text));
