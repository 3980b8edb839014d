// Where a lab takes a program (docs/PROGRAMS.md): a `.wasm` file opened or dropped, or one of the
// game's example programs, with the arguments it is started with. It shows the program's name,
// size and (once it has played) the name it gave itself; the lab's choice and the file (up to
// KEPT_PROGRAM_BYTES) are kept, so a reload loses nothing. The file is checked and compiled by
// www/program-file.js, loaded only when a program is used.
import { el } from './dom.js';
import { keptProgram, KEPT_PROGRAM_BYTES } from './kept.js';

const loader = () => import('./program-file.js');
const kb = (n) => (n < 1024 ? `${n} bytes` : n < 1 << 20 ? `${(n / 1024).toFixed(1)} KB` : `${(n / (1 << 20)).toFixed(1)} MB`);

/** Arguments as typed: words split at blanks; "double quotes" keep blanks inside one. */
export function splitArgs(text) {
  return [...String(text).matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]);
}

/** Loads (fetches an example, checks, compiles once) → { bot: { program, args, label }, loaded }. */
async function resolve({ file, example, args }, examples, loaded) {
  const words = splitArgs(args);
  const bot = (program) => ({ program, args: words, label: [program.name, ...words].join(' ') });
  // An example loaded before is not fetched again: its url is its key (a file's, its name and size).
  const key = file ? `file:${file.name}/${file.bytes.length}` : example ? `example:${example}` : null;
  if (key && loaded?.key === key) return { bot: bot(loaded.value.program), loaded };
  let bytes = file?.bytes;
  let name = file?.name;
  if (!bytes && example) {
    const x = examples.find((e) => e.url === example);
    const res = await fetch(example);
    if (!res.ok) throw new Error(`the example program ${x?.name ?? example} could not be loaded (${res.status})`);
    bytes = new Uint8Array(await res.arrayBuffer());
    name = example.split('/').pop();
  }
  if (!bytes) throw new Error('no program chosen: open a .wasm file or pick an example program');
  const value = await (await loader()).loadProgram({ name, bytes });
  if (value.error) throw new Error(value.error);
  return { bot: bot(value.program), loaded: { key, value } };
}

/**
 * A kept program { name, bytes (or null), args, example } loaded as `current()` loads it:
 * { program, args, label }; throws what is wrong (none chosen, a file too large to be kept).
 */
export async function programBot({ name = '', bytes = null, args = '', example = null }, examples) {
  const file = bytes ? { name, bytes } : null;
  if (!file && !example) {
    if (name) throw new Error(`the program ${name} was not kept (over ${kb(KEPT_PROGRAM_BYTES)}): open it again in the lab`);
    throw new Error('no program chosen: open a .wasm file or pick an example program');
  }
  return (await resolve({ file, example, args }, examples, null)).bot;
}

/**
 * `keep`: the kept-store name; `examples`: [{ name, url, args, note }] (urls relative to the
 * page); `testid`: the prefix of its elements' test ids; `about`: what the lab says of programs
 * (shown with the picker, only when the lab plays a program). → { box, current(), noteName(name) }.
 */
