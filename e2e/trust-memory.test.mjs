// Browser tests for user code that exhausts memory, in every lab and Play seat: V8's heap limit is
// fatal to the whole renderer process it is reached in, so user code runs in a process of its own
// (www/user-frames.js); its seat fails with "out of memory" and the page plays on.
//
// The allocation is the one that crashed the tab (arrays of a million doubles, kept). Where a call
// may take seconds (a Lifter solve, a Punter setup) it is one endless loop; where calls have short
// limits it grows from call to call (or between calls, in the Pig Play tab), each call well within
// its limit, as a leaking strategy does.
//
// The browser runs with V8's heap limit lowered from about 4 GB to 1 GB (`HEAP_FLAGS`). Near the
// limit the garbage collector's last attempts grow with the heap: at 4 GB, on a loaded 2-core
// machine, a Labyrinth turn that kept 384 MB took longer than its 1.5 s, and the seat failed for
// time (correctly) before it could run out of memory. The crash and what the page makes of it do
// not depend on the limit's size.
//
// Playwright counts a crashed frame as a crashed page and refuses every later call on it, so once
// the user code runs the page is driven through a CDP session of its own (`drive`): it says when
// the page itself crashed (as it did before), and otherwise evaluates, clicks and waits.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, setCodeInPage } from './browser.mjs';

let server;
let browser;
const HEAP_FLAGS = ['--js-flags=--max-old-space-size=1024'];
before(async () => { server = await serve(); browser = await launch({ args: HEAP_FLAGS }); });
after(async () => { await browser?.close(); server?.close(); });

/** Keeps `n` more arrays of a million doubles (8 MB each) for good. */
const keep = (n) => `for (let i = 0; i < ${n}; i += 1) (self.kept ??= []).push(new Array(1e6).fill(1.5));`;
/** Allocates until memory runs out. */
const ENDLESS = 'const h = []; for (;;) h.push(new Array(1e6).fill(1.5));';
const OOM = /out of memory/;
const WAIT_MS = 90000;

/** Drives `page` through a CDP session of its own; every call fails at once if the page crashed. */
async function drive(page) {
  const cdp = await page.context().newCDPSession(page);
  let crashed = false;
  cdp.on('Inspector.targetCrashed', () => { crashed = true; });
  const check = () => { if (crashed) throw new Error('the tab crashed'); };
  const run = async (fn, arg = null) => {
    check();
    let timer;
    const late = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('the tab did not answer for 20 s: it crashed')), 20000); });
    const r = await Promise.race([late, cdp.send('Runtime.evaluate', { expression: `(${fn})(${JSON.stringify(arg)})`, awaitPromise: true, returnByValue: true })])
      .catch((e) => { check(); throw e; })
      .finally(() => clearTimeout(timer));
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
    return r.result.value;
  };
  const d = {
    run,
    /** Waits until `fn(arg)` is truthy in the page; its value. */
    async until(what, fn, arg = null, timeout = WAIT_MS) {
      const t0 = Date.now();
      for (;;) {
        const v = await run(fn, arg);
        if (v) return v;
        if (Date.now() - t0 > timeout) throw new Error(`waited ${timeout / 1000} s for ${what}; the page shows: ${(await run(() => document.body.innerText)).slice(0, 3000)}`);
        await new Promise((r) => setTimeout(r, 150));
      }
    },
    click: (selector) => run((s) => { document.querySelector(s).click(); return true; }, selector),
    /** Clicks tab button `testid` and waits for its view (a tab's code loads when first shown). */
    async tab(testid) {
      await d.click(`[data-testid=${testid}]`);
      await d.until(`the ${testid} view`, () => !!document.querySelector('.game-page:not([hidden]) section[role=tabpanel][data-mounted]:not([hidden])'));
    },
    /** Sets a text box's or a select's value as typing or choosing would. */
    set: (selector, value) => run(([s, v]) => {
      const e = document.querySelector(s);
      e.value = v;
      e.dispatchEvent(new Event('input', { bubbles: true }));
      e.dispatchEvent(new Event('change', { bubbles: true }));
      return true;
    }, [selector, value]),
    text: (selector) => run((s) => document.querySelector(s)?.textContent ?? null, selector),
    /** Waits for an element matching `selector` whose text matches `re`; its text. */
    textMatching: (selector, re, timeout) => d.until(`${selector} ~ ${re}`, ([s, src]) => {
      const e = [...document.querySelectorAll(s)].find((x) => new RegExp(src).test(x.textContent));
      return e ? e.textContent : null;
    }, [selector, re.source], timeout),
    /** Records every text `selector` shows (a status replaced at once is still seen). */
    record: (selector) => run((s) => {
      const box = document.querySelector(s);
      window.seen = [];
      new MutationObserver(() => window.seen.push(box.textContent)).observe(box, { subtree: true, childList: true, characterData: true });
      return true;
    }, selector),
    seen: (re) => d.until(`a text matching ${re}`, (src) => window.seen.find((t) => new RegExp(src).test(t)), re.source),
  };
  return d;
}

