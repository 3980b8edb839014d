// The game a share link is for, by the link's first word (its kind): the page routes a link to
// its game's engine module by it, before that module is loaded (www/app.js, and off the main
// thread www/file-worker.js).
import { GAMES } from './games.js';

const byKind = new Map(GAMES.flatMap((g) => (g.linkKinds ?? []).map((kind) => [kind, g])));

/** The game of link kind `kind` (www/games.js), or null. */
export const gameOfKind = (kind) => byKind.get(kind) ?? null;

/**
 * The first word of a link (its kind), when it looks like one (`pattern`): at the start of its
 * fragment, after the last `#` (where the engine reads it), looked for in a few characters only,
 * so that a text of megabytes costs nothing here.
 */
export function kindOf(text, pattern = /^([a-z-]+)\/\d/) {
  const start = text.lastIndexOf('#') + 1;
  return pattern.exec(text.slice(start, start + 64))?.[1];
}

/** The game a link is for, by its kind; null when no game has that kind. */
export const gameOfLink = (text) => gameOfKind(kindOf(text));
