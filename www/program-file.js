// A contest program the user hands the page (docs/PROGRAMS.md): a WebAssembly module for WASI
// preview 1, checked before anything runs — its size, its header, what it imports (only
// wasi_snapshot_preview1's functions, with their types), its memory (at most MAX_MEMORY_PAGES:
// a larger minimum is refused, a missing or larger maximum is rewritten to the cap, so
// memory.grow past it fails) and its exports (`_start`, `memory`) — then compiled once and kept
// by content hash for the page's life. The module section reader is small and our own: it reads
// only the sections it needs and leaves the rest to WebAssembly.compile.
import { WASI_SIGNATURES } from './wasi.js';

export const MAX_PROGRAM_BYTES = 16 << 20;
/** 1 GiB of 64 KiB pages. */
export const MAX_MEMORY_PAGES = 16384;
const WASI = 'wasi_snapshot_preview1';
const NAME_CHARS = 100;
/** Compiled modules by the SHA-256 of their file: a Promise of the module each. */
const compiled = new Map();

class Refused extends Error {}

/**
 * `bytes` (Uint8Array or ArrayBuffer) of the file `name` → { program: { name, size, hash,
 * module } } or { error: a message naming the file }. `module` (a WebAssembly.Module) can be
 * posted to workers.
 */
export async function loadProgram({ name, bytes }) {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const file = name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS)}…` : name;
  try {
    checkHeader(file, data);
    const hash = await sha256(data);
    let module = compiled.get(hash);
    if (!module) {
      module = WebAssembly.compile(checkModule(file, data)).catch((e) => {
        compiled.delete(hash);
        throw new Refused(`${file} is not a valid WebAssembly module: ${String(e?.message ?? e).replace(/^WebAssembly\.compile\(\): /, '')}`);
      });
      compiled.set(hash, module);
    }
    return { program: { name, size: data.length, hash, module: await module } };
  } catch (e) {
    if (e instanceof Refused) return { error: e.message };
    throw e;
  }
}

/** The size, the magic number and the version. */
function checkHeader(file, data) {
  if (data.length > MAX_PROGRAM_BYTES) {
    throw new Refused(`${file} has ${data.length.toLocaleString('en')} bytes; a program may have at most ${MAX_PROGRAM_BYTES >> 20} MiB (${MAX_PROGRAM_BYTES.toLocaleString('en')} bytes)`);
  }
  const head = data.subarray(0, 8);
  const magic = head[0] === 0 && head[1] === 0x61 && head[2] === 0x73 && head[3] === 0x6d;
  if (magic && head[4] === 0x0d && head[5] === 0 && head[6] === 1 && head[7] === 0) {
    throw new Refused(`${file} is a WebAssembly component (WASI preview 2); the arcade runs preview 1 modules (wasm32-wasip1)`);
  }
  if (!magic || data.length < 8 || head[4] !== 1 || head[5] !== 0 || head[6] !== 0 || head[7] !== 0) {
    const shown = data.length === 0 ? 'it is empty' : `it starts with ${describe(head)}`;
    throw new Refused(`${file} is not a WebAssembly module (${shown})`);
  }
}

/** The first bytes of a file: as text when they are printable ASCII, else in hex. */
function describe(bytes) {
  const text = String.fromCharCode(...bytes);
  return /^[\x20-\x7e]+$/.test(text) ? JSON.stringify(text) : Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
}

/** Reads a module's bytes: LEB128 numbers, names, vectors. */
class Reader {
  constructor(file, data, at = 0) { this.file = file; this.data = data; this.at = at; }
  fail(what) { return new Refused(`${this.file} is not a valid WebAssembly module: ${what} at byte ${this.at}`); }
  byte() {
    if (this.at >= this.data.length) throw this.fail('it ends early');
    return this.data[this.at++];
  }
  u32() {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const b = this.byte();
      value += (b & 0x7f) * 2 ** shift;
      if (!(b & 0x80)) {
        if (value > 0xffffffff) break;
        return value;
      }
    }
    throw this.fail('a number is too long');
  }
  name() {
    const length = this.u32();
    if (this.at + length > this.data.length) throw this.fail('a name runs past the end');
    const bytes = this.data.subarray(this.at, this.at + length);
    this.at += length;
    return new TextDecoder().decode(bytes);
  }
}

const VALUE_TYPES = { 0x7f: 'i32', 0x7e: 'i64', 0x7d: 'f32', 0x7c: 'f64', 0x7b: 'v128', 0x70: 'funcref', 0x6f: 'externref' };
const SIGNATURE_TYPES = { i: 'i32', I: 'i64' };
const signature = ([params, results]) => `(${params.join(', ')}) -> (${results.join(', ')})`;
const quoted = (module, field) => `${JSON.stringify(module)}.${JSON.stringify(field)}`;
const mib = (pages) => pages / 16;

/**
 * Checks the imports, memories and exports of a module whose header is good; the bytes to
 * compile (its memory section rewritten when a maximum had to be set).
 */
function checkModule(file, data) {
  const r = new Reader(file, data, 8);
  let types = []; // [params, results] by type index; null when a type is beyond this reader
  const funcTypes = []; // type index by function index (imported first)
  let memory = null; // { start, end, limits: [{ min, max }] } of the memory section
  const exports = new Map();
  while (r.at < data.length) {
    const start = r.at;
    const id = r.byte();
    const size = r.u32();
    const end = r.at + size;
    if (end > data.length) throw r.fail(`section ${id} runs past the end of the file`);
    if (id === 1) types = readTypes(r);
    else if (id === 2) readImports(r, types, funcTypes);
    else if (id === 3) for (let n = r.u32(); n > 0; n -= 1) funcTypes.push(r.u32());
    else if (id === 5) memory = { start, end, limits: readMemories(r) };
    else if (id === 7) for (let n = r.u32(); n > 0; n -= 1) exports.set(`${r.name()}/${r.byte()}`, r.u32());
    r.at = end;
  }
  const start = exports.get('_start/0');
  if (start === undefined) throw new Refused(`${file} does not export a function _start (a WASI command's entry point)`);
  const startType = types?.[funcTypes[start]];
  if (startType && (startType[0].length || startType[1].length)) {
    throw new Refused(`${file} exports _start as ${signature(startType)}; a WASI command's _start is () -> ()`);
  }
  if (!exports.has('memory/2')) throw new Refused(`${file} does not export its memory as "memory"`);
  if (!memory || memory.limits.every((l) => l.max !== null && l.max <= MAX_MEMORY_PAGES)) return data;
  return withMemorySection(data, memory);
}

