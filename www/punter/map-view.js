// Draws a Punter map on a canvas: rivers as lines (each punter's in its colour), sites as dots,
// mines larger and ringed, options as a dashed overlay in the holder's colour, futures as dashed
// mine → target lines marked ✓ / ✗, legal targets and the splurge being made highlighted.
// Zoom and pan through the shared viewport (www/viewport.js); hover and clicks hit-test on a
// grid of the map (map-grid.js). One redraw per animation frame; only what is in view is drawn,
// one path per colour, so a 10,000-river map stays smooth.
// No rules here: owners, option holders, legal moves and futures come from the engine.
import { el, frameScheduler } from '../dom.js';
import { createViewport } from '../viewport.js';
import { createMapGrid } from './map-grid.js';
import { drawMarks, noteDrawn } from '../marks.js';

/** Punter colours (up to 17 punters), legible on the dark background; not the mines' red. */
export const PALETTE = [
  '#4e9bff', '#ff8a3d', '#3fd17a', '#ffd23f', '#c77dff', '#33d6d6', '#ff5fa2', '#a3e048', '#e8e8e8',
  '#8f9dff', '#d9a066', '#00b894', '#ff9ec7', '#7bd3ff', '#e6ff70', '#b08cff', '#ffb38a',
];
export const colorOf = (p) => PALETTE[p % PALETTE.length];

const BG = '#10141c';
const FREE = '#3b4458';
const CLAIMABLE = '#7c8aa8';
const SITE = '#9aa4b8';
const MINE = '#ff3b4e';
const CLICK_SLOP = 6; // css px a press may move and still be a click
const HIT_SITE = 9; // css px
const HIT_RIVER = 7; // css px

/**
 * createMapView(root, { testid, maxHeight, onRiver(r), onSite(s) }) → { set(frame), setMarks(marks), fit(), zoom(f), destroy(), canvas, stats }
 * marks: a decision's debug marks (www/marks.js) by site id: sites, rivers and paths, drawn on top.
 * frame: { key (a new key refits the view), geometry: { ids, x, y, rivers, mines } (from the engine),
 *          owners: Int16Array, holders: Int16Array | null, names: [per punter],
 *          futures: [[mine, target, connected, punter]] (site indices), legal: { claims, options, sites } | null
 *          (highlighted), route: [site indices] (the splurge being made), pick: site index (a chosen mine),
 *          sitesFirst: clicks near a site go to the site, recent: [{ punter, rivers }] (each punter's latest turn,
 *          highlighted), siteNote(i): more words for a site's tooltip, cursor: { kind, i } (the keyboard's),
 *          label: the map in words }
 */
