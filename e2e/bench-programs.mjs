// The per-instance cost of a contest program in the page, for docs/PERFORMANCE.md (run: node
// e2e/bench-programs.mjs). A program pays for a fresh instance on every request, so this times
// hello.wasm (tests/fixtures/programs/hostile/) N times (default 500):
//   seat   — ProgramSeat.run on one seat (its worker reused): the round trip a seat's request
//            costs, posting, instantiating, running, answering; as the caller measures it;
//   layer  — in the page itself, `new Wasi` + `new WebAssembly.Instance` + `_start`: our WASI
//            layer's share;
//   instanceOnly — the same instance with a do-nothing fd_write and no layer: the floor.
// WASI_SHIM=FILE also times @bjorn3/browser_wasi_shim the same way as `layer` (FILE: the package
// bundled to one ES module, e.g. `esbuild --bundle --format=esm` of an entry re-exporting WASI,
// File, OpenFile), served to the page at /bench/wasi-shim.js.
import { readFileSync } from 'node:fs';
import { serve, launch, openPage } from './browser.mjs';

const N = Number(process.env.N ?? 500);
const SHIM = process.env.WASI_SHIM ?? null;
const hello = [...readFileSync(new URL('../tests/fixtures/programs/hostile/hello.wasm', import.meta.url))];
const shim = SHIM ? readFileSync(SHIM, 'utf8') : null;

const server = await serve();
const browser = await launch();
try {
  const page = await openPage(browser, server.url);
  if (shim) await page.route('**/bench/wasi-shim.js', (route) => route.fulfill({ body: shim, contentType: 'text/javascript' }));
  const figures = await page.evaluate(async ({ bytes, n, withShim }) => {
    const { loadProgram } = await import('/www/program-file.js');
    const { ProgramSeat } = await import('/www/program-run.js');
    const { Wasi } = await import('/www/wasi.js');
    const { program } = await loadProgram({ name: 'hello.wasm', bytes: new Uint8Array(bytes) });
    // performance.now() is coarsened to 100 µs here: whole batches of n are timed, in µs per
    // instance, the median of BATCHES batches after a warm-up batch. The contestants' batches
    // alternate, so the machine's load and the collector weigh on each alike.
    const BATCHES = 5;
    const perInstance = async (contestants) => {
      const means = contestants.map(() => []);
      for (let b = 0; b <= BATCHES; b += 1) {
        for (const [k, once] of contestants.entries()) {
          const t0 = performance.now();
          for (let i = 0; i < n; i += 1) await once();
          if (b > 0) means[k].push(((performance.now() - t0) * 1000) / n);
        }
      }
      return means.map((m) => {
        m.sort((x, y) => x - y);
        return { medianUs: Number(m[BATCHES >> 1].toFixed(1)), rangeUs: [Number(m[0].toFixed(1)), Number(m[BATCHES - 1].toFixed(1))] };
      });
    };
    const seat = new ProgramSeat(program, { game: 'bench', seed: 1 });
    await seat.ready();
    const first = await seat.run({ limitMs: 5000, maxStdout: 1024 });
    const [seatRun] = await perInstance([async () => {
      const r = await seat.run({ limitMs: 5000, maxStdout: 1024 });
      if (r.stdout !== 'hello\n') throw new Error(r.error);
    }]);
    seat.close();
    const ours = () => {
      const wasi = new Wasi({ args: ['hello.wasm'], env: ['ARCADE_GAME=bench'], seed: 1, maxStdout: 1024, maxStderr: 1 << 20 });
      wasi.start(new WebAssembly.Instance(program.module, wasi.imports));
      if (wasi.stdout.length !== 6) throw new Error('hello did not print');
    };
    // The floor: an instance whose fd_write does nothing, no WASI layer at all.
    const bare = () => {
      new WebAssembly.Instance(program.module, { wasi_snapshot_preview1: { fd_write: () => 0 } }).exports._start();
    };
    const contestants = [ours, bare];
    if (withShim) {
      const { WASI, File, OpenFile } = await import('/bench/wasi-shim.js');
      contestants.push(() => {
        const out = new File([]);
        const wasi = new WASI(['hello.wasm'], ['ARCADE_GAME=bench'], [new OpenFile(new File([])), new OpenFile(out), new OpenFile(new File([]))]);
        wasi.start(new WebAssembly.Instance(program.module, { wasi_snapshot_preview1: wasi.wasiImport }));
        if (out.data.length !== 6) throw new Error('hello did not print');
      });
    }
    const [layer, instanceOnly, shimLayer = null] = await perInstance(contestants);
    return { n, batches: BATCHES, firstRunMs: Number(first.ms.toFixed(1)), seat: seatRun, layer, instanceOnly, shim: shimLayer };
  }, { bytes: hello, n: N, withShim: shim !== null });
  console.log(JSON.stringify({ chromium: browser.version(), ...figures }, null, 2));
  await page.context().close();
} finally {
  await browser.close();
  server.close();
}
