// Boots the page: builds the game picker, loads the engine of the game shown (each game has its
// own wasm module, fetched when its tab first opens), and opens share links (from the address, a
// saved link file or a dropped file) through the engine of the link's game.
import { el, fileRefused, readFile, setLinkLimit } from './dom.js';
import { loadEngine } from './engine.js';
import { GAMES, gameOfKind, gameOfLink } from './games.js';
import { MissingAsset, problem, sentence, whenRefused } from './kept.js';
import { kindOf } from './link-kind.js';

/**
 * Resolves in a task of its own, after what is waiting (drawing, input, timers already due: in
 * Chromium a timeout of 0 ms would run before the timers already due).
 */
const nextTask = () => new Promise((resolve) => { setTimeout(resolve, 1); });

const playable = (id) => GAMES.some((g) => g.id === id && !g.soon);

const banner = document.getElementById('banner');
const app = {
  /** Shows a message above the game; `actions`: [[label, onclick]] buttons next to it. */
  notice(text, kind = 'error', actions = []) {
    const close = () => { banner.hidden = true; };
    banner.replaceChildren(el('span', { class: 'banner-text' }, text),
      el('span', { class: 'banner-actions' },
        ...actions.map(([label, action]) => el('button', { class: 'small', onclick: () => { close(); action(); } }, label)),
        el('button', { class: 'small', onclick: close }, 'Dismiss')));
    banner.className = `banner ${kind}`;
    banner.hidden = false;
  },
  clearNotice() { banner.hidden = true; banner.replaceChildren(); },
};
whenRefused(() => app.notice('This browser does not let the page keep your work (private mode or full storage): it will not survive a reload. Save a file or share a link to keep it.', 'warning'));

