// Page weight and start-up, as a visitor meets them (run: node e2e/bench-load.mjs [RUNS] after a
// build): ./play's own server (scripts/serve.py, gzip and cache headers), a cold cache every run,
// each game's start address. Prints, per game: the wasm and JS bytes transferred (compressed, as
// they crossed the connection) and the time from navigation to the game being ready for input
// (median of RUNS), plus each engine module's size and the labs' editor bundle's. Figures go to docs/performance/page.md.
// "Ready" is the page's `arcade-ready` mark: the game is drawn and takes input (Pig's Play tab
// then throws the first die, a 0.5 s animation, while its opponent opens in the sandbox worker).
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { launch } from './browser.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.argv[2] ?? 5);

/** Starts scripts/serve.py on a free port: { url, stop }. */
export async function startServer() {
  const child = spawn('python3', ['scripts/serve.py', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
  const url = await new Promise((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(String(d).trim()));
    child.once('exit', (code) => reject(new Error(`scripts/serve.py exited (${code})`)));
  });
  return { url, stop: () => child.kill() };
}

/** One cold visit of `url`: { ms to ready, bytes by kind, files }. */
export async function visit(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const files = [];
  const finished = [];
  context.on('requestfinished', (req) => finished.push((async () => {
    const sizes = await req.sizes();
    const path = new URL(req.url()).pathname;
    files.push({ path, bytes: sizes.responseBodySize + sizes.responseHeadersSize });
  })()));
  await page.goto(url);
  // The page marks the moment it is ready; a build without the mark is timed when it is seen.
  const seen = await page.waitForFunction(() => document.body.dataset.ready === 'true' && performance.now());
  const ms = await page.evaluate(() => performance.getEntriesByName('arcade-ready')[0]?.startTime) ?? await seen.jsonValue();
  await page.waitForTimeout(300); // the sandbox worker's own fetches, when the game starts one
  await Promise.all(finished);
  await context.close();
  const sum = (re) => files.filter((f) => re.test(f.path)).reduce((a, f) => a + f.bytes, 0);
  return { ms, wasm: sum(/\.wasm$/), js: sum(/\.js$/), files };
}

async function main() {
  const server = await startServer();
  const browser = await launch();
  try {
    const out = { chromium: browser.version(), runs, games: {}, modules: {} };
    for (const [game, hash] of [['pig', ''], ['lifter', '#lifter'], ['punter', '#punter'], ['labyrinth', '#labyrinth']]) {
      const visits = [];
      for (let i = 0; i < runs; i += 1) visits.push(await visit(browser, `${server.url}${hash}`));
      const ms = visits.map((v) => v.ms).sort((a, b) => a - b);
      const last = visits.at(-1);
      out.games[game] = {
        ready_ms_median: Math.round(ms[Math.floor(ms.length / 2)]), ready_ms_max: Math.round(ms.at(-1)),
        wasm_kb: +(last.wasm / 1000).toFixed(1), js_kb: +(last.js / 1000).toFixed(1), total_kb: +((last.wasm + last.js) / 1000).toFixed(1),
        wasm_files: last.files.filter((f) => f.path.endsWith('.wasm')).map((f) => f.path.replace(/^.*\//, '')),
      };
    }
    const { MODULES } = await import('../pkg/modules.js');
    for (const [name, files] of Object.entries(MODULES)) {
      const wasm = await readFile(new URL(`../pkg/${files.wasm}`, import.meta.url));
      const js = await readFile(new URL(`../pkg/${files.js}`, import.meta.url));
      out.modules[name] = { wasm_kb: +(wasm.length / 1000).toFixed(1), wasm_gzip_kb: +(gzipSync(wasm, { level: 9 }).length / 1000).toFixed(1), glue_js_gzip_kb: +(gzipSync(js, { level: 9 }).length / 1000).toFixed(1) };
    }
    // The labs' editor (CodeMirror), fetched when a lab tab first opens, never by a start address.
    const { PAGE_FILES } = await import('../pkg/page-files.js');
    const bundle = await readFile(new URL(`../pkg/${PAGE_FILES.editor}`, import.meta.url));
    out.editor = { file: PAGE_FILES.editor, kb: +(bundle.length / 1000).toFixed(1), gzip_kb: +(gzipSync(bundle, { level: 9 }).length / 1000).toFixed(1) };
    console.log(JSON.stringify(out, null, 1));
  } finally {
    await browser.close();
    server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
