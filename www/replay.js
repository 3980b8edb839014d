// The replay viewer shared by every game: first / back / play-pause / forward / last, a
// timeline slider, speed, a move list and the keyboard (←/→, Space, Home/End, ? for help).
// It knows nothing of rules: it shows positions 0..length and calls onSeek(t).
// The move list is virtual: only the rows in view exist, so a 10,000-move game seeks and
// scrolls as fast as a short one. Moves are `{ length, label(i) }` or an array of labels.

import { el, frameScheduler } from './dom.js';
import { bindKeys } from './keys.js';

const SPEEDS = [1, 2, 4, 8, 16];
const ROW = 24; // px: the height of one move row (see .replay-move in style.css)
const SPARE = 6; // rows drawn above and below the visible ones
const LIST_HEIGHT = 220; // the list's height before it is first laid out

const HELP = [
  ['← / →', 'one move back / forward'],
  ['Space', 'play / pause'],
  ['Home / End', 'first / last position'],
  ['?', 'show or hide this help'],
];

const asMoves = (m) => (Array.isArray(m) ? { length: m.length, label: (i) => m[i] } : m);

export function createReplay(root, { onSeek }) {
  let moves = { length: 0, label: () => '' };
  let t = 0;
  let timer = null;
  let speed = 2;

  const button = (label, title, action) =>
    el('button', { class: 'replay-btn', title, 'aria-label': title, onclick: action }, label);
  const first = button('«', 'First (Home)', () => seek(0));
  const back = button('‹', 'Back (←)', () => seek(t - 1));
  const play = button('▶', 'Play / pause (Space)', () => toggle());
  const forward = button('›', 'Forward (→)', () => seek(t + 1));
  const last = button('»', 'Last (End)', () => seek(moves.length));
  const slider = el('input', { type: 'range', min: '0', max: '0', value: '0', class: 'replay-slider', 'aria-label': 'Timeline' });
  slider.addEventListener('input', () => seek(Number(slider.value), true));
  const counter = el('span', { class: 'replay-counter' });
  const speedSelect = el('select', { class: 'replay-speed', 'aria-label': 'Speed', title: 'Moves per second' },
    ...SPEEDS.map((s) => el('option', { value: String(s) }, `${s}/s`)));
  speedSelect.value = String(speed);
  speedSelect.addEventListener('change', () => { speed = Number(speedSelect.value); if (timer) { stop(); start(); } });
  const help = el('button', { class: 'replay-btn replay-help-btn', title: 'Keyboard help (?)', onclick: () => toggleHelp() }, '?');
  const spacer = el('div', { class: 'replay-spacer' });
  const list = el('div', { class: 'replay-moves', role: 'list', 'aria-label': 'Moves', hidden: true }, spacer);
  const helpBox = el('div', { class: 'replay-help', hidden: '' },
    el('strong', {}, 'Keyboard'),
    el('dl', {}, ...HELP.flatMap(([k, v]) => [el('dt', {}, k), el('dd', {}, v)])));

  const bar = el('div', { class: 'replay-bar' }, first, back, play, forward, last, slider, counter, speedSelect, help);
  const container = el('div', { class: 'replay' }, bar, helpBox, list);
  root.append(container);

  // Only the rows between the scroll position and the bottom of the list exist.
  function drawRows() {
    const height = list.clientHeight || LIST_HEIGHT;
    const from = Math.max(0, Math.floor(list.scrollTop / ROW) - SPARE);
    const to = Math.min(moves.length, Math.ceil((list.scrollTop + height) / ROW) + SPARE);
    const rows = [];
    for (let i = from; i < to; i += 1) {
      const row = el('div', { class: `replay-move${i === t - 1 ? ' current' : ''}`, role: 'listitem', 'data-i': String(i), title: `Go to move ${i + 1}` },
        el('span', { class: 'move-num' }, `${i + 1}.`), el('span', { class: 'move-label' }, moves.label(i)));
      row.style.top = `${i * ROW}px`;
      rows.push(row);
    }
    spacer.replaceChildren(...rows);
  }
  const redrawRows = frameScheduler(drawRows);
  list.addEventListener('scroll', redrawRows, { passive: true });
  list.addEventListener('click', (e) => {
    const row = e.target.closest?.('.replay-move');
    if (row) seek(Number(row.dataset.i) + 1);
  });
  new ResizeObserver(redrawRows).observe(list);

  function render() {
    slider.max = String(moves.length);
    slider.value = String(t);
    counter.textContent = `${t} / ${moves.length}`;
    play.textContent = timer ? '⏸' : '▶';
    first.disabled = back.disabled = t === 0;
    forward.disabled = last.disabled = t === moves.length;
    const height = list.clientHeight || LIST_HEIGHT;
    if (t === 0) list.scrollTop = 0;
    else {
      const top = (t - 1) * ROW;
      if (top < list.scrollTop || top > list.scrollTop + height - ROW) list.scrollTop = Math.max(0, top - height / 2);
    }
    drawRows();
  }

  function seek(to, fromSlider = false) {
    const next = Math.max(0, Math.min(moves.length, to));
    if (!fromSlider && timer && next === t) return;
    t = next;
    if (t === moves.length) stop();
    render();
    onSeek(t);
  }

  function start() {
    if (t === moves.length) seek(0);
    timer = setInterval(() => seek(t + 1), 1000 / speed);
    render();
  }
  function stop() {
    clearInterval(timer);
    timer = null;
    render();
  }
  function toggle() { if (timer) stop(); else start(); }
  function toggleHelp() { helpBox.hidden = !helpBox.hidden; }

  const actions = {
    ArrowLeft: () => seek(t - 1), ArrowRight: () => seek(t + 1),
    Home: () => seek(0), End: () => seek(moves.length), ' ': toggle, '?': toggleHelp,
  };
  const unbind = bindKeys(container, (e) => {
    const action = actions[e.key];
    if (action) action();
    return Boolean(action);
  });

  return {
    /** moves: `{ length, label(i) }` or an array of labels (one per move); t: position to show. */
    set(options) {
      if (options.moves) {
        moves = asMoves(options.moves);
        spacer.style.height = `${moves.length * ROW}px`;
        list.style.setProperty('--num-width', `${String(moves.length).length + 1.5}ch`);
        list.style.setProperty('--rows', String(moves.length));
        list.hidden = moves.length === 0;
      }
      t = Math.max(0, Math.min(moves.length, options.t ?? t));
      render();
      onSeek(t);
    },
    get t() { return t; },
    pause: stop,
    destroy() { stop(); unbind(); container.remove(); },
  };
}
