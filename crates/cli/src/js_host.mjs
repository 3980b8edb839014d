// Runs a JavaScript strategy file for the native CLI (crates/cli/src/js_strategy.rs), one
// question a line: stdin brings a JSON view, stdout answers {"answer": …, "printed": "…"} or
// {"error": "…"}. The file runs in a fresh vm context that holds nothing of Node (no require,
// no process, no timers), each call limited to LIMIT ms; node itself runs with the permission
// model (no writes, no child processes). Arguments: FILE FUNCTION LIMIT_MS.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import vm from 'node:vm';

const [file, name, limitText] = process.argv.slice(1);
const limit = Number(limitText);
const reply = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);
const context = vm.createContext(Object.create(null), { codeGeneration: { strings: false, wasm: false } });
const PRELUDE = 'globalThis.__printed = ""; globalThis.console = { log: (...a) => { if (__printed.length < 20000) __printed += a.map(String).join(" ") + "\\n"; } };';
// `draw.KIND(numbers…, { colour, label })` prints a debug mark's `@draw` line as the page's host
// does (docs/JAVASCRIPT-API.md "Debug drawing"; any kind here: the engine reads them).
const DRAW = `globalThis.draw = new Proxy({}, { get: (_, kind) => (...a) => {
  const o = a.length && a[a.length - 1] && typeof a[a.length - 1] === "object" && !Array.isArray(a[a.length - 1]) ? a.pop() : {};
  const n = a.flat(2).map(Number).slice(0, 1002).join(" ");
  const label = o.label == null ? "" : " | " + String(o.label).slice(0, 200).replace(/[\\r\\n]+/g, " ");
  console.log("@draw " + String(kind) + " " + String(o.colour ?? o.color ?? "orange").slice(0, 20).replace(/\\s/g, "_") + (n ? " " + n : "") + label);
} });`;
const CALL = `(() => { __printed = ""; const a = ${name}(JSON.parse(__view)); return JSON.stringify({ answer: a === undefined ? null : a, printed: __printed }); })()`;

/** The place in the file of an error, "LINE:COL: " (the first stack frame in the file that has both). */
const where = (e) => {
  const lines = String(e?.stack ?? '').split('\n').filter((l) => l.includes(file));
  const m = lines.map((l) => /:(\d+):(\d+)\)?\s*$/.exec(l)).find(Boolean);
  if (m) return `${m[1]}:${m[2]}: `;
  const line = lines.map((l) => /:(\d+)\s*$/.exec(l)).find(Boolean);
  return line ? `${line[1]}:1: ` : '';
};
const message = (e) => (e && typeof e === 'object' && 'message' in e ? String(e.message) : String(e));

try {
  vm.runInContext(PRELUDE, context);
  vm.runInContext(DRAW, context);
  vm.runInContext(readFileSync(file, 'utf8'), context, { filename: file, timeout: limit * 4 });
  if (vm.runInContext(`typeof ${name}`, context) !== 'function') throw new Error(`the file defines no function ${name}`);
  reply({ ready: true });
} catch (e) {
  reply({ error: e?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT' ? `the file did not finish loading in ${limit * 4} ms` : `${where(e)}${message(e)}` });
  process.exit(0);
}

for await (const line of createInterface({ input: process.stdin })) {
  try {
    context.__view = line;
    reply({ ...JSON.parse(vm.runInContext(CALL, context, { timeout: limit })) });
  } catch (e) {
    reply({ error: e?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT' ? `took more than ${limit} ms (an endless loop?)` : `${where(e)}threw: ${message(e)}` });
  }
}
