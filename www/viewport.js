// The one pan/zoom model of the canvas views (Punter's map, Lifter's mine) and its input.
// A view draws in world units (map units, mine cells; y down); the viewport says where they go:
// css x = world x × scale + ox, css y = world y × scale + oy. Input: the wheel zooms about the
// pointer, a drag pans, two fingers pinch (zoom about their midpoint, which follows them),
// + / − zoom about the centre, the fit keys and Fit show the whole picture, and a resize keeps
// a fitted view fitted (else the same centre). A press that does not move is a click.
// It knows nothing of what is drawn: `onChange` asks the view for a redraw.
import { el } from './dom.js';
import { bindKeys } from './keys.js';

const STEP = 1.5; // zoom factor of + / − and the buttons

/**
 * createViewport(canvas, box, options) → the model: { scale, ox, oy, width, height, fitted (read),
 *   size(w, h), fit(), zoomAt(f, x?, y?), panBy(dx, dy), toWorld(x, y), toScreen(x, y), tools(what, key), destroy() }
 * options: bounds() → [x0, y0, x1, y1] in world units (null while there is nothing to show);
 *   pad: css px left around a fitted picture; fitMost: the largest scale a fit picks;
 *   zoomRange(fitScale) → [least, most] scale; keep: the picture always reaches this fraction
 *   of the canvas from each edge; clickSlop: css px a press may move and still be a click;
 *   fitKeys; onChange(); onClick(x, y); onHover(x, y, event, pressed); onLeave().
 * `box` gets the keys (while on screen) and is watched for resizes.
 */
