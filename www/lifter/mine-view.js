// Draws a mine on a canvas; zoom and pan are the shared viewport's (www/viewport.js; its world
// units are cells, row 0 at the top). Only the visible cells are drawn, once per animation
// frame; when cells get smaller than a few device pixels the visible part is drawn as one pixel
// per cell and scaled up, so 1000×1000 mines stay fast.
// Short animations: falling rocks (from the engine's `falls()`), growing beards, rising water.
// No rules here: cells, falls, grown beards and the state come from the engine.
import { el, frameScheduler } from '../dom.js';
import { createViewport } from '../viewport.js';
import { COLORS, rgbOf, spriteCache } from './sprites.js';
import { drawMarks, noteDrawn } from '../marks.js';

const MAX_CELL = 56; // css px per cell at most
const FIT_CELL = 44; // largest cell a "fit" picks
const PIXEL_BELOW = 6; // device px per cell under which the pixel view is used
const MAX_ANIMATED_FALLS = 2000; // more rocks than this move without animation
const NAMES = {
  ' ': 'empty', '.': 'earth', '#': 'wall', '*': 'rock', '@': 'higher-order rock', '\\': 'lambda', L: 'closed lift',
  O: 'open lift', R: 'robot', W: 'beard', '!': 'razor',
};
const cellName = (ch) => NAMES[ch] ?? (ch >= 'A' && ch <= 'I' ? `trampoline ${ch}` : `target ${ch}`);

/**
 * createMineView(root) → { set(frame), setMarks(marks), fit(), zoom(f), reveal(x, y), destroy() }
 * marks: a decision's debug marks (www/marks.js), drawn over the mine: cells and paths of cells.
 * frame: { key (the mine's identity: a new key refits the view), width, height, cells: Uint8Array (map characters, row-major from the bottom row),
 *          water (level, 0 = none), robot: [x, y] 1-based, falls: Uint32Array (from, to)*,
 *          grown: Uint32Array (cells where beards grew in the last step, from the engine's `grown()`),
 *          animate: ms (0 = no animation) }
 */
