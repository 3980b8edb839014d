// Your bots (issue 30): each game's list of named bots, kept in this browser through
// www/kept.js `storage`. A bot: { id, name, language: 'js' | 'scheme' | 'program',
//   code: { js?, scheme? } (each language's code kept when the language switches),
//   program?: { name, bytes (base64, up to KEPT_PROGRAM_BYTES, else null), args, example (an
//   example program's url) }, modified (ms since 1970) }.
// A game says once (`configureBots`) how its older drafts become bots (`legacy`, read on the
// first use of the list: nothing a user had is lost, and the old entries are left as they were),
// what a new bot holds (`fresh`) and what its seats take (`codeSource`); the list is never
// empty. `botSource(game, bot)` is what the game's seats take to play that bot.
import { draft, keptProgram, storage, toBase64, fromBase64, KEPT_PROGRAM_BYTES } from './kept.js';
import { programBot } from './program-picker.js';

const key = (game) => `arcade.bots.v1.${game}`;
const configs = new Map();
const memory = new Map(); // the list when the browser does not keep it (private mode, full quota)
const unkept = new Map(); // bot id → program bytes over the bound: this page only

/**
 * game: the game's id. `fresh()` → { name, language, code } of a new bot; `legacy()` → null or
 * { bots: [{ name, language, code, program? }], selected (index) }: the drafts kept before the
 * list existed; `codeSource(bot)` → what a seat takes for a code bot (default: its code text);
 * `programExamples`: the game's example programs (for `botSource`).
 */
export function configureBots(game, { fresh, legacy = () => null, codeSource = null, programExamples = [] }) {
  configs.set(game, { fresh, legacy, codeSource, programExamples });
}

const freshId = () => Math.random().toString(36).slice(2, 10);
const valid = (v) => v && Array.isArray(v.bots) && v.bots.every((b) => b && typeof b.id === 'string' && typeof b.name === 'string');

function build(game, drafts) {
  const v = { bots: [], selected: null };
  for (const d of drafts) {
    const name = unique(v, d.name);
    v.bots.push({ id: freshId(), name, language: d.language, code: { ...(d.code ?? {}) }, program: d.program ?? null, modified: Date.now() });
  }
  return v;
}

function read(game) {
  let v;
  try { v = storage.json(key(game)); } catch { v = undefined; }
  if (v !== undefined && !valid(v)) {
    // Not a list of bots (edited by hand, or from elsewhere): kept aside, never written over.
    storage.set(`${key(game)}.set-aside`, storage.get(key(game)));
    v = undefined;
  } else if (v === undefined && storage.get(key(game)) !== null) {
    storage.set(`${key(game)}.set-aside`, storage.get(key(game)));
  }
  if (v === undefined && memory.has(game)) v = memory.get(game);
  const config = configs.get(game);
  if (v === undefined && config) {
    // First use: the lab's drafts become bots (the old entries stay as they were).
    let old = null;
    try { old = config.legacy(); } catch { old = null; }
    v = build(game, old?.bots?.length ? old.bots : []);
    if (old?.bots?.length) v.selected = v.bots[old.selected ?? 0]?.id ?? null;
    write(game, v);
  }
  if (!valid(v)) v = { bots: [], selected: null };
  if (!v.bots.length && config) {
    const f = config.fresh();
    v.bots.push({ id: freshId(), name: f.name, language: f.language, code: { ...f.code }, program: null, modified: Date.now() });
    v.selected = v.bots[0].id;
    write(game, v);
  }
  return v;
}
function write(game, v) {
  memory.set(game, v);
  return storage.setJson(key(game), v);
}
function unique(v, name) {
  const taken = new Set(v.bots.map((b) => b.name));
  const base = String(name || 'My bot').trim() || 'My bot';
  if (!taken.has(base)) return base;
  const stem = base.replace(/ \(\d+\)$/, '');
  for (let n = 2; ; n += 1) if (!taken.has(`${stem} (${n})`)) return `${stem} (${n})`;
}

/** A name not yet in the list: `name`, else `name (2)`, `name (3)`, … */
export function freeName(game, name) { return unique(read(game), name); }

