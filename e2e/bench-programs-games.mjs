// A real program in the page, for docs/PERFORMANCE.md (run: node e2e/bench-programs-games.mjs):
// the example Rust punter (examples/programs/punter-rust) checked and compiled once — then
// again, from the page's cache —, and whole Punter games on lambda against greedy, the program's
// requests timed by the sandbox as the referee times them (a fresh instance each: start, the
// handshake, the request, the answer), beside the same games played by the lab's JavaScript
// example bot.
import { serve, launch, openPage, loadProgramBot } from './browser.mjs';

const GAMES = Number(process.env.GAMES ?? 3);
const server = await serve();
const browser = await launch();
const quantiles = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { n: s.length, median: q(0.5), p95: q(0.95), max: s[s.length - 1] };
};
try {
  const page = await openPage(browser, server.url);
  const compile = await page.evaluate(async () => {
    const { loadProgram } = await import('/www/program-file.js');
    const bytes = new Uint8Array(await (await fetch('examples/programs/punter-rust/punter-rust.wasm')).arrayBuffer());
    const t0 = performance.now();
    await loadProgram({ name: 'a.wasm', bytes });
    const t1 = performance.now();
    await loadProgram({ name: 'b.wasm', bytes: bytes.slice() });
    const t2 = performance.now();
    return { bytes: bytes.length, firstMs: t1 - t0, cachedMs: t2 - t1 };
  });
  console.log(`punter-rust.wasm, ${compile.bytes} bytes: checked and compiled in ${compile.firstMs.toFixed(1)} ms; the same bytes again (the page's cache) ${compile.cachedMs.toFixed(1)} ms`);
  await loadProgramBot(page, 'examples/programs/punter-rust/punter-rust.wasm');
  const { EXAMPLES } = await page.evaluate(async () => ({ EXAMPLES: (await import('/www/punter/strategies.js')).EXAMPLES }));
  for (const [label, source] of [['program', null], ['JavaScript', EXAMPLES[0][1]]]) {
    const times = [];
    let wall = 0;
    for (let seed = 1; seed <= GAMES; seed += 1) {
      const r = await page.evaluate(async ({ source, seed }) => {
        const text = await (await fetch('maps/punter/lambda.json')).text();
        const t0 = performance.now();
        const r = await sandbox.run('punter', { mapName: 'lambda.json', mapText: text, seats: ['js', 'greedy'], sources: { 0: source ?? bot }, settings: {}, seed }, { backstopMs: 120000 });
        return { wall: performance.now() - t0, ms: r.value.decisions.filter((d) => d.seat === 0).map((d) => d.ms) };
      }, { source, seed });
      times.push(...r.ms);
      wall += r.wall;
    }
    const q = quantiles(times);
    console.log(`${label}: ${q.n} move requests in ${GAMES} games; per request median ${q.median.toFixed(2)} ms, 95th percentile ${q.p95.toFixed(2)} ms, max ${q.max.toFixed(2)} ms; a game ${(wall / GAMES).toFixed(0)} ms`);
  }
} finally {
  await browser.close();
  server.close();
}