export function createMapView(root, { testid, maxHeight = 560, onRiver = () => {}, onSite = () => {} } = {}) {
  const canvas = el('canvas', { class: 'punter-canvas', 'data-testid': testid, tabindex: '0', 'aria-label': 'The map' });
  const tip = el('div', { class: 'punter-tip', hidden: true, 'data-testid': testid ? `${testid}-tip` : undefined });
  const box = el('div', { class: 'punter-view' }, canvas);
  root.append(box);

  let frame = null;
  let geo = null; // { n, m, x, y (Float64Array, y down), rivers (Uint32Array), mines, isMine, minX…, typical, grid }
  let hover = null; // { kind: 'river' | 'site', i, x, y }
  let buckets = null; // Int32Array scratch: river indices grouped by colour
  let marks = [];
  let siteIndex = null; // site id → index, built when marks are first drawn on a map
  const stats = { draws: 0, lastMs: 0, worstMs: 0 };
  const schedule = frameScheduler(draw);
  const view = createViewport(canvas, box, {
    bounds: () => geo && [geo.minX, geo.minY, geo.maxX, geo.maxY],
    pad: 18,
    clickSlop: CLICK_SLOP,
    fitKeys: ['f', 'F', '0'],
    onChange: schedule,
    onClick: (x, y) => {
      if (!frame) return;
      const h = hitTest(x, y, frame.sitesFirst);
      if (h?.kind === 'river') onRiver(h.i);
      else if (h?.kind === 'site') onSite(h.i);
    },
    onHover: (x, y, e, pressed) => {
      if (pressed) tip.hidden = true;
      else if (e.pointerType === 'mouse' || !e.pointerType) { hover = { ...(hover ?? {}), x, y }; hoverAt(); }
    },
    onLeave: () => { hover = null; tip.hidden = true; schedule(); },
  });
  box.append(view.tools('map', 'F'), tip);

  function load(g) {
    const n = g.ids.length;
    const x = Float64Array.from(g.x);
    const y = Float64Array.from(g.y); // as the official viewer: y grows downwards
    const rivers = Uint32Array.from(g.rivers);
    const m = rivers.length / 2;
    let minX = Infinity; let maxX = -Infinity; let minY = Infinity; let maxY = -Infinity;
    for (let i = 0; i < n; i += 1) {
      if (x[i] < minX) minX = x[i]; if (x[i] > maxX) maxX = x[i];
      if (y[i] < minY) minY = y[i]; if (y[i] > maxY) maxY = y[i];
    }
    if (!n) { minX = minY = 0; maxX = maxY = 1; }
    const lengths = new Float64Array(m);
    for (let r = 0; r < m; r += 1) lengths[r] = Math.hypot(x[rivers[2 * r]] - x[rivers[2 * r + 1]], y[rivers[2 * r]] - y[rivers[2 * r + 1]]);
    const sorted = lengths.slice().sort();
    const typical = sorted[Math.floor(m / 2)] || Math.max(maxX - minX, maxY - minY, 1) / 10;
    const isMine = new Uint8Array(n);
    for (const s of g.mines) isMine[s] = 1;
    buckets = new Int32Array(m);
    const grid = createMapGrid(x, y, rivers);
    geo = { n, m, x, y, rivers, ids: g.ids, mines: g.mines, isMine, minX, maxX, minY, maxY, typical: typical || 1, grid };
  }

  const sizeCanvas = () => view.size(box.clientWidth || 600, Math.round(typeof maxHeight === 'function' ? maxHeight() : maxHeight));

  function draw() {
    if (!frame || !geo || !box.isConnected) return;
    const t0 = performance.now();
    sizeCanvas();
    const { scale: S, ox, oy, width: cssW, height: cssH } = view;
    const dpr = window.devicePixelRatio || 1;
    const g = canvas.getContext('2d');
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.fillStyle = BG;
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.lineCap = 'round';
    const { x, y, rivers, m, n } = geo;
    const step = geo.typical * S; // css px of a typical river
    const wFree = Math.max(0.8, Math.min(2.5, step * 0.05));
    const wOwned = Math.max(1.8, Math.min(7, step * 0.12));
    // The view in map units, with a margin.
    const margin = 12 / S;
    const vx0 = -ox / S - margin; const vx1 = (cssW - ox) / S + margin;
    const vy0 = -oy / S - margin; const vy1 = (cssH - oy) / S + margin;
    const owners = frame.owners;
    const holders = frame.holders;
    const punters = frame.names.length;
    // Group the visible rivers: free, claimable (highlighted), then per owner.
    const groups = punters + 2;
    const counts = new Int32Array(groups + 1);
    const claimable = frame.legalClaims;
    const group = new Int32Array(m);
    let visible = 0;
    for (let r = 0; r < m; r += 1) {
      const a = rivers[2 * r]; const b = rivers[2 * r + 1];
      const ax = x[a]; const bx = x[b]; const ay = y[a]; const by = y[b];
      if ((ax < vx0 && bx < vx0) || (ax > vx1 && bx > vx1) || (ay < vy0 && by < vy0) || (ay > vy1 && by > vy1)) { group[r] = -1; continue; }
      const o = owners ? owners[r] : -1;
      const k = o >= 0 ? 2 + o : claimable?.[r] ? 1 : 0;
      group[r] = k;
      counts[k + 1] += 1;
      visible += 1;
    }
    for (let k = 1; k <= groups; k += 1) counts[k] += counts[k - 1];
    const fill = counts.slice(0, groups);
    for (let r = 0; r < m; r += 1) if (group[r] >= 0) buckets[fill[group[r]]++] = r;
    const strokeGroup = (k, style, width, dash = null) => {
      if (counts[k + 1] === counts[k]) return;
      g.beginPath();
      for (let j = counts[k]; j < counts[k + 1]; j += 1) {
        const r = buckets[j];
        const a = rivers[2 * r]; const b = rivers[2 * r + 1];
        g.moveTo(x[a] * S + ox, y[a] * S + oy);
        g.lineTo(x[b] * S + ox, y[b] * S + oy);
      }
      g.strokeStyle = style;
      g.lineWidth = width;
      g.setLineDash(dash ?? []);
      g.stroke();
    };
    strokeGroup(0, FREE, wFree);
    strokeGroup(1, CLAIMABLE, wFree * 1.5);
    for (let p = 0; p < punters; p += 1) strokeGroup(2 + p, colorOf(p), wOwned);
    g.setLineDash([]);
    // Options: a dashed line in the holder's colour over the owner's river.
    if (holders) {
      for (let p = 0; p < punters; p += 1) {
        g.beginPath();
        let any = false;
        for (let r = 0; r < m; r += 1) {
          if (holders[r] !== p || group[r] < 0) continue;
          const a = rivers[2 * r]; const b = rivers[2 * r + 1];
          g.moveTo(x[a] * S + ox, y[a] * S + oy);
          g.lineTo(x[b] * S + ox, y[b] * S + oy);
          any = true;
        }
        if (!any) continue;
        g.strokeStyle = BG; g.lineWidth = wOwned * 0.75; g.setLineDash([]); g.stroke();
        g.strokeStyle = colorOf(p); g.lineWidth = wOwned * 0.6; g.setLineDash([Math.max(3, wOwned * 1.6), Math.max(2, wOwned)]); g.stroke();
      }
      g.setLineDash([]);
    }
    // Rivers the human may buy an option on: a thin light dotted line.
    if (frame.legalOptions?.length) {
      g.beginPath();
      for (const r of frame.legalOptions) {
        if (group[r] < 0) continue;
        const a = rivers[2 * r]; const b = rivers[2 * r + 1];
        g.moveTo(x[a] * S + ox, y[a] * S + oy);
        g.lineTo(x[b] * S + ox, y[b] * S + oy);
      }
      g.strokeStyle = 'rgba(255,255,255,0.75)'; g.lineWidth = 1; g.setLineDash([1.5, 3]); g.stroke(); g.setLineDash([]);
    }
    // Sites: dots when rivers are long enough to tell them apart.
    if (step > 5) {
      const rad = Math.max(1.1, Math.min(4.5, step * 0.07));
      g.beginPath();
      for (let i = 0; i < n; i += 1) {
        const sx = x[i] * S + ox; const sy = y[i] * S + oy;
        if (sx < -8 || sy < -8 || sx > cssW + 8 || sy > cssH + 8 || geo.isMine[i]) continue;
        if (rad < 2.2) g.rect(sx - rad, sy - rad, 2 * rad, 2 * rad);
        else { g.moveTo(sx + rad, sy); g.arc(sx, sy, rad, 0, Math.PI * 2); }
      }
      g.fillStyle = SITE;
      g.fill();
    }
    // Futures: dashed mine → target lines, ✓ when connected, ✗ when not (yet).
    const fontPx = 13;
    if (frame.futures?.length) {
      g.font = `bold ${fontPx}px system-ui, sans-serif`;
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      for (const [mine, target, connected, p] of frame.futures) {
        const ax = x[mine] * S + ox; const ay = y[mine] * S + oy;
        const bx = x[target] * S + ox; const by = y[target] * S + oy;
        g.strokeStyle = colorOf(p); g.lineWidth = 1.6; g.setLineDash([6, 4]);
        g.beginPath(); g.moveTo(ax, ay); g.lineTo(bx, by); g.stroke(); g.setLineDash([]);
        g.beginPath(); g.arc(bx, by, 9, 0, Math.PI * 2);
        g.fillStyle = connected ? '#1f8a4c' : '#7a1c10'; g.fill();
        g.strokeStyle = colorOf(p); g.lineWidth = 2; g.stroke();
        g.fillStyle = '#fff';
        g.fillText(connected ? '✓' : '✗', bx, by + 0.5);
      }
    }
    // Mines: larger, red, ringed in white.
    const mineR = Math.max(3.6, Math.min(9, step * 0.22));
    g.beginPath();
    for (const i of geo.mines) {
      const sx = x[i] * S + ox; const sy = y[i] * S + oy;
      if (sx < -12 || sy < -12 || sx > cssW + 12 || sy > cssH + 12) continue;
      g.moveTo(sx + mineR, sy); g.arc(sx, sy, mineR, 0, Math.PI * 2);
    }
    g.fillStyle = MINE; g.fill();
    g.strokeStyle = '#ffffff'; g.lineWidth = Math.max(1.2, mineR * 0.28); g.stroke();
    // Each punter's latest turn: its rivers drawn again over a white halo, so what everyone just
    // did stands out until their next turn.
    if (frame.recent?.length) {
      for (const { punter, rivers: taken } of frame.recent) {
        if (!taken.length) continue;
        g.beginPath();
        for (const r of taken) {
          const a = rivers[2 * r]; const b = rivers[2 * r + 1];
          g.moveTo(x[a] * S + ox, y[a] * S + oy); g.lineTo(x[b] * S + ox, y[b] * S + oy);
        }
        g.strokeStyle = '#ffffff'; g.lineWidth = wOwned + 7; g.globalAlpha = 0.85; g.stroke(); g.globalAlpha = 1;
        g.strokeStyle = colorOf(punter); g.lineWidth = wOwned + 1; g.stroke();
      }
    }
    // Sites a splurge can go to: rings.
    if (frame.route?.length && frame.legalSites?.length) {
      g.beginPath();
      const ring = Math.max(4, Math.min(8, step * 0.16));
      for (const i of frame.legalSites) {
        const sx = x[i] * S + ox; const sy = y[i] * S + oy;
        if (sx < -10 || sy < -10 || sx > cssW + 10 || sy > cssH + 10) continue;
        g.moveTo(sx + ring, sy); g.arc(sx, sy, ring, 0, Math.PI * 2);
      }
      g.strokeStyle = 'rgba(255,255,255,0.55)'; g.lineWidth = 1.2; g.stroke();
    }
    // The splurge being made: a bright path with its end ringed.
    if (frame.route?.length) {
      const route = frame.route;
      g.beginPath();
      route.forEach((i, k) => { const sx = x[i] * S + ox; const sy = y[i] * S + oy; if (k) g.lineTo(sx, sy); else g.moveTo(sx, sy); });
      g.strokeStyle = '#ffffff'; g.lineWidth = wOwned + 2; g.stroke();
      g.strokeStyle = colorOf(frame.mover ?? 0); g.lineWidth = wOwned; g.stroke();
      const end = route[route.length - 1];
      g.beginPath(); g.arc(x[end] * S + ox, y[end] * S + oy, Math.max(7, mineR + 3), 0, Math.PI * 2);
      g.strokeStyle = '#ffffff'; g.lineWidth = 2; g.stroke();
    }
    // A chosen mine (futures being picked).
    if (frame.pick !== undefined && frame.pick !== null) {
      g.beginPath(); g.arc(x[frame.pick] * S + ox, y[frame.pick] * S + oy, mineR + 5, 0, Math.PI * 2);
      g.strokeStyle = '#ffd23f'; g.lineWidth = 2.5; g.stroke();
    }
    // The keyboard cursor: a dashed yellow ring round its river's middle or its site.
    if (frame.cursor) {
      const [cx, cy] = canvas.pointOf(frame.cursor.kind, frame.cursor.i);
      if (frame.cursor.kind === 'river') {
        const a = rivers[2 * frame.cursor.i]; const b = rivers[2 * frame.cursor.i + 1];
        g.beginPath(); g.moveTo(x[a] * S + ox, y[a] * S + oy); g.lineTo(x[b] * S + ox, y[b] * S + oy);
        g.strokeStyle = '#ffd23f'; g.lineWidth = Math.max(wOwned, 3) + 4; g.globalAlpha = 0.6; g.stroke(); g.globalAlpha = 1;
      }
      g.beginPath(); g.arc(cx, cy, Math.max(10, mineR + 6), 0, Math.PI * 2);
      g.setLineDash([4, 3]); g.strokeStyle = '#ffd23f'; g.lineWidth = 2.5; g.stroke(); g.setLineDash([]);
    }
    // What the pointer is over.
    if (hover?.kind === 'river') {
      const a = rivers[2 * hover.i]; const b = rivers[2 * hover.i + 1];
      g.beginPath(); g.moveTo(x[a] * S + ox, y[a] * S + oy); g.lineTo(x[b] * S + ox, y[b] * S + oy);
      g.strokeStyle = 'rgba(255,255,255,0.9)'; g.lineWidth = Math.max(wOwned, 3) + 3; g.globalAlpha = 0.45; g.stroke(); g.globalAlpha = 1;
    } else if (hover?.kind === 'site') {
      g.beginPath(); g.arc(x[hover.i] * S + ox, y[hover.i] * S + oy, Math.max(6, mineR + 3), 0, Math.PI * 2);
      g.strokeStyle = '#ffffff'; g.lineWidth = 2; g.stroke();
    }
    // Debug marks, by site id, on top of everything.
    if (marks.length && !siteIndex) siteIndex = new Map(Array.from(geo.ids, (id, i) => [id, i]));
    g.setTransform(1, 0, 0, 1, 0, 0);
    noteDrawn(canvas, drawMarks(g, marks, (mk) => {
      const points = mk.at.map((id) => siteIndex.get(id)).filter((i) => i !== undefined).map((i) => [(x[i] * S + ox) * dpr, (y[i] * S + oy) * dpr]);
      return { shape: mk.kind === 'site' ? 'ring' : 'line', points, size: Math.max(8, mineR + 5) * dpr };
    }, dpr));
    stats.draws += 1;
    stats.visible = visible;
    stats.lastMs = performance.now() - t0;
    stats.worstMs = Math.max(stats.worstMs, stats.lastMs);
  }

  /**
   * The site or river under css point (px, py), or null: a site when one is very near (or is a
   * mine, or `sitesFirst`), else the nearest river within reach, else the nearest site in reach.
   */
  function hitTest(px, py, sitesFirst) {
    if (!geo) return null;
    const { scale } = view;
    const [mx, my] = view.toWorld(px, py);
    const site = geo.grid.nearestSite(mx, my, HIT_SITE / scale);
    if (site && (sitesFirst || geo.isMine[site.i] || site.d * scale < 4.5)) return { kind: 'site', i: site.i };
    const river = geo.grid.nearestRiver(mx, my, HIT_RIVER / scale);
    if (river) return { kind: 'river', i: river.i };
    return site ? { kind: 'site', i: site.i } : null;
  }

  function describe(h) {
    const name = (p) => frame.names[p] ?? `P${p}`;
    if (h.kind === 'site') {
      const mine = geo.isMine[h.i] ? ' · mine' : '';
      const note = frame.siteNote?.(h.i);
      return `Site ${geo.ids[h.i]}${mine}${note ? ` · ${note}` : ''}`;
    }
    const a = geo.rivers[2 * h.i]; const b = geo.rivers[2 * h.i + 1];
    const o = frame.owners?.[h.i] ?? -1;
    const holder = frame.holders?.[h.i] ?? -1;
    const parts = [`River ${geo.ids[a]}–${geo.ids[b]}`, o >= 0 ? `claimed by ${name(o)}` : 'free'];
    if (holder >= 0) parts.push(`option: ${name(holder)}`);
    return parts.join(' · ');
  }

  function showTip() {
    if (!hover || !frame) { tip.hidden = true; return; }
    tip.textContent = describe(hover);
    tip.hidden = false;
    const left = Math.min(hover.x + 14, view.width - tip.offsetWidth - 4);
    const top = hover.y + 18 + tip.offsetHeight > view.height ? hover.y - tip.offsetHeight - 10 : hover.y + 18;
    tip.style.left = `${Math.max(4, left)}px`;
    tip.style.top = `${Math.max(4, top)}px`;
  }

  // Hover: the hit test once per animation frame, at the pointer's last place.
  const hoverAt = frameScheduler(() => {
    if (!hover) return;
    const h = hitTest(hover.x, hover.y, frame?.sitesFirst);
    const changed = h?.kind !== hover.kind || h?.i !== hover.i;
    hover = h ? { ...h, x: hover.x, y: hover.y } : { kind: null, x: hover.x, y: hover.y };
    if (!h) { tip.hidden = true; } else showTip();
    if (changed) schedule();
  });

  /** Where site or river `i` is drawn now, in css px of the canvas (for tests and tools). */
  canvas.pointOf = (kind, i) => {
    if (!geo) return null;
    const { x, y, rivers } = geo;
    const [px, py] = kind === 'site' ? [x[i], y[i]] : [(x[rivers[2 * i]] + x[rivers[2 * i + 1]]) / 2, (y[rivers[2 * i]] + y[rivers[2 * i + 1]]) / 2];
    return view.toScreen(px, py);
  };
  /** What a click at css point (px, py) of the canvas would pick (for tests and benchmarks). */
  canvas.hitAt = (px, py) => hitTest(px, py, frame?.sitesFirst);
  /** What the tooltip says of site or river `i` (the keyboard cursor's words). */
  canvas.describe = (kind, i) => (frame && geo ? describe({ kind, i }) : '');
  canvas.drawStats = stats;

  return {
    canvas,
    stats,
    set(next) {
      const same = frame && frame.key === next.key && geo;
      frame = next;
      canvas.cursor = next.cursor ?? null; // read by the tests
      canvas.recent = next.recent ?? null;
      if (next.label) canvas.setAttribute('aria-label', next.label);
      if (next.legal) {
        const claims = new Uint8Array(next.geometry.rivers.length / 2);
        for (const r of next.legal.claims ?? []) claims[r] = 1;
        frame.legalClaims = next.legal.claims?.length ? claims : null;
        frame.legalOptions = next.legal.options ?? [];
        frame.legalSites = next.legal.sites ?? [];
      }
      if (!same) {
        siteIndex = null;
        load(next.geometry);
        sizeCanvas();
        view.fit();
      }
      if (hover?.kind) showTip();
      schedule();
    },
    setMarks(next) { marks = next; schedule(); },
    fit: view.fit,
    zoom: view.zoomAt,
    /** Redraws now (for measuring). */
    drawNow: draw,
    get fitted() { return view.fitted; },
    destroy() { view.destroy(); box.remove(); },
  };
}

/** The map view's height for this screen. */
export const mapHeight = () => Math.round(Math.max(300, Math.min(620, window.innerHeight - (window.innerWidth < 860 ? 330 : 390))));
