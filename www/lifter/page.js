// The Lambda Lifter page: a map bar (bundled maps, a .map file, or a pasted map) above tabs for
// playing, the built-in solver, the user's own solver code and the replay viewer.
import { el, fileRefused, intoBox, readFile, textBytes } from '../dom.js';
import { createTabs } from '../tabs.js';
import { keptLifter, mountPlay } from './play.js';
import { MissingAsset, problem, reopenKept, storage } from '../kept.js';
import { mountSolver } from './solver.js';
import { mountLab } from './lab.js';
import { mountReplay } from './replay-view.js';
import { measureMap, smallMap } from './map-work.js';

const TABS = [
  ['play', 'Play', mountPlay],
  ['solver', 'Solver', mountSolver],
  ['lab', 'Your solver', mountLab],
  ['replay', 'Replay', mountReplay],
];

const GROUPS = [
  ['contest', 'Contest'], ['flood', 'Flooding'], ['trampoline', 'Trampolines'], ['beard', 'Beards & razors'],
  ['horock', 'Higher-order rocks'],
];

/** Larger community maps, served next to the page. */
const EXTRA = [
  ['fate1', ''], ['puzzle1', ''], ['puzzle2', ''], ['puzzle3', ''], ['puzzle4', ''],
  ['xhl1', ''], ['xhl2', ''], ['xhl3', ''], ['xhl4', ''],
  ['large1', '1000×1000'], ['lambdaful1', '1000×1000'], ['lambdaful2', '1000×1000'],
];
const extraUrl = (name) => new URL(`../../maps/lifter/extra/${name}.map`, import.meta.url);
const MAP_KEY = 'arcade.lifter.map.v1'; // before version 2: the map chosen last

