// Words and figures for a Lifter state (from the engine's `state()`): the stats panel, the
// end-of-game announcement, move labels for the replay list.
import { el, linkField, shareUrl } from '../dom.js';
import { LEGEND } from './sprites.js';

const COMMANDS = { L: ['←', 'Left'], R: ['→', 'Right'], U: ['↑', 'Up'], D: ['↓', 'Down'], W: ['·', 'Wait'], S: ['✂', 'Shave'], A: ['⏏', 'Abort'] };
// Words for the engine's endings (`state().ending`, or `engine.lifterEndings()[n]` for the
// timeline's ending index).
const ENDING_WORDS = { win: 'won', abort: 'aborted', crushed: 'crushed', drowned: 'drowned', unfinished: 'out of commands' };

export const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A stats block: figures that are always visible. Returns { box, set(state, hasBeards) }. */
export function createStats(testid) {
  const cells = {};
  const item = (key, label, title) => {
    cells[key] = el('dd', { 'data-testid': `${testid}-${key}` });
    return el('div', { class: `stat stat-${key}`, title }, el('dt', {}, label), cells[key]);
  };
  const box = el('dl', { class: 'lifter-stats', 'data-testid': testid },
    item('score', 'Score', '25 per lambda, −1 per move; +25 per lambda on abort, +50 per lambda on reaching the lift'),
    item('moves', 'Moves', 'Moves made (Abort is not a move)'),
    item('lambdas', 'Lambdas', 'Collected / on the map (higher-order rocks count)'),
    item('razors', 'Razors', 'Razors carried; S shaves the beard around the robot'),
    item('water', 'Water', 'Rows at or below this level are under water'),
    item('underwater', 'Underwater', 'Steps under water in a row / Waterproof: one more and the robot drowns'),
    item('beard', 'Beards grow', 'Moves until the beards grow again'));
  return {
    box,
    set(s, hasBeards) {
      cells.score.textContent = String(s.score);
      cells.moves.textContent = String(s.moves);
      cells.lambdas.textContent = `${s.lambdas} / ${s.totalLambdas}`;
      cells.lambdas.parentElement.classList.toggle('wide', cells.lambdas.textContent.length > 9);
      cells.razors.textContent = String(s.razors);
      cells.water.replaceChildren(s.water || s.flooding ? String(s.water) : 'none',
        s.flooding ? el('small', { class: 'stat-sub' }, `rises every ${s.flooding}`) : '');
      cells.underwater.textContent = `${s.underwater} / ${s.waterproof}`;
      cells.underwater.classList.toggle('danger', s.underwater > 0 && s.underwater >= s.waterproof - 2);
      cells.beard.textContent = hasBeards ? `in ${s.growthIn}` : '—';
      cells.beard.parentElement.hidden = !hasBeards;
    },
  };
}

/** [text, kind] announcing the state: kind is 'win', 'abort', 'lose' or '' while playing. */
export function announce(s) {
  const lambdas = `${s.lambdas} of ${s.totalLambdas} λ`;
  switch (s.ending) {
    case 'win': return [`Won — ${s.score} points: reached the lift with ${lambdas} in ${plural(s.moves, 'move')}.`, 'win'];
    case 'abort': return [`Aborted — ${s.score} points: ${lambdas} kept (×50) after ${plural(s.moves, 'move')}.`, 'abort'];
    case 'drowned': return [`Drowned — ${s.score} points: more than ${plural(s.waterproof, 'step')} under water.`, 'lose'];
    case 'crushed': return [`Crushed by a falling rock — ${s.score} points.`, 'lose'];
    case 'unfinished':
      return [`Unfinished — ${s.score} points: the route limit of ${plural(s.commandLimit, 'command')} (width × height) is used up.`, 'lose'];
    default: {
      if (s.moves === 0 && s.commands === 0) return [`Collect ${s.totalLambdas === 1 ? 'the lambda' : `all ${s.totalLambdas} lambdas`}, then reach the lift.`, ''];
      // A move the robot could not make (the engine's `blocked`) still cost a move: say so.
      const blocked = s.blocked ? 'Blocked: counted as a Wait. ' : '';
      if (s.liftOpen) return [`${blocked}The lift is open — get to it!`, 'open'];
      return [`${blocked}${s.totalLambdas - s.lambdas} λ to go.`, ''];
    }
  }
}

/**
 * Labels for the replay's move list, from the route and the engine's timeline (score, lambdas,
 * razors, ending after each command), made only for the rows shown: `{ length, label(i) }`.
 * `endings` names the timeline's ending indices (`engine.lifterEndings()`).
 */
