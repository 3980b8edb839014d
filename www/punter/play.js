// Play Lambda Punter against the built-in bots: choose the map (bundled, a file or pasted JSON),
// the punters, your seat, the extensions, your futures and the seed; then claim rivers on the
// map, buy options, splurge and pass. Bots move at a watching pace (or at once).
// The game is a one-game series of the engine in the sandbox worker (sandbox.play →
// www/play-worker.js, punter/seats.js openPlay), opened from the game's link the first time a
// bot must move: the bots are seated, seeded and bid their futures exactly as in an arena, and
// the series stops at every human seat, whose move the page hands it by index; the bots' moves
// come back as indices and are played on the page's own tape at the chosen pace. The bots never
// think on the page's main thread.
// The game in progress is kept (www/kept.js) as its link plus the seats; a reload reopens the
// link and the series goes on from there (nothing is replayed).
import { bringIntoView, el, fileRefused, intoBox, linkField, readFile, shareUrl } from '../dom.js';
import { bindKeys } from '../keys.js';
import { PlayLoop } from '../play-loop.js';
import { createMapView, mapHeight } from './map-view.js';
import { createLegend } from './legend.js';
import { assetsFor, isBundled, loadMap } from './maps.js';
import { keepChoice, reopenKept } from '../kept.js';
import { keptPunter, openLoop } from './play-kept.js';
import { ask } from '../confirm-code.js';
import { createPlayGuide } from './play-guide.js';

const SPEEDS = [['slow', 'Slow', 700], ['normal', 'Normal', 220], ['fast', 'Fast', 40], ['instant', 'At once', 0]];
const SPEED_KEY = 'arcade.punter.speed';
const BIG = 2000; // rivers: a map this large starts at a faster pace
const FRAME_BUDGET_MS = 10;
/** Resolves in a task of its own, after what is waiting (a 0 ms timeout runs before the timers already due). */
const nextTask = () => new Promise((resolve) => { setTimeout(resolve, 1); });
/**
 * The largest map the page opens from a file or a paste; the largest official map,
 * edinburgh-10000, has 7,357 sites, 10,000 rivers and 32 mines. The page reads a map in a
 * worker, but parses and draws it on its main thread, where its bots play too: a map at this
 * limit opens in steps of 40-80 ms, one of the engine's limits (200,000 sites, 400,000 rivers)
 * took 0.8-1 s at once (e2e/files.test.mjs). The command line takes any map within the engine's.
 */
const PAGE_LIMIT = { sites: 10_000, rivers: 20_000, mines: 64 };
const counted = (n, what) => `${n.toLocaleString('en-US')} ${what}${n === 1 ? '' : 's'}`;
/** Why a legal map is over the page's limit (from the engine's summary of it), or null. */
function overPageLimit(summary) {
  const [sites, rivers, mines] = (/sites (\d+), rivers (\d+), mines (\d+)/.exec(summary ?? '') ?? []).slice(1).map(Number);
  if (!(sites > PAGE_LIMIT.sites || rivers > PAGE_LIMIT.rivers || mines > PAGE_LIMIT.mines)) return null;
  return `this map has ${counted(sites, 'site')}, ${counted(rivers, 'river')} and ${counted(mines, 'mine')}; the page opens maps of up to `
    + `${counted(PAGE_LIMIT.sites, 'site')}, ${counted(PAGE_LIMIT.rivers, 'river')} and ${counted(PAGE_LIMIT.mines, 'mine')} smoothly; `
    + 'the command line (arcade punter play, arena) takes it';
}

