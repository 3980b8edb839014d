// Play Labyrinth: 1–4 players (human or AI at a level), assignment or Ravensburger rules, a
// seed. A turn: turn the extra tile (click it or R), push it in at an arrow, then walk to a
// highlighted square (or stay). Every rule — legal pushes, reachable squares, the AI — is the
// engine's. Hands are hidden: only the human to move sees their own cards, and between two
// human players a hand-over screen hides the board until the next one is ready.
// The game is a one-game series of the engine in the sandbox worker (sandbox.play →
// www/play-worker.js, labyrinth/seats.js openPlay), started from the game's link: it plays the AI
// seats and "Your strategy" seats (the code of the Your strategy tab, one session per seat for
// the game) exactly as an arena does — a turn that fails (throws, too slow, not allowed) is
// played by the greedy AI and the reason is shown — and stops at every human seat, whose move
// the page hands it by index. The game in progress is kept (www/kept.js: its link, plus the AI level of each seat and
// the strategies' seed) after every move; a reload reopens its link. A game opened from a link
// does not replace it until a move is played in it ("Back to your game" until then).
import { bringIntoView, el, fileRefused, followLink, linkField, readFile, saveText, shareUrl } from '../dom.js';
import { bindKeys } from '../keys.js';
import { sandbox } from '../sandbox.js';
import { PlayLoop } from '../play-loop.js';
import { createBoardView, createTileView, nextDir } from './board-view.js';
import { labStrategy } from './strategies.js';
import { boardKeys, choiceAt } from './board-keys.js';
import { describeBoard, listed } from './describe.js';
import { keptGame, reopenKept, storage } from '../kept.js';

const PLAYERS = ['yellow', 'red', 'blue', 'green'];
const LEVELS = ['simple', 'greedy', 'strong'];
const AI_DELAY = 180; // ms between two AI half-moves
const V1 = 'arcade.labyrinth.game.v1'; // before version 2: { v: 1, link, levels, seed }
const MAX_PRINTED = 4000;
const cap = (s) => s[0].toUpperCase() + s.slice(1);
/** How a seat is played, for the status and the legend. */
export const controlName = (control, level) => (control === 'human' ? 'human' : level === 'js' ? 'your strategy' : `AI ${level ?? 'greedy'}`);
/** The kept Labyrinth game (a version 1 entry was already a link). */
const keptLabyrinth = () => keptGame('labyrinth', {
  label: 'Labyrinth',
  legacyKeys: [V1],
  async legacy() {
    const e = storage.json(V1);
    if (e?.v !== 1 || typeof e.link !== 'string') throw new Error('it is not a kept Labyrinth game');
    return { link: e.link, view: null, extra: { levels: e.levels, seed: e.seed } };
  },
});

/** The rule sets, as the New game form explains them. */
const RULES = {
  assignment: 'Assignment rules: after your push, every card of yours whose treasure your pawn can reach is collected at once, before you walk. No push may push a pawn off the board. With no cards left, walk back to your start square to win.',
  ravensburger: 'Ravensburger rules: your cards are sought one at a time, in order: end your move on the first one\'s treasure to collect it. A pawn pushed off the board comes back on the inserted tile, and no push may undo the one before. With no cards left, walk back to your start square to win.',
};