export function createMineView(root, { maxHeight = 640, testid } = {}) {
  const canvas = el('canvas', { class: 'mine-canvas', 'data-testid': testid, tabindex: '0', 'aria-label': 'The mine' });
  const readout = el('div', { class: 'mine-readout', 'aria-hidden': 'true', hidden: true });
  const box = el('div', { class: 'mine-view' }, canvas);
  root.append(box);

  const sprite = spriteCache();
  let frame = null;
  let prev = null; // cells of the frame before, for animations
  let anim = null;
  let pixelCache = null;
  let version = 0;
  let hover = null;
  let marks = [];
  const schedule = frameScheduler(draw);
  const view = createViewport(canvas, box, {
    bounds: () => frame && [0, 0, frame.width, frame.height],
    fitMost: FIT_CELL,
    zoomRange: (fit) => [Math.min(fit, 1) * 0.5, MAX_CELL],
    keep: 0.25, // at least a quarter of the view on the mine
    onChange: schedule,
    onHover: (x, y, e, pressed) => { hover = [x, y]; if (frame && !pressed) showReadout(); },
    onLeave: () => { hover = null; readout.hidden = true; },
  });
  box.append(view.tools('mine', '0'), readout);

  function sizeCanvas() {
    const w = box.clientWidth || 600;
    const most = typeof maxHeight === 'function' ? maxHeight() : maxHeight;
    let h = most;
    if (frame) {
      const cell = Math.min(w / frame.width, most / frame.height, FIT_CELL);
      h = Math.max(Math.min(150, most), Math.min(most, Math.ceil(frame.height * cell)));
    }
    view.size(w, h);
  }

  /** Pans so that cell (x, y) (1-based, y = 1 bottom) is well inside the view. */
  function reveal(x, y) {
    if (!frame || !view.scale) return;
    const { scale, width: cssW, height: cssH } = view;
    const [cx, cy] = view.toScreen(x - 0.5, frame.height - y + 0.5);
    const margin = Math.min(cssW, cssH) * 0.18;
    if (cx < margin || cx > cssW - margin || cy < margin || cy > cssH - margin) {
      if (frame.width * scale <= cssW && frame.height * scale <= cssH) return;
      view.panBy(cssW / 2 - cx, cssH / 2 - cy);
    }
  }

  function pixelImage(c0, c1, r0, r1) {
    const key = `${version}:${c0}:${c1}:${r0}:${r1}`;
    if (pixelCache?.key === key) return pixelCache.canvas;
    const w = c1 - c0;
    const h = r1 - r0;
    const off = pixelCache?.canvas ?? document.createElement('canvas');
    if (off.width !== w || off.height !== h) { off.width = w; off.height = h; }
    const g = off.getContext('2d');
    const img = g.createImageData(w, h);
    const data = new Uint32Array(img.data.buffer);
    const lut = new Uint32Array(128);
    const little = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
    for (let ch = 32; ch < 128; ch += 1) {
      const [r, gg, b] = rgbOf(String.fromCharCode(ch));
      lut[ch] = little ? ((255 << 24) | (b << 16) | (gg << 8) | r) >>> 0 : ((r << 24) | (gg << 16) | (b << 8) | 255) >>> 0;
    }
    const { cells, width, height } = frame;
    for (let r = r0; r < r1; r += 1) {
      const row = (height - 1 - r) * width;
      const out = (r - r0) * w - c0;
      for (let c = c0; c < c1; c += 1) data[out + c] = lut[cells[row + c] & 127];
    }
    g.putImageData(img, 0, 0);
    pixelCache = { key, canvas: off };
    return off;
  }

  function draw() {
    if (!frame || !box.isConnected) return;
    sizeCanvas();
    const { scale, ox, oy, width: cssW, height: cssH } = view;
    const dpr = window.devicePixelRatio || 1;
    const g = canvas.getContext('2d');
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.fillStyle = '#0c0b0a';
    g.fillRect(0, 0, canvas.width, canvas.height);
    const { width: W, height: H, cells } = frame;
    const now = performance.now();
    let t = 1;
    if (anim) {
      t = Math.min(1, (now - anim.start) / anim.ms);
      if (t >= 1) anim = null;
    }
    const ease = 1 - (1 - t) * (1 - t);
    const c0 = Math.max(0, Math.floor(-ox / scale));
    const c1 = Math.min(W, Math.ceil((cssW - ox) / scale));
    const r0 = Math.max(0, Math.floor(-oy / scale));
    const r1 = Math.min(H, Math.ceil((cssH - oy) / scale));
    const X = (c) => Math.round((ox + c * scale) * dpr);
    const Y = (r) => Math.round((oy + r * scale) * dpr);
    const cellDev = scale * dpr;
    const mapRect = [X(0), Y(0), X(W) - X(0), Y(H) - Y(0)];
    g.fillStyle = COLORS[' '];
    g.fillRect(...mapRect);
    if (c1 > c0 && r1 > r0) {
      if (cellDev < PIXEL_BELOW) {
        g.imageSmoothingEnabled = false;
        g.drawImage(pixelImage(c0, c1, r0, r1), X(c0), Y(r0), X(c1) - X(c0), Y(r1) - Y(r0));
      } else {
        const s = Math.max(1, Math.round(cellDev));
        const hidden = anim?.hidden;
        const growing = anim?.growing;
        for (let r = r0; r < r1; r += 1) {
          const row = (H - 1 - r) * W;
          const y0 = Y(r);
          const y1 = Y(r + 1);
          for (let c = c0; c < c1; c += 1) {
            const i = row + c;
            const code = cells[i];
            if (code === 32) continue;
            if (hidden?.has(i)) continue;
            const x0 = X(c);
            if (growing?.has(i)) {
              const k = 0.25 + 0.75 * ease;
              const w = (X(c + 1) - x0) * k;
              const h = (y1 - y0) * k;
              g.drawImage(sprite('W', s), x0 + (X(c + 1) - x0 - w) / 2, y0 + (y1 - y0 - h) / 2, w, h);
              continue;
            }
            g.drawImage(sprite(String.fromCharCode(code), s), x0, y0, X(c + 1) - x0, y1 - y0);
          }
        }
        if (anim?.falls) {
          for (const [from, to, ch] of anim.falls) {
            const fc = from % W; const fr = H - 1 - Math.floor(from / W);
            const tc = to % W; const tr = H - 1 - Math.floor(to / W);
            const c = fc + (tc - fc) * ease;
            const r = fr + (tr - fr) * ease;
            g.drawImage(sprite(ch, s), (ox + c * scale) * dpr, (oy + r * scale) * dpr, cellDev, cellDev);
          }
        }
      }
    }
    // Water: rows 1..level (from the bottom) are underwater.
    const level = anim?.water ? anim.water[0] + (anim.water[1] - anim.water[0]) * ease : frame.water;
    if (level > 0) {
      const top = Math.max(0, H - level);
      const yTop = (oy + top * scale) * dpr;
      g.fillStyle = 'rgba(38,120,255,0.30)';
      g.fillRect(mapRect[0], yTop, mapRect[2], mapRect[1] + mapRect[3] - yTop);
      g.fillStyle = 'rgba(140,200,255,0.85)';
      g.fillRect(mapRect[0], yTop, mapRect[2], Math.max(1, Math.min(3 * dpr, cellDev * 0.08)));
    }
    // The robot is always easy to find: a ring around it when cells are small.
    if (frame.robot && cellDev < 14) {
      const [rx, ry] = frame.robot;
      const cx = (ox + (rx - 0.5) * scale) * dpr;
      const cy = (oy + (H - ry + 0.5) * scale) * dpr;
      g.strokeStyle = '#ffffff';
      g.lineWidth = 2.5 * dpr;
      g.beginPath(); g.arc(cx, cy, Math.max(7 * dpr, cellDev * 1.4), 0, Math.PI * 2); g.stroke();
      g.strokeStyle = COLORS.R;
      g.lineWidth = 1.5 * dpr;
      g.beginPath(); g.arc(cx, cy, Math.max(7 * dpr, cellDev * 1.4) + 2.5 * dpr, 0, Math.PI * 2); g.stroke();
    }
    // The end of the game on the robot: a red cross when lost, a green ring when won.
    if (frame.robot && (frame.outcome === 'lose' || frame.outcome === 'win')) {
      const [rx, ry] = frame.robot;
      const x0 = (ox + (rx - 1) * scale) * dpr;
      const y0 = (oy + (H - ry) * scale) * dpr;
      const s = Math.max(cellDev, 10 * dpr);
      const cx = x0 + cellDev / 2;
      const cy = y0 + cellDev / 2;
      g.lineWidth = Math.max(2 * dpr, s * 0.1);
      g.lineCap = 'round';
      if (frame.outcome === 'lose') {
        g.strokeStyle = '#ff4d4f';
        const d = s * 0.36;
        g.beginPath(); g.moveTo(cx - d, cy - d); g.lineTo(cx + d, cy + d); g.moveTo(cx + d, cy - d); g.lineTo(cx - d, cy + d); g.stroke();
      } else {
        g.strokeStyle = '#7dffb0';
        g.beginPath(); g.arc(cx, cy, s * 0.56, 0, Math.PI * 2); g.stroke();
      }
    }
    g.strokeStyle = '#3a3f4b';
    g.lineWidth = 1;
    g.strokeRect(mapRect[0] - 0.5, mapRect[1] - 0.5, mapRect[2] + 1, mapRect[3] + 1);
    // Debug marks: (x, y) from 1, y = 1 the bottom row, as the strategy's view counts cells.
    const centre = (x, y) => [(ox + (x - 0.5) * scale) * dpr, (oy + (H - y + 0.5) * scale) * dpr];
    noteDrawn(canvas, drawMarks(g, marks, (m) => {
      const points = [];
      for (let k = 0; k + 1 < m.at.length; k += 2) points.push(centre(m.at[k], m.at[k + 1]));
      return { shape: m.kind === 'path' ? 'line' : 'box', points, size: Math.max(8 * dpr, cellDev * 0.9) };
    }, dpr));
    if (hover) showReadout();
    if (anim) schedule();
  }

  function showReadout() {
    const [c, r] = view.toWorld(hover[0], hover[1]).map(Math.floor);
    if (!frame || c < 0 || r < 0 || c >= frame.width || r >= frame.height) { readout.hidden = true; return; }
    const y = frame.height - r;
    const ch = String.fromCharCode(frame.cells[(y - 1) * frame.width + c]);
    readout.hidden = false;
    readout.textContent = `(${c + 1}, ${y}) ${cellName(ch)}${y <= frame.water ? ' · underwater' : ''}`;
  }

  return {
    canvas,
    set(next) {
      if (next.label) canvas.setAttribute('aria-label', next.label);
      const sameMine = frame && prev && frame.key === next.key && frame.width === next.width && frame.height === next.height;
      const before = frame;
      frame = next;
      version += 1;
      anim = null;
      if (!sameMine) {
        prev = next.cells;
        sizeCanvas();
        view.fit();
        return;
      }
      if (next.animate > 0) {
        const falls = [];
        const hidden = new Set();
        const f = next.falls ?? [];
        if (f.length <= 2 * MAX_ANIMATED_FALLS) {
          for (let k = 0; k < f.length; k += 2) {
            falls.push([f[k], f[k + 1], String.fromCharCode(prev[f[k]])]);
            hidden.add(f[k + 1]);
          }
        }
        const growing = next.grown?.length ? new Set(next.grown) : null;
        const water = before.water !== next.water ? [before.water, next.water] : null;
        if (falls.length || growing?.size || water) {
          anim = { start: performance.now(), ms: next.animate, falls, hidden, growing, water };
        }
      }
      prev = next.cells;
      schedule();
    },
    setMarks(next) { marks = next; schedule(); },
    fit: view.fit,
    zoom: view.zoomAt,
    reveal,
    get fitted() { return view.fitted; },
    destroy() { view.destroy(); box.remove(); },
  };
}

/** A frame for `set` from an engine `LifterGame`; `state` is its `state()` (passed to avoid a second call). */
export function frameOf(game, key, state, animate = 0) {
  return {
    key, width: game.width(), height: game.height(), cells: game.cells(), water: state.water, robot: state.robot, outcome: state.outcome,
    falls: animate && game.fallCount() <= MAX_ANIMATED_FALLS ? game.falls() : null, grown: animate ? game.grown() : null, animate,
  };
}

/** The largest mine view that leaves room for the controls on this screen. */
export const viewHeight = () => Math.round(Math.max(240, Math.min(680, window.innerHeight - (window.innerWidth < 860 ? 420 : 400))));