export function programPicker({ keep, examples, testid, about = null, store = null }) {
  // Where the choice is kept: `store` ({ get() → { mode, name, bytes, args, example } | null,
  // set(v) → false when the file was too large to keep }, e.g. the selected bot), else `keep`.
  const kept$ = store ?? { get: () => keptProgram.get(keep), set: (v) => keptProgram.set(keep, v) };
  const kept = kept$.get();
  let file = kept?.bytes ? { name: kept.name, bytes: kept.bytes } : null; // the chosen file
  let example = kept?.example ?? null; // or an example's url
  let loaded = null; // { key, value: { program } | { error } } of the last load
  let said = null; // the name the program gave itself
  let size = null; // the size of the program last loaded (an example's is known once fetched)

  const input = el('input', { type: 'file', accept: '.wasm,application/wasm', hidden: true, 'data-testid': `${testid}-program-file` });
  const open = el('button', { class: 'small', onclick: () => input.click() }, 'Open a .wasm file…');
  const pick = el('select', { 'aria-label': 'Example programs', 'data-testid': `${testid}-program-examples` },
    el('option', { value: '' }, 'Example programs…'), ...examples.map((x, i) => el('option', { value: String(i) }, x.name)));
  const args = el('input', { type: 'text', class: 'args', placeholder: 'arguments', 'aria-label': 'Program arguments', 'data-testid': `${testid}-program-args`, value: kept?.args ?? '' });
  const info = el('span', { class: 'muted', 'data-testid': `${testid}-program-info` });
  const box = el('div', { class: 'program-picker', 'data-testid': `${testid}-program` },
    el('div', { class: 'row' }, open, input, pick, args), info, about);

  const save = () => {
    const fits = kept$.set({ mode: 'program', name: file?.name ?? '', bytes: file?.bytes ?? null, args: args.value, example });
    return fits;
  };
  const describe = (extra = '') => {
    const x = example && examples.find((e) => e.url === example);
    if (!file && !x) { info.textContent = 'No program chosen: open a .wasm file (WASI preview 1) or pick an example.'; return; }
    const name = x ? `${x.name} (example)` : file.name;
    const bytes = file ? file.bytes.length : size;
    const self = said ? ` · calls itself “${said}”` : '';
    info.textContent = `${name}${bytes ? ` · ${kb(bytes)}` : ''}${self}${extra}`;
  };
  describe(kept?.name && !kept.bytes && !example ? ` — ${kept.name} was over ${kb(KEPT_PROGRAM_BYTES)} and was not kept: open it again` : '');

  const choose = (bytes, name) => {
    file = { name, bytes };
    example = null;
    loaded = null;
    said = null;
    size = null;
    const fits = save();
    describe(fits ? '' : ` — over ${kb(KEPT_PROGRAM_BYTES)}: not kept across reloads`);
  };
  input.addEventListener('change', async () => {
    const f = input.files?.[0];
    if (f) choose(new Uint8Array(await f.arrayBuffer()), f.name);
    input.value = '';
  });
  box.addEventListener('dragover', (e) => e.preventDefault());
  box.addEventListener('drop', async (e) => {
    const f = e.dataTransfer?.files?.[0];
    if (!f) return;
    e.preventDefault();
    e.stopPropagation(); // the page's own drop opens links
    choose(new Uint8Array(await f.arrayBuffer()), f.name);
  });
  pick.addEventListener('change', () => {
    const x = examples[Number(pick.value)];
    pick.value = '';
    if (!x) return;
    file = null;
    example = x.url;
    loaded = null;
    said = null;
    size = null;
    args.value = x.args ?? '';
    save();
    describe(x.note ? ` — ${x.note}` : '');
  });
  args.addEventListener('input', save);

  return {
    box,
    /** The kept mode ('code' or 'program'); `setMode` keeps a new one. */
    mode: () => kept$.get()?.mode ?? 'code',
    setMode(mode) { kept$.set({ mode, name: file?.name ?? '', bytes: file?.bytes ?? null, args: args.value, example }); },
    /** Reads the store again (another bot was selected). */
    reload() {
      const k = kept$.get();
      file = k?.bytes ? { name: k.name, bytes: k.bytes } : null;
      example = k?.example ?? null;
      args.value = k?.args ?? '';
      loaded = null;
      said = null;
      size = null;
      describe(k?.name && !k.bytes && !example ? ` — ${k.name} was over ${kb(KEPT_PROGRAM_BYTES)} and was not kept: open it again` : '');
    },
    /**
     * The chosen program, checked and compiled (once per page): { program, args, label }; throws
     * an Error naming what is wrong (no program chosen, a file that is not a program).
     */
    async current() {
      const r = await resolve({ file, example, args: args.value }, examples, loaded);
      loaded = r.loaded;
      if (size !== r.bot.program.size) { size = r.bot.program.size; describe(); }
      return r.bot;
    },
    /** Shows the name the program gave itself (a Punter handshake). */
    noteName(name) {
      if (!name || name === said) return;
      said = name;
      describe();
    },
  };
}
