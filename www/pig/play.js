// Play yourself: a human against any strategy. The engine throws the die (seeded) and keeps
// the rules; the opponent's strategy answers from the sandbox.
import { el, linkField, shareUrl } from '../dom.js';
import { sandbox } from '../sandbox.js';
import { createPigBoard, moveLabel, caption } from './board.js';
import { entrant, strategyOptions } from './strategies.js';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function mountPlay(root, ctx) {
  const { engine } = ctx;
  const opponent = el('select', { 'aria-label': 'Opponent', 'data-testid': 'opponent' },
    ...strategyOptions(ctx.builtins, 'hold20'));
  const starts = el('select', { 'aria-label': 'Who starts' },
    el('option', { value: '0' }, 'You start'), el('option', { value: '1' }, 'Opponent starts'));
  const fresh = el('button', { class: 'primary', 'data-testid': 'new-game' }, 'New game');
  const canvas = el('canvas', { class: 'board', 'data-testid': 'play-board' });
  const board = createPigBoard(canvas);
  const throwBtn = el('button', { class: 'primary big', disabled: true, 'data-testid': 'throw' }, 'Throw again (T)');
  const holdBtn = el('button', { class: 'big', disabled: true, 'data-testid': 'hold' }, 'Hold (H)');
  const note = el('div', { class: 'status', 'aria-live': 'polite', 'data-testid': 'play-status' });
  const log = el('ol', { class: 'log', 'data-testid': 'play-log' });
  const link = linkField('Share this game');
  link.set('');

  let generation = 0;
  let decide = null;
  let current = null;

  function choose(answer) {
    if (!decide) return;
    const d = decide;
    decide = null;
    throwBtn.disabled = holdBtn.disabled = true;
    d(answer);
  }
  throwBtn.addEventListener('click', () => choose(true));
  holdBtn.addEventListener('click', () => choose(false));
  document.addEventListener('keydown', (e) => {
    if (!root.isConnected || root.offsetParent === null || e.target.closest('input, textarea, select')) return;
    if (e.key === 't' || e.key === 'T') choose(true);
    if (e.key === 'h' || e.key === 'H') choose(false);
  });

  function show(names, face, animate, last) {
    const state = current.game.state();
    board.set({ state, names, face, animate, caption: caption(state, names, last) });
    const moves = current.game.moves();
    link.set(shareUrl(current.game.link(names, moves.length)));
    return state;
  }

  async function start() {
    const my = ++generation;
    current?.session?.close();
    decide = null;
    throwBtn.disabled = holdBtn.disabled = true;
    log.replaceChildren();
    note.textContent = '';
    note.className = 'status';
    const seed = engine.freshSeed();
    const human = Number(starts.value);
    const opp = entrant(opponent.value);
    const names = human === 0 ? ['You', opp.label] : [opp.label, 'You'];
    const game = new engine.PigGame(100, seed);
    current = { game, session: null };
    let session;
    try {
      session = await sandbox.session(opp, seed + 1, 100);
    } catch (e) {
      note.textContent = `The opponent could not start: ${e.message}`;
      note.className = 'status error';
      return;
    }
    if (my !== generation) { session.close(); return; }
    current.session = session;
    let last;
    show(names, null, false, last);
    while (my === generation) {
      const st = game.state();
      if (st.phase === 'over') {
        note.textContent = st.winner === human ? `You win ${st.totals[human]} to ${st.totals[1 - human]}!` : `${opp.label} wins ${st.totals[1 - human]} to ${st.totals[human]}.`;
        note.className = st.winner === human ? 'status pass' : 'status';
        break;
      }
      const mover = names[st.player];
      if (st.phase === 'throw') {
        const face = game.throwDie();
        last = face;
        show(names, face, true, last);
        log.append(el('li', {}, moveLabel(face, mover)));
        log.scrollTop = log.scrollHeight;
        if (face === 1 && st.player !== human) {
          // CodeAbbey calls the strategy after a 1 too; the answer is ignored.
          await session.decide([st.totals[st.player], st.totals[1 - st.player], st.turn_sum, 1]);
        }
        await sleep(520);
        continue;
      }
      let answer;
      if (st.player === human) {
        throwBtn.disabled = holdBtn.disabled = false;
        answer = await new Promise((r) => { decide = r; });
      } else {
        await sleep(250);
        const r = await session.decide(game.situation());
        if (r.error) {
          note.textContent = `${opp.label} failed: ${r.error} — counted as “hold”.`;
          note.className = 'status error';
        }
        answer = r.error ? false : r.answer;
      }
      if (my !== generation) return;
      game.decide(answer);
      last = answer ? 7 : 8;
      log.append(el('li', {}, moveLabel(last, mover)));
      log.scrollTop = log.scrollHeight;
      show(names, null, false, last);
      await sleep(answer ? 120 : 380);
    }
  }
  fresh.addEventListener('click', start);

  root.append(
    el('div', { class: 'panel play' },
      el('div', { class: 'row' }, el('label', { class: 'inline' }, 'Opponent ', opponent), starts, fresh),
      canvas,
      el('div', { class: 'row center' }, throwBtn, holdBtn),
      note),
    el('div', { class: 'panel side' }, el('h3', {}, 'Moves'), log, link.box));

  // A game is ready as soon as the tab opens: the board is never empty.
  start();
  return { start };
}
