// The replay viewer shared by every game: first / back / play-pause / forward / last, a
// timeline slider, speed, a move list and the keyboard (←/→, Space, Home/End, ? for help).
// It knows nothing of rules: it shows positions 0..moves.length and calls onSeek(t).

import { el } from './dom.js';

const SPEEDS = [1, 2, 4, 8, 16];

const HELP = [
  ['← / →', 'one move back / forward'],
  ['Space', 'play / pause'],
  ['Home / End', 'first / last position'],
  ['?', 'show or hide this help'],
];


export function createReplay(root, { onSeek }) {
  let moves = [];
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
  const list = el('ol', { class: 'replay-moves', start: '1' });
  const helpBox = el('div', { class: 'replay-help', hidden: '' },
    el('strong', {}, 'Keyboard'),
    el('dl', {}, ...HELP.flatMap(([k, v]) => [el('dt', {}, k), el('dd', {}, v)])));

  const bar = el('div', { class: 'replay-bar' }, first, back, play, forward, last, slider, counter, speedSelect, help);
  const container = el('div', { class: 'replay' }, bar, helpBox, list);
  root.append(container);

  function render() {
    slider.max = String(moves.length);
    slider.value = String(t);
    counter.textContent = `${t} / ${moves.length}`;
    play.textContent = timer ? '⏸' : '▶';
    first.disabled = back.disabled = t === 0;
    forward.disabled = last.disabled = t === moves.length;
    for (const [i, li] of [...list.children].entries()) li.classList.toggle('current', i === t - 1);
    const current = list.children[t - 1];
    if (current) {
      const top = current.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - current.offsetHeight) {
        list.scrollTop = top - list.clientHeight / 2;
      }
    } else {
      list.scrollTop = 0;
    }
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

  function onKey(e) {
    if (!container.isConnected || container.offsetParent === null) return;
    if (e.target.closest?.('input, textarea, select, [contenteditable]') && e.target !== slider) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const actions = {
      ArrowLeft: () => seek(t - 1), ArrowRight: () => seek(t + 1),
      Home: () => seek(0), End: () => seek(moves.length), ' ': toggle, '?': toggleHelp,
    };
    const action = actions[e.key];
    if (action) { e.preventDefault(); action(); }
  }
  document.addEventListener('keydown', onKey);

  return {
    /** moves: array of labels (one per move); t: position to show. */
    set(options) {
      if (options.moves) {
        moves = options.moves;
        list.replaceChildren(...moves.map((label, i) =>
          el('li', { onclick: () => seek(i + 1), title: `Go to move ${i + 1}` }, label)));
      }
      t = Math.max(0, Math.min(moves.length, options.t ?? t));
      render();
      onSeek(t);
    },
    get t() { return t; },
    pause: stop,
    destroy() { stop(); document.removeEventListener('keydown', onKey); container.remove(); },
  };
}
