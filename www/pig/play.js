// Play yourself: a human against any strategy. The game is a one-game series of the engine in
// the sandbox worker (sandbox.play → www/play-worker.js, pig/seats.js openPlay), opened from the
// game's link: it throws the die (game 0 of the series of the game's seed), asks the opponent's
// strategy (built-in and Scheme in the engine, JavaScript in the sandbox) as a match does —
// the question after a 1 too, and "hold" for a decision that fails — and stops at your seat,
// whose move the page hands it by index. The page plays the series' moves on its own game, one
// at a time. The game in progress is kept (www/kept.js) as its link, your seat and the opponent
// chosen; a reload reopens the link and the series goes on from there with the same dice.
import { el, linkField, shareUrl } from '../dom.js';
import { bindKeys } from '../keys.js';
import { sandbox } from '../sandbox.js';
import { PlayLoop } from '../play-loop.js';
import { createPigBoard, caption, describe } from './board.js';
import { entrant, strategyOptions, withPrograms } from './strategies.js';
import { keepChoice, keptGame, reopenKept, storage } from '../kept.js';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const V1 = 'arcade.pig.play.v1'; // before kept games were links: { seed, human, opponent, moves }
const namesOf = (human, label) => (human === 0 ? ['You', label] : [label, 'You']);
/**
 * The seat you play is "You" on this page; a link names it by who played it, "human", so
 * that whoever opens the link reads "human vs hold20" (links from before say "You").
 */
const HUMAN = 'human';
const linkNames = (names, human) => names.map((n, seat) => (seat === human ? HUMAN : n));
/**
 * The pace of the opponent's turn and of the die, as Punter's bot speed: the pause after a
 * throw (with its tumble), after "throw again", and after a hold, in ms. Your own throws are
 * never waited for: the buttons come back as soon as the die has landed in the game.
 */
const SPEEDS = [
  ['slow', 'Slow', { die: 700, again: 250, hold: 600, tumble: 420 }],
  ['normal', 'Normal', { die: 420, again: 120, hold: 380, tumble: 300 }],
  ['fast', 'Fast', { die: 120, again: 40, hold: 120, tumble: 100 }],
  ['instant', 'At once', { die: 0, again: 0, hold: 0, tumble: 0 }],
];
const SPEED_KEY = 'arcade.pig.speed';

/** The kept Pig game; a version 1 entry becomes a link (its moves, the die's faces included). */
const keptPig = (engine) => keptGame('pig', {
  label: 'Pig',
  legacyKeys: [V1],
  async legacy() {
    const g = storage.json(V1);
    if (!g?.moves?.length) return null;
    if (!Number.isSafeInteger(g.seed) || ![0, 1].includes(g.human)) throw new Error('it is not a kept Pig game');
    const names = namesOf(g.human, entrant(g.opponent).label);
    return { link: engine.pigGameLink(100, g.seed, names, g.moves, g.moves.length), view: g.moves.length, extra: { human: g.human, opponent: g.opponent } };
  },
});

