// Browser figures for the rails (run: node e2e/bench-rails.mjs after a build): share links and
// the replay tape on 10,000-move games, as the page uses them through wasm. The native
// counterpart is `arcade bench rails`.
import { serve, launch, openPage } from './browser.mjs';

const server = await serve();
const browser = await launch();
try {
  const page = await openPage(browser, server.url);
  const figures = await page.evaluate(async () => {
    const { loadEngine } = await import('./www/engine.js');
    let e = await loadEngine('pig');
    const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const time = (runs, f) => median(Array.from({ length: runs }, () => { const t = performance.now(); f(); return performance.now() - t; }));
    let x = 12345;
    const rand = (n) => { x = (x * 1103515245 + 12345) % 2147483648; return (x >>> 12) % n; };
    // Pig: a legal never-ending game: throw (2–6), throw again (7), a 1. Codes as the page uses.
    const N = 10000;
    const moves = Uint8Array.from({ length: N }, (_, i) => [2 + rand(5), 7, 1][i % 3]);
    let link = '';
    const pig = {
      encode_ms: time(7, () => { link = e.pigGameLink(100, 1, ['a', 'b'], moves, 0); }),
      decode_ms: time(7, () => e.openLink(link)),
      link_chars: link.length,
    };
    const t0 = performance.now();
    const tape = new e.PigTape(100, 1, moves, ['a', 'b']);
    pig.tape_build_ms = performance.now() - t0;
    const seeks = Array.from({ length: 1000 }, () => {
      const to = rand(N + 1);
      const t = performance.now();
      tape.seek(to);
      return performance.now() - t;
    }).sort((a, b) => a - b);
    pig.seek_ms = { median: seeks[500], p99: seeks[990], max: seeks[999] };
    pig.labels_40_ms = time(21, () => { const from = rand(N - 40); tape.labels(from, from + 40); });
    // Lifter: a 10,000-command random walk on a 100×100 mine of earth.
    e = await loadEngine('lifter');
    const rows = ['#'.repeat(100)];
    for (let y = 98; y >= 1; y -= 1) {
      let row = '#';
      for (let c = 1; c < 99; c += 1) row += (c === 50 && y === 50) ? 'R' : (c === 1 && y === 1) ? '\\' : '.';
      rows.push(row + (y === 1 ? 'L' : '#'));
    }
    rows.push('#'.repeat(100));
    let [cx, cy] = [50, 50];
    let route = '';
    while (route.length < N) {
      const [c, dx, dy] = [['L', -1, 0], ['R', 1, 0], ['U', 0, 1], ['D', 0, -1]][rand(4)];
      if (cx + dx >= 5 && cx + dx < 95 && cy + dy >= 5 && cy + dy < 95) { cx += dx; cy += dy; route += c; }
    }
    const text = rows.join('\n');
    let llink = '';
    const lifter = {
      encode_ms: time(7, () => { llink = e.lifterGameLink('bench', text, route, 0); }),
      decode_ms: time(7, () => e.openLink(llink)),
      link_chars: llink.length,
      route_in_link: e.openLink(llink).data.route.length,
    };
    const game = new e.LifterGame('bench', text);
    game.setRoute(route);
    const lseeks = Array.from({ length: 300 }, () => {
      const to = rand(N + 1);
      const t = performance.now();
      game.seek(to);
      return performance.now() - t;
    }).sort((a, b) => a - b);
    lifter.seek_ms = { median: lseeks[150], p99: lseeks[297], max: lseeks[299] };
    return { moves: N, pig, lifter };
  });
  console.log(JSON.stringify(figures, null, 1));
} finally {
  await browser.close();
  server.close();
}