export function mountPlay(root, ctx) {
  const { engine, bots } = ctx;
  const kept = keptPunter(engine);
  let game = null; // the game being played
  let geometry = null;
  let mapKey = '';
  let preview = null; // { name, text, game, geometry } of the map chosen in the form
  let mode = 'setup'; // 'setup' (the form's map on show) or 'game'
  let custom = null; // { name, text } of a map from a file or pasted
  let autoPass = false;
  let botTimer = null;
  let generation = 0; // bumped when the game is replaced: late answers for an older game are dropped
  // The game's series in the sandbox, opened from the game's link at its end (your moves so far
  // are in it) the first time a bot must move.
  const loop = new PlayLoop(() => openLoop(engine, game, stateOf(game).seats, seriesGame));
  let thinking = false; // the series is playing the bots' seats
  let waiting = false; // the series waits for your move (or is over)
  let made = []; // the series' moves (indices) not yet played on the page's tape
  let message = null; // [text, kind] shown once under the status
  let lastState = null;
  let lastLegal = null; // the engine's legal moves when you are to move, else null
  let you = -1; // your seat in the game (-1: you watch the bots)
  let recording = null; // the series' decisions and messages in this game, for the replay's inspector
  let seriesGame = 0; // the game's number in its series (a fork of a lab or arena game keeps its seeds)
  ctx.playedRecording = () => (game && recording ? { seats: stateOf(game).seats, game: seriesGame, ...recording } : null);
  /** The position as you may see it (the engine leaves out the futures you may not see). */
  const stateOf = (g) => g.state(you >= 0 ? you : undefined);

  // ----- The form -----
  const mapSelect = el('select', { 'aria-label': 'Map', 'data-testid': 'punter-map' },
    ...ctx.maps.map((name) => el('option', { value: name }, name.replace(/\.json$/, ''))));
  const customOption = el('option', { value: 'custom', hidden: true }, '');
  mapSelect.append(customOption);
  const fileInput = el('input', { type: 'file', accept: '.json,application/json,text/plain', hidden: true, 'data-testid': 'punter-map-file' });
  const pasteArea = el('textarea', {
    class: 'code punter-paste', spellcheck: 'false', rows: '6', 'data-testid': 'punter-paste', 'aria-label': 'Map JSON',
    placeholder: '{"sites":[{"id":0,"x":0,"y":0},{"id":1,"x":1,"y":0}],"rivers":[{"source":0,"target":1}],"mines":[0]}',
  });
  const pasteUse = el('button', { class: 'small primary', 'data-testid': 'punter-paste-use' }, 'Use this map');
  const pasteBox = el('div', { class: 'punter-pastebox', hidden: true }, pasteArea, el('div', { class: 'row' }, pasteUse));
  const mapError = el('div', { class: 'status', role: 'alert', 'data-testid': 'punter-map-error' });
  const mapInfo = el('div', { class: 'muted', 'data-testid': 'punter-map-info' });
  const count = el('select', { 'aria-label': 'Punters', 'data-testid': 'punter-count' },
    ...[2, 3, 4, 5, 6, 7, 8].map((n) => el('option', { value: String(n) }, String(n))));
  const yourSeat = el('select', { 'aria-label': 'Your seat', 'data-testid': 'punter-your-seat' });
  const seatBox = el('div', { class: 'punter-seats', 'data-testid': 'punter-seats' });
  const ext = (name, label, title) => {
    const box = el('input', { type: 'checkbox', 'data-testid': `punter-${name}` });
    return [box, el('label', { class: 'inline', title }, box, label)];
  };
  const [futuresBox, futuresLabel] = ext('futures', 'Futures', 'Bet before the game that a mine will be connected to a site: ± distance³');
  const [splurgesBox, splurgesLabel] = ext('splurges', 'Splurges', 'Passing saves credit; spend it to claim a path of rivers in one turn');
  const [optionsBox, optionsLabel] = ext('options', 'Options', 'Buy the use of a river someone else claimed (as many as there are mines)');
  const mineSelect = el('select', { 'aria-label': 'Future: mine', 'data-testid': 'punter-future-mine' });
  const targetInput = el('input', { class: 'seed', type: 'number', 'aria-label': 'Future: target site', placeholder: 'site id', 'data-testid': 'punter-future-target' });
  const addFuture = el('button', { class: 'small', 'data-testid': 'punter-future-add' }, 'Add');
  const futureList = el('ul', { class: 'punter-future-list', 'data-testid': 'punter-future-list' });
  const futuresPanel = el('div', { class: 'punter-futures', hidden: true },
    el('div', { class: 'muted' }, 'Your futures: pick a mine and a target site here, or click a mine and then a site on the map.'),
    el('div', { class: 'row' }, el('label', { class: 'inline' }, 'Mine ', mineSelect), el('label', { class: 'inline' }, '→ site ', targetInput), addFuture),
    futureList);
  const seedInput = el('input', { class: 'seed', type: 'number', min: '0', 'aria-label': 'Seed', 'data-testid': 'punter-seed' });
  const newSeed = el('button', { class: 'small', title: 'A fresh random seed' }, 'New seed');
  const start = el('button', { class: 'primary', 'data-testid': 'punter-start' }, 'Start the game');
  const backToGame = el('button', { hidden: true, 'data-testid': 'punter-back' }, 'Back to your game');
  const formStatus = el('div', { class: 'status', role: 'alert', 'data-testid': 'punter-form-status' });
  let futures = []; // [[mineId, targetId]] for your seat

  // ----- The game -----
  const status = el('div', { class: 'punter-status', 'aria-live': 'polite', 'data-testid': 'punter-status' });
  const note = el('div', { class: 'punter-note', 'data-testid': 'punter-message' });
  const viewRoot = el('div');
  const view = createMapView(viewRoot, { testid: 'punter-play-canvas', maxHeight: mapHeight, onRiver: clickRiver, onSite: clickSite });
  const passBtn = el('button', { 'data-testid': 'punter-pass', title: 'Pass (P)' }, 'Pass');
  const endBtn = el('button', { 'data-testid': 'punter-end-splurge', title: 'End the splurge (E)', hidden: true }, 'End splurge');
  const cancelNote = el('span', { class: 'muted', hidden: true });
  const speed = el('select', { 'aria-label': 'Bot speed', 'data-testid': 'punter-speed' },
    ...SPEEDS.map(([v, label]) => el('option', { value: v }, label)));
  // Normal by default: each bot's move shows for 220 ms, so with two bots your turn is back in
  // about half a second (Slow, 700 ms a move, made every turn wait 1.4 s); the choice is kept.
  keepChoice(speed, SPEED_KEY, 'normal');
  const finish = el('button', { 'data-testid': 'punter-finish', title: 'You pass on every turn and the bots play the rest at once' }, 'Finish the game');
  const legend = createLegend('punter-legend');
  const link = linkField('Share this game');
  const toReplay = el('button', { 'data-testid': 'punter-to-replay' }, 'Watch in the replay viewer');
  const keysHint = el('p', { class: 'muted punter-keys' }, 'Click a river to claim it (or to buy an option on it); click sites to splurge. Keys: ',
    el('kbd', {}, 'P'), ' pass · ', el('kbd', {}, 'E'), ' end splurge · ', el('kbd', {}, '+'), el('kbd', {}, '−'), ' zoom · ',
    el('kbd', {}, 'F'), ' fit · drag to pan, hover for details (a site: what it is worth to you). On the map (Tab to it): ',
    el('kbd', {}, '←'), el('kbd', {}, '→'), ' the rivers you may take, ', el('kbd', {}, '↑'), el('kbd', {}, '↓'), ' nearer the top or bottom, ',
    el('kbd', {}, 'Enter'), ' takes it. The last move of each punter is drawn bright.');
  const guide = createPlayGuide(view, { play: (kind, i) => (kind === 'river' ? clickRiver(i) : clickSite(i)) });

  root.append(
    el('div', { class: 'panel punter-main' }, status, note, viewRoot, guide.boardText,
      el('div', { class: 'row punter-actions' }, passBtn, endBtn, cancelNote,
        el('label', { class: 'inline' }, 'Bots ', speed), finish),
      el('div', { class: 'punter-under' }, legend.box, guide.moves), guide.breakdown, keysHint),
    el('div', { class: 'panel side punter-side' },
      el('h3', {}, 'New game'),
      el('div', { class: 'row' }, el('label', { class: 'inline' }, 'Map ', mapSelect),
        el('button', { class: 'small', onclick: () => fileInput.click(), title: 'Open a map file (official JSON)' }, 'Open file…'),
        el('button', { class: 'small', 'data-testid': 'punter-paste-toggle', onclick: () => { pasteBox.hidden = !pasteBox.hidden; } }, 'Paste…'), fileInput),
      pasteBox, mapError, mapInfo,
      el('div', { class: 'row' }, el('label', { class: 'inline' }, 'Punters ', count), el('label', { class: 'inline' }, 'Your seat ', yourSeat)),
      seatBox,
      el('div', { class: 'row' }, futuresLabel, splurgesLabel, optionsLabel),
      futuresPanel,
      el('div', { class: 'row' }, el('label', { class: 'inline' }, 'Seed ', seedInput), newSeed),
      el('div', { class: 'row' }, start, backToGame),
      formStatus,
      link.box,
      el('div', { class: 'row' }, toReplay)));

  // ----- Form logic -----
  const botNames = bots.map((b) => b.name);
  let seatChoice = [];
  function renderSeats() {
    const n = Number(count.value);
    const you = yourSeat.value;
    yourSeat.replaceChildren(...Array.from({ length: n }, (_, i) => el('option', { value: String(i) }, `${i + 1}${i === 0 ? ' (moves first)' : ''}`)),
      el('option', { value: 'none' }, 'none: watch the bots'));
    yourSeat.value = you === 'none' || Number(you) < n ? you : '0';
    if (!yourSeat.value) yourSeat.value = '0';
    while (seatChoice.length < n) seatChoice.push('strong');
    seatBox.replaceChildren(...Array.from({ length: n }, (_, i) => {
      if (String(i) === yourSeat.value) return el('div', { class: 'punter-seat' }, el('span', { class: 'seat-num' }, `${i + 1}`), el('strong', {}, 'You'));
      const sel = el('select', { 'aria-label': `Seat ${i + 1}`, 'data-testid': `punter-seat-${i}` },
        ...bots.map((b) => el('option', { value: b.name, title: b.description }, b.name)),
        el('option', { value: 'js', title: 'The bot of the Your bot tab — its code or its program — in the sandbox (1 s a move)' }, 'your bot'));
      sel.value = botNames.includes(seatChoice[i]) || seatChoice[i] === 'js' ? seatChoice[i] : botNames[0];
      sel.addEventListener('change', () => { seatChoice[i] = sel.value; });
      return el('div', { class: 'punter-seat' }, el('span', { class: 'seat-num' }, `${i + 1}`), sel);
    }));
    futuresPanel.hidden = !futuresBox.checked || yourSeat.value === 'none';
    if (mode === 'setup') showPreview();
  }
  count.addEventListener('change', renderSeats);
  yourSeat.addEventListener('change', renderSeats);
  futuresBox.addEventListener('change', () => { renderSeats(); setupMode(); });
  newSeed.addEventListener('click', () => { seedInput.value = String(engine.freshSeed()); });

  function renderFutures() {
    futureList.replaceChildren(...futures.map(([m, t], k) => el('li', {},
      `mine ${m} → site ${t} `,
      el('button', { class: 'small', title: 'Remove', 'aria-label': `Remove the future ${m} → ${t}`, onclick: () => { futures.splice(k, 1); renderFutures(); showPreview(); } }, '×'))));
    if (!futures.length) futureList.append(el('li', { class: 'muted' }, 'none'));
  }
  addFuture.addEventListener('click', () => {
    const t = targetInput.value.trim();
    if (!mineSelect.value || t === '') return;
    setFuture(Number(mineSelect.value), Number(t));
  });
  function setFuture(mine, target) {
    // The engine's rule: one future per mine, a later bid replacing the earlier one.
    futures = engine.punterAddBid(futures, mine, target);
    pickMine = null;
    renderFutures();
    showPreview();
  }

  /** Loads a map into the form (a preview on the map view); returns the engine's error or null. */
  async function chooseMap(name, text) {
    let g;
    try {
      g = new engine.PunterGame(name, text, ['random', 'random'], {}, null, 1);
    } catch (e) {
      return String(e.message ?? e);
    }
    await nextTask(); // drawn in a task of its own
    preview?.game.free();
    preview = { name, text, game: g, geometry: g.geometry() };
    const { ids, mines } = preview.geometry;
    mapInfo.textContent = `${name}: ${ids.length.toLocaleString('en-US')} sites, ${(preview.geometry.rivers.length / 2).toLocaleString('en-US')} rivers, ${mines.length} mine${mines.length === 1 ? '' : 's'}`;
    mineSelect.replaceChildren(...mines.map((i) => el('option', { value: String(ids[i]) }, String(ids[i]))));
    futures = [];
    renderFutures();
    if (preview.geometry.rivers.length / 2 > BIG && speed.value !== 'instant') speed.value = 'fast';
    return null;
  }

  async function selectMap(value) {
    mapError.textContent = '';
    if (value === 'custom' && custom) return useError(await chooseMap(custom.name, custom.text));
    mapInfo.textContent = `Loading ${value}…`;
    try {
      const text = await loadMap(engine, value);
      if (mapSelect.value !== value) return null;
      return useError(await chooseMap(value, text));
    } catch (e) {
      return useError(e.message);
    }
  }
  function useError(error) {
    mapError.textContent = error ? `This map does not load: ${error}` : '';
    mapError.className = error ? 'status error' : 'status';
    if (!error) setupMode();
    return error;
  }
  mapSelect.addEventListener('change', () => { mapSelect.blur(); selectMap(mapSelect.value); });

  /**
   * A map from a file or pasted (`pasted`: a file made of the paste box's text), read and checked
   * in a worker of its own (www/dom.js readFile): a broken map is refused there with its place or
   * the engine's limit, a legal map over the page's limit by its size here, and only a map that
   * opens is parsed on the main thread, to draw. On a refusal nothing changes (the form keeps its
   * map); a broken file short enough for a text box (www/dom.js) opens in the paste box to be
   * fixed there, else the message alone names the file and its size.
   */
  async function openCustom(file, { pasted = false } = {}) {
    const shown = mapInfo.textContent;
    mapInfo.textContent = `Reading ${file.name}…`;
    const { text, error, summary } = await readFile(file, { module: 'punter', format: 'punter-map' });
    mapInfo.textContent = shown;
    const why = error ?? overPageLimit(summary) ?? await useCustom(file.name, text);
    if (!why) return;
    mapError.textContent = pasted ? `${file.name} does not load: ${why}` : fileRefused(engine, file, why);
    mapError.className = 'status error';
    if (error && !pasted && text !== undefined && intoBox(pasteArea, text)) pasteBox.hidden = false;
  }
  /** Takes a map that reads and is within the page's limit; the engine's error, or null. */
  async function useCustom(fileName, text) {
    let name = fileName.trim() || 'my-map.json';
    if (!/\.json$/i.test(name)) name += '.json';
    if (isBundled(engine, name)) name = `my-${name}`; // a bundled name means the bundled map
    const error = await chooseMap(name, text);
    if (error) return error;
    custom = { name, text };
    customOption.hidden = false;
    customOption.textContent = name.replace(/\.json$/, '');
    mapSelect.value = 'custom';
    mapError.textContent = '';
    mapError.className = 'status';
    pasteBox.hidden = true;
    setupMode();
    return null;
  }
  pasteUse.addEventListener('click', () => openCustom(new File([pasteArea.value], 'pasted-map.json'), { pasted: true }));
  fileInput.addEventListener('change', () => {
    const [file] = fileInput.files;
    fileInput.value = '';
    if (file) openCustom(file);
  });

  // ----- Setup mode: the chosen map, with the futures being picked -----
  let pickMine = null;
  function setupMode() {
    if (!preview) return;
    mode = 'setup';
    stopBots();
    backToGame.hidden = !game;
    showPreview();
    render();
  }
  function showPreview() {
    if (mode !== 'setup' || !preview) return;
    const g = preview.geometry;
    const index = new Map(g.ids.map((id, i) => [id, i]));
    const you = yourSeat.value === 'none' ? 0 : Number(yourSeat.value);
    const names = Array.from({ length: Number(count.value) }, (_, i) => (String(i) === yourSeat.value ? 'You' : seatChoice[i]));
    view.set({
      key: `preview:${preview.name}:${preview.text.length}`, geometry: g, owners: null, holders: null, names,
      futures: futuresBox.checked ? futures.filter(([m, t]) => index.has(m) && index.has(t)).map(([m, t]) => [index.get(m), index.get(t), false, you]) : [],
      pick: pickMine === null ? null : index.get(pickMine), sitesFirst: futuresBox.checked,
    });
  }
  backToGame.addEventListener('click', () => { if (game) { mode = 'game'; backToGame.hidden = true; refresh(); } });

  // ----- Starting, saving and restoring -----
  function settingsOfForm() {
    return { futures: futuresBox.checked, splurges: splurgesBox.checked, options: optionsBox.checked };
  }
  function seatsOfForm() {
    return Array.from({ length: Number(count.value) }, (_, i) => (String(i) === yourSeat.value ? 'human' : seatChoice[i]));
  }
  start.addEventListener('click', async () => {
    if (!preview) return;
    // A game under way is not thrown away without asking.
    if (game && mode === 'game' && lastState && !lastState.over && lastState.length > 0) {
      const choice = await ask({
        title: 'Start a new game?',
        body: [el('p', {}, `The game in progress (${lastState.length.toLocaleString('en-US')} moves) ends and is not kept. Copy its share link first to keep it.`)],
        buttons: [['new', 'Start a new game', true], ['keep', 'Keep playing']],
        testid: 'punter-new-game',
      });
      if (choice !== 'new') return;
    }
    const seats = seatsOfForm();
    const you = seats.indexOf('human');
    const settings = settingsOfForm();
    const bids = seats.map((_, i) => (i === you && settings.futures ? futures.map(([m, t]) => [m, t]) : []));
    let seed = Number(seedInput.value);
    if (!seedInput.value || !Number.isFinite(seed) || seed < 0) { seed = engine.freshSeed(); seedInput.value = String(seed); }
    const error = begin(preview.name, preview.text, seats, settings, bids, seed);
    formStatus.textContent = error ? `The game could not start: ${error}` : '';
    formStatus.className = error ? 'status error' : 'status';
    if (!error) {
      seedInput.value = String(engine.freshSeed());
      save();
      bringIntoView(status); // on a phone the form is screens away from the map
    }
  });

  /** Makes a new game; returns the engine's error or null. */
  function begin(map, text, seats, settings, bids, seed) {
    let g;
    try {
      g = new engine.PunterGame(map, text, seats, settings, bids, seed);
    } catch (e) {
      return String(e.message ?? e);
    }
    adopt(g);
    return null;
  }
  /**
   * Takes `g` (this view owns it) as the game being played, game `number` of its link's series
   * (a fork of a lab or arena game keeps its seeds and seating).
   */
  function adopt(g, number = 0) {
    closeLoop();
    game?.free();
    game = g;
    recording = null;
    seriesGame = Number.isSafeInteger(number) && number >= 0 ? number : 0;
    you = game.state().seats.indexOf('human');
    geometry = game.geometry();
    mapKey = `game:${stateOf(game).map}:${Math.random()}`;
    mode = 'game';
    autoPass = false;
    message = null;
    backToGame.hidden = true;
    link.set('');
    fresh = true;
    refresh();
  }

  // The game's link at its end, made once per position: the share field and the kept game use
  // the same (a map from a file travels in the link: packing it is most of the work).
  let linked = { game: null, n: -1, link: '' };
  function linkNow() {
    const n = game.length;
    if (linked.game !== game || linked.n !== n) linked = { game, n, link: game.link(n) };
    return linked.link;
  }
  /** Keeps the game (www/kept.js): its link and the seats (whose are yours, the bots' names). */
  function save() {
    if (!game) return;
    kept.write(linkNow(), game.length, { seats: stateOf(game).seats, game: seriesGame });
  }
  addEventListener('pagehide', () => { if (linkTimer) save(); });

  /** Shows the map of `g`'s link (`data`: the link's map, as `reopenKept` reads it) in the form. */
  async function formFollows(data, text) {
    if (!data.bundled) {
      custom = { name: data.map, text };
      customOption.hidden = false;
      customOption.textContent = custom.name.replace(/\.json$/, '');
      mapSelect.value = 'custom';
    } else mapSelect.value = data.map;
    await chooseMap(data.map, text);
  }

  let forked = false; // a game forked here (Continue from here) before the kept one was reopened
  /** Plays on from the kept game: its link reopened as links are, the series going on from there. */
  function restore() {
    return reopenKept(ctx.app, kept, async ({ kind, data }, record) => {
      if (forked) return; // Continue from here opened a game meanwhile: it stays
      if (kind !== 'punter' || !Array.isArray(record.seats) || record.seats.length !== data.punters) throw new Error('it is not a Punter game of yours');
      const g = engine.PunterGame.toPlayOn(record.link, record.seats, assetsFor(engine, record.link));
      const text = g.mapText();
      adopt(g, record.game);
      await formFollows(data, text);
      mode = 'game';
      refresh();
    });
  }

  // ----- Moves -----
  const names = () => lastState?.names ?? [];
  function humanToMove() {
    const s = lastState;
    return Boolean(game && mode === 'game' && s && !s.over && s.mover !== null && s.seats[s.mover] === 'human');
  }
  function say(text, kind = 'error') { message = [text, kind]; renderNote(); }
  function renderNote() {
    note.textContent = message?.[0] ?? '';
    note.className = `punter-note ${message?.[1] ?? ''}`;
  }

  function move(kind, index = 0) {
    if (!game || mode !== 'game') return false;
    if (!humanToMove()) {
      say(lastState?.over ? 'The game is over. Start a new one, or watch it in the replay viewer.' : `Not your turn: ${names()[lastState.mover] ?? 'a bot'} is moving.`);
      return false;
    }
    try {
      handOver(game.play(kind, index));
    } catch (e) {
      say(explain(kind, index, String(e.message ?? e)));
      return false;
    }
    message = null;
    save();
    refresh();
    return true;
  }

  /** The engine's reason, with what the map shows about the river (no rule is decided here). */
  function explain(kind, index, reason) {
    const s = lastState;
    let context = '';
    if (kind === 'claim' || kind === 'option') {
      const owner = game.owners()[index];
      const holder = game.optionHolders()[index];
      if (owner >= 0) context = ` This river was claimed by ${names()[owner]}${holder >= 0 ? ` and ${names()[holder]} holds an option on it` : ''}.`;
      if (s.route.length) context += ' You are making a splurge: click sites, or End splurge.';
    }
    return `Not allowed: ${reason}.${context}`.replace('..', '.');
  }

  function clickRiver(r) {
    if (mode === 'setup') return;
    // An option when the engine lists one on this river now, else a claim (its reason if not legal).
    move(lastLegal?.options.includes(r) ? 'option' : 'claim', r);
  }
  function clickSite(i) {
    if (mode === 'setup') {
      if (!futuresBox.checked || yourSeat.value === 'none' || !preview) return;
      const g = preview.geometry;
      const id = g.ids[i];
      if (g.mines.includes(i)) { pickMine = id; mineSelect.value = String(id); showPreview(); return; }
      if (pickMine === null) { targetInput.value = String(id); formStatus.textContent = 'Now choose the mine (click one, or pick it in the form).'; formStatus.className = 'status'; return; }
      formStatus.textContent = '';
      targetInput.value = String(id);
      setFuture(pickMine, id);
      return;
    }
    if (!lastState?.settings.splurges) { say('Splurges are off in this game: click a river to claim it.', 'info'); return; }
    move('splurge-to', i);
  }
  passBtn.addEventListener('click', () => move('pass'));
  endBtn.addEventListener('click', () => move('splurge-end'));
  finish.addEventListener('click', () => { autoPass = true; speed.value = 'instant'; scheduleBots(); });
  speed.addEventListener('change', () => { speed.blur(); scheduleBots(); });
  toReplay.addEventListener('click', () => { if (game) ctx.showTab('replay').openGame(game); });

  bindKeys(root, (e) => {
    if (!game || mode !== 'game') return false;
    const k = e.key.toLowerCase();
    if (k === 'p') move('pass');
    else if (k === 'e') move('splurge-end');
    else return false;
    return true;
  });

  // ----- Bots: the game's series in the sandbox -----
  /** Ends the game's series in the sandbox. */
  function closeLoop() {
    generation += 1;
    loop.close();
    thinking = false;
    waiting = false;
    made = [];
  }
  /** Your move, by index, for the game's series (once it plays the bots of this game). */
  const handOver = (index) => loop.handOver(index);
  function stopBots() { clearTimeout(botTimer); botTimer = null; }
  /**
   * What comes next: the series' moves at the chosen pace, your pass when finishing; the series
   * is asked on meanwhile (it plays the next bots while the page shows the last ones).
   */
  function scheduleBots() {
    stopBots();
    if (lastState?.over && loop.started) closeLoop();
    if (!game || mode !== 'game' || !lastState || lastState.over) return;
    if (made.length) {
      const pace = SPEEDS.find(([v]) => v === speed.value)?.[2] ?? 220;
      botTimer = setTimeout(playMade, pace);
    } else if (humanToMove() && autoPass) botTimer = setTimeout(passForYou, 0);
    if (loop.pending || (!waiting && (made.length || !humanToMove()))) advance();
  }
  /** Plays the series' moves on the page's tape: one, or at once as many as a frame allows. */
  function playMade() {
    botTimer = null;
    if (!game || mode !== 'game') return;
    const until = performance.now() + FRAME_BUDGET_MS;
    try {
      do game.playIndex(made.shift());
      while (speed.value === 'instant' && made.length && performance.now() < until);
    } catch (e) {
      closeLoop();
      say(`The game could not go on: ${e.message ?? e}`);
    }
    refresh();
  }
  /** Finish the game: you pass on your turn. */
  function passForYou() {
    botTimer = null;
    if (!game || mode !== 'game' || !humanToMove()) return;
    handOver(game.play('pass', 0));
    refresh();
  }
  /** Hands the series your moves played here, then lets it play the bots until you are asked. */
  async function advance() {
    if (!game || thinking) return;
    const my = generation;
    thinking = true;
    const r = await loop.step(() => my === generation);
    if (!r) return;
    if (r.error) {
      closeLoop();
      say(`The game could not go on: ${r.error.message ?? r.error}`);
      return;
    }
    thinking = false;
    recording = { decisions: r.decisions, exchanges: r.exchanges };
    waiting = Boolean(r.ask) || r.over;
    made.push(...r.moves);
    if (r.over && !made.length) closeLoop();
    else if (mode === 'game' && !botTimer) refresh();
  }

  let fresh = true; // a new game: the guide's move list starts again

  // ----- Drawing -----
  function render() {
    const s = lastState;
    // The form's map has no moves and no scores (a game shown again sets them back).
    guide.moves.hidden = mode === 'setup';
    if (mode === 'setup') guide.breakdown.hidden = true;
    if (mode === 'setup') {
      status.textContent = preview ? `Choose the players and press “Start the game”. The map: ${preview.name.replace(/\.json$/, '')}.` : 'Loading the maps…';
      status.className = 'punter-status';
      passBtn.disabled = endBtn.disabled = finish.disabled = true;
      toReplay.disabled = !game;
      endBtn.hidden = true;
      note.textContent = '';
      return;
    }
    const n = names();
    let text;
    let kind = '';
    if (s.over) {
      text = s.ending;
      kind = s.winners.includes(you) ? 'win' : 'over';
    } else if (humanToMove()) {
      text = s.route.length
        ? `Your splurge: ${s.route.length - 1} river${s.route.length === 2 ? '' : 's'} so far (credit ${s.credit[s.mover]}). Click the next site, or End splurge.`
        : `Your turn (turn ${s.turn + 1} of ${s.turns.toLocaleString('en-US')}): click a free river to claim it${s.settings.options ? ', someone’s river to buy an option' : ''}${s.settings.splurges ? ', or sites to splurge' : ''}.`;
      kind = 'you';
    } else {
      text = `Turn ${s.turn + 1} of ${s.turns.toLocaleString('en-US')}: ${n[s.mover]} is moving…`;
    }
    status.textContent = text;
    status.className = `punter-status ${kind}`;
    // What the engine allows you now.
    const legal = humanToMove() ? lastLegal : null;
    passBtn.disabled = !legal?.pass;
    endBtn.hidden = !s.settings.splurges;
    endBtn.disabled = !legal?.end;
    finish.disabled = s.over;
    toReplay.disabled = false;
    renderNote();
  }

  let linkTimer = null;
  function refresh() {
    if (!game) { render(); return; }
    lastState = stateOf(game);
    if (mode !== 'game') { render(); return; }
    const s = lastState;
    const legal = humanToMove() ? game.legal() : null;
    lastLegal = legal;
    guide.show(game, s, {
      key: mapKey, geometry, owners: game.owners(), holders: s.settings.options ? game.optionHolders() : null, names: names(),
      // The engine gives only the futures you may see (null for the others').
      futures: s.futures.flatMap((bids, p) => (bids ?? []).map(([m, t, ok]) => [m, t, ok, p])),
      legal, route: s.route, mover: s.mover, sitesFirst: s.route.length > 0,
    }, { you, mine: legal, fresh });
    fresh = false;
    legend.set(s, geometry.ids);
    render();
    // The link follows the game: soon after a move, at most every 1.5 s while bots play a long game.
    const busy = s.length > 2000 && !s.over && !humanToMove();
    if (!busy || !linkTimer) {
      clearTimeout(linkTimer);
      // The link is what is kept: written with it.
      linkTimer = setTimeout(() => { linkTimer = null; if (game) { link.set(shareUrl(linkNow())); save(); } }, busy ? 1500 : 150);
    }
    ctx.played = game;
    scheduleBots();
  }

  // ----- Start: the saved game, else the form on lambda -----
  link.set('');
  seedInput.value = String(engine.freshSeed());
  // strong, the arcade's strongest bot, is every seat's default opponent.
  seatChoice = Array(8).fill('strong');
  renderSeats();
  renderFutures();
  (async () => {
    mapSelect.value = 'lambda.json';
    const restored = await restore();
    if (!restored && !forked) await selectMap('lambda.json');
    else renderSeats();
    render();
  })();

  return {
    /** The game in the Play tab (for the replay viewer), or null. */
    get game() { return game; },
    /**
     * Continue from here: a game of your own (kept) from `link`'s position — its moves up to
     * there —, seat i played by `seats[i]` ("human": you, "js": your bot, or a built-in bot),
     * the series going on from the fork (bots told of their seats' earlier moves) as game
     * `number` of the link's series (a lab or arena game's number: its seeds and seating).
     */
    async fork(link, seats, number = 0) {
      forked = true;
      let g;
      try {
        g = engine.PunterGame.toPlayOn(link, seats, assetsFor(engine, link));
      } catch (e) {
        formStatus.textContent = `The game could not go on from there: ${e.message ?? e}`;
        formStatus.className = 'status error';
        return;
      }
      const text = g.mapText();
      const data = { map: g.state().map, bundled: isBundled(engine, g.state().map) };
      adopt(g, number);
      save();
      await formFollows(data, text);
      mode = 'game';
      refresh();
    },
  };
}
