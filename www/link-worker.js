// Reads a link file off the main thread (www/app.js asks): its bytes as text through the engine
// (`textOf`: the place of the first byte that is not UTF-8) and, when it is a link of a game's
// kind, the link opened by that game's engine (`openLink`, with the map it names loaded here
// first: the registry's `prepareLink`), so that the page receives what the engine made of it and
// opens nothing large on its main thread itself. A text that is no link comes back as it is, for
// the game shown (a Lifter map, a Punter log).
import { loadEngine } from './engine.js';
import { gameOfLink } from './link-kind.js';
import { serveRpc } from './worker-rpc.js';

const messageOf = (e) => e?.message ?? String(e);

serveRpc({
  /**
   * { file, module (whose `textOf` reads the bytes), maxBytes } → { error } (not UTF-8),
   * { text } (trimmed; no link of a game's kind, or more than `maxBytes`), or { text, opened }
   * (the engine's `openLink` answer: { ok, kind, data, … } or { ok: false, error }).
   */
  async read({ file, module, maxBytes }) {
    let text;
    try {
      text = (await loadEngine(module)).textOf(new Uint8Array(await file.arrayBuffer())).trim();
    } catch (e) {
      return { error: messageOf(e) };
    }
    const game = gameOfLink(text);
    if (!game || file.size > maxBytes) return { text };
    const engine = await loadEngine(game.engine);
    let assets;
    try { assets = await game.prepareLink?.(text, engine); } catch { /* the engine says what is missing */ }
    return { text, opened: engine.openLink(text, assets) };
  },
});
