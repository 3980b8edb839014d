// Punter maps served next to the page: fetched once, handed to the engine (so that links and
// logs can name them), and kept for the page. A link names its map; `prepareLink` loads it.
// A map that cannot be fetched is a `MissingAsset`.
import { MissingAsset } from '../kept.js';

const texts = new Map(); // name → Promise<text>

/** The URL of a bundled map file (or of a file under maps/punter/, e.g. 'examples/…'). */
export const mapUrl = (name) => new URL(`../../maps/punter/${name}`, import.meta.url);

/** The text of a bundled map, fetched once and registered with the engine. */
export function loadMap(engine, name) {
  if (!texts.has(name)) {
    const p = fetch(mapUrl(name)).catch((e) => { throw new MissingAsset(name, e.message); }).then(async (res) => {
      if (!res.ok) throw new MissingAsset(name, `HTTP ${res.status}`);
      const text = await res.text();
      engine.punterRegisterMap(name, text);
      return text;
    });
    p.catch(() => texts.delete(name));
    texts.set(name, p);
  }
  return texts.get(name);
}

/** True when `name` is one of the maps served with the page. */
export const isBundled = (engine, name) => engine.punterMaps().includes(name);

/** Loads the bundled map a punter link names (a link to another map carries its text). */
export async function prepareLink(text, engine) {
  const name = engine.punterLinkMap(text);
  if (isBundled(engine, name)) await loadMap(engine, name);
}