test('Pig: a strategy that exhausts memory in the lab fails with "out of memory", the page plays on', async () => {
  const page = await openPage(browser, server.url);
  const d = await drive(page);
  await d.tab('tab-lab');
  await d.set('[data-testid=language]', 'js');
  await d.run(setCodeInPage, ['editor', `function player(my, other, accum, current, state) {\n  ${keep(2)}\n  return accum + current < 20;\n}`]);
  await d.click('[data-testid=run-checker]');
  const failures = await d.textMatching('[data-testid=lab-results] .failures', OOM);
  assert.match(failures, /ran out of memory: the sandbox running it crashed; this and all its later decisions are counted as “hold”/);
  await d.until('the match to end', () => !document.querySelector('[data-testid=run-checker]').disabled);
  // The page plays on: the same lab runs an honest strategy.
  await d.run(setCodeInPage, ['editor', 'function player(my, other, accum, current, state) {\n  return accum + current < 20;\n}']);
  await d.click('[data-testid=run-checker]');
  await d.until('a match without out of memory', () => {
    const r = document.querySelector('[data-testid=lab-results]');
    return r.querySelector('[data-testid=wins]') && !/out of memory/.test(r.textContent) && !document.querySelector('[data-testid=run-checker]').disabled;
  });
  await page.context().close();
});

test('Pig: a Play-tab seat whose strategy exhausts memory plays “hold” with "out of memory", the page plays on', async () => {
  const page = await openPage(browser, server.url);
  const d = await drive(page);
  await d.tab('tab-lab');
  await d.set('[data-testid=language]', 'js');
  // Grows between its decisions (a timer), while the game waits for the human.
  await d.run(setCodeInPage, ['editor', `function player() {\n  if (!self.kept) setInterval(() => { ${keep(1)} }, 0);\n  ${keep(1)}\n  return false;\n}`]);
  await d.tab('tab-play');
  await d.set('[data-testid=opponent]', 'mine');
  await d.set('[aria-label="Who starts"]', '1');
  await d.record('[data-testid=play-status]');
  await d.click('[data-testid=new-game]');
  await d.click('[data-testid=throw]'); // Start: a new game waits for your first press
  const t0 = Date.now();
  let failed = null;
  while (!failed) {
    if (Date.now() - t0 > WAIT_MS) throw new Error(`no "out of memory" after ${WAIT_MS / 1000} s: ${await d.text('[data-testid=play-status]')}`);
    await d.run(() => { const b = document.querySelector('[data-testid=hold]'); if (!b.disabled) b.click(); return true; });
    await new Promise((r) => setTimeout(r, 300));
    failed = await d.run(() => window.seen.find((t) => /out of memory/.test(t)) ?? null);
  }
  // Memory runs out in whichever call reaches the limit: a counted decision, or the question
  // after a 1 (whose answer does not count); either way the seat holds from then on.
  assert.match(failed, /failed(:| when asked after a 1 \(the answer does not count\):) .*ran out of memory: the sandbox running it crashed.*(— counted as “hold · \d+ banked”|counted as “hold”)/);
  // The page plays on: a new game against a built-in strategy.
  await d.set('[data-testid=opponent]', await d.run(() => [...document.querySelector('[data-testid=opponent]').options].find((o) => o.value !== 'mine').value));
  await d.click('[data-testid=new-game]');
  await d.until('a new game to take a throw', () => {
    const b = document.querySelector('[data-testid=throw]');
    if (!b.disabled) b.click();
    return document.querySelectorAll('[data-testid=play-log] li').length >= 2;
  });
  await page.context().close();
});

