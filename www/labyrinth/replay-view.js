// A Labyrinth game in the shared replay viewer: the game played (a copy, from its link), a game
// of the strategy lab, or a shared one. The board and the players follow the viewed position;
// its link can be shared. The inspector shows, for games played here, what the seat behind each
// move saw, answered, printed and took (and re-runs the current code on a strategy's turn);
// "Continue from here" opens the position in Play with the seats chosen.
import { el, linkField, shareUrl } from '../dom.js';
import { createReplay } from '../replay.js';
import { createInspector, decisionAt } from '../inspector.js';
import { marksOf, marksShown, marksSwitch } from '../marks.js';
import { sandbox } from '../sandbox.js';
import { createBoardView, createTileView } from './board-view.js';
import { controlName } from './play.js';
import { labStrategy } from './strategies.js';

const SEATS = [['human', 'Human'], ['simple', 'AI simple'], ['greedy', 'AI greedy'], ['strong', 'AI strong'], ['js', 'Your strategy']];

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
  let decisions = null; // the game's decisions when it was played here
  let showing = null; // 'played' (your game), 'link' or 'lab'
  let at = 0;
  const inspector = createInspector({
    testid: 'labyrinth-inspector',
    who: (d) => `${cap(game.state().players[d.seat].color)} (${controlName('ai', levels[d.seat] ?? 'player')})`,
    viewOf: (d) => viewAt(d),
    canRerun: (d) => levels[d.seat] === 'js',
    rerun: (d) => rerunAt(d),
    onSeek: (t) => replay.set({ moves: { length: game.length, label: (i) => game.label(i) }, t }),
    marksOf: (d) => marksOf(game, d),
  });
  // The marks of the decision behind the move shown (a whole turn), over the board.
  const showMarks = marksSwitch('labyrinth-show-marks', () => showMarksAt(at));
  const marksRow = el('div', { hidden: true }, el('div', { class: 'row' }, showMarks.box)); // for games with decisions
  function showMarksAt(t) {
    board.setMarks(marksOf(game, decisions && marksShown() ? decisionAt(decisions, t) : null).marks);
  }
  /** The view seat `d.seat` was handed for decision `d`, as JSON text (the position viewed stays). */
  function viewAt(d) {
    game.seek(d.move_index);
    const text = game.viewText(d.seat);
    game.seek(at);
    return text;
  }
  /** The code now in the Your strategy tab, on the seat's own history of this game up to `d`. */
  async function rerunAt(d) {
    const mine = decisions.filter((x) => x.seat === d.seat && x.counts && x.move_index <= d.move_index);
    const r = await sandbox.rerun('labyrinth', await labStrategy(), d.seed, mine.map(viewAt));
    if (r.error) return r;
    game.seek(d.move_index);
    try {
      const { insertion, rotation, row, column } = r.answer;
      return { ...r, answer: game.turnLabel(insertion, rotation, row, column) };
    } catch (e) {
      return { ...r, answer: null, error: `not allowed: ${e.message ?? e}` };
    } finally { game.seek(at); }
  }

  // Continue from here: the position in Play, each seat played as chosen.
  const forkSeats = el('div', { class: 'labyrinth-fork-seats', 'data-testid': 'labyrinth-fork-seats', hidden: true });
  const forkBtn = el('button', { class: 'primary', 'data-testid': 'labyrinth-continue' }, 'Continue from here');
  forkBtn.addEventListener('click', () => {
    if (!game) return;
    if (forkSeats.hidden) {
      const s = game.state();
      forkSeats.replaceChildren(...s.players.map((p, i) => {
        const select = el('select', { 'data-testid': `labyrinth-fork-${p.color}`, 'aria-label': `${cap(p.color)} player` },
          ...SEATS.map(([v, label]) => el('option', { value: v }, label)));
        select.value = p.control === 'human' ? 'human' : levels[i] && levels[i] !== 'player' ? levels[i] : 'greedy';
        return el('label', { class: 'labyrinth-seat' }, el('span', { class: `swatch c-${p.color}` }), cap(p.color), select);
      }), el('button', { class: 'primary', 'data-testid': 'labyrinth-fork-start', onclick: () => {
        const seats = [...forkSeats.querySelectorAll('select')].map((x) => x.value);
        forkSeats.hidden = true;
        forkBtn.textContent = 'Continue from here';
        // Your strategy answers a whole turn (push and move) to one question: between the push
        // and the move of its turn, the game goes on from the start of that turn.
        const s = game.state();
        const from = s.phase === 'move' && seats[s.toMove] === 'js' && at > 0 ? at - 1 : at;
        ctx.continueFrom(game, from, seats, seriesGame);
      } }, 'Play from this position'));
      forkSeats.hidden = false;
      forkBtn.textContent = 'Cancel';
    } else {
      forkSeats.hidden = true;
      forkBtn.textContent = 'Continue from here';
    }
  });

  const replay = createReplay(controls, {
    onSeek(t) {
      if (!game) return;
      at = t;
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
      inspector.set(decisions, t);
      showMarksAt(t);
    },
  });

  root.append(
    el('div', { class: 'panel labyrinth-main' }, title, info, boardRoot, el('div', { class: 'row' }, extraRoot, el('span', { class: 'muted' }, 'Extra tile')), controls,
      marksRow, el('div', { class: 'row' }, forkBtn), forkSeats),
    el('div', { class: 'panel side labyrinth-side' }, el('h3', {}, 'Players'), legend, el('div', { class: 'row' }, playedBtn), status, link.box, inspector.box));

  let seriesGame = 0; // the number of the game shown in its series (a lab game's), kept by its forks
  /**
   * Shows `g` (this view owns it) at `t`; `seats`: how each seat was played; `list`: its decisions
   * (null: not recorded); `number`: the game's number in its series.
   */
  function show(g, t, label, seats = [], list = null, number = 0) {
    levels = seats;
    seriesGame = number;
    decisions = list;
    marksRow.hidden = !list;
    showMarks.sync();
    forkSeats.hidden = true;
    forkBtn.textContent = 'Continue from here';
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
      show(copy, copy.length, 'Your game', ctx.playedLevels?.() ?? [], ctx.playedDecisions?.() ?? null, ctx.playedSeriesGame?.() ?? 0);
      showing = 'played';
    } catch (e) { status.textContent = `Your game could not be opened here: ${e.message ?? e}`; status.className = 'status error'; }
  }
  playedBtn.addEventListener('click', openGame);

  return {
    openLink(text) { const g = engine.LabyrinthGame.fromLink(text); show(g, g.state().position, 'A shared game'); showing = 'link'; },
    /** A game of the strategy lab, at its first move, with its decisions. */
    openGame({ link: l, title: label, seats, decisions: list, game: number = 0 }) {
      const g = engine.LabyrinthGame.fromLink(l);
      show(g, Math.min(1, g.length), label, seats, list, number);
      showing = 'lab';
    },
    /** The tab is shown: your game, unless a lab game or a link is being looked at. */
    shown() { if (showing === null || showing === 'played') openGame(); },
  };
}
