// The Pig page: tabs for playing, the strategy lab (checker), the arena, the optimal policy
// and the replay viewer; opens Pig share links.
import { el } from '../dom.js';
import { mountPlay } from './play.js';
import { mountLab } from './lab.js';
import { mountArena } from './arena.js';
import { mountPolicy } from './policy.js';
import { mountReplay } from './replay-view.js';

const TABS = [
  ['play', 'Play', mountPlay],
  ['lab', 'Strategy lab', mountLab],
  ['arena', 'Arena', mountArena],
  ['policy', 'Optimal policy', mountPolicy],
  ['replay', 'Replay', mountReplay],
];

export function mountPig(root, engine) {
  const views = {};
  const sections = {};
  const buttons = {};
  const ctx = { engine, builtins: engine.pigBuiltins() };
  const nav = el('nav', { class: 'tabs', role: 'tablist' });
  const body = el('div', { class: 'tab-body' });
  root.replaceChildren(el('div', { class: 'game-intro' },
    el('h2', {}, 'Pig'),
    el('p', {}, 'Throw a die as often as you dare: a 1 loses the whole turn, holding banks it. First to 100 wins. ',
      el('span', { class: 'muted' }, '(CodeAbbey problem 231)'))), nav, body);

  function show(name) {
    for (const [key, , mount] of TABS) {
      const active = key === name;
      buttons[key].setAttribute('aria-selected', String(active));
      buttons[key].classList.toggle('active', active);
      if (active) buttons[key].scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
      if (active && !views[key]) {
        sections[key] = el('section', { class: `tab tab-${key}`, 'data-tab': key });
        body.append(sections[key]);
        views[key] = mount(sections[key], ctx);
      }
      if (sections[key]) sections[key].hidden = !active;
    }
    return views[name];
  }
  for (const [key, label] of TABS) {
    buttons[key] = el('button', { role: 'tab', class: 'tab-btn', 'data-testid': `tab-${key}`, onclick: () => show(key) }, label);
    nav.append(buttons[key]);
  }

  ctx.showTab = show;
  ctx.openMatchGame = (spec, log, i) => {
    const players = [spec.entrants[log.first].label, spec.entrants[1 - log.first].label];
    show('replay').open({
      target: spec.target, seed: spec.seed, players, moves: log.moves, output: log.output,
      title: `Game ${i + 1} of ${spec.games}: ${players[0]} (first) vs ${players[1]}`,
    });
  };

  return {
    show,
    /** Opens a decoded game link. */
    openGame(g) { show('replay').open(g); },
    /** Re-runs a match link: the checker when it is 49 games against the dummy, else the arena. */
    openMatch(spec) {
      const isChecker = spec.games === 49 && spec.entrants[1].kind === 'builtin' && spec.entrants[1].source === 'dummy'
        && spec.entrants[0].kind !== 'builtin';
      return show(isChecker ? 'lab' : 'arena').runSpec(spec);
    },
  };
}