function readTypes(r) {
  const types = [];
  for (let n = r.u32(); n > 0; n -= 1) {
    if (r.byte() !== 0x60) return null; // a GC-proposal type: signatures go unchecked here
    const pair = [[], []];
    for (const list of pair) {
      for (let k = r.u32(); k > 0; k -= 1) {
        const t = VALUE_TYPES[r.byte()];
        if (!t) return null;
        list.push(t);
      }
    }
    types.push(pair);
  }
  return types;
}

function readImports(r, types, funcTypes) {
  for (let n = r.u32(); n > 0; n -= 1) {
    const module = r.name();
    const field = r.name();
    const kind = r.byte();
    if (kind === 2) throw new Refused(`${r.file} imports its memory (${quoted(module, field)}); a program must define its own`);
    const wanted = WASI_SIGNATURES[field];
    if (kind !== 0 || module !== WASI || !Object.hasOwn(WASI_SIGNATURES, field)) {
      throw new Refused(`${r.file} imports ${quoted(module, field)}, which the arcade does not give (only ${WASI})`);
    }
    const index = r.u32();
    funcTypes.push(index);
    const given = wanted.split(':').map((list) => Array.from(list, (c) => SIGNATURE_TYPES[c]));
    const declared = types?.[index];
    if (declared && signature(declared) !== signature(given)) {
      throw new Refused(`${r.file} imports ${quoted(module, field)} as ${signature(declared)}; WASI preview 1 gives ${signature(given)}`);
    }
  }
}

function readMemories(r) {
  const limits = [];
  for (let n = r.u32(); n > 0; n -= 1) {
    const flags = r.byte();
    if (flags & 4) throw new Refused(`${r.file} declares a 64-bit memory; the arcade runs 32-bit programs (wasm32)`);
    if (flags & 2) throw new Refused(`${r.file} declares a shared memory (threads), which the arcade does not give`);
    if (flags > 1) throw r.fail(`unknown memory flags ${flags}`);
    const min = r.u32();
    const max = flags & 1 ? r.u32() : null;
    if (min > MAX_MEMORY_PAGES) {
      throw new Refused(`${r.file} asks for at least ${mib(min)} MiB of memory; the limit is ${mib(MAX_MEMORY_PAGES)} MiB`);
    }
    limits.push({ min, max });
  }
  return limits;
}

function leb(value) {
  const out = [];
  do {
    const b = value % 128;
    value = Math.floor(value / 128);
    out.push(value ? b | 0x80 : b);
  } while (value);
  return out;
}

/** `data` with its memory section's limits capped at MAX_MEMORY_PAGES (every memory given a maximum). */
function withMemorySection(data, { start, end, limits }) {
  const body = [...leb(limits.length)];
  for (const { min, max } of limits) body.push(1, ...leb(min), ...leb(Math.min(max ?? MAX_MEMORY_PAGES, MAX_MEMORY_PAGES)));
  const section = [5, ...leb(body.length), ...body];
  const out = new Uint8Array(data.length - (end - start) + section.length);
  out.set(data.subarray(0, start));
  out.set(section, start);
  out.set(data.subarray(end), start + section.length);
  return out;
}

/** The SHA-256 of `data` in hex (crypto.subtle; our own code where the page is not a secure context). */
async function sha256(data) {
  const digest = globalThis.crypto?.subtle
    ? new Uint8Array(await crypto.subtle.digest('SHA-256', data))
    : (await import('./sha256.js')).sha256(data);
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
