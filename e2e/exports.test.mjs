// Every engine module exports what the page calls: each module's functions and classes, and each
// class's methods, as the page knows them (e2e/fixtures/engine-exports.json). Each export lives in
// its module's own cdylib crate (crates/wasm-<module>): an export left in a dependency can be
// dropped by the linker, and this test is what notices. The listed surface is also held to the
// page: every listed function and class is named in www/ (what the page no longer uses goes),
// and every export the page names is listed.
// After a deliberate change: UPDATE_EXPORTS=1 node --test e2e/exports.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const fixture = join(root, 'e2e/fixtures/engine-exports.json');
const { MODULES } = await import('../pkg/modules.js');

/** The JS surface of one built module: `{ name: members }`, members [] for a function. */
async function surface(files) {
  const bindings = await import(new URL(`../pkg/${files.js}`, import.meta.url).href);
  const out = {};
  for (const [name, value] of Object.entries(bindings).sort(([a], [b]) => a.localeCompare(b))) {
    if (name === 'default' || name === 'initSync') continue;
    const isClass = typeof value === 'function' && /^class\b/.test(Function.prototype.toString.call(value));
    out[name] = isClass
      ? [
        ...Object.getOwnPropertyNames(value).filter((m) => !['length', 'name', 'prototype'].includes(m) && !m.startsWith('__')).map((m) => `static ${m}`),
        ...Object.getOwnPropertyNames(value.prototype).filter((m) => m !== 'constructor' && !m.startsWith('__')),
      ].sort()
      : [];
  }
  return out;
}

const built = {};
for (const [module, files] of Object.entries(MODULES)) built[module] = await surface(files);
if (process.env.UPDATE_EXPORTS) writeFileSync(fixture, `${JSON.stringify(built, null, 1)}\n`);
const expected = JSON.parse(readFileSync(fixture, 'utf8'));

test('each module is built, and no other', () => {
  assert.deepEqual(Object.keys(built).sort(), Object.keys(expected).sort());
});

for (const [module, names] of Object.entries(expected)) {
  test(`module ${module} exports every function, class and method the page knows`, () => {
    const have = built[module] ?? {};
    for (const [name, members] of Object.entries(names)) {
      assert.ok(name in have, `${module} lacks the export ${name}`);
      assert.deepEqual(have[name], members, `${module}: the methods of ${name}`);
    }
    assert.deepEqual(Object.keys(have).sort(), Object.keys(names).sort(), `${module}: unlisted exports`);
  });
}

/** Every .js and .html file of the page, as one text. */
function pageText(dir = join(root, 'www')) {
  return readdirSync(dir).map((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return pageText(p);
    return /\.(js|mjs|html)$/.test(f) ? readFileSync(p, 'utf8') : '';
  }).join('\n');
}

test('the page names every listed export (the list is what the page uses)', () => {
  const text = `${pageText()}\n${readFileSync(join(root, 'index.html'), 'utf8')}`;
  // Exported, and called by no page file (e2e/bench.mjs times PigStrategy): kept as they were.
  const apiOnly = new Set(['PigStrategy', 'pigTimeline', 'labyrinthCheckSave', 'labyrinthSquare']);
  for (const name of new Set(Object.values(expected).flatMap(Object.keys))) {
    if (apiOnly.has(name)) continue;
    assert.match(text, new RegExp(`\\b${name}\\b`), `no page file names ${name}`);
  }
});
