// Play yourself: a human against any strategy. The engine throws the die (seeded) and keeps
// the rules; the opponent's strategy answers from the sandbox. The game in progress is kept
// (www/kept.js) as its link, your seat and the opponent chosen; a reload reopens the link.
import { el, linkField, shareUrl } from '../dom.js';
import { bindKeys } from '../keys.js';
import { sandbox } from '../sandbox.js';
import { createPigBoard, caption } from './board.js';
import { entrant, strategyOptions } from './strategies.js';
import { keptGame, reopenKept, storage } from '../kept.js';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const V1 = 'arcade.pig.play.v1'; // before kept games were links: { seed, human, opponent, moves }
const namesOf = (human, label) => (human === 0 ? ['You', label] : [label, 'You']);

/** The kept Pig game; a version 1 entry becomes a link (the die is seeded: its moves replay). */
const keptPig = (engine) => keptGame('pig', {
  label: 'Pig',
  legacyKeys: [V1],
  async legacy() {
    const g = storage.json(V1);
    if (!g?.moves?.length) return null;
    if (!Number.isSafeInteger(g.seed) || ![0, 1].includes(g.human)) throw new Error('it is not a kept Pig game');
    const game = new engine.PigGame(100, g.seed, namesOf(g.human, entrant(g.opponent).label));
    try {
      const moves = playMoves(game, g.moves);
      return { link: game.link(namesOf(g.human, entrant(g.opponent).label), moves), view: moves, extra: { human: g.human, opponent: g.opponent } };
    } finally { game.free(); }
  },
});

/** Plays recorded move codes (the engine's die, seeded, throws the same faces); how many were played. */
function playMoves(game, moves, after = () => {}) {
  let n = 0;
  for (const code of moves) {
    const st = game.state();
    if (st.phase === 'over') break;
    if (st.phase === 'throw') {
      if (game.throwDie() !== code) break;
    } else if (code === 7 || code === 8) game.decide(code === 7);
    else break;
    n += 1;
    after();
  }
  return n;
}