export function moveLabels(route, timeline, endings, startRazors = 0) {
  return {
    length: Math.floor(timeline.length / 4),
    label(i) {
      const [arrow, name] = COMMANDS[route[i]] ?? ['?', route[i]];
      const [score, got, raz, ending] = timeline.subarray(i * 4, i * 4 + 4);
      const lambdas = i ? timeline[i * 4 - 3] : 0;
      const razors = i ? timeline[i * 4 - 2] : startRazors;
      const events = [];
      if (got > lambdas) events.push(`λ ${got}`);
      if (raz > razors) events.push('razor');
      if (ending) events.push(`${ENDING_WORDS[endings[ending]] ?? endings[ending]}, ${score}`);
      return `${arrow} ${name}${events.length ? ` — ${events.join(' · ')}` : ''}`;
    },
  };
}

/**
 * A share-link field kept up to date: at once (`delayMs` 0), or for large maps a moment after
 * the last change and at once when the user reaches for it.
 * `compute()` returns the link fragment, or a promise of it (a link of a large custom map carries
 * the map and is packed in a worker, www/lifter/map-work.js); `onLink(url)` is called with each
 * new URL.
 */
export function lazyLink(label, compute, onLink = () => {}) {
  const link = linkField(label);
  link.set('');
  let timer = null;
  let asked = 0; // the newest computation: an older one finishing late is dropped
  const show = (ticket, fragment) => {
    if (ticket !== asked) return;
    const url = fragment === null ? '' : shareUrl(fragment);
    link.set(url);
    if (url) onLink(url);
  };
  const flush = () => {
    if (timer === null) return;
    clearTimeout(timer);
    timer = null;
    const ticket = ++asked;
    let fragment = null;
    try { fragment = compute(); } catch { /* nothing to share */ }
    if (typeof fragment?.then === 'function') fragment.then((f) => show(ticket, f), () => show(ticket, null));
    else show(ticket, fragment);
  };
  link.box.addEventListener('pointerdown', flush, true);
  link.box.addEventListener('focusin', flush);
  return {
    box: link.box,
    /** Recompute after `delayMs` of quiet. */
    schedule(delayMs) {
      clearTimeout(timer);
      timer = setTimeout(flush, delayMs);
      if (delayMs === 0) flush();
    },
    clear() { clearTimeout(timer); timer = null; asked += 1; link.set(''); },
  };
}

/** The rules in brief, for players (the engine is the authority). */
export function rulesBox() {
  const item = (...xs) => el('li', {}, ...xs);
  return el('details', { class: 'lifter-rules' }, el('summary', {}, 'How the mine works'),
    el('ul', {},
      item('Move with L R U D; the robot digs through earth and picks up λ and razors. A move into a wall does nothing but costs the move.'),
      item('After every move, rocks fall into empty space below them and roll off rocks (and off λ to the right). A rock that lands on the robot\'s head ends the game.'),
      item('Push a single rock left or right into an empty cell by walking into it.'),
      item('When every λ is collected (higher-order rocks ', el('code', {}, '@'), ' become λ where they land), the lift opens: enter it to win.'),
      item('Water rises every "Flooding" moves; the robot drowns after more than "Waterproof" moves in a row under water.'),
      item('A trampoline (A–I) jumps to its target (1–9) and disappears. Beards (W) grow into empty cells around them; S shaves the eight cells around the robot with a razor.'),
      item('Score: 25 per λ, −1 per move; Abort (A) adds 25 per λ, the lift adds 50 per λ.')));
}

/** A cell's map character in words (the legend's names). */
function cellName(ch) {
  if (ch === ' ') return 'empty';
  if (/[A-I]/.test(ch)) return `trampoline ${ch}`;
  if (/[1-9]/.test(ch)) return `target ${ch}`;
  return LEGEND.find(([c]) => c === ch)?.[1] ?? 'unknown';
}

/**
 * The mine in words for screen readers (the board's label, said after each move): where the
 * robot stands, what is next to it each way, lambdas, score and water — read off the engine's
 * cells and state.
 */
export function describeMine(frame, s) {
  const { width: w, height: h, cells } = frame;
  const [x, y] = s.robot;
  const at = (dx, dy) => {
    const cx = x - 1 + dx;
    const cy = y - 1 + dy;
    return cx < 0 || cy < 0 || cx >= w || cy >= h ? 'the edge' : cellName(String.fromCharCode(cells[cy * w + cx]));
  };
  const water = s.water > 0 ? ` Water up to row ${s.water}.` : '';
  return `Mine ${w} by ${h}. Robot at column ${x}, row ${y} from the bottom. Up: ${at(0, 1)}; down: ${at(0, -1)}; left: ${at(-1, 0)}; right: ${at(1, 0)}. `
    + `${s.lambdas} of ${s.totalLambdas} lambdas, lift ${s.liftOpen ? 'open' : 'closed'}, score ${s.score}, ${plural(s.moves, 'move')}.${water}`;
}
