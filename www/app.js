// Boots the page: loads the engines, builds the game picker, opens share links from the URL.
import { el } from './dom.js';
import { loadEngine } from './engine.js';
import { mountPig } from './pig/page.js';

const GAMES = [
  { id: 'pig', name: 'Pig', blurb: 'dice, nerve and Scheme strategies' },
  { id: 'lifter', name: 'Lambda Lifter', blurb: 'ICFP 2012 — mines, rocks and a solver' },
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
  // One container per game; a game's page is built the first time it is shown.
  const pages = { pig: el('div', { class: 'game-page', 'data-game': 'pig' }), lifter: el('div', { class: 'game-page', 'data-game': 'lifter', hidden: true }) };
  root.replaceChildren(...Object.values(pages));
  const pig = mountPig(pages.pig, engine);
  let lifter = null;
  let pigOpened = false;
  /** Shows a game's page; `opening`: the caller picks the Pig tab (else Play the first time). */
  async function showGame(id, opening = false) {
    for (const [key, page] of Object.entries(pages)) page.hidden = key !== id;
    for (const b of picker.children) b.classList.toggle('active', b.dataset.testid === `game-${id}`);
    if (id === 'lifter' && !lifter) lifter = (await import('./lifter/page.js')).mountLifter(pages.lifter, engine);
    if (id === 'pig' && !pigOpened && !opening) pig.show('play');
    if (id === 'pig') pigOpened = true;
    return id === 'lifter' ? lifter : pig;
  }
  for (const g of GAMES) {
    picker.append(el('button', {
      class: `game-pick${g.id === 'pig' ? ' active' : ''}`, disabled: g.soon, title: g.blurb, 'data-testid': `game-${g.id}`,
      onclick: () => {
        if (g.soon) return;
        // A bare game name in the address keeps the choice on reload (Pig is the default).
        history.replaceState(null, '', g.id === 'pig' ? location.pathname : `#${g.id}`);
        showGame(g.id);
      },
    }, el('strong', {}, g.name), el('small', {}, g.blurb)));
  }

  async function openHash() {
    const hash = decodeURIComponent(location.hash.slice(1));
    if (!hash || hash === 'pig') { await showGame('pig'); return; }
    if (hash === 'lifter') { await showGame('lifter'); return; }
    let kind;
    try {
      kind = engine.linkKind(hash);
    } catch (e) {
      notice(`This link could not be opened: ${e.message}.`);
      await showGame(hash.startsWith('lifter/') ? 'lifter' : 'pig');
      return;
    }
    try {
      if (kind === 'lifter') {
        const page = await showGame('lifter');
        try {
          const g = engine.lifterOpenGame(hash);
          page.openGame(g);
          if (g.problem) notice(`${g.problem[0].toUpperCase()}${g.problem.slice(1)}. Showing the valid part.`, 'warning');
        } catch (e) {
          notice(`This link could not be opened: ${e.message}.`);
        }
        return;
      }
      await showGame('pig', true);
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
