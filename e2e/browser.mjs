// Shared set-up for the browser tests: a static server for the repository on a free loopback
// port (with the same Content-Security-Policy headers as ./play, from scripts/csp.json) and
// Debian's Chromium driven by playwright-core.
import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join, extname, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png', '.map': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
};
const CSP = JSON.parse(readFileSync(join(ROOT, 'scripts/csp.json'), 'utf8'));
/** The files with a policy of their own (the user-code host and its frame); the page's for the rest. */
const POLICIES = { [join(ROOT, CSP.userHostPath)]: CSP.userHost, [join(ROOT, CSP.userFramePath)]: CSP.userFrame };

const built = (profile) => join(ROOT, 'target', profile, 'arcade');
/** The native CLI: $ARCADE, else the release build, else the debug build ./test's host tests made. */
export const ARCADE = process.env.ARCADE ?? [built('release'), built('debug')].find(existsSync) ?? built('release');

/** Runs the native CLI with `args`; its standard output, trimmed. */
export function arcade(...args) {
  if (!existsSync(ARCADE)) throw new Error(`${ARCADE} is missing: build it with cargo build --release (or set ARCADE)`);
  return execFileSync(ARCADE, args, { encoding: 'utf8' }).trim();
}

/**
 * Serves the repository; `onRequest(req)` sees every request (WebSocket upgrades included);
 * `csp: false` leaves out the Content-Security-Policy headers (as a plain static host would);
 * `patch[path](text)` serves that file's text changed (e.g. '/www/user-host.js').
 */
export async function serve({ onRequest = () => {}, csp = true, patch = {} } = {}) {
  const server = createServer(async (req, res) => {
    onRequest(req);
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(ROOT, path.endsWith('/') ? `${path}index.html` : path);
    try {
      const original = await readFile(file);
      const edit = Object.hasOwn(patch, path) ? patch[path] : null;
      const body = edit ? edit(original.toString('utf8')) : original;
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        ...(csp ? { 'content-security-policy': POLICIES[file] ?? CSP.page } : {}),
        'x-content-type-options': 'nosniff',
      });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end('not found');
    }
  });
  server.on('upgrade', (req, socket) => { onRequest(req); socket.destroy(); });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

export async function launch({ args = [] } = {}) {
  // playwright-core gives every launch a fresh, empty profile directory of its own.
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', ...args],
  });
}

/**
 * A fresh page at `url`, once the app says it is ready; `page.errors` collects console errors
 * and uncaught exceptions.
 * `cores`: what `navigator.hardwareConcurrency` says on the page (the worker pool's size);
 * `seeded`: the page's `crypto.getRandomValues` draws from a fixed stream, so its fresh seeds
 * repeat from page to page (workers keep the real one).
 */
export async function openPage(browser, url, viewport = { width: 1280, height: 900 }, { cores, seeded = false, touch = false } = {}) {
  const context = await browser.newContext({ viewport, ...(touch ? { hasTouch: true, isMobile: true } : {}) });
  if (cores) await context.addInitScript((n) => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n }), cores);
  if (seeded) {
    await context.addInitScript(() => {
      let x = 0x9e3779b9;
      crypto.getRandomValues = (array) => {
        const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
        for (let i = 0; i < bytes.length; i += 1) {
          x ^= x << 13; x ^= x >>> 17; x ^= x << 5; // xorshift32
          bytes[i] = x & 0xff;
        }
        return array;
      };
    });
  }
  const page = await context.newPage();
  page.errors = [];
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
  return page;
}

/** The message of a failed decision measured over the JavaScript limit (www/user-code.js). */
export const TIMING_FAILURE = /took \d+ ms, the limit is 50 ms per call/;

/**
 * The failed decisions listed under a match's results (`root`: e.g. '[data-testid=lab-results]'):
 * { count (from the heading, 0 when there are none), listed: ["<entrant> — game G, move M: <message>", …],
 * more: [how many more of each listed one's kind, …] }. The first failure of each kind is listed
 * (five kinds at most), followed by "(and N more like it)".
 */
