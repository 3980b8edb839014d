// Play Labyrinth: 1–4 players (human or AI at a level), assignment or Ravensburger rules, a
// seed. A turn: turn the extra tile (click it or R), push it in at an arrow, then walk to a
// highlighted square (or stay). Every rule — legal pushes, reachable squares, the AI — is the
// engine's. Hands are hidden: only the human to move sees their own cards, and between two
// human players a hand-over screen hides the board until the next one is ready.
import { el, followLink, linkField, saveText, shareUrl } from '../dom.js';
import { bindKeys } from '../keys.js';
import { createBoardView, createTileView, nextDir } from './board-view.js';

const PLAYERS = ['yellow', 'red', 'blue', 'green'];
const LEVELS = ['simple', 'greedy', 'strong'];
const AI_DELAY = 180; // ms between two AI half-moves
const cap = (s) => s[0].toUpperCase() + s.slice(1);

export function mountPlay(root, ctx) {
  const { engine } = ctx;
  let game = null;
  let levels = [];
  let extraDir = 'north';
  let revealed = null; // the human player who has said "I am …" for this turn
  let aiTimer = null;

  // Set-up.
  const seatRows = PLAYERS.map((color, i) => {
    const select = el('select', { 'data-testid': `labyrinth-seat-${color}`, 'aria-label': `${cap(color)} player` },
      el('option', { value: 'off' }, '—'), el('option', { value: 'human' }, 'Human'),
      ...LEVELS.map((l) => el('option', { value: l }, `AI ${l}`)));
    select.value = i === 0 ? 'human' : i === 1 ? 'greedy' : 'off';
    return { color, select, box: el('label', { class: 'labyrinth-seat' }, el('span', { class: `swatch c-${color}` }), cap(color), select) };
  });
  const rules = el('select', { 'data-testid': 'labyrinth-rules' },
    el('option', { value: 'assignment' }, 'Assignment rules'), el('option', { value: 'ravensburger' }, 'Ravensburger rules'));
  const seedInput = el('input', { type: 'text', inputmode: 'numeric', placeholder: 'random', 'data-testid': 'labyrinth-seed', size: 10 });
  const startBtn = el('button', { class: 'primary', 'data-testid': 'labyrinth-start', onclick: () => start() }, 'New game');
  const formStatus = el('div', { class: 'status', role: 'alert', 'data-testid': 'labyrinth-form-status' });

  // The game.
  const status = el('div', { class: 'labyrinth-status', 'data-testid': 'labyrinth-status' });
  const note = el('div', { class: 'labyrinth-note', role: 'alert', 'data-testid': 'labyrinth-message' });
  const boardRoot = el('div', { class: 'labyrinth-board' });
  const board = createBoardView(boardRoot, {
    testid: 'labyrinth-play-canvas', onArrow: (i) => push(i), onSquare: (r, c) => walk(r, c),
    pathTo: (r, c) => (game ? Array.from(game.path(r, c)) : []),
  });
  const extraRoot = el('div', { class: 'labyrinth-extra-box' });
  const extra = createTileView(extraRoot, { testid: 'labyrinth-extra', onClick: () => rotate() });
  const rotateBtn = el('button', { class: 'small', 'data-testid': 'labyrinth-rotate', onclick: () => rotate(), title: 'Turn the extra tile clockwise (R)' }, 'Turn ↻ (R)');
  const stayBtn = el('button', { 'data-testid': 'labyrinth-stay', onclick: () => stay(), title: 'End the turn where you stand (S)' }, 'Stay');
  const handover = el('div', { class: 'labyrinth-handover', hidden: true, 'data-testid': 'labyrinth-handover' });
  const legend = el('div', { class: 'labyrinth-legend', 'data-testid': 'labyrinth-legend' });
  const cards = el('div', { class: 'labyrinth-cards', 'data-testid': 'labyrinth-cards' });
  const link = linkField('Share this game');
  const saveBtn = el('button', { 'data-testid': 'labyrinth-save', onclick: () => save() }, 'Save to file');
  const fileInput = el('input', { type: 'file', accept: '.txt,text/plain', hidden: true, 'data-testid': 'labyrinth-load-file' });
  const loadBtn = el('button', { 'data-testid': 'labyrinth-load', onclick: () => fileInput.click(), title: 'A save file (the assignment’s format); the rules chosen above apply' }, 'Load from file…');
  const fileStatus = el('div', { class: 'status', role: 'alert', 'data-testid': 'labyrinth-file-status' });

  root.append(
    el('div', { class: 'panel labyrinth-main' }, status, note, handover, boardRoot,
      el('div', { class: 'row labyrinth-actions' }, extraRoot,
        el('div', { class: 'labyrinth-extra-help' }, el('span', { class: 'muted' }, 'Extra tile'), rotateBtn), stayBtn),
      el('p', { class: 'muted labyrinth-keys' }, 'Turn the extra tile (R or click it), click an arrow to push it in, then click a green square to walk there (or Stay, S). Grey arrows are not allowed: hover for the reason.')),
    el('div', { class: 'panel side labyrinth-side' },
      el('h3', {}, 'Players'), legend, cards,
      el('h3', { class: 'labyrinth-head' }, 'New game'),
      el('div', { class: 'labyrinth-seats' }, ...seatRows.map((s) => s.box)),
      el('div', { class: 'row' }, rules, el('label', { class: 'inline' }, 'Seed ', seedInput)),
      el('div', { class: 'row' }, startBtn), formStatus,
      el('h3', { class: 'labyrinth-head' }, 'Save and share'),
      el('div', { class: 'row' }, saveBtn, loadBtn, fileInput), fileStatus, link.box));

  const humans = () => game.state().players.filter((p) => p.control === 'human').length;
  const message = (text, kind = 'error') => { note.textContent = text; note.className = `labyrinth-note ${kind}`; };

  /** Takes `g` (this view owns it) and shows it; `lv`: AI levels by player. */
  function use(g, lv) {
    clearTimeout(aiTimer);
    const old = game;
    game = g;
    const s = g.state();
    levels = lv ?? s.players.map(() => 'greedy');
    extraDir = s.extra.dir;
    revealed = null;
    message('');
    ctx.played = game;
    old?.free();
    render();
  }

  function start() {
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
    use(g, chosen.map((s) => (s.select.value === 'human' ? null : s.select.value)));
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
    board.set({ state: s, interactive: humanTurn, hidden: hide });
    extra.set(hide ? null : s.extra, extraDir);
    stayBtn.disabled = !(humanTurn && s.phase === 'move');
    rotateBtn.disabled = !(humanTurn && s.phase === 'shift');
    if (s.winner !== null) {
      status.textContent = `${cap(s.players[s.winner].color)} wins after ${s.turns} turns!`;
      status.className = 'labyrinth-status win';
    } else if (mover) {
      const who = `${cap(mover.color)} (${mover.control === 'human' ? 'human' : `AI ${levels[s.toMove] ?? 'greedy'}`})`;
      status.textContent = mover.control === 'human'
        ? `${who}: ${s.phase === 'shift' ? 'turn the extra tile and push it in at an arrow' : 'walk to a green square or stay'} · turn ${s.turns + 1}`
        : `${who} is playing… · turn ${s.turns + 1}`;
      status.className = `labyrinth-status${mover.control === 'human' ? ' you' : ''}`;
    }
    legend.replaceChildren(el('table', { class: 'labyrinth-legend-table' },
      el('tr', {}, el('th', {}, 'Player'), el('th', {}, 'Cards left'), el('th', {}, 'At')),
      ...s.players.map((p, i) => el('tr', { class: i === s.toMove ? 'mover' : '' },
        el('td', {}, el('span', { class: `swatch c-${p.color}` }), ` ${cap(p.color)} `,
          el('span', { class: 'muted' }, p.control === 'human' ? 'human' : `AI ${levels[i] ?? 'greedy'}`), i === s.toMove ? el('span', { class: 'to-move' }, ' ◀') : null),
        el('td', { class: 'num' }, String(p.cardsLeft)), el('td', { class: 'num' }, `${p.row},${p.column}`)))));
    if (humanTurn && !hide) {
      const mine = Array.from(game.cards(s.toMove));
      cards.replaceChildren(el('div', {}, el('strong', {}, `${cap(mover.color)}'s cards: `),
        mine.length ? mine.map((c, k) => el('span', { class: `card${s.ravensburger && k === 0 ? ' seek' : ''}` }, String(c))) : el('span', {}, 'none left — back to your start square!'),
        s.ravensburger && mine.length ? el('div', { class: 'muted' }, 'Ravensburger rules: find the first card first (end your move on it).') : null));
    } else cards.replaceChildren(el('span', { class: 'muted' }, 'Cards are shown only to the human player to move.'));
    const url = shareUrl(game.link(s.position));
    link.set(url);
    if (location.hash.startsWith('#labyrinth/')) followLink(url);
    clearTimeout(aiTimer);
    if (mover && mover.control === 'ai' && s.winner === null) aiTimer = setTimeout(aiStep, AI_DELAY);
  }

  function aiStep() {
    if (!game) return;
    const s = game.state();
    if (s.winner !== null || s.toMove === null || s.players[s.toMove].control !== 'ai') return;
    try { game.aiMove(levels[s.toMove] ?? 'greedy'); } catch (e) { message(`The AI could not move: ${e.message ?? e}`); return; }
    const after = game.state();
    if (after.phase === 'shift') extraDir = after.extra.dir;
    render();
  }

  const humanToMove = () => {
    if (!game) return null;
    const s = game.state();
    const m = s.toMove === null ? null : s.players[s.toMove];
    return m?.control === 'human' && s.winner === null && (humans() < 2 || revealed === s.toMove) ? s : null;
  };

  function rotate() {
    const s = humanToMove();
    if (!s || s.phase !== 'shift') return;
    extraDir = nextDir(extraDir);
    extra.set(s.extra, extraDir);
  }
  function push(i) {
    const s = humanToMove();
    if (!s) return;
    if (s.phase !== 'shift') { message('You have pushed already: now walk to a green square or stay.', 'info'); return; }
    try { game.shift(i, extraDir); } catch (e) { message(`Not allowed: ${e.message ?? e}`); return; }
    board.slide(i);
    message('');
    extraDir = game.state().extra.dir;
    render();
  }
  function walk(r, c) {
    const s = humanToMove();
    if (!s) return;
    if (s.phase !== 'move') { message('Push the extra tile in first (click an arrow).', 'info'); return; }
    try { game.go(r, c); } catch (e) { message(`Not allowed: ${e.message ?? e}`); return; }
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
    try { g = engine.LabyrinthGame.fromSave(await file.text(), rules.value === 'ravensburger'); } catch (e) {
      fileStatus.textContent = `${file.name} could not be loaded: ${e.message ?? e}`;
      fileStatus.className = 'status error';
      return;
    }
    fileStatus.textContent = `Loaded ${file.name}.`;
    fileStatus.className = 'status ok';
    use(g);
  });

  bindKeys(root, (e) => {
    if (e.key === 'r' || e.key === 'R') { rotate(); return true; }
    if (e.key === 's' || e.key === 'S') { stay(); return true; }
    return false;
  });

  start();
  return {
    /** A share link: play on from its position. Throws the engine's message. */
    openLink(text) { use(engine.LabyrinthGame.fromLink(text)); },
    get game() { return game; },
  };
}
