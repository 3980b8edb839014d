// Boots the page: loads the engines, builds the game picker, opens share links from the URL.
import { el } from './dom.js';
import { loadEngine } from './engine.js';
import { mountPig } from './pig/page.js';

const GAMES = [
  { id: 'pig', name: 'Pig', blurb: 'dice, nerve and Scheme strategies' },
  { id: 'lifter', name: 'Lambda Lifter', blurb: 'ICFP 2012 — coming next', soon: true },
  { id: 'punter', name: 'Lambda Punter', blurb: 'ICFP 2017 — coming soon', soon: true },
  { id: 'labyrinth', name: 'Labyrinth', blurb: 'the shifting maze — coming soon', soon: true },
];

const banner = document.getElementById('banner');
function notice(text, kind = 'error') {
  banner.replaceChildren(el('span', {}, text), el('button', { class: 'small', onclick: () => { banner.hidden = true; } }, 'Dismiss'));
  banner.className = `banner ${kind}`;
  banner.hidden = false;
}

async function main() {
  const picker = document.getElementById('games');
  const root = document.getElementById('game-root');
  let engine;
  try {
    engine = await loadEngine();
  } catch (e) {
    notice(`The game engines could not be loaded (${e.message}). Was the page built with ./play?`);
    return;
  }
  for (const g of GAMES) {
    picker.append(el('button', {
      class: `game-pick${g.id === 'pig' ? ' active' : ''}`, disabled: g.soon, title: g.blurb, 'data-testid': `game-${g.id}`,
    }, el('strong', {}, g.name), el('small', {}, g.blurb)));
  }
  const pig = mountPig(root, engine);

  async function openHash() {
    const hash = decodeURIComponent(location.hash.slice(1));
    if (!hash) { pig.show('play'); return; }
    let kind;
    try {
      kind = engine.linkKind(hash);
    } catch (e) {
      notice(`This link could not be opened: ${e.message}.`);
      pig.show('play');
      return;
    }
    try {
      if (kind === 'pig') {
        const g = engine.pigOpenGame(hash);
        pig.openGame(g);
        if (g.problem) notice(`${g.problem[0].toUpperCase()}${g.problem.slice(1)}. Showing the valid part.`, 'warning');
      } else if (kind === 'pig-match') {
        pig.openMatch(engine.pigOpenMatch(hash)); // runs in the sandbox; the page stays usable
      } else {
        notice(`Links for “${kind}” are not supported by this page yet.`);
        pig.show('play');
      }
    } catch (e) {
      notice(`This link could not be opened: ${e.message}.`);
      pig.show('play');
    }
  }
  window.addEventListener('hashchange', openHash);
  await openHash();
  document.body.dataset.ready = 'true';
}

main();