export function mountPlay(root, ctx) {
  const { engine } = ctx;
  const geometry = engine.labyrinthGeometry();
  const turnLimits = engine.decisionLimits('labyrinth');
  const kept = keptLabyrinth();
  let game = null;
  let levels = [];
  let extraDir = 'north';
  let revealed = null; // the human player who has said "I am …" for this turn
  let aiTimer = null;
  let seed = 0; // the game's seed (the series' seeds come from it)
  let generation = 0; // bumped when the game is replaced: late answers for an older game are dropped
  let linked = false; // opened from a link and not played here yet: the address follows it
  let unkept = false; // not kept until a move is played here (a link's game)
  let seriesGame = 0; // the game's number in its series (a fork of a lab game keeps its seeds)
  let thinking = false; // the series is playing the engine's and the strategies' seats
  // The game's series in the sandbox, opened from the game's link at its position at the first
  // seat it plays.
  const loop = new PlayLoop(async () => {
    const entrants = levels.map((l) => l ?? 'human');
    const source = entrants.includes('js') ? await labStrategy() : '';
    return sandbox.play('labyrinth', { link: game.link(game.state().position), entrants, source, game: seriesGame });
  });
  let decided = 0; // decisions of the series shown so far
  let decisions = []; // the series' decisions in this game (since its series was opened here)

  // Set-up.
  const seatRows = PLAYERS.map((color, i) => {
    const select = el('select', { 'data-testid': `labyrinth-seat-${color}`, 'aria-label': `${cap(color)} player` },
      el('option', { value: 'off' }, '—'), el('option', { value: 'human' }, 'Human'),
      ...LEVELS.map((l) => el('option', { value: l }, `AI ${l}`)), el('option', { value: 'js' }, 'Your strategy'));
    select.value = i === 0 ? 'human' : i === 1 ? 'greedy' : 'off';
    return { color, select, box: el('label', { class: 'labyrinth-seat' }, el('span', { class: `swatch c-${color}` }), cap(color), select) };
  });
  const rules = el('select', { 'data-testid': 'labyrinth-rules', 'aria-label': 'Rules', 'aria-describedby': 'labyrinth-rules-note' },
    el('option', { value: 'assignment' }, 'Assignment rules'), el('option', { value: 'ravensburger' }, 'Ravensburger rules'));
  // The two rule sets in a few words (the engine plays them: crates/labyrinth/src/state.rs).
  const rulesNote = el('p', { class: 'muted labyrinth-rules-note', id: 'labyrinth-rules-note', 'data-testid': 'labyrinth-rules-note' });
  const explainRules = () => { rulesNote.textContent = RULES[rules.value]; };
  rules.addEventListener('change', explainRules);
  explainRules();
  const seedInput = el('input', { type: 'text', inputmode: 'numeric', placeholder: 'random', 'data-testid': 'labyrinth-seed', size: 10 });
  const startBtn = el('button', { class: 'primary', 'data-testid': 'labyrinth-start', onclick: () => start() }, 'New game');
  const formStatus = el('div', { class: 'status', role: 'alert', 'data-testid': 'labyrinth-form-status' });

  // The game.
  const status = el('div', { class: 'labyrinth-status', 'aria-live': 'polite', 'data-testid': 'labyrinth-status' });
  const note = el('div', { class: 'labyrinth-note', role: 'alert', 'data-testid': 'labyrinth-message' });
  const printed = el('pre', { class: 'output labyrinth-printed', 'data-testid': 'labyrinth-printed' });
  const printedBox = el('div', { class: 'labyrinth-printed-box', hidden: true }, el('div', { class: 'muted' }, 'Printed by your strategy'), printed);
  const backBtn = el('button', { class: 'small primary', 'data-testid': 'labyrinth-back-to-game', onclick: () => back() }, 'Back to your game');
  const backBar = el('div', { class: 'from-link', hidden: true, 'data-testid': 'labyrinth-back' },
    el('span', {}, 'This game was opened from a link. Your own game is kept until you play a move here.'), backBtn);
  const boardRoot = el('div', { class: 'labyrinth-board' });
  const board = createBoardView(boardRoot, {
    testid: 'labyrinth-play-canvas', geometry, onArrow: (i) => push(i), onSquare: (r, c) => walk(r, c),
    pathTo: (r, c) => (game ? Array.from(game.path(r, c)) : []),
  });
  const extraRoot = el('div', { class: 'labyrinth-extra-box' });
  const extra = createTileView(extraRoot, { testid: 'labyrinth-extra', geometry, onClick: () => rotate() });
  const rotateBtn = el('button', { class: 'small', 'data-testid': 'labyrinth-rotate', onclick: () => rotate(), title: 'Turn the extra tile clockwise (R)' }, 'Turn ↻ (R)');
  const stayBtn = el('button', { 'data-testid': 'labyrinth-stay', onclick: () => stay(), title: 'End the turn where you stand (S)' }, 'Stay');
  const handover = el('div', { class: 'labyrinth-handover', hidden: true, 'data-testid': 'labyrinth-handover' });
  const legend = el('div', { class: 'labyrinth-legend', 'data-testid': 'labyrinth-legend' });
  const cards = el('div', { class: 'labyrinth-cards', 'data-testid': 'labyrinth-cards' });
  // The cards collected lately (by everyone), announced as they are found.
  const found = el('div', { class: 'labyrinth-found', role: 'status', 'data-testid': 'labyrinth-found' });
  let foundLines = [];
  // What the keyboard cursor is on, for screen readers.
  const boardText = el('div', { class: 'sr-only', 'aria-live': 'polite', 'data-testid': 'labyrinth-board-text' });
  const link = linkField('Share this game');
  const saveBtn = el('button', { 'data-testid': 'labyrinth-save', onclick: () => save() }, 'Save to file');
  const fileInput = el('input', { type: 'file', accept: '.txt,text/plain', hidden: true, 'data-testid': 'labyrinth-load-file' });
  const loadBtn = el('button', { 'data-testid': 'labyrinth-load', onclick: () => fileInput.click(), title: 'A save file (the assignment’s format); the rules chosen above apply' }, 'Load from file…');
  const fileStatus = el('div', { class: 'status', role: 'alert', 'data-testid': 'labyrinth-file-status' });

  root.append(
    el('div', { class: 'panel labyrinth-main' }, backBar, status, note, printedBox, handover,
      // The board, and beside it (under it on a phone) the extra tile, its buttons and the hand.
      el('div', { class: 'labyrinth-stage' }, boardRoot,
        el('div', { class: 'labyrinth-aside' },
          el('div', { class: 'row labyrinth-actions' }, extraRoot,
            el('div', { class: 'labyrinth-extra-help' }, el('span', { class: 'muted' }, 'Extra tile'), rotateBtn, stayBtn)),
          cards, found)),
      boardText,
      el('p', { class: 'muted labyrinth-keys' }, 'Turn the extra tile (R or click it), click an arrow to push it in, then click a green square to walk there (or Stay, S). A grey arrow is not allowed: click it for the reason. Keyboard: Tab to the board; ← → go round the arrows or through the green squares, ↑ ↓ change rows; Enter plays.')),
    el('div', { class: 'panel side labyrinth-side' },
      el('h3', {}, 'Players'), legend,
      el('h3', { class: 'labyrinth-head' }, 'New game'),
      el('div', { class: 'labyrinth-seats' }, ...seatRows.map((s) => s.box)),
      el('p', { class: 'muted labyrinth-seat-help' }, `“Your strategy” plays the Your strategy tab's code (${turnLimits.decisionMs} ms a ${turnLimits.decision}) or program (2 s a ${turnLimits.decision}); a failed turn is played by the greedy AI.`),
      el('div', { class: 'row' }, rules, el('label', { class: 'inline' }, 'Seed ', seedInput)), rulesNote,
      el('div', { class: 'row' }, startBtn), formStatus,
      el('h3', { class: 'labyrinth-head' }, 'Save and share'),
      el('div', { class: 'row' }, saveBtn, loadBtn, fileInput), fileStatus, link.box));

  const humans = () => game.state().players.filter((p) => p.control === 'human').length;

  // Keyboard play on the board (www/labyrinth/board-keys.js).
  let boardShown = null; // what the board shows (the cursor is drawn over it)
  const cursor = boardKeys(board, {
    size: geometry.size, toMove: () => humanToMove(), cards: (s) => game.view(s.toMove).cards, shown: () => boardShown,
    push: (i) => push(i), walk: (r, c) => walk(r, c), say: (text) => { boardText.textContent = text; },
  });

  /** Announces the cards move `i` collected, whoever found them (the engine's account). */
  function announceFound(i) {
    const f = game.found(i);
    if (!f.cards.length) return;
    const p = game.state().players[f.seat];
    const who = p.control === 'human' && humans() === 1 ? 'You' : `${cap(p.color)} (${controlName(p.control, levels[f.seat])})`;
    foundLines = [...foundLines, `${who} found ${f.cards.length === 1 ? 'card' : 'cards'} ${listed(f.cards)}.`].slice(-3);
  }
  const message = (text, kind = 'error') => { note.textContent = text; note.className = `labyrinth-note ${kind}`; };

  /** Ends the game's series in the sandbox. */
  function closeLoop() {
    loop.close();
    decided = 0;
  }
  ctx.playedDecisions = () => decisions;

  /**
   * Takes `g` (this view owns it) and shows it; `lv`: how each player is played (null human, an
   * AI level or 'js'; AI greedy when not given). `origin`: 'new' or 'file' (kept at once),
   * 'restore' (what is kept), 'link' (kept once a move is played here; the address follows it),
   * 'placeholder' (shown while the page opens a link; kept once played). `sd`: the strategies' seed.
   */
  function use(g, lv, { origin = 'new', seed: sd, game: number = 0 } = {}) {
    clearTimeout(aiTimer);
    generation += 1;
    closeLoop();
    thinking = false;
    const old = game;
    game = g;
    const s = g.state();
    levels = s.players.map((p, i) => (p.control === 'human' ? null : [...LEVELS, 'js'].includes(lv?.[i]) ? lv[i] : 'greedy'));
    seed = sd ?? engine.freshSeed();
    seriesGame = Number.isSafeInteger(number) && number >= 0 ? number : 0;
    extraDir = s.extra.dir;
    revealed = null;
    linked = origin === 'link';
    unkept = linked || origin === 'placeholder';
    message('');
    printed.textContent = '';
    printedBox.hidden = true;
    ctx.played = game;
    ctx.playedLevels = () => levels;
    ctx.playedSeriesGame = () => seriesGame;
    // The set-up shows the players of a game from a link, a file or the kept game (their
    // colours and controls), for the next New game; a new game came from the set-up itself.
    if (origin === 'link' || origin === 'file' || origin === 'restore') {
      for (const row of seatRows) {
        const i = s.players.findIndex((p) => p.color === row.color);
        row.select.value = i < 0 ? 'off' : levels[i] ?? 'human';
      }
    }
    decisions = [];
    foundLines = [];
    cursor.reset();
    old?.free();
    render();
  }

  /** Keeps the game in progress (not a game from a link that was not played here). */
  function keep(fragment, position) {
    if (!game || unkept) return;
    kept.write(fragment, position, { levels, seed, game: seriesGame });
  }

  /** A move was played here: a game from a link becomes the one kept. */
  function played() {
    if (!unkept) return;
    linked = false;
    unkept = false;
    if (location.hash.startsWith('#labyrinth/')) history.replaceState(null, '', '#labyrinth');
  }

  /**
   * Plays on from the kept game (its link reopened through the registry, www/kept.js). At mount
   * (`force` false) it replaces only the placeholder: a link's game on screen stays there and
   * the kept game stays kept. One that cannot be opened is put aside with a notice.
   */
  function resumeKept(force) {
    return reopenKept(ctx.app, kept, (opened, record) => {
      if (opened.kind !== 'labyrinth') throw new Error('it is not a Labyrinth game');
      if (!force && !(unkept && !linked)) return;
      use(engine.LabyrinthGame.fromLink(record.link), Array.isArray(record.levels) ? record.levels : null,
        { origin: 'restore', seed: Number.isSafeInteger(record.seed) ? record.seed : undefined, game: record.game });
    });
  }

  /** Leaves a game from a link for the one kept. */
  async function back() {
    if (location.hash.startsWith('#labyrinth/')) history.replaceState(null, '', '#labyrinth');
    if (!(await resumeKept(true))) start();
  }

  /** A new game from the set-up; `placeholder`: not kept until a move is played in it. */
  function start({ placeholder = false } = {}) {
    const chosen = seatRows.filter((s) => s.select.value !== 'off');
    if (!chosen.length) { formStatus.textContent = 'Choose at least one player.'; formStatus.className = 'status error'; return; }
    formStatus.textContent = '';
    formStatus.className = 'status';
    const seedText = seedInput.value.trim();
    let seed = engine.freshSeed();
    if (seedText) {
      if (!/^\d{1,15}$/.test(seedText)) { formStatus.textContent = 'The seed is a whole number (up to 15 digits).'; formStatus.className = 'status error'; return; }
      seed = Number(seedText);
    }
    let g;
    try {
      g = new engine.LabyrinthGame(chosen.map((s) => `${s.color}:${s.select.value === 'human' ? 'human' : 'ai'}`), rules.value === 'ravensburger', seed);
    } catch (e) { formStatus.textContent = String(e.message ?? e); formStatus.className = 'status error'; return; }
    use(g, chosen.map((s) => (s.select.value === 'human' ? null : s.select.value)), { seed, origin: placeholder ? 'placeholder' : 'new' });
    // New game is below the board's top (beside it, or under it on a phone): the game starts
    // with its status line and board in view.
    if (!placeholder) bringIntoView(status);
  }

  /** Redraws everything and lets an AI play if it is its turn. */
  function render() {
    if (!game) return;
    const s = game.state();
    const mover = s.toMove === null ? null : s.players[s.toMove];
    const humanTurn = mover?.control === 'human' && s.winner === null;
    const hide = humanTurn && humans() > 1 && revealed !== s.toMove;
    handover.hidden = !hide;
    if (hide) {
      handover.replaceChildren(el('p', {}, `Hand the device to ${cap(mover.color)}. The board and the cards are hidden until they are ready.`),
        el('button', { class: 'primary', 'data-testid': 'labyrinth-reveal', onclick: () => { revealed = s.toMove; render(); } }, `I am ${cap(mover.color)}, show my cards`));
    }
    const mine = humanTurn && !hide ? game.view(s.toMove).cards : null; // what that seat may know, from the engine's view
    const ring = mine && { cards: mine, first: s.ravensburger };
    if (!humanTurn || hide) cursor.reset();
    boardShown = { state: s, interactive: humanTurn, hidden: hide, mine: ring,
      label: hide ? 'The board is hidden until the next player is ready' : describeBoard(s, geometry.size, mine) };
    board.set({ ...boardShown, cursor: choiceAt(s, cursor.get()) });
    extra.set(hide ? null : s.extra, extraDir, ring);
    stayBtn.disabled = !(humanTurn && s.phase === 'move');
    rotateBtn.disabled = !(humanTurn && s.phase === 'shift');
    if (s.winner !== null) {
      status.textContent = `${s.ending}.`; // the engine's words
      status.className = 'labyrinth-status win';
    } else if (mover) {
      const who = `${cap(mover.color)} (${controlName(mover.control, levels[s.toMove])})`;
      status.textContent = mover.control === 'human'
        ? `${who}: ${s.phase === 'shift' ? 'turn the extra tile and push it in at an arrow' : 'walk to a green square or stay'} · turn ${s.turns + 1}`
        : `${who} is ${thinking ? 'thinking' : 'playing'}… · turn ${s.turns + 1}`;
      status.className = `labyrinth-status${mover.control === 'human' ? ' you' : ''}`;
    }
    legend.replaceChildren(el('table', { class: 'labyrinth-legend-table' },
      el('tr', {}, el('th', {}, 'Player'), el('th', {}, 'Cards left'), el('th', {}, 'At')),
      ...s.players.map((p, i) => el('tr', { class: i === s.toMove ? 'mover' : '' },
        el('td', {}, el('span', { class: `swatch c-${p.color}` }), ` ${cap(p.color)} `,
          el('span', { class: 'muted' }, controlName(p.control, levels[i])), i === s.toMove ? el('span', { class: 'to-move' }, ' ◀') : null),
        el('td', { class: 'num' }, String(p.cardsLeft)), el('td', { class: 'num' }, `${p.row},${p.column}`)))));
    if (mine) {
      cards.replaceChildren(el('div', {}, el('strong', {}, `${cap(mover.color)}'s cards: `),
        mine.length ? mine.map((c, k) => el('span', { class: `card${s.ravensburger && k === 0 ? ' seek' : ''}` }, String(c))) : el('span', {}, 'none left — back to your start square!'),
        mine.length ? el('div', { class: 'muted labyrinth-cards-rule', 'data-testid': 'labyrinth-cards-rule' }, s.ravensburger
          ? 'Your treasures are ringed in blue on the board. Ravensburger rules: find the first card first (end your move on it; it has two rings).'
          : 'Your treasures are ringed in blue on the board. Assignment rules: each card whose treasure you can reach after your push is collected at once.') : null));
    } else cards.replaceChildren(el('span', { class: 'muted' }, 'Cards are shown only to the human player to move.'));
    found.replaceChildren(...foundLines.map((t) => el('div', {}, t)));
    const fragment = game.link(s.position);
    const url = shareUrl(fragment);
    link.set(url);
    // A game from a link keeps the address in step (a reload reopens it there); one's own game
    // is kept (www/kept.js), and the address just names the game.
    if (linked) followLink(url);
    else if (location.hash.startsWith('#labyrinth/')) history.replaceState(null, '', '#labyrinth');
    backBar.hidden = !(linked && kept.has());
    keep(fragment, s.position);
    if (s.winner !== null) closeLoop();
    clearTimeout(aiTimer);
    if (s.winner === null && !thinking && (loop.pending || (mover && mover.control === 'ai'))) aiTimer = setTimeout(advance, AI_DELAY);
  }

  function print(text) {
    if (!text) return;
    printed.textContent = (printed.textContent + text).slice(-MAX_PRINTED);
    printedBox.hidden = false;
    printed.scrollTop = printed.scrollHeight;
  }

  /**
   * What the series's decisions for the moves on the page's tape printed, and why one was
   * refused (the greedy AI played it): each is shown once its move is.
   */
  function report(decisions) {
    const shown = game.length;
    for (; decided < decisions.length && decisions[decided].move_index < shown; decided += 1) {
      const d = decisions[decided];
      if (levels[d.seat] !== 'js') continue;
      print(d.printed);
      const who = `Your strategy (${cap(game.state().players[d.seat].color)}), turn ${game.turn(d.move_index)}`;
      if (d.refused) message(`${who}: ${d.refused} — the greedy AI played this turn`);
    }
  }

  /**
   * Hands the series the human moves played here, then lets it play the engine's and the
   * strategies' seats until a human is asked; its moves are played on the page's tape, one at a
   * time. Moves arriving after the game was replaced are dropped.
   */
  async function advance() {
    if (!game || thinking) return;
    const my = generation;
    thinking = true;
    render();
    const r = await loop.step(() => my === generation);
    if (!r) return;
    if (r.error) {
      thinking = false;
      closeLoop();
      message(`The game could not go on: ${r.error.message ?? r.error}`);
      return;
    }
    decisions = r.decisions;
    for (const [k, i] of r.moves.entries()) {
      if (k) await new Promise((res) => setTimeout(res, AI_DELAY));
      if (my !== generation) return;
      try { game.playIndex(i); } catch (e) { thinking = false; message(`The game could not go on: ${e.message ?? e}`); return; }
      announceFound(game.length - 1);
      const after = game.state();
      if (after.phase === 'shift') extraDir = after.extra.dir;
      report(r.decisions);
      render();
    }
    report(r.decisions);
    thinking = false;
    render();
  }

  const humanToMove = () => {
    if (!game) return null;
    const s = game.state();
    const m = s.toMove === null ? null : s.players[s.toMove];
    return m?.control === 'human' && s.winner === null && (humans() < 2 || revealed === s.toMove) ? s : null;
  };

  /** A human's move, by index, for the game's series (once it plays a seat of this game). */
  const handOver = (index) => loop.handOver(index);

  function rotate() {
    const s = humanToMove();
    if (!s || s.phase !== 'shift') return;
    extraDir = nextDir(geometry, extraDir);
    extra.set(s.extra, extraDir);
  }
  function push(i) {
    const s = humanToMove();
    if (!s) return;
    if (s.phase !== 'shift') { message('You have pushed already: now walk to a green square or stay.', 'info'); return; }
    try { handOver(game.shift(i, extraDir)); } catch (e) { message(`Not allowed: ${e.message ?? e}`); return; }
    played();
    foundLines = []; // a new turn of yours: what was found before it has been shown
    announceFound(game.length - 1);
    cursor.reset();
    board.slide(i);
    message('');
    extraDir = game.state().extra.dir;
    render();
  }
  function walk(r, c) {
    const s = humanToMove();
    if (!s) return;
    if (s.phase !== 'move') { message('Push the extra tile in first (click an arrow).', 'info'); return; }
    try { handOver(game.go(r, c)); } catch (e) { message(`Not allowed: ${e.message ?? e}`); return; }
    played();
    announceFound(game.length - 1);
    cursor.reset();
    message('');
    render();
  }
  function stay() {
    const s = humanToMove();
    if (!s || s.phase !== 'move') return;
    const p = s.players[s.toMove];
    walk(p.row, p.column);
  }

  function save() {
    if (!game) return;
    saveText('labyrinth-save.txt', game.saveText());
    fileStatus.textContent = 'Saved (labyrinth-save.txt).';
    fileStatus.className = 'status ok';
  }
  fileInput.addEventListener('change', async () => {
    const [file] = fileInput.files;
    fileInput.value = '';
    if (!file) return;
    let g;
    try {
      // Read and checked in a worker first (the rules chosen do not change what reads): a broken
      // or huge file is refused there, with its place, while the page stays responsive.
      const { text, error } = await readFile(file, { module: 'labyrinth', format: 'labyrinth-save' });
      if (error) throw new Error(error);
      g = engine.LabyrinthGame.fromSave(text, rules.value === 'ravensburger');
    } catch (e) {
      fileStatus.textContent = fileRefused(engine, file, e.message ?? e, 'could not be loaded');
      fileStatus.className = 'status error';
      return;
    }
    fileStatus.textContent = `Loaded ${file.name}.`;
    fileStatus.className = 'status ok';
    use(g, null, { origin: 'file' });
  });

  bindKeys(root, (e) => {
    if (e.key === 'r' || e.key === 'R') { rotate(); return true; }
    if (e.key === 's' || e.key === 'S') { stay(); return true; }
    return false;
  });

  // A board at once (a new game, not kept unless played), replaced by the kept game when it
  // reopens; a share link's game replaces it on screen, never in the store.
  start({ placeholder: true });
  resumeKept(false);
  return {
    /** A share link: play on from its position. Throws the engine's message. */
    openLink(text) { use(engine.LabyrinthGame.fromLink(text), null, { origin: 'link' }); },
    /**
     * Continue from here: a new game of its own (kept) that forks `source` at move `t`, seat i
     * played by `seats[i]` ("human", an AI level or "js"); its link holds the moves up to the fork.
     */
    fork(source, t, seats, number = 0) {
      use(source.fork(t, seats.map((v) => (v === 'human' ? 'human' : 'ai'))), seats.map((v) => (v === 'human' ? null : v)), { origin: 'new', game: number });
    },
    get game() { return game; },
  };
}