export function mountPlay(root, ctx) {
  const { engine } = ctx;
  const kept = keptPig(engine);
  const opponent = el('select', { 'aria-label': 'Opponent', 'data-testid': 'opponent' },
    ...strategyOptions(ctx.builtins, 'hold20'));
  const starts = el('select', { 'aria-label': 'Who starts' },
    el('option', { value: '0' }, 'You start'), el('option', { value: '1' }, 'Opponent starts'));
  const fresh = el('button', { class: 'primary', 'data-testid': 'new-game' }, 'New game');
  const pending = el('div', { class: 'muted play-pending', 'data-testid': 'play-pending', hidden: true });
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
  let current = null; // { game, names, seed, human, opponent, over }
  let finished = null; // the last finished game, for the Replay tab

  function choose(answer) {
    if (!decide) return;
    const d = decide;
    decide = null;
    throwBtn.disabled = holdBtn.disabled = true;
    d(answer);
  }
  throwBtn.addEventListener('click', () => choose(true));
  holdBtn.addEventListener('click', () => choose(false));
  bindKeys(root, (e) => {
    const k = e.key.toLowerCase();
    if (k === 't') choose(true);
    else if (k === 'h') choose(false);
    else return false;
    return true;
  });

  // The Replay tab shows the game in progress, or the last finished one.
  const asReplay = (c) => ({
    target: 100, seed: c.seed, players: c.names, moves: Array.from(c.game.moves()),
    title: `Your game against ${c.opponent}${c.over ? '' : ' (in progress)'}`,
  });
  ctx.lastPlayed = () => (current?.game.moves().length ? asReplay(current) : finished);

  // A new opponent or a new first player applies from the next game: say so.
  const changed = () => {
    const differs = current && (opponent.value !== current.choice || Number(starts.value) !== current.human);
    pending.hidden = !differs || current.over;
    pending.textContent = differs ? 'Your choice applies from the next game: press New game to start it.' : '';
  };
  opponent.addEventListener('change', changed);
  starts.addEventListener('change', changed);

  function show(face, animate) {
    const state = current.game.state();
    board.set({ state, names: current.names, face, animate, caption: caption(state, current.names) });
    const moves = current.game.moves();
    const fragment = current.game.link(current.names, moves.length);
    link.set(shareUrl(fragment));
    if (moves.length) kept.write(fragment, moves.length, { human: current.human, opponent: current.choice });
    ctx.played += 1;
    return state;
  }

  /** Adds the last move to the log, in the engine's words. */
  function logMove() {
    log.append(el('li', {}, current.game.label(current.game.moves().length - 1)));
    log.scrollTop = log.scrollHeight;
  }

  /** Starts a new game, or resumes `resume` ({ seed, human, opponent, moves }). */
  async function start(resume = null) {
    const my = ++generation;
    current?.session?.close();
    if (current?.over) finished = asReplay(current);
    decide = null;
    throwBtn.disabled = holdBtn.disabled = true;
    log.replaceChildren();
    note.textContent = '';
    note.className = 'status';
    const seed = resume?.seed ?? engine.freshSeed();
    const human = resume ? resume.human : Number(starts.value);
    const choice = resume?.opponent ?? opponent.value;
    const opp = entrant(choice);
    const names = namesOf(human, opp.label);
    const game = new engine.PigGame(100, seed, names);
    current = { game, names, seed, human, choice, opponent: opp.label, over: false, session: null };
    changed();
    playMoves(game, resume?.moves ?? [], logMove);
    // The opponent's seat opens in the sandbox worker while the game is drawn and the human
    // plays: it is awaited only when the opponent is asked (null: it could not start).
    const opening = sandbox.session(opp, engine.entrantSeed(seed, 1 - human), 100, 'pig').then((s) => {
      if (my !== generation) { s.close(); return null; }
      current.session = s;
      return s;
    }, (e) => {
      if (my === generation) {
        note.textContent = `The opponent could not start: ${e.message}`;
        note.className = 'status error';
      }
      return null;
    });
    show(null, false);
    while (my === generation) {
      const st = game.state(human);
      if (st.phase === 'over') {
        note.textContent = st.ending; // the engine's words, "You win 100 to 57!"
        note.className = st.ranks[human] === 1 ? 'status pass' : 'status';
        current.over = true;
        finished = asReplay(current);
        changed();
        break;
      }
      if (st.phase === 'throw') {
        const face = game.throwDie();
        show(face, true);
        logMove();
        // The engine says when the strategy is asked although its answer does not count.
        const courtesy = game.courtesy();
        if (courtesy && st.player !== human) {
          const session = await opening;
          if (!session || my !== generation) return;
          await session.decide(courtesy);
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
        const session = await opening;
        if (!session || my !== generation) return;
        const r = await session.decide(game.situation());
        if (my !== generation) return;
        if (r.error) {
          // The engine plays its fallback for a failed strategy (hold).
          const played = game.fallbackMove();
          note.textContent = `${opp.label} failed: ${r.error} — counted as “${played}”.`;
          note.className = 'status error';
          logMove();
          show(null, false);
          await sleep(380);
          continue;
        }
        answer = r.answer;
      }
      if (my !== generation) return;
      game.decide(answer);
      logMove();
      show(null, false);
      await sleep(answer ? 120 : 380);
    }
  }
  fresh.addEventListener('click', () => start());

  root.append(
    el('div', { class: 'panel play' },
      el('div', { class: 'row' }, el('label', { class: 'inline' }, 'Opponent ', opponent), starts, fresh),
      pending,
      canvas,
      el('div', { class: 'row center' }, throwBtn, holdBtn),
      note),
    el('div', { class: 'panel side' }, el('h3', {}, 'Moves'), log, link.box));

  // A game is ready as soon as the tab opens: the one kept (its link reopened), else a new one.
  reopenKept(ctx.app, kept, (opened, record) => {
    const { data } = opened;
    if (opened.kind !== 'pig' || ![0, 1].includes(record.human) || data.players[record.human] !== 'You') throw new Error('it is not a Pig game of yours');
    if ([...opponent.options].some((o) => o.value === record.opponent)) opponent.value = record.opponent;
    starts.value = String(record.human);
    start({ seed: data.seed, human: record.human, opponent: record.opponent, moves: data.moves.slice(0, record.view ?? data.view) });
  }).then((resumed) => { if (!resumed) start(); });
  return { start };
}
