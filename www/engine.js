// Loads the wasm engines once; every module imports `engine` from here.
import init, * as bindings from '../pkg/lambda_arcade.js';

let ready = null;

/** Resolves to the wasm bindings after the module is instantiated (once per page or worker). */
export function loadEngine() {
  ready ??= init().then(() => bindings);
  return ready;
}
