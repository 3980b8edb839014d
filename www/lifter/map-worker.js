// The Lifter map work that takes long on a large map, off the main thread (www/lifter/map-work.js
// asks): reading a map — its size and fingerprint, or the engine's message with the place — and
// packing a game's share link (a custom map travels in its link, deflated: about a second a
// million cells).
import { loadEngine } from '../engine.js';
import { serveRpc } from '../worker-rpc.js';
import { fingerprint } from './fingerprint.js';

serveRpc({
  async measure({ text }) {
    const engine = await loadEngine('lifter');
    const game = new engine.LifterGame('', text);
    try {
      return { width: game.width(), height: game.height(), fingerprint: fingerprint(text) };
    } finally { game.free(); }
  },
  async link({ name, text, route, view }) {
    return (await loadEngine('lifter')).lifterGameLink(name, text, route, view);
  },
});