export function mountLifter(root, engine, app) {
  const official = engine.lifterOfficialMaps();
  const ctx = { engine, app, map: null, official };
  const select = el('select', { 'aria-label': 'Map', 'data-testid': 'lifter-map' });
  for (const [prefix, title] of GROUPS) {
    select.append(el('optgroup', { label: title },
      ...official.filter((m) => m.name.startsWith(prefix)).map((m) => el('option', { value: `official:${m.name}` }, m.name))));
  }
  select.append(el('optgroup', { label: 'Extra maps' },
    ...EXTRA.map(([name, note]) => el('option', { value: `extra:${name}` }, note ? `${name} (${note})` : name))));
  const customGroup = el('optgroup', { label: 'Your map' });
  const customOption = el('option', { value: 'custom' }, '');
  customGroup.append(customOption);

  const fileInput = el('input', { type: 'file', accept: '.map,.txt,text/plain', hidden: true, 'data-testid': 'lifter-file' });
  const fileBtn = el('button', { onclick: () => fileInput.click(), title: 'Open a .map file from your computer' }, 'Open file…');
  const pasteBtn = el('button', { 'data-testid': 'lifter-paste-toggle', title: 'Type or paste a map' }, 'Paste map…');
  const info = el('div', { class: 'lifter-mapinfo muted', 'data-testid': 'lifter-mapinfo' });
  const pasteArea = el('textarea', {
    class: 'code lifter-paste', spellcheck: 'false', rows: '8', 'data-testid': 'lifter-paste',
    'aria-label': 'Map text', placeholder: '#####\n#R\\.L\n#####\n\nWater 0',
  });
  const pasteName = el('input', { class: 'lifter-paste-name', value: 'my map', 'aria-label': 'Map name', maxlength: '64' });
  const pasteUse = el('button', { class: 'primary', 'data-testid': 'lifter-paste-use' }, 'Use this map');
  const pasteClose = el('button', {}, 'Close');
  const pasteError = el('div', { class: 'status', role: 'alert', 'data-testid': 'lifter-map-error' });
  const pasteBox = el('div', { class: 'panel lifter-pastebox', hidden: true },
    el('p', { class: 'muted' }, 'The mine row by row from the top (', el('code', {}, 'R'), ' robot, ', el('code', {}, '\\'),
      ' lambda, ', el('code', {}, '*'), ' rock, ', el('code', {}, '#'), ' wall, ', el('code', {}, '.'), ' earth, ',
      el('code', {}, 'L'), ' lift …), then after a blank line optional metadata such as ', el('code', {}, 'Water 1'), ', ',
      el('code', {}, 'Flooding 8'), ', ', el('code', {}, 'Trampoline A targets 1'), ', ', el('code', {}, 'Growth 15'), '.'),
    pasteArea,
    el('div', { class: 'row' }, el('label', { class: 'inline' }, 'Name ', pasteName), pasteUse, pasteClose),
    pasteError);
  const mapControls = el('div', { class: 'lifter-mapctl' },
    el('label', { class: 'inline' }, 'Map ', select), fileBtn, pasteBtn, fileInput);

  // Each view gets the current map as soon as it is mounted.
  const tabs = createTabs(TABS.map(([key, label, mount]) => [key, label, (section) => {
    const view = mount(section, ctx);
    if (ctx.map) view.setMap?.(ctx.map);
    return view;
  }]), {
    ctx, navClass: 'tabs lifter-tabs', testid: (key) => `lifter-tab-${key}`, sectionClass: (key) => `tab lifter-tab lifter-tab-${key}`,
  });
  const views = tabs.views;
  const show = (name) => tabs.show(name);
  ctx.showTab = show;
  // After a link replaced the game being played, the way back to it.
  const backText = el('span');
  const backBtn = el('button', { class: 'small primary', 'data-testid': 'lifter-back-to-game' }, 'Back to your game');
  const backBar = el('div', { class: 'from-link', hidden: true, 'data-testid': 'lifter-back' }, backText, backBtn);
  root.replaceChildren(el('div', { class: 'game-intro' },
    el('h2', {}, 'Lambda Lifter'),
    el('p', {}, 'Steer the mining robot: collect every λ, then leave by the lift before a rock, the water or a beard gets you. ',
      el('span', { class: 'muted' }, '(ICFP Programming Contest 2012)'))),
  el('div', { class: 'lifter-head' }, tabs.nav, mapControls),
  info, backBar, pasteBox, tabs.body);

  function describe(game, features) {
    const s = game.state();
    const parts = [`${game.width()}×${game.height()}`, `${s.totalLambdas} λ`];
    if (s.water || s.flooding) parts.push(`water ${s.water}${s.flooding ? `, rises every ${s.flooding}` : ''}, waterproof ${s.waterproof}`);
    const { beards, trampolines } = features;
    if (beards) parts.push(`beards grow every ${s.growth}`);
    const jumps = Object.entries(trampolines).map(([t, n]) => `${t}→${n}`);
    if (jumps.length) parts.push(`trampolines ${jumps.join(' ')}`);
    if (s.razors) parts.push(`${s.razors} razor${s.razors > 1 ? 's' : ''}`);
    return parts.join(' · ');
  }

  /**
   * Makes `map` ({ name, text, source }) the current map; returns the engine's error message
   * (with line and column) instead when it is not a valid map, changing nothing. Only for a map
   * the page opens (see `openMap`).
   */
  let mapSeq = 0;
  function setMap(map, { remember = true } = {}) {
    let game;
    try {
      game = new engine.LifterGame(map.name, map.text);
    } catch (e) {
      return e.message;
    }
    // What kind of mine (its beards, trampolines) is read once per map: a view of every cell.
    const m = { ...map, official: game.official(), features: game.features() };
    info.textContent = `${map.name}: ${describe(game, m.features)}`;
    if (m.official) select.value = `official:${m.name}`;
    else if (m.source?.startsWith('extra:')) select.value = m.source;
    else {
      customOption.textContent = m.name;
      if (!customGroup.isConnected) select.append(customGroup);
      select.value = 'custom';
    }
    ctx.map = m;
    mapSeq += 1;
    // `remember`: the user chose the map, the Play tab's game on it becomes the kept game. The
    // Play tab takes this game (the map is parsed once here); the other tabs shown so far take
    // the map each in a task of its own (the replay parses it again).
    if (views.play) views.play.setMap(m, { remember, game });
    else game.free();
    return null;
  }
  async function otherViews(m) {
    for (const [k, v] of Object.entries(views)) {
      if (k === 'play' || !v.setMap) continue;
      await new Promise((r) => { setTimeout(r); });
      if (ctx.map !== m) return;
      v.setMap(m);
    }
  }

  /**
   * Opens `map` as the current map. A map that is neither official nor surely small is read in
   * the worker first (www/lifter/map-work.js): a broken map, or one larger than the page opens,
   * is refused there while the page stays responsive. Resolves to { error } (the message, or null), `opened`
   * false when it was not opened (refused, or another map was opened meanwhile).
   */
  let opening = 0;
  async function openMap(map, options) {
    const ticket = ++opening;
    if (!smallMap(map.text) && !official.some((o) => o.name === map.name && o.text === map.text)) {
      const shown = info.textContent;
      info.textContent = `Reading ${map.name}…`;
      let size;
      try { size = await measureMap(map.text); } catch (e) { size = { error: e.message }; }
      if (ticket !== opening) return { error: null, opened: false };
      if (size.error) { info.textContent = shown; return { error: size.error, opened: false }; }
      map = { ...map, fingerprint: size.fingerprint };
    }
    const error = setMap(map, options);
    if (!error) await otherViews(ctx.map);
    return { error, opened: !error };
  }

  async function choose(value) {
    const [kind, name] = value.split(':');
    if (kind === 'official') return openMap({ name, text: official.find((m) => m.name === name).text, source: value });
    if (kind === 'extra') {
      info.textContent = `Loading ${name}…`;
      const seq = mapSeq;
      try {
        const res = await fetch(extraUrl(name));
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const text = await res.text();
        if (seq !== mapSeq) return null; // another map was chosen meanwhile
        const { error } = await openMap({ name, text, source: value });
        if (error) info.textContent = `${name}: ${error}`;
      } catch (e) {
        const missing = new MissingAsset(name, e.message);
        info.textContent = problem(missing);
        app.notice(problem(missing), 'warning');
      }
    }
    return null;
  }
  select.addEventListener('change', () => {
    // Give the keyboard back to the game (arrow keys would change the map otherwise).
    select.blur();
    if (select.value !== 'custom') choose(select.value);
  });

  function openPaste(text, name) {
    pasteBox.hidden = false;
    if (text !== undefined) pasteArea.value = text;
    if (name !== undefined) pasteName.value = name;
    pasteError.textContent = '';
    pasteArea.focus();
  }
  pasteBtn.addEventListener('click', () => { if (pasteBox.hidden) openPaste(); else pasteBox.hidden = true; });
  pasteClose.addEventListener('click', () => { pasteBox.hidden = true; });
  pasteUse.addEventListener('click', async () => {
    const { error } = await openMap({ name: pasteName.value.trim() || 'my map', text: pasteArea.value, source: 'paste' });
    pasteError.textContent = error ? `This map does not load: ${error}` : '';
    pasteError.className = error ? 'status error' : 'status';
    if (!error) pasteBox.hidden = true;
  });
  pasteArea.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); pasteUse.click(); }
  });
  /** A map file (`file`: its name and size); a bad one is shown in the paste box to be fixed. */
  async function openMapFile(file, text) {
    const name = file.name.replace(/\.(map|txt)$/i, '').slice(0, 64);
    const { error } = await openMap({ name, text, source: 'file' });
    if (!error) return;
    // A file too long for a text box (www/dom.js) is named with its size next to the message,
    // and what the paste box held stays.
    if (intoBox(pasteArea, text)) openPaste(undefined, name);
    else openPaste();
    pasteError.textContent = fileRefused(engine, file, error);
    pasteError.className = 'status error';
  }
  fileInput.addEventListener('change', async () => {
    const file = fileInput.files[0];
    fileInput.value = '';
    if (!file) return;
    // Its bytes read as text in a worker (the map itself is read in another, map-work.js).
    const { text, error } = await readFile(file, { module: 'lifter' });
    if (!error) openMapFile(file, text);
    else {
      openPaste(); // shows the message; what the paste box held stays
      pasteError.textContent = fileRefused(engine, file, error);
      pasteError.className = 'status error';
    }
  });

  show('play');
  let linkOpened = false; // a link's game is on screen: the kept game stays kept, not shown
  /** The map chosen last by a version 1 page, else contest1. */
  function startV1() {
    let start = null;
    try { start = storage.json(MAP_KEY); } catch { /* contest1 */ }
    const first = () => openMap({ name: 'contest1', text: official[0].text, source: 'official:contest1' }, { remember: false });
    if (start?.source?.startsWith('official:') && official.some((m) => `official:${m.name}` === start.source)) choose(start.source);
    else if (start?.source?.startsWith('extra:')) { first(); choose(start.source); }
    else if (start?.text) openMap({ name: start.name, text: start.text, source: 'saved' }, { remember: false }).then(({ error }) => { if (error) first(); });
    else first();
  }
  /** The kept game (the one played last, its map in its link) reopened as a link; false when there is none. */
  const reopenMine = (force) => reopenKept(app, keptLifter(), async ({ kind, data }, record) => {
    if (kind !== 'lifter') throw new Error('it is not a Lifter game');
    if (linkOpened && !force) return;
    const { error } = await openMap({ name: data.name, text: data.text, source: record.source ?? (data.official ? `official:${data.name}` : 'saved') });
    if (error) throw new Error(error);
  });
  reopenMine(false).then((ok) => { if (!ok && !linkOpened) startV1(); });

  /** After a link replaced the screen: the way back to the kept game, whatever links came since. */
  ctx.onKept = () => { backBar.hidden = true; };
  async function offerBack() {
    let record = null;
    try { record = await keptLifter().read(); } catch { /* said when it is reopened */ }
    backBar.hidden = !record?.view;
    if (!record?.view) return;
    backText.textContent = `You are watching a shared game. Your game on ${record.name} (${record.view} move${record.view === 1 ? '' : 's'}) is kept.`;
    backBtn.onclick = async () => {
      backBar.hidden = true;
      if (!(await reopenMine(true))) startV1();
      show('play');
    };
  }

  /** Opens a decoded game link in the replay viewer, on the link's map; the kept game stays kept. */
  async function openGame(g) {
    linkOpened = true;
    views.play?.flush();
    const { error, opened } = await openMap({ name: g.name, text: g.text, source: g.official ? `official:${g.name}` : 'link' }, { remember: false });
    if (error) throw new Error(error);
    if (!opened) return;
    show('replay').open({ route: g.route, view: g.view, fromLink: true });
    offerBack();
  }

  return {
    show,
    get current() { return tabs.current; },
    openLink(kind, data) {
      if (kind === 'lifter-bot') show('lab').openBot(data);
      if (kind === 'lifter-ab') { show('lab'); return import('./ab.js').then((ab) => ab.openLink(data)); }
      if (kind === 'lifter') openGame(data).catch((e) => app.notice(`This link could not be opened. ${problem(e)}`));
    },
    /** A dropped file that is not a link: a map. */
    dropFile(name, text) { openMapFile({ name, size: textBytes(text) }, text); return true; },
  };
}
