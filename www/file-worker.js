// Reads a user's file off the main thread (www/dom.js `readFile` asks): its bytes as text
// through the engine (`textOf`: the place of the first byte that is not UTF-8) and, when a
// format is named, the engine's check of that format (`checkInput`: the message with its place,
// or the limit passed). A file that does not read goes back as its message alone (with its text
// only when it is short enough to fix in a text box), so a huge or broken file costs the page
// nothing but the message.
import { loadEngine } from './engine.js';
import { serveRpc } from './worker-rpc.js';

const messageOf = (e) => e?.message ?? String(e);

serveRpc({
  /**
   * { file, module, format?, keep } → { text, summary? } (`summary`: the engine's one line about
   * the input, e.g. "sites 7357, rivers 10000, mines 32") or { error, text? } (`text` up to
   * `keep` characters).
   */
  async read({ file, module, format, keep }) {
    const engine = await loadEngine(module);
    let text;
    try {
      text = engine.textOf(new Uint8Array(await file.arrayBuffer()));
    } catch (e) {
      return { error: messageOf(e) };
    }
    if (!format) return { text };
    try {
      return { text, summary: engine.checkInput(format, text) };
    } catch (e) {
      return { error: messageOf(e), text: text.length <= keep ? text : undefined };
    }
  },
});