export function createViewport(canvas, box, {
  bounds, pad = 0, fitMost = Infinity, zoomRange = (f) => [f * 0.5, f * 400], keep = 0.2, clickSlop = 0,
  fitKeys = ['0'], onChange = () => {}, onClick = () => {}, onHover = () => {}, onLeave = () => {},
} = {}) {
  const vp = { scale: 1, ox: 0, oy: 0, width: 0, height: 0, fitted: true };
  canvas.viewport = vp; // for tests and tools

  function fitScale() {
    const [x0, y0, x1, y1] = bounds();
    const w = Math.max(x1 - x0, 1e-9);
    const h = Math.max(y1 - y0, 1e-9);
    return Math.min((vp.width - 2 * pad) / w, (vp.height - 2 * pad) / h, fitMost);
  }

  /** Keeps part of the picture in view: its far edges reach `keep` of the canvas. */
  function clamp() {
    const [x0, y0, x1, y1] = bounds();
    const { scale: s, width: w, height: h } = vp;
    if (x1 * s + vp.ox < w * keep) vp.ox += w * keep - (x1 * s + vp.ox);
    if (x0 * s + vp.ox > w * (1 - keep)) vp.ox -= x0 * s + vp.ox - w * (1 - keep);
    if (y1 * s + vp.oy < h * keep) vp.oy += h * keep - (y1 * s + vp.oy);
    if (y0 * s + vp.oy > h * (1 - keep)) vp.oy -= y0 * s + vp.oy - h * (1 - keep);
  }

  function place() {
    const [x0, y0, x1, y1] = bounds();
    vp.scale = fitScale();
    vp.ox = vp.width / 2 - ((x0 + x1) / 2) * vp.scale;
    vp.oy = vp.height / 2 - ((y0 + y1) / 2) * vp.scale;
    vp.fitted = true;
  }

  /** Shows the whole picture. */
  vp.fit = () => {
    if (!bounds()) return;
    place();
    onChange();
  };

  /** Zooms by `f` keeping css point (x, y) (default: the centre) on the same world point. */
  vp.zoomAt = (f, x = vp.width / 2, y = vp.height / 2) => {
    if (!bounds()) return;
    const [least, most] = zoomRange(fitScale());
    const next = Math.max(least, Math.min(most, vp.scale * f));
    vp.ox = x - (x - vp.ox) * (next / vp.scale);
    vp.oy = y - (y - vp.oy) * (next / vp.scale);
    vp.scale = next;
    vp.fitted = false;
    clamp();
    onChange();
  };

  /** Moves the picture by (dx, dy) css px. */
  vp.panBy = (dx, dy) => {
    if (!bounds()) return;
    vp.ox += dx;
    vp.oy += dy;
    vp.fitted = false;
    clamp();
    onChange();
  };

  vp.toWorld = (x, y) => [(x - vp.ox) / vp.scale, (y - vp.oy) / vp.scale];
  vp.toScreen = (x, y) => [x * vp.scale + vp.ox, y * vp.scale + vp.oy];

  /**
   * Sizes the canvas to w × h css px at the device pixel ratio (called by the view before it
   * draws). A fitted picture is fitted again; else the centre stays. Does not ask for a redraw.
   */
  vp.size = (w, h) => {
    const dpr = window.devicePixelRatio || 1;
    if (w === vp.width && h === vp.height && canvas.width === Math.round(w * dpr)) return;
    const [dw, dh] = [w - vp.width, h - vp.height];
    vp.width = w;
    vp.height = h;
    canvas.style.height = `${h}px`;
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
    if (!bounds()) return;
    if (vp.fitted) place();
    else { vp.ox += dw / 2; vp.oy += dh / 2; }
  };

  /** The − / + / Fit buttons ("Fit the whole `what` (`key`)"). */
  vp.tools = (what, key) => {
    const tool = (label, title, action, cls = 'mine-tool') => el('button', { class: cls, title, 'aria-label': title, onclick: action }, label);
    return el('div', { class: 'mine-tools' },
      tool('−', 'Zoom out (−)', () => vp.zoomAt(1 / STEP)), tool('+', 'Zoom in (+)', () => vp.zoomAt(STEP)),
      tool('Fit', `Fit the whole ${what} (${key})`, () => vp.fit(), 'mine-tool mine-fit'));
  };

  // Pointers: one drags (after `clickSlop`), two pinch; a press that stayed put is a click.
  const at = (e) => {
    const r = canvas.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };
  const pointers = new Map(); // id → [x, y]
  let press = null; // { id, x, y } while a single press may still be a click
  let pinch = null; // { d, mx, my } of the two pointers
  const pinchOf = () => {
    const [a, b] = [...pointers.values()];
    return { d: Math.hypot(a[0] - b[0], a[1] - b[1]), mx: (a[0] + b[0]) / 2, my: (a[1] + b[1]) / 2 };
  };
  const onDown = (e) => {
    try { canvas.setPointerCapture(e.pointerId); } catch { /* a pointer the browser does not track */ }
    pointers.set(e.pointerId, at(e));
    press = pointers.size === 1 ? { id: e.pointerId, x: pointers.get(e.pointerId)[0], y: pointers.get(e.pointerId)[1] } : null;
    pinch = pointers.size === 2 ? pinchOf() : null;
  };
  const onMove = (e) => {
    const [x, y] = at(e);
    const last = pointers.get(e.pointerId);
    if (!last || !bounds()) { onHover(x, y, e, false); return; }
    if (pinch && pointers.size === 2) {
      pointers.set(e.pointerId, [x, y]);
      const next = pinchOf();
      // The world point under the old midpoint goes under the new one, zoomed by the spread.
      vp.ox += next.mx - pinch.mx;
      vp.oy += next.my - pinch.my;
      if (pinch.d > 0 && next.d > 0) vp.zoomAt(next.d / pinch.d, next.mx, next.my);
      else vp.panBy(0, 0);
      pinch = next;
      return;
    }
    if (pointers.size !== 1) { pointers.set(e.pointerId, [x, y]); return; }
    if (press && Math.hypot(x - press.x, y - press.y) < clickSlop) return;
    pointers.set(e.pointerId, [x, y]);
    press = null;
    canvas.classList.add('dragging');
    vp.panBy(x - last[0], y - last[1]);
    onHover(x, y, e, true);
  };
  const onUp = (e, click) => {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
    if (!pointers.size) canvas.classList.remove('dragging');
    const clicked = click && press?.id === e.pointerId ? press : null;
    press = null;
    if (clicked && bounds()) onClick(clicked.x, clicked.y);
  };
  const onWheel = (e) => {
    if (!bounds()) return;
    e.preventDefault();
    const [x, y] = at(e);
    vp.zoomAt(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0018)), x, y);
  };
  const listeners = {
    pointerdown: onDown, pointermove: onMove, pointerup: (e) => onUp(e, true), pointercancel: (e) => onUp(e, false),
    pointerleave: () => onLeave(),
  };
  for (const [type, f] of Object.entries(listeners)) canvas.addEventListener(type, f);
  canvas.addEventListener('wheel', onWheel, { passive: false });
  const unbindKeys = bindKeys(box, (e) => {
    if (!bounds()) return false;
    if (e.key === '+' || e.key === '=') vp.zoomAt(STEP);
    else if (e.key === '-' || e.key === '_') vp.zoomAt(1 / STEP);
    else if (fitKeys.includes(e.key)) vp.fit();
    else return false;
    return true;
  });
  const resize = new ResizeObserver(() => onChange());
  resize.observe(box);

  vp.destroy = () => {
    resize.disconnect();
    unbindKeys();
    for (const [type, f] of Object.entries(listeners)) canvas.removeEventListener(type, f);
    canvas.removeEventListener('wheel', onWheel);
  };
  return vp;
}