export const bots = {
  list(game) { return read(game).bots; },
  get(game, id) { return read(game).bots.find((b) => b.id === id) ?? null; },
  selected(game) { const v = read(game); return v.bots.find((b) => b.id === v.selected) ?? v.bots[0] ?? null; },
  select(game, id) { const v = read(game); v.selected = id; write(game, v); },
  /** Adds a bot under a free name (never replacing one); → the bot. */
  create(game, { name, language, code = {}, program = null }) {
    const v = read(game);
    const bot = { id: freshId(), name: unique(v, name), language, code: { ...code }, program, modified: Date.now() };
    v.bots.push(bot);
    write(game, v);
    return bot;
  },
  update(game, id, patch) {
    const v = read(game);
    const b = v.bots.find((x) => x.id === id);
    if (!b) return null;
    if ('name' in patch && patch.name !== b.name) patch = { ...patch, name: unique({ bots: v.bots.filter((x) => x !== b) }, patch.name) };
    Object.assign(b, patch, { modified: Date.now() });
    write(game, v);
    return b;
  },
  /** Sets one language's code of a bot, the others kept. */
  setCode(game, id, language, text) {
    const b = bots.get(game, id);
    return b ? bots.update(game, id, { code: { ...b.code, [language]: text } }) : null;
  },
  remove(game, id) {
    const v = read(game);
    v.bots = v.bots.filter((b) => b.id !== id);
    if (v.selected === id) v.selected = v.bots[0]?.id ?? null;
    write(game, v);
    unkept.delete(id);
  },
  /** A copy of bot `id` under a free name ("… (2)"), selected; → the copy. */
  duplicate(game, id) {
    const b = bots.get(game, id);
    if (!b) return null;
    const copy = bots.create(game, { name: b.name, language: b.language, code: b.code, program: b.program });
    if (unkept.has(id)) unkept.set(copy.id, unkept.get(id));
    bots.select(game, copy.id);
    return copy;
  },
  /**
   * Keeps a program bot's program { name, bytes (Uint8Array or null), args, example }; the file
   * only up to KEPT_PROGRAM_BYTES (false: too large to keep across reloads, kept for this page).
   */
  setProgram(game, id, { name = '', bytes = null, args = '', example = null }) {
    const keep = bytes && !example && bytes.length <= KEPT_PROGRAM_BYTES;
    if (bytes && !example && !keep) unkept.set(id, bytes); else unkept.delete(id);
    bots.update(game, id, { program: { name, bytes: keep ? toBase64(bytes) : null, args, example } });
    return !bytes || Boolean(example) || keep;
  },
  /** A program bot's program with its bytes decoded: { name, bytes, args, example }, or null. */
  programOf(game, bot) {
    const p = bot?.program;
    if (!p) return null;
    let bytes = unkept.get(bot.id) ?? null;
    try { if (!bytes && typeof p.bytes === 'string') bytes = fromBase64(p.bytes); } catch { bytes = null; }
    return { name: String(p.name ?? ''), bytes, args: String(p.args ?? ''), example: p.example ?? null };
  },
};

/** The code a bot holds in its language ('' for none). */
export const codeOf = (bot) => (bot && bot.language !== 'program' ? bot.code?.[bot.language] ?? '' : '');

/**
 * What the game's seats take to play `bot` (default: the selected one): its code (text, or
 * what the game's `codeSource` makes of it, e.g. an entrant { label, kind, source }), or — a
 * program bot — the program checked and compiled, { program, args, label } (throws naming what
 * is wrong: no program chosen, a file over the bound not kept across reloads).
 */
export async function botSource(game, bot = bots.selected(game)) {
  const config = configs.get(game) ?? {};
  if (bot?.language === 'program') {
    return programBot(bots.programOf(game, bot) ?? {}, config.programExamples ?? []);
  }
  return config.codeSource ? config.codeSource(bot) : codeOf(bot);
}

/**
 * A lab's drafts from before the list (for `configureBots`' `legacy`): its code draft under
 * `draft` (raw text in `language`, or `parse(text)` → { language, code }) as "My bot", and its
 * program under `program` (www/kept.js `keptProgram`) as "My program", selected when the lab
 * played it. Null when there is neither.
 */
export function legacyBots({ draft: draftKey, program: programKey, language = 'js', parse = null }) {
  const list = [];
  const text = draft.get(draftKey, null);
  if (text !== null) {
    let d = { language, code: text };
    try { d = parse ? parse(text) : d; } catch { d = null; }
    if (d && typeof d.code === 'string') list.push({ name: 'My bot', language: d.language, code: { [d.language]: d.code } });
  }
  const p = keptProgram.get(programKey);
  if (p && (p.bytes || p.example || p.name)) {
    list.push({ name: 'My program', language: 'program', program: { name: p.name, bytes: p.bytes ? toBase64(p.bytes) : null, args: p.args, example: p.example } });
  }
  return list.length ? { bots: list, selected: p?.mode === 'program' ? list.length - 1 : 0 } : null;
}
