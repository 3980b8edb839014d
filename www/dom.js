// Tiny DOM helpers shared by the views, and the reading of a user's file.
import { WorkerRpc } from './worker-rpc.js';

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

/**
 * Scrolls `node` to the top of the window when it is above it or in its lower half (a game
 * started from a form below its board, or above it on a phone, starts in view).
 */
export function bringIntoView(node) {
  const top = node.getBoundingClientRect().top;
  if (top < 0 || top > innerHeight * 0.5) node.scrollIntoView({ block: 'start' });
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

// Longer links are offered as a file (set once from the engine by app.js).
let linkLimit = 8000;
export function setLinkLimit(n) { linkLimit = n; }
/** True when `url` is short enough to share as a link (and to put in the address bar). */
export const fitsLink = (url) => url.length <= linkLimit;

/** Replaces the address bar's URL with `url` when it is short enough to be a link. */
export function followLink(url) {
  if (url && fitsLink(url)) history.replaceState(null, '', url);
}

/** Downloads `text` as a small text file named `name`. */
export function saveText(name, text) {
  const a = el('a', { href: URL.createObjectURL(new Blob([text], { type: 'text/plain' })), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/**
 * A read-only link field with a copy button. A link longer than the engine's limit is offered
 * as a file holding it ("Save as file"); the page opens such a file like a link.
 */
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
  const tooLong = el('span', { class: 'muted link-too-long', hidden: true });
  let url = '';
  const save = el('button', {
    class: 'small', hidden: true, 'data-testid': 'save-link-file',
    onclick: () => saveText(`lambda-arcade-${(url.split('#')[1] ?? 'link').split('/')[0]}.txt`, `${url}\n`),
  }, 'Save as file');
  const box = el('div', { class: 'link-field' }, el('span', { class: 'link-label' }, label), input, copy, open, tooLong, save);
  return {
    box,
    set(next) {
      url = next;
      const long = Boolean(url) && !fitsLink(url);
      input.value = long ? '' : url;
      open.href = long ? '' : url;
      input.hidden = copy.hidden = open.hidden = long;
      save.hidden = tooLong.hidden = !long;
      tooLong.textContent = long
        ? `Too long for a link (${url.length.toLocaleString('en-US')} characters; links hold ${linkLimit.toLocaleString('en-US')}). Save it as a file; the page opens the file like a link (Open link file… at the bottom of the page, or drop the file on the page).`
        : '';
      box.hidden = !url;
    },
    get url() { return url; },
  };
}

/**
 * A file's text through the engine: { text } or { error } naming the place of the first byte
 * that is not UTF-8 (the browser's own decoding would turn it into "\uFFFD" silently).
 */
export async function fileText(engine, file) {
  try {
    return { text: engine.textOf(new Uint8Array(await file.arrayBuffer())) };
  } catch (e) {
    return { error: e.message ?? String(e) };
  }
}

// ----- Big files: never in a text box -----
// A text box holding a file's megabytes freezes the page for seconds (Chromium lays out about
// 0.3 s a megabyte: 28 s for a 68 MB map), so a file's text goes into a box only when it is
// short; a longer file is named with its size next to the message about it (`fileRefused`).

/** Texts longer than this never go into a text box (100,000 characters lay out in about 30 ms). */
export const BOX_CHARS = 100_000;

/** A size for people: "19 bytes", "812.3 KB", "68.0 MB" (decimal units, as file managers show them). */
export function sizeText(bytes) {
  if (bytes < 1000) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  const [unit, div] = bytes < 1e6 ? ['KB', 1e3] : bytes < 1e9 ? ['MB', 1e6] : ['GB', 1e9];
  return `${(bytes / div).toFixed(1)} ${unit}`;
}

/**
 * The one wording of a file the page does not take, `why` being the engine's message: its name,
 * the message, then its size ("huge.json does not load: sites: more sites than the limit of
 * 200000 (a file of 68.0 MB)"); `verb` as the view says it.
 */
export function fileRefused(engine, file, why, verb = 'does not load') {
  // A message with a place reads FILE:LINE:COL: message (the engine's inFile, as in the CLI).
  const placed = engine.inFile(file.name, String(why));
  const text = placed.startsWith(`${file.name}: `) ? `${file.name} ${verb}: ${why}` : placed;
  return `${text} (a file of ${sizeText(file.size)})`;
}

const READ_BACKSTOP_MS = 60_000;
/**
 * Reads a user's `file` in a worker of its own (www/file-worker.js) with engine module `module`:
 * { text }, or { error } — the place of the first byte that is not UTF-8, or with `format` the
 * engine's message for that format (its place, or the limit passed) — with the `text` as well
 * when it is short enough for a text box. The page's main thread only ever receives the text of
 * a file that reads (a 68 MB text in about 50 ms) or a message.
 */
export async function readFile(file, { module, format = null, link = false }) {
  const rpc = new WorkerRpc(new URL('./file-worker.js', import.meta.url));
  try {
    const r = await rpc.call({ type: 'read', file, module, format, keep: BOX_CHARS, link }, { backstopMs: READ_BACKSTOP_MS });
    return r.ok ? r.value : { error: r.error ?? `the file could not be read (the reading ${r.kind === 'timeout' ? 'took too long' : 'failed'})` };
  } finally {
    rpc.stop();
  }
}

/** The size of a text in bytes (UTF-8), for a text that came without its file (a dropped file). */
export const textBytes = (text) => new Blob([text]).size;

/** Puts `text` into the text box `box` when it is short enough to edit there; true when it did. */
export function intoBox(box, text) {
  if (text.length > BOX_CHARS) return false;
  box.value = text;
  return true;
}
