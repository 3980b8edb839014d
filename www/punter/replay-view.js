// Any Punter game in the shared replay viewer: the game just played, a game of the Your bot tab,
// a share link, or an official game log (a file, or the bundled example). The legend, the map
// and the score plot follow the viewed position; the game can be exported as an official log and
// shared. Every position can be played on ("Continue from here"), and for a game played here the
// inspector shows each punter's decisions (www/punter/study.js).
import { el, fileRefused, followLink, linkField, saveText, shareUrl } from '../dom.js';
import { createReplay } from '../replay.js';
import { WorkerRpc } from '../worker-rpc.js';
import { createMapView, mapHeight } from './map-view.js';
import { createLegend, createPlot } from './legend.js';
import { assetsFor, mapUrl, prepareLink } from './maps.js';
import { createStudy } from './study.js';
import { marksSwitch } from '../marks.js';

const EXAMPLE = 'examples/full1--futures-splurges-options--lambda-ag1.json';
/**
 * Games of `strong` against public contest entries, played through the `exe:` seats of
 * `arcade punter play … --log` (docs/performance/punter.md says how the entries were built).
 */
const ENTRY_GAMES = [
  ['examples/strong-vs-gennai--futures-splurges-options--tube.json', 'strong vs GennAI (final: 5th) — tube, all extensions: strong wins 102,726 to 16,241'],
  ['examples/strong-vs-adlersprung--futures-splurges-options--tube.json', 'strong vs Adlersprung (final: 6th) — tube, all extensions: strong wins 102,938 to 78,019'],
  ['examples/strong-vs-unagi--plain--randomMedium.json', 'strong vs Unagi (round 2: 2nd) — randomMedium: strong wins 5,816 to 254'],
];
const PLOT_SAMPLES = 300;
const READ_BACKSTOP_MS = 60_000;
/** Resolves in a task of its own, after what is waiting (a 0 ms timeout runs before the timers already due). */
const nextTask = () => new Promise((resolve) => { setTimeout(resolve, 1); });

/**
 * Reads a log — `{ file }` or `{ text }` — in a worker of its own (log-worker.js): the game as
 * its share link ({ link, bytes }), or why not ({ error, bytes } or { unknownMap, bytes }).
 * The page's main thread never parses a log, whatever its size.
 */
async function readLog(source) {
  const rpc = new WorkerRpc(new URL('./log-worker.js', import.meta.url));
  try {
    const r = await rpc.call({ type: 'read', ...source }, { backstopMs: READ_BACKSTOP_MS });
    return r.ok ? r.value : { error: r.error ?? `the log could not be read (the reading ${r.kind === 'timeout' ? 'took too long' : 'failed'})` };
  } finally {
    rpc.stop();
  }
}

