// Loads the wasm engines once; every module imports `engine` from here.
import init, * as bindings from '../pkg/lambda_arcade.js';

let ready = null;

/** Resolves to the wasm bindings after the module is instantiated (once per page or worker). */
export function loadEngine() {
  ready ??= init().then(() => bindings);
  return ready;
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
