// The zoom controls shared by the canvas views (Lifter's mine, Punter's map): the wheel zooms
// at the pointer, + / − zoom at the centre, the fit keys fit the whole picture, and the view
// redraws when its box changes size. Returns a function that removes them.
import { bindKeys } from './keys.js';

/**
 * { canvas, box, ready() → bool, zoomAt(factor, x?, y?), fit(), redraw(), fitKeys: ['0', …] }
 */
export function bindZoom({ canvas, box, ready, zoomAt, fit, redraw, fitKeys = ['0'] }) {
  const onWheel = (e) => {
    if (!ready()) return;
    e.preventDefault();
    zoomAt(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0018)), e.offsetX, e.offsetY);
  };
  canvas.addEventListener('wheel', onWheel, { passive: false });
  const unbind = bindKeys(box, (e) => {
    if (!ready()) return false;
    if (e.key === '+' || e.key === '=') zoomAt(1.5);
    else if (e.key === '-' || e.key === '_') zoomAt(1 / 1.5);
    else if (fitKeys.includes(e.key)) fit();
    else return false;
    return true;
  });
  const resize = new ResizeObserver(redraw);
  resize.observe(box);
  return () => { resize.disconnect(); unbind(); canvas.removeEventListener('wheel', onWheel); };
}