export function mountPlay(root, ctx) {
  const { engine } = ctx;
  const kept = keptPig(engine);
  const speed = el('select', { 'aria-label': 'Opponent speed', 'data-testid': 'pig-speed' },
    ...SPEEDS.map(([v, label]) => el('option', { value: v }, label)));
  keepChoice(speed, SPEED_KEY, 'normal');
  speed.addEventListener('change', () => speed.blur());
  const pace = () => SPEEDS.find(([v]) => v === speed.value)[2];
  const opponent = el('select', { 'aria-label': 'Opponent', 'data-testid': 'opponent' },
    ...strategyOptions(ctx.builtins, 'hold20'));
  const starts = el('select', { 'aria-label': 'Who starts' },
    el('option', { value: '0' }, 'You start'), el('option', { value: '1' }, 'Opponent starts'));
  const seedInput = el('input', { type: 'text', inputmode: 'numeric', placeholder: 'random', size: 10, 'aria-label': 'Seed', 'data-testid': 'play-seed' });
  const fresh = el('button', { class: 'primary', 'data-testid': 'new-game' }, 'New game');
  const pending = el('div', { class: 'muted play-pending', 'data-testid': 'play-pending', hidden: true });
  const canvas = el('canvas', { class: 'board', 'data-testid': 'play-board' });
  const board = createPigBoard(canvas);
  const throwBtn = el('button', { class: 'primary big', disabled: true, 'data-testid': 'throw' }, 'Throw again (T)');
  const holdBtn = el('button', { class: 'big', disabled: true, 'data-testid': 'hold' }, 'Hold (H)');
  const note = el('div', { class: 'status', 'aria-live': 'polite', 'data-testid': 'play-status' });
  // The board in words, announced as it changes (the board itself is a picture).
  const boardText = el('p', { class: 'sr-only', 'aria-live': 'polite', 'data-testid': 'pig-board-text' });
  const log = el('ol', { class: 'log', 'data-testid': 'play-log' });
  const link = linkField('Share this game');
  link.set('');

  let generation = 0; // bumped when the game is replaced: late answers for an older game are dropped
  let current = null; // { game, names, seed, human, choice, opponent, over }
  let finished = null; // the last finished game, for the Replay tab
  // The game's series in the sandbox, opened from the game's link at its position when it must move.
  const loop = new PlayLoop(async () => {
    const { game, names, human, choice } = current;
    const entrants = await withPrograms([0, 1].map((seat) => (seat === human ? { label: 'You', kind: 'human', source: '' } : entrant(choice))));
    return sandbox.play('pig', { link: game.link(names, game.moves().length), entrants });
  });
  let decided = 0; // decisions of the series reported so far
  let thinking = false; // the series is playing

  const message = (text, kind = '') => { note.textContent = text; note.className = `status${kind ? ` ${kind}` : ''}`; };

  /**
   * Your decision: played on the page's game, then handed to the series by its index. Before a
   * new game's first throw, the throw button starts it (the series throws the first die).
   */
  function choose(answer) {
    if (answer ? throwBtn.disabled : holdBtn.disabled) return;
    throwBtn.disabled = holdBtn.disabled = true;
    if (!current.started) {
      current.started = true;
      throwBtn.textContent = 'Throw again (T)';
      message('');
      settle();
      return;
    }
    const my = generation;
    const index = current.game.decide(answer);
    current.yours = true;
    loop.handOver(index);
    logMove();
    show(null, false);
    const pause = answer ? 0 : pace().hold;
    if (pause) setTimeout(() => { if (my === generation) settle(); }, pause);
    else settle();
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

  // The Replay tab shows the game in progress, or the last finished one, with the decisions its
  // series made since it opened here (the inspector; a strategy's can be re-run: its history is
  // this game, game 1 of a match).
  const asReplay = (c) => ({
    target: 100, seed: c.seed, players: linkNames(c.names, c.human), moves: Array.from(c.game.moves()), decisions: c.decisions,
    history: { seed: c.seed, target: 100, kinds: c.kinds, earlier: [] },
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
    const words = caption(state, current.names);
    board.set({ state, names: current.names, face, animate: animate && pace().tumble > 0, tumbleMs: pace().tumble, caption: words });
    boardText.textContent = `${describe(state, current.names, words)}${face ? ` The die shows ${face}.` : ''}`;
    const moves = current.game.moves();
    const fragment = current.game.link(linkNames(current.names, current.human), moves.length);
    link.set(shareUrl(fragment));
    // A game you have played in is the one the Replay tab shows next (a new one, with only the
    // series' first throws, replaces nothing: not a match game opened meanwhile).
    if (moves.length) kept.write(fragment, moves.length, { human: current.human, opponent: current.choice });
    if (current.yours) ctx.played += 1;
    return state;
  }

  /** Adds the last move to the log, in the engine's words. */
  function logMove() {
    log.append(el('li', {}, current.game.label(current.game.moves().length - 1)));
    log.scrollTop = log.scrollHeight;
  }

  /** Ends the game's series in the sandbox. */
  function closeLoop() {
    loop.close();
    decided = 0;
  }

  /** A failed decision of the opponent, once its move (`label`, the engine's fallback) is played. */
  function report(decisions, shown, label) {
    for (; decided < decisions.length && decisions[decided].move_index < shown; decided += 1) {
      const d = decisions[decided];
      if (d.seat === current.human || !d.refused) continue;
      if (d.counts && d.move_index === shown - 1) message(`${current.opponent} failed: ${d.refused} — counted as “${label}”.`, 'error');
      else if (!d.counts) message(`${current.opponent} failed when asked after a 1 (the answer does not count): ${d.refused}`, 'error');
    }
  }

  /**
   * Hands the series your moves played here, then lets it play until you are asked; its moves
   * (the die's throws, the opponent's decisions) are played on the page's game one at a time.
   */
  async function advance() {
    if (!current || thinking) return;
    const my = generation;
    thinking = true;
    const r = await loop.step(() => my === generation);
    if (!r) return;
    if (r.error) {
      thinking = false;
      closeLoop();
      message(`The game could not go on: ${r.error.message ?? r.error}`, 'error');
      return;
    }
    current.decisions = r.decisions;
    for (const i of r.moves) {
      let label;
      try { label = current.game.playIndex(i); } catch (e) { thinking = false; message(`The game could not go on: ${e.message ?? e}`, 'error'); return; }
      const moves = current.game.moves();
      const code = moves[moves.length - 1];
      logMove();
      const state = show(code <= 6 ? code : null, code <= 6);
      report(r.decisions, moves.length, label);
      // Your decision next: the buttons come back at once (the die tumbles on meanwhile).
      if (state.phase === 'decide' && state.player === current.human) break;
      const p = pace();
      const pause = code <= 6 ? p.die : code === 7 ? p.again : p.hold;
      if (pause) await sleep(pause);
      if (my !== generation) return;
    }
    thinking = false;
    settle();
  }

  /** What comes next: the end, your decision, or the series' moves. */
  function settle() {
    const { game, human } = current;
    const st = game.state(human);
    if (st.phase === 'over') {
      message(st.ending, st.ranks[human] === 1 ? 'pass' : ''); // the engine's words, "You win 100 to 57!"
      current.over = true;
      finished = asReplay(current);
      changed();
      closeLoop();
      return;
    }
    if (!current.started) {
      // A new game starts when you say so: nothing is thrown before.
      throwBtn.textContent = human === 0 ? 'Throw (T)' : 'Start (T)';
      throwBtn.disabled = false;
      message(human === 0 ? 'Your game: throw the die to begin.' : `${current.opponent} begins: press Start when you are ready.`);
      return;
    }
    if (st.phase === 'decide' && st.player === human && !loop.pending) throwBtn.disabled = holdBtn.disabled = false;
    else advance();
  }

  /**
   * Plays `game` (this view owns it; `names` its players, `human` your seat, `choice` the
   * opponent chosen): a new game, or the kept one.
   */
  function use(game, { names, human, choice }) {
    generation += 1;
    closeLoop();
    thinking = false;
    if (current?.over) finished = asReplay(current);
    const old = current?.game;
    throwBtn.disabled = holdBtn.disabled = true;
    log.replaceChildren();
    message('');
    // How each seat is played (the opponent's code as the series opens it, from the lab).
    const kinds = names.map((_, seat) => (seat === human ? 'human' : entrant(choice).kind));
    // `yours`: you have played in it (a kept or forked game has your moves up to here).
    // `started`: a game with moves goes on by itself; a new one waits for your first press.
    const started = game.moves().length > 0;
    current = { game, names, seed: game.seed, human, choice, kinds, opponent: names[1 - human], over: false, decisions: [], yours: started, started };
    throwBtn.textContent = 'Throw again (T)';
    if (old && old !== game) old.free();
    changed();
    for (let i = 0; i < game.moves().length; i += 1) log.append(el('li', {}, game.label(i)));
    log.scrollTop = log.scrollHeight;
    show(null, false);
    settle();
  }

  /** A new game from the set-up: its seed from the seed field (empty: a fresh one). */
  function start() {
    const seedText = seedInput.value.trim();
    if (seedText && !/^\d{1,15}$/.test(seedText)) { message('The seed is a whole number (up to 15 digits).', 'error'); return; }
    const seed = seedText ? Number(seedText) : engine.freshSeed();
    const human = Number(starts.value);
    const names = namesOf(human, entrant(opponent.value).label);
    use(new engine.PigGame(100, seed, names), { names, human, choice: opponent.value });
  }
  fresh.addEventListener('click', () => start());

  root.append(
    el('div', { class: 'panel play' },
      el('div', { class: 'row' }, el('label', { class: 'inline' }, 'Opponent ', opponent), starts,
        el('label', { class: 'inline' }, 'Seed ', seedInput), fresh,
        el('label', { class: 'inline' }, 'Speed ', speed)),
      pending,
      canvas, boardText,
      el('div', { class: 'row center' }, throwBtn, holdBtn),
      note),
    el('div', { class: 'panel side' }, el('h3', {}, 'Moves'), log, link.box));

  // A game is ready as soon as the tab opens: the one kept (its link reopened), else a new one —
  // unless a game was forked here meanwhile (Continue from here opened the tab).
  let forked = false;
  reopenKept(ctx.app, kept, (opened, record) => {
    if (forked) return;
    const { data } = opened;
    if (opened.kind !== 'pig' || ![0, 1].includes(record.human) || ![HUMAN, 'You'].includes(data.players[record.human])) throw new Error('it is not a Pig game of yours');
    if ([...opponent.options].some((o) => o.value === record.opponent)) opponent.value = record.opponent;
    starts.value = String(record.human);
    const names = namesOf(record.human, data.players[1 - record.human]);
    use(engine.PigGame.fromLink(record.link, names), { names, human: record.human, choice: record.opponent });
  }).then((resumed) => { if (!resumed && !forked) start(); });
  return {
    start,
    /**
     * Continue from here: a game of your own (kept) from `link`'s position — its moves up to
     * there — you in seat `human` against `choice`, the series going on from the fork.
     */
    fork(link, human, choice) {
      forked = true;
      if ([...opponent.options].some((o) => o.value === choice)) opponent.value = choice;
      starts.value = String(human);
      const names = namesOf(human, entrant(choice).label);
      use(engine.PigGame.fromLink(link, names), { names, human, choice });
    },
  };
}
