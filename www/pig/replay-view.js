// A Pig game in the shared replay viewer, with its share link following the viewed turn.
import { el, followLink, linkField, shareUrl } from '../dom.js';
import { createReplay } from '../replay.js';
import { createPigBoard, moveLabel, caption } from './board.js';

export function mountReplay(root, ctx) {
  const title = el('h3', { 'data-testid': 'replay-title' }, 'No game opened yet');
  const hint = el('p', { class: 'muted' }, 'Play a game, open one from the checker or the arena, or open a shared link.');
  const canvas = el('canvas', { class: 'board', 'data-testid': 'replay-board' });
  const board = createPigBoard(canvas);
  const output = el('pre', { class: 'output', hidden: true, 'data-testid': 'replay-output' });
  const link = linkField('Share this position');
  link.set('');
  const controls = el('div');
  let game = null;
  let timeline = [];

  const replay = createReplay(controls, {
    onSeek(t) {
      if (!game) return;
      const state = timeline[t];
      const last = game.moves[t - 1];
      const face = last >= 1 && last <= 6 ? last : null;
      board.set({ state, names: game.players, face, animate: false, caption: caption(state, game.players, last) });
      const url = shareUrl(ctx.engine.pigGameLink(game.target, game.seed, game.players, Uint8Array.from(game.moves), t));
      link.set(url);
      // While a game link is open, the address bar follows the viewed turn.
      if (location.hash.startsWith('#pig/')) followLink(url);
    },
  });

  root.append(el('div', { class: 'panel' }, title, hint, canvas, controls, output, link.box));

  return {
    /** game: { target, seed, players: [a, b], moves: [codes], view, output?, title? } */
    open(g) {
      game = { ...g, players: g.players.length === 2 ? g.players : ['Player 1', 'Player 2'] };
      timeline = ctx.engine.pigTimeline(game.target, Uint8Array.from(game.moves));
      title.textContent = g.title ?? `${game.players[0]} vs ${game.players[1]}`;
      hint.hidden = true;
      output.hidden = !g.output;
      output.textContent = g.output ? `Printed by the strategies:\n${g.output}` : '';
      const labels = { length: game.moves.length, label: (i) => moveLabel(game.moves[i], game.players[timeline[i].player]) };
      replay.set({ moves: labels, t: g.view ?? game.moves.length });
    },
  };
}
