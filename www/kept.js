// What the page keeps in this browser, in one place: the only user of localStorage.
// - `storage`: get/set/remove that survive private mode and a full quota (the page goes on in
//   memory and says so once, see `whenRefused`), with JSON.
// - Drafts: what is typed in the labs, kept as it is typed; a lab's program file (`keptProgram`).
// - Kept games: a kept game *is* its share link plus the position viewed (and what the link
//   does not say: whose seats are human, the bots' names, an opponent). A reload reopens it
//   through the link registry (`app.reopen`), as fast as opening a link. An entry that no longer
//   opens is put aside under its own key, with a notice, and the page goes on; nothing is
//   removed before its copy is kept (a full storage leaves the entry where it is, untouched).
// - `MissingAsset`: the typed error for a bundled map a kept game or a link needs and the page
//   cannot find; `problem(e)` words every failure the same way for the notice.

const PREFIX = 'arcade.';
/** The kept-game format: 2 (a link); version 1 was each game's own (see `legacy` below). */
export const VERSION = 2;

let refused = () => {};
/** `f()` is called once, the first time the browser refuses to keep something. */
export function whenRefused(f) { refused = f; }

// Entries that could not be put aside (no room for the copy): left as they are, and nothing in
// this page writes over them or removes them. Nothing is deleted that was not first copied.
const held = new Set();
/** Writes without a notice; true when the browser kept it. */
function put(key, value) {
  if (held.has(key)) return false;
  try { localStorage.setItem(key, value); return true; } catch { return false; }
}

export const storage = {
  get(key) { try { return localStorage.getItem(key); } catch { return null; } },
  /** False when the browser refuses (private mode, full quota): the caller goes on in memory. */
  set(key, value) {
    if (held.has(key)) return false;
    if (put(key, value)) return true;
    const f = refused;
    refused = () => {};
    f();
    return false;
  },
  remove(key) { if (held.has(key)) return; try { localStorage.removeItem(key); } catch { /* private mode */ } },
  /** The parsed JSON under `key`, `undefined` when there is none; throws on text that is not JSON. */
  json(key) {
    const raw = storage.get(key);
    return raw === null ? undefined : JSON.parse(raw);
  },
  setJson(key, value) { return storage.set(key, JSON.stringify(value)); },
  /** Every key of this page's entries (for tests and the set-aside list). */
  keys() {
    try { return Object.keys(localStorage).filter((k) => k.startsWith(PREFIX)); } catch { return []; }
  },
};

/** A drop-down whose choice is kept under `key`: set from it (else `fallback`), and kept on change. */
export function keepChoice(select, key, fallback) {
  const saved = storage.get(key);
  select.value = [...select.options].some((o) => o.value === saved) ? saved : fallback;
  select.addEventListener('change', () => storage.set(key, select.value));
}

/** A lab's draft (raw text under its key, as since version 1), or `fallback`. */
export const draft = {
  get(name, fallback) { return storage.get(`${PREFIX}${name}`) ?? fallback; },
  set(name, text) { return storage.set(`${PREFIX}${name}`, text); },
};

/** A bundled asset (a map) that a kept game or a link names and this page cannot find. */
/** The largest program file a lab keeps across reloads (as base64 text in localStorage). */
export const KEPT_PROGRAM_BYTES = 1 << 20;

export const toBase64 = (bytes) => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};
export const fromBase64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/**
 * A lab's program (www/program-picker.js): which kind of bot the lab plays (`mode`), the last
 * program file chosen — its name, bytes (kept up to KEPT_PROGRAM_BYTES) — and its arguments.
 */
export const keptProgram = {
  get(name) {
    try {
      const v = storage.json(`${PREFIX}${name}`);
      if (!v || typeof v !== 'object') return null;
      const bytes = typeof v.bytes === 'string' ? fromBase64(v.bytes) : null;
      return { mode: v.mode === 'program' ? 'program' : 'code', name: String(v.name ?? ''), bytes, args: String(v.args ?? ''), example: v.example ?? null };
    } catch {
      return null; // not JSON, or not base64: as if nothing was kept
    }
  },
  /** Keeps it; the file only up to the bound (false: the file was too large to keep). */
  set(name, { mode, name: file, bytes, args, example = null }) {
    const keepBytes = bytes && !example && bytes.length <= KEPT_PROGRAM_BYTES;
    storage.setJson(`${PREFIX}${name}`, { mode, name: file, args, example, bytes: keepBytes ? toBase64(bytes) : null });
    return !bytes || Boolean(example) || keepBytes;
  },
};

export class MissingAsset extends Error {
  constructor(asset, reason = '') {
    super(`the map “${asset}” it needs could not be found${reason ? ` (${reason})` : ''}`);
    this.name = 'MissingAsset';
    this.asset = asset;
  }
}