export function mountReplay(root, ctx) {
  const { engine, app } = ctx;
  let game = null;
  let geometry = null;
  let key = '';
  let fromLink = false;
  let source = '';

  const title = el('h3', { 'data-testid': 'punter-replay-title' }, 'Replay');
  const info = el('div', { class: 'muted', 'data-testid': 'punter-replay-info' });
  const viewRoot = el('div');
  const view = createMapView(viewRoot, { testid: 'punter-replay-canvas', maxHeight: mapHeight });
  const controls = el('div', { class: 'punter-replay-controls' });
  const legend = createLegend('punter-replay-legend');
  const plot = createPlot('punter-plot');
  const fileInput = el('input', { type: 'file', accept: '.json,application/json,text/plain', hidden: true, 'data-testid': 'punter-log-file' });
  const openBtn = el('button', { onclick: () => fileInput.click(), title: 'An official game log (the JSON PuntTV reads)' }, 'Open a game log…');
  const exampleBtn = el('button', { 'data-testid': 'punter-example' }, 'Example: an official game');
  const entryGames = el('select', { 'aria-label': 'Our bot against contest entries', 'data-testid': 'punter-entry-games' },
    el('option', { value: '' }, 'strong against contest entries…'),
    ...ENTRY_GAMES.map(([file, label]) => el('option', { value: file }, label)));
  const playedBtn = el('button', { 'data-testid': 'punter-replay-played', hidden: true }, 'Your game');
  const status = el('div', { class: 'status', role: 'alert', 'data-testid': 'punter-replay-status' });
  const exportBtn = el('button', { 'data-testid': 'punter-export', title: 'Download the game in the official log format' }, 'Export log');
  const link = linkField('Share this position');
  let linkTimer = null;

  const replay = createReplay(controls, {
    onSeek(t) {
      if (!game) return;
      game.seek(t);
      const s = game.state();
      view.set({
        key, geometry, owners: game.owners(), holders: s.settings.options ? game.optionHolders() : null, names: s.names,
        futures: s.futures.flatMap((bids, p) => (bids ?? []).map(([m, tg, ok]) => [m, tg, ok, p])), route: s.route, mover: s.mover,
      });
      legend.set(s, geometry.ids);
      plot.mark(t);
      study.set(t);
      view.setMarks(study.marksAt(t));
      info.textContent = `${s.map.replace(/\.json$/, '')} · ${s.punters} punters · ${extensions(s)} · turn ${Math.min(s.turn, s.turns)} of ${s.turns.toLocaleString('en-US')}${s.over ? ' · game over' : ''}`;
      clearTimeout(linkTimer);
      linkTimer = setTimeout(() => {
        if (!game) return;
        const url = shareUrl(game.link(game.position()));
        link.set(url);
        if (fromLink && location.hash.startsWith('#punter/')) followLink(url);
      }, game.length > 2000 ? 600 : 120);
    },
  });

  const study = createStudy({
    ctx, game: () => game, at: () => game.position(),
    seek: (t) => replay.set({ moves: { length: game.length, label: (i) => game.label(i) }, t }),
  });

  // The marks of the decision behind the move shown, over the map (for games played here).
  const showMarks = marksSwitch('punter-show-marks', () => game && view.setMarks(study.marksAt(game.position())));
  const marksRow = el('div', { hidden: true }, el('div', { class: 'row' }, showMarks.box));

  root.append(
    el('div', { class: 'panel punter-replay-main' }, title, info, viewRoot, controls, marksRow, study.forkBox),
    el('div', { class: 'panel side punter-side' },
      el('h3', {}, 'Punters'),
      legend.box,
      plot.canvas,
      el('h3', { class: 'punter-open-head' }, 'Open a game'),
      el('div', { class: 'row' }, openBtn, exampleBtn, playedBtn, fileInput),
      el('div', { class: 'row' }, entryGames),
      status,
      el('div', { class: 'row' }, exportBtn),
      link.box,
      study.inspectorBox));

  const extensions = (s) => Object.keys(s.settings).filter((k) => s.settings[k]).join(', ') || 'no extensions';

  /**
   * Shows `g` (a PunterGame this view now owns) at position `t`; `recorded`: its seats,
   * decisions and messages when it was played here (www/punter/study.js), else null.
   */
  function show(g, t, label, { link: isLink = false, recorded = null } = {}) {
    // The viewer still lists the old game's moves until it has the new ones: free it after.
    replay.pause();
    const old = game;
    game = g;
    geometry = g.geometry();
    key = `replay:${Math.random()}`;
    fromLink = isLink;
    source = label;
    const s = g.state();
    title.textContent = label;
    status.textContent = '';
    status.className = 'status';
    const total = g.length;
    const samples = Math.min(total + 1, PLOT_SAMPLES);
    plot.set(g.scoreTimeline(samples), s.punters, total);
    study.watch(recorded);
    marksRow.hidden = !study.recorded;
    showMarks.sync();
    replay.set({ moves: { length: total, label: (i) => g.label(i) }, t: t ?? total });
    old?.free();
  }

  function fail(text) {
    status.textContent = text;
    status.className = 'status error';
  }

  /**
   * An official log, `text` or `file`: read in a worker (its map, named inside, loaded there and
   * the log replayed by the engine), it comes back as its game's link, which opens here.
   */
  let opened = 0; // games asked for so far (the newest wins; the example shown by default yields to any of them)
  async function openLog(name, text, { onlyIfEmpty = false, file = null } = {}) {
    const ticket = onlyIfEmpty ? opened : (opened += 1);
    const current = () => opened === ticket && !(onlyIfEmpty && game);
    if (!onlyIfEmpty) { status.textContent = `Reading ${name}…`; status.className = 'status'; }
    const r = await readLog(file ? { file } : { text });
    if (!current()) return false;
    if (r.unknownMap) {
      fail(`${name} is played on ${r.unknownMap}, which is not one of the maps served with this page.`);
      return false;
    }
    const refused = (e) => fileRefused(engine, file ?? { name, size: r.bytes ?? 0 }, String(e.message ?? e), 'could not be read');
    if (r.error) { fail(refused(r.error)); return false; }
    let g;
    try {
      const assets = await prepareLink(r.link, engine);
      if (!current()) return false;
      g = engine.PunterGame.fromLink(r.link, assets);
    } catch (e) {
      if (current()) fail(refused(e));
      return false;
    }
    // The game is drawn in a task of its own (opening it took this one).
    await nextTask();
    if (!current()) { g.free(); return false; }
    show(g, g.length, `${name.replace(/\.json$/, '')}`);
    return true;
  }

  fileInput.addEventListener('change', () => {
    const [file] = fileInput.files;
    fileInput.value = '';
    if (file) openLog(file.name, null, { file });
  });
  /** Opens a bundled game log (under maps/punter/). */
  async function openExample(file = EXAMPLE, label = 'Example: an official game (lambda, all extensions)', onlyIfEmpty = false) {
    try {
      const res = await fetch(mapUrl(file));
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      await openLog(label, await res.text(), { onlyIfEmpty });
    } catch (e) { fail(`The example could not be loaded: ${e.message}`); }
  }
  exampleBtn.addEventListener('click', () => openExample());
  entryGames.addEventListener('change', () => {
    const chosen = ENTRY_GAMES.find(([file]) => file === entryGames.value);
    entryGames.value = '';
    if (chosen) openExample(chosen[0], chosen[1].replace(/ — .*/, ''));
  });
  playedBtn.addEventListener('click', () => { if (ctx.played) openGame(ctx.played); });
  exportBtn.addEventListener('click', () => {
    if (!game) return;
    try {
      saveText(`${source.replace(/[^\w.-]+/g, '-').replace(/^-|-$/g, '') || 'punter-game'}.json`, game.exportLog());
    } catch (e) { fail(`The game could not be exported: ${e.message ?? e}`); }
  });

  /** A copy of a game being played (its tape as it is now), at its end. */
  function openGame(g) {
    opened += 1;
    let copy;
    try {
      const link = g.link(g.length);
      copy = engine.PunterGame.fromLink(link, assetsFor(engine, link));
    } catch (e) {
      fail(`Your game could not be opened here: ${e.message ?? e}`);
      return;
    }
    show(copy, copy.length, 'Your game', { recorded: ctx.playedRecording?.() ?? null });
  }

  /** A game of the Your bot tab: { link, title, recorded }, at its first move. */
  function openWatched({ link: l, title: label, recorded }) {
    opened += 1;
    const g = engine.PunterGame.fromLink(l, assetsFor(engine, l));
    show(g, Math.min(1, g.length), label, { recorded });
  }

  return {
    /** A share link (its map already loaded by the page). Throws the engine's message. */
    openLink(text) {
      opened += 1;
      const g = engine.PunterGame.fromLink(text, assetsFor(engine, text));
      show(g, g.position(), 'A shared game', { link: true });
    },
    openLog,
    openGame,
    openWatched,
    shown() {
      playedBtn.hidden = !ctx.played;
      if (!game && ctx.played) openGame(ctx.played);
      else if (!game) openExample(EXAMPLE, undefined, true);
    },
  };
}
