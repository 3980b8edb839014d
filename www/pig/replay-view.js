// A Pig game in the shared replay viewer, with its share link following the viewed turn.
// The engine's tape holds the game: positions, move labels (turn and seat) and links come from
// it one at a time, never the whole game at once. A game of a match opens at its first move, and
// the inspector shows what each strategy saw, answered and printed at each of its decisions; at a
// decision of code (a match's or the Play game's), Re-run here asks the code now in the lab.
import { el, followLink, linkField, shareUrl } from '../dom.js';
import { createReplay } from '../replay.js';
import { createInspector, decisionAt } from '../inspector.js';
import { marksOf, marksShown, marksSwitch, valueRows } from '../marks.js';
import { createPigBoard, caption } from './board.js';
import { entrant, loadMine, strategyOptions, withPrograms } from './strategies.js';
import { sandbox, sandboxError } from '../sandbox.js';

/** Whether a seat played by `kind` ran user code (which Re-run here can run again). */
const isCode = (kind) => kind === 'js' || kind === 'scheme' || kind === 'program';

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
  let tape = null; // engine.PigTape of the open game
  let at = 0;
  const inspector = createInspector({
    testid: 'pig-inspector',
    who: (d) => game.players[d.seat],
    viewOf: (d) => { tape.seek(d.move_index); const text = tape.viewText(d.seat); tape.seek(at); return text; },
    canRerun: (d) => d.counts && isCode(game.history?.kinds[d.seat]),
    rerun: (d) => rerunAt(d),
    onSeek: (t) => replay.set({ moves: { length: tape.length, label: (i) => tape.label(i) }, t }),
    marksOf: (d) => marksOf(tape, d),
  });

  // Pig's marks are values (a win chance, a threshold): labelled numbers beside the board, with a
  // bar for a value between 0 and 1, those of the decision behind the move shown.
  const values = el('div', { class: 'marks-values', 'data-testid': 'pig-values' });
  const valuesBox = el('div', { hidden: true }, values); // (the grid's display would show it while hidden)
  const showMarks = marksSwitch('pig-show-marks', () => showValues(at));
  const marksRow = el('div', { hidden: true }, el('div', { class: 'row' }, showMarks.box)); // for games with decisions
  function showValues(t) {
    const d = game?.decisions && marksShown() ? decisionAt(game.decisions, t) : null;
    const { marks } = marksOf(tape, d);
    valuesBox.hidden = !marks.length;
    values.dataset.marks = String(marks.length);
    values.replaceChildren(...(marks.length ? [el('div', { class: 'muted marks-values-head' }, `Values of ${game.players[d.seat]}’s decision`)] : []), ...valueRows(marks));
  }

  /**
   * The code now in the Strategy lab, started afresh as the seat's entrant was and handed its
   * history: every question it was asked in the match (or the Play game) up to decision `d`. The
   * sandbox worker derives the questions from the games' moves with the engine; the page only
   * hands it the moves of this game and of the match's games before it.
   */
  async function rerunAt(d) {
    const { seed, target, earlier } = game.history;
    const games = [...earlier, game.moves];
    const lengths = games.map((m) => m.length);
    const moves = new Uint8Array(lengths.reduce((a, b) => a + b, 0));
    games.reduce((at, m) => { moves.set(m, at); return at + m.length; }, 0);
    // The lab's strategy as it is now: its code, or the program it plays.
    const [now] = await withPrograms([entrant('mine')]);
    const mine = now.kind === 'program' ? now : loadMine();
    const params = { game: 'pig', kind: mine.kind, source: mine.source, program: mine.program, target, seed, moves, lengths, entrant: d.entrant, moveIndex: d.move_index };
    // The worker is silent while the code answers the history, one question at a time.
    const backstopMs = 10_000 + 1000 * moves.length;
    const r = await sandbox.run('rerun', params, { backstopMs });
    if (!r.ok) throw sandboxError(r, backstopMs);
    return r.value;
  }

  const replay = createReplay(controls, {
    onSeek(t) {
      if (!tape) return;
      at = t;
      const state = tape.seek(t);
      const last = game.moves[t - 1];
      const face = last >= 1 && last <= 6 ? last : null;
      board.set({ state, names: game.players, face, animate: false, caption: caption(state, game.players) });
      const url = shareUrl(tape.link(t));
      link.set(url);
      // While a game link is open, the address bar follows the viewed turn.
      if (location.hash.startsWith('#pig/')) followLink(url);
      inspector.set(game.decisions ?? null, t);
      showValues(t);
    },
  });

  // Continue from here: the position in Play, you in the seat chosen, against the strategy chosen.
  const seatPick = el('select', { 'aria-label': 'Your seat', 'data-testid': 'pig-fork-seat' });
  const opponentPick = el('select', { 'aria-label': 'Opponent', 'data-testid': 'pig-fork-opponent' }, ...strategyOptions(ctx.builtins, 'hold20'));
  // (A box of its own around the row: `.row` sets a display, which would show it while hidden.)
  const forkRow = el('div', { hidden: true, 'data-testid': 'pig-fork' }, el('div', { class: 'row' },
    el('label', { class: 'inline' }, 'You play ', seatPick), el('label', { class: 'inline' }, 'against ', opponentPick),
    el('button', { class: 'primary', 'data-testid': 'pig-fork-start', onclick: () => {
      forkRow.hidden = true;
      ctx.continueFrom(tape.link(at), Number(seatPick.value), opponentPick.value);
    } }, 'Play from this position')));
  const forkBtn = el('button', { 'data-testid': 'pig-continue', hidden: true, onclick: () => {
    seatPick.replaceChildren(...game.players.map((p, i) => el('option', { value: String(i) }, `${p}’s seat (${i === 0 ? 'first' : 'second'})`)));
    forkRow.hidden = !forkRow.hidden;
  } }, 'Continue from here');

  root.append(el('div', { class: 'panel' }, title, hint, canvas, valuesBox, controls, marksRow, el('div', { class: 'row' }, forkBtn), forkRow, output, link.box, inspector.box));

  return {
    /**
     * game: { target, seed, players: [a, b], moves: [codes], view, output?, title?, decisions?,
     * history? }; `history` = { seed, target, kinds: [how each seat was played: 'js', 'scheme',
     * 'builtin', 'human'], earlier: [the move codes of each game of the match before this one] }
     * lets Re-run here ask the current code at a decision of a seat played by code.
     */
    open(g) {
      const players = g.players.length === 2 ? g.players : ['Player 1', 'Player 2'];
      tape?.free();
      tape = null;
      game = null;
      // Throws "move N: …" for a move that is not legal (a broken game).
      tape = new ctx.engine.PigTape(g.target, g.seed, Uint8Array.from(g.moves), players);
      game = { ...g, players };
      marksRow.hidden = !g.decisions;
      showMarks.sync();
      title.textContent = g.title ?? `${game.players[0]} vs ${game.players[1]}`;
      hint.hidden = true;
      forkBtn.hidden = !ctx.continueFrom;
      forkRow.hidden = true;
      // A game with its decisions shows what was printed decision by decision, in the inspector.
      output.hidden = !g.output || Boolean(g.decisions);
      output.textContent = g.output ? `Printed by the strategies:\n${g.output}` : '';
      const open = tape;
      const labels = { length: open.length, label: (i) => (open === tape ? open.label(i) : '') };
      replay.set({ moves: labels, t: g.view ?? open.length });
    },
  };
}
