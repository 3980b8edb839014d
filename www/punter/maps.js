// Punter maps served next to the page: fetched once and kept for the page. The engine keeps
// none: a link that names a bundled map opens with the map's text handed in (`assetsFor`), and
// a link or log writer names a map when its text is the bundled one (the engine knows their
// hashes). A link names its map; `prepareLink` loads it. A map that cannot be fetched is a
// `MissingAsset`.
import { MissingAsset } from '../kept.js';
import { kindOf } from '../link-kind.js';

const texts = new Map(); // name → Promise<text>
const loaded = new Map(); // name → text, once fetched

/** The URL of a bundled map file (or of a file under maps/punter/, e.g. 'examples/…'). */
export const mapUrl = (name) => new URL(`../../maps/punter/${name}`, import.meta.url);

/** The text of a bundled map, fetched once. */
export function loadMap(engine, name) {
  if (!texts.has(name)) {
    const p = fetch(mapUrl(name)).catch((e) => { throw new MissingAsset(name, e.message); }).then(async (res) => {
      if (!res.ok) throw new MissingAsset(name, `HTTP ${res.status}`);
      const text = await res.text();
      loaded.set(name, text);
      return text;
    });
    p.catch(() => texts.delete(name));
    texts.set(name, p);
  }
  return texts.get(name);
}

/** True when `name` is one of the maps served with the page. */
export const isBundled = (engine, name) => engine.punterMaps().includes(name);

/**
 * What the engine needs with a punter link: `{ name: text }` of the bundled map it names, when
 * the page has loaded it (see `prepareLink`); undefined for a link that carries its map.
 */
export function assetsFor(engine, link) {
  let name;
  try { name = engine.punterLinkMap(link); } catch { return undefined; }
  return loaded.has(name) ? { [name]: loaded.get(name) } : undefined;
}

/** Loads the bundled map a punter link names (a link to another map carries its text); the assets to open it with. */
export async function prepareLink(text, engine) {
  if (kindOf(text) === 'punter-ab') return undefined; // an A/B run loads its maps when it plays
  const name = engine.punterLinkMap(text);
  if (isBundled(engine, name)) await loadMap(engine, name);
  return assetsFor(engine, text);
}