/** The Lifter lab on `map`, with `source`, run with a `budget` of seconds. */
async function runLifter(d, source, budget = '30') {
  await d.tab('lifter-tab-lab');
  await d.run(setCodeInPage, ['lifter-editor', source]);
  await d.set('[data-testid=lifter-code-budget]', budget);
  await d.click('[data-testid=lifter-run-code]');
}

test('Lifter: solve and next that exhaust memory end the run with "out of memory", the page plays on', async () => {
  const page = await openPage(browser, `${server.url}#lifter`);
  const d = await drive(page);
  await d.until('the Lifter page', () => document.querySelector('[data-testid=lifter-tab-lab]'));
  await runLifter(d, `function solve(map) {\n  ${ENDLESS}\n}`);
  assert.match(await d.textMatching('[data-testid=lifter-code-error]', OOM), /solve ran out of memory: the sandbox running it crashed/);
  // next(state), a command at a time on a map with room for many: each call keeps 32 MB more.
  await d.tab('lifter-tab-play');
  await d.set('[data-testid=lifter-map]', 'official:contest10');
  await runLifter(d, `function next(state) {\n  ${keep(4)}\n  return "W";\n}`);
  assert.match(await d.textMatching('[data-testid=lifter-code-error]', OOM), /next ran out of memory: the sandbox running it crashed \(at command \d+\)/);
  // The page plays on: an honest solver runs on the same map.
  await runLifter(d, 'function solve(map) {\n  return "A";\n}', '2');
  await d.until('an honest run', () => document.querySelector('[data-testid=lifter-code-status]')?.textContent === 'Done.' && !document.querySelector('[data-testid=lifter-code-error]'));
  await page.context().close();
});

/** The Punter Your bot tab: one game of `source` against greedy on lambda. */
async function runPunter(d, source) {
  await d.tab('punter-tab-lab');
  await d.set('[data-testid=punter-lab-map]', 'lambda.json');
  await d.set('[data-testid=punter-lab-games]', '1');
  await d.run(setCodeInPage, ['punter-lab-editor', source]);
  await d.click('[data-testid=punter-lab-run]');
}

test('Punter: a bot that exhausts memory in setup or in a move is a zombie with "out of memory", the page plays on', async () => {
  const page = await openPage(browser, `${server.url}#punter`);
  const d = await drive(page);
  await d.until('the Punter page', () => document.querySelector('[data-testid=punter-tab-lab]'));
  await runPunter(d, `function punter(m) {\n  if (m.map) { ${ENDLESS} }\n  return {};\n}`);
  assert.match(await d.textMatching('[data-testid=punter-lab-remarks]', OOM), /setup.*ran out of memory: the sandbox running it crashed/);
  await d.until('the game to end', () => document.querySelector('[data-testid=punter-lab-scores]'));
  // In its moves: each keeps 256 MB more and passes.
  await runPunter(d, `let me = 0;\nfunction punter(m) {\n  if (m.map) { me = m.punter; return { ready: me }; }\n  ${keep(32)}\n  return { pass: { punter: me } };\n}`);
  assert.match(await d.textMatching('[data-testid=punter-lab-remarks]', OOM), /ran out of memory: the sandbox running it crashed/);
  // The page plays on: the example bot plays a game.
  // The bot's code is the user's own: the list asks before the example replaces it.
  await d.set('[data-testid=punter-lab-examples]', '0');
  await d.until('the question', () => document.querySelector('[data-testid=punter-lab-example-ask-replace]'));
  await d.click('[data-testid=punter-lab-example-ask-replace]');
  await d.until('the example bot', async () => (await (await import('/www/code-editor.js')).editorOf(document.querySelector('[data-testid=punter-lab-editor]'))).value.includes('Called with each official protocol message'));
  await d.click('[data-testid=punter-lab-run]');
  await d.until('a game without remarks', () => document.querySelector('[data-testid=punter-lab-scores]') && !document.querySelector('[data-testid=punter-lab-remarks]'));
  await page.context().close();
});

