// Reads an official Punter game log off the main thread (www/punter/replay-view.js asks): a
// file's bytes as text through the engine (`textOf`: the place of the first byte that is not
// UTF-8), the map the log names (one of the maps served with the page, fetched here), the
// engine's replay of the log (`PunterGame.fromLog`) and the game's share link, which is all the
// page receives: a log of 64 MiB costs the page a link of a few kilobytes to open
// (`PunterGame.fromLink` gives the same game: the same moves, labels, scores and exported log).
import { loadEngine } from '../engine.js';
import { serveRpc } from '../worker-rpc.js';
import { isBundled, loadMap } from './maps.js';

const messageOf = (e) => e?.message ?? String(e);

serveRpc({
  /**
   * { file } or { text } → { link, map, bytes }, { error, bytes } (the engine's message) or
   * { unknownMap, bytes } (the log names a map the page does not serve); `bytes`: the size of
   * the log.
   */
  async read({ file, text }) {
    const engine = await loadEngine('punter');
    const bytes = file ? file.size : new Blob([text]).size;
    if (file) {
      try {
        text = engine.textOf(new Uint8Array(await file.arrayBuffer()));
      } catch (e) {
        return { error: messageOf(e), bytes };
      }
    }
    let map;
    try {
      map = JSON.parse(text).game?.find?.((e) => e && typeof e.map === 'string')?.map;
    } catch { /* the engine says where */ }
    if (map && !isBundled(engine, map)) return { unknownMap: map, bytes };
    let game;
    try {
      game = engine.PunterGame.fromLog(text, map ? await loadMap(engine, map) : '');
    } catch (e) {
      return { error: messageOf(e), bytes };
    }
    try {
      return { link: game.link(game.length), map, bytes };
    } finally {
      game.free();
    }
  },
});
