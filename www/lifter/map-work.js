// Large Lifter maps on the page. The page opens maps of up to PAGE_CELLS cells: then reading the
// map, the first frame and every move stay within about a tenth of a second on the main thread
// (the engine reads maps up to 4000 × 4000, the command line's limit; a 4000 × 4000 map takes
// half a second to parse and 0.1 s to copy out for each frame). Whatever takes longer runs in a
// worker (map-worker.js): a map that is neither official nor surely small is first read there
// (its size, or the engine's message with the place), and the share link of a game on a large
// custom map — the map travels in the link, deflated: about a second a million cells — is packed
// there too.
import { WorkerRpc } from '../worker-rpc.js';
import { fingerprint } from './fingerprint.js';

/** The largest map the page opens, in cells: 1000 × 1000, the largest bundled maps. */
export const PAGE_CELLS = 1_000_000;
/** A game's link is packed on the main thread up to this many cells (a few ms), else in the worker. */
const SYNC_LINK_CELLS = 40_000;
const BACKSTOP_MS = 60_000;
const IDLE_STOP_MS = 2000; // the worker ends when idle, taking the engine's memory with it

let rpc = null;
let idle = null;
async function call(type, params) {
  rpc ??= new WorkerRpc(new URL('./map-worker.js', import.meta.url));
  clearTimeout(idle);
  const r = await rpc.call({ type, ...params }, { backstopMs: BACKSTOP_MS });
  idle = setTimeout(() => { if (rpc && !rpc.pending.size) rpc.stop(); }, IDLE_STOP_MS);
  if (!r.ok) throw new Error(r.kind === 'error' ? r.error : `the map worker stopped (${r.kind})`);
  return r.value;
}

const cells = (n) => n.toLocaleString('en-US');

/** Maps of up to this many cells are read on the main thread at once (a few ms), not in the worker. */
const SMALL_CELLS = 250_000;
/**
 * True when `text` is surely a map of at most SMALL_CELLS cells (or no map at all): its longest
 * line times its number of lines bounds its cells, whatever else the engine makes of it (a short
 * text can still be a huge mine: one long row and many empty lines).
 */
export function smallMap(text) {
  if (text.length > SMALL_CELLS * 2) return false;
  let lines = 0;
  let longest = 0;
  for (let start = 0; start <= text.length;) {
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    longest = Math.max(longest, stop - start);
    lines += 1;
    start = stop + 1;
  }
  return lines * longest <= SMALL_CELLS;
}

/**
 * Reads `text` in the worker: { width, height, fingerprint } of a map the page opens; throws
 * the engine's message (with the place), or why the page does not open a map this large.
 */
export async function measureMap(text) {
  const size = await call('measure', { text });
  const { width, height } = size;
  if (width * height > PAGE_CELLS) {
    throw new Error(`this map is ${width}×${height} (${cells(width * height)} cells); the page opens maps of up to ${cells(PAGE_CELLS)} cells (such as 1000×1000) smoothly; the command line (arcade lifter run, solve, judge) takes it`);
  }
  return size;
}

/** The fingerprint of map `m` (measured in the worker when it was read there). */
export const fingerprintOf = (m) => m.fingerprint ?? fingerprint(m.text);

/**
 * The link fragment of `game` (on map `m`) viewed at `view`: at once (a string) for an official
 * or small map, else a promise of it, packed in the worker from the route (the same link).
 */
export function gameLink(game, m, view = game.position()) {
  if (m.official || game.width() * game.height() <= SYNC_LINK_CELLS) return game.link(view);
  return call('link', { name: m.name, text: m.text, route: game.route(), view });
}
