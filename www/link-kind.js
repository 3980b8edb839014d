// A share link's first word, its kind: the page routes a link to its game's engine module by
// it, before that module is loaded (`gameOfLink` in www/games.js; www/app.js, and off the main
// thread www/file-worker.js).

/**
 * The first word of a link (its kind), when it looks like one (`pattern`): at the start of its
 * fragment, after the last `#` (where the engine reads it), looked for in a few characters only,
 * so that a text of megabytes costs nothing here.
 */
export function kindOf(text, pattern = /^([a-z-]+)\/\d/) {
  const start = text.lastIndexOf('#') + 1;
  return pattern.exec(text.slice(start, start + 64))?.[1];
}
