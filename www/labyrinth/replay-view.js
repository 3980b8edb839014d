// A Labyrinth game in the shared replay viewer: the game played (a copy, from its link) or a
// shared one. The board and the players follow the viewed position; its link can be shared.
import { el, linkField, shareUrl } from '../dom.js';
import { createReplay } from '../replay.js';
import { createBoardView, createTileView } from './board-view.js';
import { controlName } from './play.js';

const cap = (s) => s[0].toUpperCase() + s.slice(1);

export function mountReplay(root, ctx) {
  const { engine } = ctx;
  let game = null;
  // How each seat was played, when known (your game: AI level or your strategy); a shared
  // game only says human or AI.
  let levels = [];
  const title = el('h3', { 'data-testid': 'labyrinth-replay-title' }, 'Replay');
  const info = el('div', { class: 'muted', 'data-testid': 'labyrinth-replay-info' });
  const boardRoot = el('div', { class: 'labyrinth-board' });
  const geometry = engine.labyrinthGeometry();
  const board = createBoardView(boardRoot, { testid: 'labyrinth-replay-canvas', geometry });
  const extraRoot = el('div', { class: 'labyrinth-extra-box' });
  const extra = createTileView(extraRoot, { testid: 'labyrinth-replay-extra', geometry, size: 64 });
  const controls = el('div', { class: 'labyrinth-replay-controls' });
  const legend = el('div', { class: 'labyrinth-legend' });
  const playedBtn = el('button', { 'data-testid': 'labyrinth-replay-played' }, 'Your game');
  const status = el('div', { class: 'status', role: 'alert' });
  const link = linkField('Share this position');

  const replay = createReplay(controls, {
    onSeek(t) {
      if (!game) return;
      game.seek(t);
      const s = game.state();
      board.set({ state: s, interactive: false });
      extra.set(s.extra, s.extra.dir);
      info.textContent = `${s.ravensburger ? 'Ravensburger' : 'Assignment'} rules · turn ${s.turns + (s.winner === null ? 1 : 0)}${s.ending ? ` · ${s.ending}` : ''}`;
      legend.replaceChildren(el('table', { class: 'labyrinth-legend-table' },
        el('tr', {}, el('th', {}, 'Player'), el('th', {}, 'Cards left')),
        ...s.players.map((p, i) => el('tr', { class: i === s.toMove ? 'mover' : '' },
          el('td', {}, el('span', { class: `swatch c-${p.color}` }), ` ${cap(p.color)} `, el('span', { class: 'muted' }, controlName(p.control, levels[i] ?? (p.control === 'ai' ? 'player' : null)))),
          el('td', { class: 'num' }, String(p.cardsLeft))))));
      link.set(shareUrl(game.link(t)));
    },
  });

  root.append(
    el('div', { class: 'panel labyrinth-main' }, title, info, boardRoot, el('div', { class: 'row' }, extraRoot, el('span', { class: 'muted' }, 'Extra tile')), controls),
    el('div', { class: 'panel side labyrinth-side' }, el('h3', {}, 'Players'), legend, el('div', { class: 'row' }, playedBtn), status, link.box));

  function show(g, t, label, seats = []) {
    levels = seats;
    replay.pause();
    const old = game;
    game = g;
    title.textContent = label;
    status.textContent = '';
    replay.set({ moves: { length: g.length, label: (i) => g.label(i) }, t });
    old?.free();
  }
  function openGame() {
    if (!ctx.played) return;
    try {
      const copy = engine.LabyrinthGame.fromLink(ctx.played.link(ctx.played.length));
      show(copy, copy.length, 'Your game', ctx.playedLevels?.() ?? []);
    } catch (e) { status.textContent = `Your game could not be opened here: ${e.message ?? e}`; status.className = 'status error'; }
  }
  playedBtn.addEventListener('click', openGame);

  return {
    openLink(text) { const g = engine.LabyrinthGame.fromLink(text); show(g, g.state().position, 'A shared game'); },
    shown() { openGame(); },
  };
}