/** "link valid up to …" → "Link valid up to ….": messages shown as sentences. */
export const sentence = (s) => { const t = String(s).trim(); return `${t[0]?.toUpperCase() ?? ''}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}`; };

/** Why something could not be opened, as one sentence (a missing asset said the same way everywhere). */
export function problem(e) {
  if (e instanceof MissingAsset) return sentence(`${e.message}; it may have been renamed or removed from this page`);
  return sentence(e?.message ?? e);
}

const keyOf = (game, slot) => `${PREFIX}kept.v${VERSION}.${game}${slot ? `@${slot}` : ''}`;
export const asideKey = (key) => `${key}.set-aside`;
/** Where `value` goes aside: `<key>.set-aside`, else `.set-aside.2` … (an earlier one is never replaced). */
function freeAside(key, value) {
  for (let n = 1; ; n += 1) {
    const aside = n === 1 ? asideKey(key) : `${asideKey(key)}.${n}`;
    const there = storage.get(aside);
    if (there === null || there === value) return aside;
  }
}

/**
 * The kept game of `game` (`slot`: one of several, e.g. Lifter's one per map). `label` names it
 * in notices; `legacy()` (optional, async) returns the record of an older format or null, and
 * `legacyKeys` are the entries it reads (removed once migrated, put aside when it fails).
 */
export function keptGame(game, { slot = '', label = game, legacy = null, legacyKeys = [] } = {}) {
  const key = keyOf(game, slot);
  let written = null; // the last entry written, not written again
  const kept = {
    key,
    label,
    /** The record { v, link, view, …extra }, or null; throws when the entry is not one. */
    async read() {
      const raw = storage.get(key);
      if (raw === null) return legacy ? migrate() : null;
      const record = JSON.parse(raw);
      if (record?.v !== VERSION || typeof record.link !== 'string' || !record.link) throw new Error(`it is not a kept ${label} game`);
      written = raw;
      return record;
    },
    /** Keeps the game: its link, the position viewed and what else the game needs. */
    write(link, view, extra = {}) {
      const raw = JSON.stringify({ v: VERSION, link, view, ...extra });
      if (raw === written) return true;
      written = raw;
      return storage.set(key, raw);
    },
    has() { return storage.get(key) !== null || legacyKeys.some((k) => storage.get(k) !== null); },
    clear() { storage.remove(key); written = null; },
    /**
     * Copies the entry (else the old entries it came from) to a key of its own, then removes
     * what was copied; returns that key. When the browser does not keep the copy (a full
     * quota, private mode), nothing is removed: the entries are held as they are (never written
     * over or removed by this page) and null is returned.
     */
    putAside() {
      written = null;
      const raw = storage.get(key);
      const from = raw !== null ? [key] : legacyKeys.filter((k) => storage.get(k) !== null);
      if (!from.length) return null;
      const value = raw ?? JSON.stringify({ legacy: Object.fromEntries(from.map((k) => [k, storage.get(k)])) });
      const aside = freeAside(key, value);
      if (!put(aside, value) || storage.get(aside) !== value) {
        for (const k of [key, ...legacyKeys]) held.add(k);
        return null;
      }
      for (const k of from) storage.remove(k);
      return aside;
    },
  };
  async function migrate() {
    if (!legacyKeys.some((k) => storage.get(k) !== null)) return null;
    const record = await legacy();
    if (!record) return null;
    kept.write(record.link, record.view, record.extra);
    if (storage.get(key) !== null) for (const k of legacyKeys) storage.remove(k);
    return { v: VERSION, link: record.link, view: record.view, ...record.extra };
  }
  return kept;
}

/**
 * Reopens a kept game: its link through the registry (`app.reopen`, the map loaded first), then
 * `resume(opened, record)` plays on from it. Whatever goes wrong — an entry that is not a kept
 * game, a link that no longer opens, a missing map, a resume that fails — the entry is put
 * aside with one notice and false is returned: the page goes on with a new game.
 */
export async function reopenKept(app, kept, resume) {
  const start = performance.now();
  try {
    const record = await kept.read();
    if (!record) return false;
    await resume(await app.reopen(record.link), record);
    performance.measure(`kept ${kept.label}`, { start }); // read by e2e/bench-kept.mjs
    return true;
  } catch (e) {
    const aside = kept.putAside();
    const why = `Your ${kept.label} game could not be resumed. ${problem(e)}`;
    if (aside) app.notice(`${why} It was put aside (in this browser's storage as “${aside}”) and the page goes on.`, 'warning');
    else {
      // The one true notice: the refusal is part of it (a notice of its own would replace it).
      refused = () => {};
      app.notice(`${why} This browser refused to keep a copy of it (its storage is full, or private mode), so it was left as it was, in this browser's storage as “${kept.key}”, and the page will not write over it. The page goes on, but your work will not survive a reload until there is room.`, 'warning');
    }
    return false;
  }
}