test('Labyrinth: your strategy exhausting memory in the lab and in a Play seat loses its turns with "out of memory", the page plays on', async () => {
  const page = await openPage(browser, `${server.url}#labyrinth`);
  const d = await drive(page);
  await d.until('the Labyrinth page', () => document.querySelector('[data-testid=labyrinth-tab-lab]'));
  // Stays put every turn, keeping more memory each turn, against the strong AI; the lab's two
  // games run at once. Such games may end in 15 turns (seven of the strategy's), so each turn
  // keeps 256 MB: the limit is reached within a few of its turns, whatever the lab's seed.
  const leaker = (n) => `function turn(view) {\n  ${keep(n)}\n  const [, row, column] = view.pawns[view.seat];\n  return { rotation: "north", insertion: 0, row, column };\n}`;
  await d.tab('labyrinth-tab-lab');
  await d.run(setCodeInPage, ['labyrinth-lab-editor', leaker(32)]);
  await d.set('[data-testid=labyrinth-lab-opponents]', 'strong');
  await d.click('[data-testid=labyrinth-lab-run]');
  assert.match(await d.textMatching('[data-testid=labyrinth-lab-results]', OOM), /ran out of memory: the sandbox running it crashed/);
  await d.until('the games to end', () => document.querySelector('[data-testid=labyrinth-lab-games-list] li'));
  // A Play-tab seat, paced as the page plays: yellow against the strong AI, 384 MB a turn.
  await d.run(setCodeInPage, ['labyrinth-lab-editor', leaker(48)]);
  await d.tab('labyrinth-tab-play');
  await d.record('[data-testid=labyrinth-message]');
  for (const [color, v] of [['yellow', 'js'], ['red', 'strong'], ['blue', 'off'], ['green', 'off']]) await d.set(`[data-testid=labyrinth-seat-${color}]`, v);
  await d.set('[data-testid=labyrinth-seed]', '7');
  await d.click('[data-testid=labyrinth-start]');
  assert.match(await d.seen(OOM), /Your strategy \(Yellow\), turn \d+: ran out of memory: the sandbox running it crashed — the greedy AI played this turn/);
  // The page plays on: a new game with a human moves on as asked.
  await d.set('[data-testid=labyrinth-seat-yellow]', 'human');
  await d.click('[data-testid=labyrinth-start]');
  await d.until('a new game', () => document.querySelector('[data-testid=labyrinth-play-canvas]').state.turns === 0);
  await d.tab('labyrinth-tab-lab');
  await d.run(setCodeInPage, ['labyrinth-lab-editor', leaker(0)]);
  await d.set('[data-testid=labyrinth-lab-opponents]', 'greedy');
  await d.click('[data-testid=labyrinth-lab-run]');
  await d.until('games without out of memory', () => document.querySelector('[data-testid=labyrinth-lab-games-list] li')
    && !/out of memory/.test(document.querySelector('[data-testid=labyrinth-lab-results]').textContent));
  await page.context().close();
});