async function main() {
  const picker = document.getElementById('games');
  const root = document.getElementById('game-root');
  const pages = {}; // id → { box, ready: the mounting, view }
  let currentId = null;
  /** The engine of game `id` (its module loads the first time); the page says when it cannot. */
  async function engineOf(id) {
    const game = GAMES.find((g) => g.id === id);
    try {
      const engine = await loadEngine(game.engine);
      setLinkLimit(engine.linkLimit()); // the same in every module
      return engine;
    } catch (e) {
      app.notice(`The ${game.title} engine could not be loaded (${e.message}). Was the page built with ./play?`);
      throw e;
    }
  }
  /** Opens `text` through the engine of its game (of the game shown when it names none). */
  async function openLink(text, assets) {
    return (await engineOf(gameOfLink(text)?.id ?? currentId ?? 'pig')).openLink(text, assets);
  }

  root.replaceChildren();
  /** Shows a game's page, mounting it the first time; `opening`: a link picks the tab. */
  async function showGame(id, opening = false) {
    const game = GAMES.find((g) => g.id === id);
    if (!pages[id]) {
      const box = el('div', { class: 'game-page', 'data-game': id, hidden: true });
      root.append(box);
      // The page's code and its engine load side by side.
      const page = game.page().catch((e) => { app.notice(`The ${game.title} page could not be loaded (${e.message}).`); throw e; });
      const ready = Promise.all([engineOf(id), page]).then(([engine, mount]) => mount(box, engine, app));
      pages[id] = { box, view: null, ready };
    }
    const entry = pages[id];
    let view;
    try {
      view = await entry.ready;
    } catch {
      // The engine did not load (the notice says so): the next try loads it again.
      if (pages[id] === entry) { entry.box.remove(); delete pages[id]; }
      return null;
    }
    pages[id].view = view;
    currentId = id;
    for (const [key, p] of Object.entries(pages)) p.box.hidden = key !== id;
    for (const b of picker.querySelectorAll('.game-pick')) b.classList.toggle('active', b.dataset.testid === `game-${id}`);
    if (!opening && !view.current) view.show(game.firstTab ?? 'play');
    return view;
  }

  for (const g of GAMES) {
    picker.append(el('button', {
      class: 'game-pick', disabled: g.soon, title: g.blurb, 'data-testid': `game-${g.id}`,
      onclick: () => {
        if (g.soon) return;
        // A bare game name in the address keeps the choice on reload (Pig is the default).
        history.replaceState(null, '', g.id === 'pig' ? location.pathname : `#${g.id}`);
        showGame(g.id);
      },
    }, el('strong', {}, g.title), el('small', {}, g.blurb)));
  }

  /**
   * Loads what a link needs before the engine opens it (a Punter map); never throws: { assets }
   * to hand the engine with the link, or { missing }, a `MissingAsset` when the map could not be
   * loaded (else openLink reports what is wrong).
   */
  async function prepare(text) {
    const game = gameOfLink(text);
    if (!game?.prepareLink) return {};
    try { return { assets: await game.prepareLink(text, await engineOf(game.id)) }; } catch (e) { return { missing: e instanceof MissingAsset ? e : null }; }
  }
  /** Why a link did not open: the typed missing asset when that is the reason. */
  const failure = (r, missing) => missing
    ?? (r.error.code === 'missing-asset' ? new MissingAsset(/“([^”]+)”|"([^"]+)"/.exec(r.error.message)?.slice(1).find(Boolean) ?? '?', r.error.message) : new Error(r.error.message));

  /**
   * Opens a kept game's link the way a link opens (what it needs loaded first, the registry);
   * the opened link, else throws a `MissingAsset` or the engine's message. Kept games reopen
   * through this (www/kept.js).
   */
  app.reopen = async (text) => {
    const { assets, missing } = await prepare(text);
    const r = await openLink(text, assets);
    if (!r.ok) throw failure(r, missing);
    return r;
  };

  // Links can arrive faster than they open (a Punter link waits for its map): only the newest
  // one is shown; an older one still loading gives up when it is ready.
  let newest = 0;

  /** Opens a share link (a full URL, `#fragment` or bare fragment) through the engine. */
  async function openText(text, opened = null) {
    const ticket = ++newest;
    // `opened`: the engine's answer already (a link file, opened off the main thread); what a
    // link names is still loaded here for the game's view (a Punter map), when it opened.
    const { assets, missing } = opened && !opened.ok ? {} : await prepare(text);
    if (ticket !== newest) return false;
    let r = opened;
    try { r ??= await openLink(text, assets); } catch { return false; } // no engine (the notice says so)
    if (ticket !== newest) return false;
    if (!r.ok) {
      app.notice(`This link could not be opened. ${problem(failure(r, missing))}`);
      // The game the link was meant for, when the engine could tell (else its first word).
      const kind = r.error.kind ?? kindOf(text, /^([a-z-]+)\//);
      await showGame(gameOfKind(kind)?.id ?? currentId ?? 'pig');
      return false;
    }
    const game = gameOfKind(r.kind);
    if (!game) {
      app.notice(`Links for “${r.kind}” are not supported by this page yet.`);
      await showGame(currentId ?? 'pig');
      return false;
    }
    app.clearNotice();
    const view = await showGame(game.id, true);
    if (!view || ticket !== newest) return false;
    try {
      // A tab whose code loads now answers with a promise: its failure is said the same way.
      view.openLink(r.kind, r.data, text)?.catch?.((e) => app.notice(`This link could not be opened. ${problem(e)}`));
    } catch (e) {
      app.notice(`This link could not be opened. ${problem(e)}`);
      if (!view.current) view.show(game.firstTab ?? 'play');
      return false;
    }
    if (r.problem) app.notice(`${sentence(r.problem)} Showing the valid part.`, 'warning');
    return true;
  }

  async function openHash() {
    const hash = location.hash.slice(1);
    if (!hash || playable(hash)) newest += 1; // a game chosen after a link supersedes it
    if (!hash) await showGame(currentId ?? 'pig');
    else if (playable(hash)) await showGame(hash);
    else await openText(location.hash);
  }

  // A saved link file (see "Save as file" in the share boxes), chosen or dropped on the page:
  // read, and opened when it is a link, in a worker (dom.js readFile, file-worker.js). A file that is no link
  // goes to the game shown when it reads such files (a Lifter map, a Punter log), else it is
  // refused: a file larger than a link can be, by its size before it is read.
  async function openFile(file) {
    const id = currentId ?? 'pig';
    const engine = await engineOf(id);
    const view = pages[id]?.view;
    // The longest link the engine reads at all: a larger file is no link, refused by its size.
    const maxChars = engine.linkMaxChars();
    const tooLarge = () => app.notice(fileRefused(engine, file, `a link is at most ${maxChars.toLocaleString('en-US')} characters long`, 'could not be opened'));
    if (file.size > maxChars && !view?.dropFile) { tooLarge(); return; }
    const read = await readFile(file, { module: GAMES.find((g) => g.id === id).engine, link: true });
    if (read.error) { app.notice(fileRefused(engine, file, read.error, 'could not be read')); return; }
    await nextTask(); // receiving a text of megabytes took this one
    if (!read.opened && view?.dropFile?.(file.name, read.text, file)) return;
    if (file.size > maxChars) tooLarge();
    else await openText(read.text, read.opened);
  }
  const fileInput = el('input', { type: 'file', accept: '.txt,text/plain', hidden: true, 'data-testid': 'open-link-file' });
  fileInput.addEventListener('change', () => {
    const [file] = fileInput.files;
    fileInput.value = '';
    if (file) openFile(file);
  });
  document.querySelector('.foot').append(' · ', el('button', {
    class: 'open-link-file', title: 'Open a link saved as a file (you can also drop the file on the page)',
    onclick: () => fileInput.click(),
  }, 'Open link file…'), fileInput);
  document.addEventListener('dragover', (e) => { if (e.dataTransfer?.types.includes('Files')) e.preventDefault(); });
  document.addEventListener('drop', (e) => {
    const [file] = e.dataTransfer?.files ?? [];
    if (!file) return;
    e.preventDefault();
    openFile(file);
  });

  window.addEventListener('hashchange', openHash);
  await openHash();
  document.body.dataset.ready = 'true';
  performance.mark('arcade-ready'); // the start-up figure of e2e/bench-load.mjs
}

main();
