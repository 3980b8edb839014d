// Tiny DOM helpers shared by the views.

/** el('div', {class: 'x', onclick: f}, child, 'text') */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') node.className = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (k in node && typeof v !== 'string') node[k] = v;
    else node.setAttribute(k, v === true ? '' : v);
  }
  node.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

/** Calls `draw` at most once per animation frame, however often `schedule` is called. */
export function frameScheduler(draw) {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; draw(); });
  };
}

/** Sizes a canvas to its CSS box at the device pixel ratio; returns a 2D context in CSS pixels. */
export function fitCanvas(canvas, cssHeight) {
  const dpr = window.devicePixelRatio || 1;
  const width = canvas.clientWidth || canvas.parentElement?.clientWidth || 600;
  canvas.style.height = `${cssHeight}px`;
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(cssHeight * dpr);
  const ctx = canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  return { ctx, width, height: cssHeight };
}

/** Full page URL for a link fragment. */
export function shareUrl(fragment) {
  return `${location.origin}${location.pathname}#${fragment}`;
}

/** A read-only link field with a copy button. */
export function linkField(label = 'Share link') {
  const input = el('input', { class: 'link-input', readonly: true, 'aria-label': label });
  const copy = el('button', {
    class: 'small',
    onclick: async () => {
      input.select();
      try { await navigator.clipboard.writeText(input.value); copy.textContent = 'Copied'; } catch { document.execCommand?.('copy'); copy.textContent = 'Copied'; }
      setTimeout(() => { copy.textContent = 'Copy'; }, 1200);
    },
  }, 'Copy');
  const open = el('a', { class: 'small-link', target: '_blank', rel: 'noopener' }, 'Open');
  const box = el('div', { class: 'link-field' }, el('span', { class: 'link-label' }, label), input, copy, open);
  return {
    box,
    set(url) { input.value = url; open.href = url; box.hidden = !url; },
  };
}

export const escapeHtml = (s) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
