// Loads the wasm engines: one module per game (scripts/build-wasm.sh), each fetched and
// instantiated the first time it is asked for, once per page or worker. pkg/modules.js names
// each module's files by content hash (cached for ever; a rebuild changes the names).

const ready = new Map(); // module → promise of its bindings
let manifest = null;

/**
 * Resolves to the wasm bindings of engine module `name`: a game's own (`pig`, `lifter`,
 * `punter`, `labyrinth`, as www/games.js names them), or `pig-scheme`, Pig with the Scheme
 * interpreter (the sandbox worker's, for Scheme strategies).
 */
export function loadEngine(name) {
  if (!ready.has(name)) {
    const loading = instantiate(name);
    ready.set(name, loading);
    loading.catch(() => ready.delete(name)); // a failed fetch may be retried
  }
  return ready.get(name);
}

/** The bindings of every engine module loaded so far in this page or worker. */
export async function loadedEngines() {
  return (await Promise.all([...ready.values()].map((p) => p.catch(() => null)))).filter(Boolean);
}

async function instantiate(name) {
  manifest ??= import('../pkg/modules.js').then((m) => m.MODULES, (e) => { manifest = null; throw e; });
  const modules = await manifest;
  const files = Object.hasOwn(modules, name) ? modules[name] : null;
  if (!files) throw new Error(`no engine module “${name}” (built: ${Object.keys(modules).join(', ')})`);
  const bindings = await import(new URL(`../pkg/${files.js}`, import.meta.url).href);
  await bindings.default({ module_or_path: new URL(`../pkg/${files.wasm}`, import.meta.url) });
  return bindings;
}

/**
 * Resolves to what `body()` resolves to, then frees the engine `object`. When the body fails,
 * its error is the one thrown: an engine trap leaves the object borrowed, so freeing it then
 * throws wasm-bindgen's "recursive use of an object" error, which would hide the cause.
 */
export async function freeAfter(object, body) {
  let value;
  try {
    value = await body();
  } catch (err) {
    try { object.free(); } catch { /* left borrowed by the failure reported here */ }
    throw err;
  }
  object.free();
  return value;
}
