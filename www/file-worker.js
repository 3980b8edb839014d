// Reads a user's file off the main thread (www/dom.js `readFile` asks): its bytes as text
// through the engine (`textOf`: the place of the first byte that is not UTF-8) and then either
// - when a format is named, the engine's check of that format (`checkInput`: the message with
//   its place, or the limit passed), or
// - for a link file (`link`), the link opened by the engine of its game (`openLink`, with the
//   map it names loaded here first: the registry's `prepareLink`), so that the page opens
//   nothing large on its main thread itself.
// A file that does not read goes back as its message alone (with its text only when it is short
// enough to fix in a text box), so a huge or broken file costs the page nothing but the message.
import { loadEngine } from './engine.js';
import { gameOfLink } from './games.js';
import { serveRpc } from './worker-rpc.js';

const messageOf = (e) => e?.message ?? String(e);

/** `text` opened as a link by its game's engine, when it is a link of a game's kind. */
async function opened(text) {
  const game = gameOfLink(text);
  if (!game) return undefined;
  const engine = await loadEngine(game.engine);
  let assets;
  try { assets = await game.prepareLink?.(text, engine); } catch { /* the engine says what is missing */ }
  return engine.openLink(text, assets);
}

serveRpc({
  /**
   * { file, module, format?, keep, link? } → { text, summary? } (`summary`: the engine's one line
   * about the input, e.g. "sites 7357, rivers 10000, mines 32"), { text, opened? } for a link file
   * (trimmed; `opened`: the engine's `openLink` answer, when the text is a link of a game's kind
   * and the file no longer than a link can be), or { error, text? } (`text` up to `keep`
   * characters).
   */
  async read({ file, module, format, keep, link = false }) {
    const engine = await loadEngine(module);
    let text;
    try {
      text = engine.textOf(new Uint8Array(await file.arrayBuffer()));
    } catch (e) {
      return { error: messageOf(e) };
    }
    if (link) {
      text = text.trim();
      return { text, opened: file.size > engine.linkMaxChars() ? undefined : await opened(text) };
    }
    if (!format) return { text };
    try {
      return { text, summary: engine.checkInput(format, text) };
    } catch (e) {
      return { error: messageOf(e), text: text.length <= keep ? text : undefined };
    }
  },
});
