// The labs' code editor (www/code-editor.js, CodeMirror from pkg/): a failure with a place is
// marked at its line and column and clicking it puts the cursor there; Tab indents and keeps
// the focus; Ctrl+Enter runs; choosing an example is undone by Ctrl+Z; the game's API completes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, setCode, getCode, openTab } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

/** Waits for CodeMirror in the editor `testid`. */
const ready = (page, testid) => page.waitForSelector(`[data-testid=${testid}] .cm-editor .cm-content`);

/** Where the first error underline of editor `testid` starts: { line, column } (1-based), from the page's DOM. */
const marked = (page, testid) => page.$eval(`[data-testid=${testid}]`, (root) => {
  const mark = root.querySelector('.cm-lintRange-error');
  if (!mark) return null;
  const line = mark.closest('.cm-line');
  const before = document.createRange();
  before.setStart(line, 0);
  before.setEndBefore(mark);
  return { line: [...root.querySelectorAll('.cm-line')].indexOf(line) + 1, column: before.toString().length + 1, gutter: root.querySelectorAll('.cm-lint-marker-error').length };
});

/** The cursor in editor `testid`: { line, column, focused } from the page's selection. */
const caret = (page, testid) => page.$eval(`[data-testid=${testid}]`, (root) => {
  const sel = getSelection();
  const node = sel.focusNode;
  const line = (node.nodeType === 1 ? node : node.parentElement).closest('.cm-line');
  const before = document.createRange();
  before.setStart(line, 0);
  before.setEnd(node, sel.focusOffset);
  return {
    line: [...root.querySelectorAll('.cm-line')].indexOf(line) + 1, column: before.toString().length + 1,
    focused: root.contains(document.activeElement) && document.activeElement.classList.contains('cm-content'),
  };
});

const placeOf = (text) => {
  const m = /(\d+):(\d+): /.exec(text);
  assert.ok(m, `a place in ${JSON.stringify(text)}`);
  return { line: Number(m[1]), column: Number(m[2]) };
};

test('Pig, Scheme: a failure is marked at its line and column, clicking it jumps there; Tab indents; an example is undone by Ctrl+Z', async () => {
  const page = await openPage(browser, server.url);
  await openTab(page, 'tab-lab');
  await page.selectOption('[data-testid=language]', 'scheme');
  await ready(page, 'editor');
  const mine = '(define (player my other accum current state)\n  (if (> accum 10)\n      (car current)\n      #t))';
  await setCode(page, 'editor', mine);
  await page.fill('[data-testid=lab-seed]', '7');
  await page.click('[data-testid=run-checker]');
  const link = page.locator('[data-testid=pig-failures] [data-testid=problem-link]').first();
  await link.waitFor({ timeout: 30000 });
  const at = placeOf(await link.textContent());
  assert.equal(at.line, 3, await link.textContent());
  const mark = await marked(page, 'editor');
  assert.deepEqual({ line: mark.line, column: mark.column }, at, 'the underline starts at the failure\'s place');
  assert.ok(mark.gutter >= 1, 'a marker in the gutter');
  await link.click();
  const c = await caret(page, 'editor');
  assert.deepEqual(c, { ...at, focused: true }, 'the cursor is at the failure');

  // Tab indents the line and the focus stays in the editor.
  await page.keyboard.press('Home');
  await page.keyboard.press('Tab');
  assert.equal((await getCode(page, 'editor')).split('\n')[2], '        (car current)');
  assert.equal((await caret(page, 'editor')).focused, true);

  // Choosing an example replaces the code; Ctrl+Z brings it back.
  await setCode(page, 'editor', mine);
  await page.selectOption('[data-testid=pig-lab-examples]', '1');
  await page.click('[data-testid=pig-lab-example-ask-replace]'); // the code is the user's own: it asks
  assert.notEqual(await getCode(page, 'editor'), mine);
  await page.click('[data-testid=editor] .cm-content');
  await page.keyboard.press('Control+z');
  assert.equal(await getCode(page, 'editor'), mine);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Labyrinth, JavaScript: Ctrl+Enter runs; a syntax error is marked and clicking it jumps there; the view\'s fields complete; Example then Ctrl+Z', async () => {
  const page = await openPage(browser, `${server.url}#labyrinth`);
  await openTab(page, 'labyrinth-tab-lab');
  await ready(page, 'labyrinth-lab-editor');
  const mine = 'function turn(view) {\n  const a = 1;\n  return { rotation: "north",, insertion: 0 };\n}';
  await setCode(page, 'labyrinth-lab-editor', mine);
  await page.click('[data-testid=labyrinth-lab-editor] .cm-content');
  await page.keyboard.press('Control+Enter');
  const link = page.locator('[data-testid=labyrinth-lab-status] [data-testid=problem-link]');
  await link.waitFor({ timeout: 30000 });
  const at = placeOf(await link.textContent());
  assert.equal(at.line, 3, await link.textContent());
  const mark = await marked(page, 'labyrinth-lab-editor');
  assert.deepEqual({ line: mark.line, column: mark.column }, at);
  await page.keyboard.press('Control+Home');
  await link.click();
  assert.deepEqual(await caret(page, 'labyrinth-lab-editor'), { ...at, focused: true });

  // Completion: after `view.` the view's fields are offered (read from docs/JAVASCRIPT-API.md).
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\nview.pa');
  await page.waitForSelector('.cm-tooltip-autocomplete');
  const offered = await page.$$eval('.cm-tooltip-autocomplete .cm-completionLabel', (ls) => ls.map((l) => l.textContent));
  assert.ok(offered.includes('pawns'), `pawns offered: ${offered}`);
  await page.keyboard.press('Escape');

  // Choosing the example (after "Replace") replaces the code; Ctrl+Z brings it back.
  await setCode(page, 'labyrinth-lab-editor', mine);
  await page.selectOption('[data-testid=labyrinth-lab-examples]', '0');
  await page.click('[data-testid=labyrinth-lab-example-ask-replace]');
  assert.match(await getCode(page, 'labyrinth-lab-editor'), /Push a line with no pawn/);
  await page.click('[data-testid=labyrinth-lab-editor] .cm-content');
  await page.keyboard.press('Control+z');
  assert.equal(await getCode(page, 'labyrinth-lab-editor'), mine);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