export async function failuresOf(page, root) {
  const box = await page.$(`${root} .failures`);
  if (!box) return { count: 0, listed: [], more: [] };
  const heading = await box.$eval('strong', (s) => s.textContent);
  const lines = await box.$$eval('li:not(.muted)', (lis) => lis.map((l) => l.textContent));
  const split = lines.map((l) => /^(.*?)(?: \(and (\d+) more like it\))?$/s.exec(l));
  return {
    count: Number(/(\d+) failed decisions?/.exec(heading)[1]),
    listed: split.map((m) => m[1]),
    more: split.map((m) => Number(m[2] ?? 0)),
  };
}

/**
 * An honest JavaScript strategy answers in well under a millisecond, but the limit is measured
 * by the parent worker, and on a loaded 2-core machine a decision can rarely be measured over
 * it. Such a decision fails (and counts as "hold") with a timing message. This accepts at most
 * `rare` such failures among `failures` (from `failuresOf`) and nothing else.
 */
export function assertOnlyRareTimingFailures(assert, { count, listed }, rare = 3) {
  assert.ok(count <= rare, `${count} failed decisions of an honest strategy: ${listed.join(' | ')}`);
  for (const f of listed) assert.match(f, TIMING_FAILURE, 'an honest strategy fails only by being measured late');
}

/**
 * The program at `url` loaded in `page` as a lab loads it (checked, compiled once), kept there as
 * `window.bot` ({ program, args, label }: what a seat takes) beside `window.sandbox`; →
 * { label } or { refused: the message }.
 */
export function loadProgramBot(page, url, args = []) {
  return page.evaluate(async ({ url, args }) => {
    const { loadProgram } = await import('./www/program-file.js');
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    const name = url.split('/').pop();
    const loaded = await loadProgram({ name, bytes });
    if (loaded.error) return { refused: loaded.error };
    window.bot = { program: loaded.program, args, label: name };
    window.sandbox = (await import('./www/sandbox.js')).sandbox;
    return { label: name };
  }, { url, args });
}

/**
 * In the page (pass to page.evaluate or a CDP evaluation): sets the code of the lab editor with
 * data-testid `id` to `text`, as choosing an example does (one undoable change; the lab keeps it).
 */
export const setCodeInPage = async ([id, text]) => {
  const { editorOf } = await import('/www/code-editor.js');
  editorOf(document.querySelector(`[data-testid="${id}"]`)).value = text;
  return true;
};
/** In the page: the code in the lab editor with data-testid `id`. */
export const getCodeInPage = async (id) => {
  const { editorOf } = await import('/www/code-editor.js');
  return editorOf(document.querySelector(`[data-testid="${id}"]`)).value;
};
/** Puts `text` in the lab's code editor `testid` (www/code-editor.js: CodeMirror, or its text box until it is in). */
export async function setCode(page, testid, text) {
  await page.waitForSelector(`[data-testid="${testid}"]`, { state: 'attached' });
  await page.evaluate(setCodeInPage, [testid, text]);
}
/** The code in the lab's code editor `testid`. */
export async function getCode(page, testid) {
  await page.waitForSelector(`[data-testid="${testid}"]`, { state: 'attached' });
  return page.evaluate(getCodeInPage, testid);
}


/**
 * Clicks tab button `testid` (`tab-lab`, `punter-tab-replay`, …) and waits until the tab's view
 * is mounted: tabs other than Play import their code when first shown (www/tabs.js `lazy`).
 */
export async function openTab(page, testid) {
  await page.click(`[data-testid=${testid}]`);
  await page.waitForSelector('.game-page:not([hidden]) section[role=tabpanel][data-mounted]:not([hidden])');
}

/**
 * Plays Pig's Play tab until its move list has `n` moves: presses T (the first press starts a
 * new game, which waits for it; later ones throw again) whenever the throw button is enabled.
 */
export async function throwUntil(page, n) {
  const count = () => page.$$eval('[data-testid=play-log] li', (l) => l.length);
  for (;;) {
    await page.waitForFunction((k) => document.querySelector('[data-testid=throw]:enabled')
      || document.querySelectorAll('[data-testid=play-log] li').length >= k, n, { timeout: 30000 });
    if (await count() >= n) return;
    await page.keyboard.press('t');
  }
}
