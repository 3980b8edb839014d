// The page's runtime for contest programs (docs/PROGRAMS.md; www/program-file.js, wasi.js,
// program-worker.js, program-run.js), in the real page: the hostile modules of
// tests/fixtures/programs/hostile/ are refused or stopped as the contract says and the page
// works on after them; echo-env.wasm prints exactly echo-env.expected (the same file the CLI's
// layer is held to); a program runs in a worker of its own started from the page, from the
// sandbox worker and from the pool's workers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { serve, launch, openPage } from './browser.mjs';

const FIXTURES = new URL('../tests/fixtures/programs/', import.meta.url);
const bytesOf = (file) => [...readFileSync(new URL(file, FIXTURES))];
const ECHO = JSON.parse(readFileSync(new URL('echo-env.run.json', FIXTURES), 'utf8'));
const EXPECTED = readFileSync(new URL('echo-env.expected', FIXTURES), 'utf8');
const GIB = 1 << 30;

let server;
let browser;
let page;
before(async () => {
  server = await serve();
  browser = await launch();
  page = await openPage(browser, server.url);
});
after(async () => { await browser?.close(); server?.close(); });

/** Loads a fixture in the page (kept as `programs[key]`): null, or the refusal. */
function load(file, key = file) {
  return page.evaluate(async ({ file, key, bytes }) => {
    const { loadProgram } = await import('/www/program-file.js');
    const r = await loadProgram({ name: file.split('/').pop(), bytes: new Uint8Array(bytes) });
    window.programs ??= {};
    if (r.program) window.programs[key] = r.program;
    return r.error ?? null;
  }, { file, key, bytes: bytesOf(file) });
}

/** Runs `runs` on one seat of program `key` opened in the page (kept as `seats[key]`). */
function run(key, runs, seat = { game: 'test', seed: 1 }) {
  return page.evaluate(async ({ key, runs, seat }) => {
    const { ProgramSeat } = await import('/www/program-run.js');
    window.seats ??= {};
    window.seats[key] ??= new ProgramSeat(window.programs[key], seat);
    const results = [];
    for (const options of runs) {
      const r = await window.seats[key].run(options);
      results.push({ ...r, stdoutBytes: r.stdoutBytes.length, workerAlive: window.seats[key].rpc.worker !== null });
    }
    return results;
  }, { key, runs, seat });
}

const HELLO = { limitMs: 5000, maxStdout: 1 << 20 };

test('hello prints "hello\\n" and exits 0', async () => {
  assert.equal(await load('hostile/hello.wasm', 'hello'), null);
  const [r] = await run('hello', [HELLO]);
  assert.deepEqual([r.stdout, r.exit, r.error, r.timeout, r.printed], ['hello\n', 0, null, false, '']);
});

test('loop: stopped at its limit, the worker terminated; the seat runs again on a new worker', async () => {
  assert.equal(await load('hostile/loop.wasm', 'loop'), null);
  const [r] = await run('loop', [{ limitMs: 300, maxStdout: 1024 }]);
  assert.equal(r.timeout, true);
  assert.equal(r.error, 'stopped at the time limit (300 ms)');
  assert.ok(r.ms >= 300 && r.ms < 300 + 5000, `stopped after ${r.ms} ms`);
  assert.equal(r.workerAlive, false, 'the worker is terminated');
  const [again] = await run('loop', [{ limitMs: 200, maxStdout: 1024 }]);
  assert.equal(again.timeout, true, 'a second run on the same seat is stopped too');
});

test('grow: memory.grow fails at the 1 GiB cap and the program traps', async () => {
  assert.equal(await load('hostile/grow.wasm', 'grow'), null);
  const [r] = await run('grow', [{ limitMs: 60000, maxStdout: 1024 }]);
  assert.equal(r.error, 'the program crashed: unreachable executed');
  assert.ok(r.memoryBytes <= GIB, `memory ${r.memoryBytes} bytes`);
  assert.ok(r.memoryBytes > GIB - (16 << 16), 'it grew up to the cap');
});

test('trap: the trap is named and what it wrote to stderr before is kept', async () => {
  assert.equal(await load('hostile/trap.wasm', 'trap'), null);
  const [r] = await run('trap', [HELLO]);
  assert.deepEqual([r.error, r.printed, r.exit, r.stdout], ['the program crashed: unreachable executed', 'about to trap\n', null, '']);
});

test('flood: "wrote more than N bytes", and no more than N bytes kept', async () => {
  assert.equal(await load('hostile/flood.wasm', 'flood'), null);
  const [r] = await run('flood', [{ limitMs: 20000, maxStdout: 1 << 20 }]);
  assert.equal(r.error, `wrote more than ${1 << 20} bytes`);
  assert.equal(r.stdoutBytes, 1 << 20);
  assert.equal(r.timeout, false);
});

test('refused before anything runs: an unknown import, a file that is not wasm, a huge memory', async () => {
  assert.equal(await load('hostile/unknown-import.wasm'),
    'unknown-import.wasm imports "env"."open_socket", which the arcade does not give (only wasi_snapshot_preview1)');
  assert.equal(await load('hostile/not-wasm.wasm'), 'not-wasm.wasm is not a WebAssembly module (it starts with "This is ")');
  assert.equal(await load('hostile/huge-memory.wasm'), 'huge-memory.wasm asks for at least 1250 MiB of memory; the limit is 1024 MiB');
});

test('the other checks before a program runs (tests/fixtures/programs/checks/)', async () => {
  const refusals = {
    'imported-memory.wasm': 'imported-memory.wasm imports its memory ("env"."memory"); a program must define its own',
    'wrong-signature.wasm': 'wrong-signature.wasm imports "wasi_snapshot_preview1"."fd_write" as (i32) -> (i32); WASI preview 1 gives (i32, i32, i32, i32) -> (i32)',
    'unknown-wasi-function.wasm': 'unknown-wasi-function.wasm imports "wasi_snapshot_preview1"."fd_frobnicate", which the arcade does not give (only wasi_snapshot_preview1)',
    'no-start.wasm': 'no-start.wasm does not export a function _start (a WASI command\'s entry point)',
    'start-with-params.wasm': 'start-with-params.wasm exports _start as (i32) -> (); a WASI command\'s _start is () -> ()',
    'no-memory-export.wasm': 'no-memory-export.wasm does not export its memory as "memory"',
  };
  for (const [file, message] of Object.entries(refusals)) assert.equal(await load(`checks/${file}`), message);
  const big = await page.evaluate(async () => {
    const { loadProgram } = await import('/www/program-file.js');
    return (await loadProgram({ name: 'big.wasm', bytes: new Uint8Array((16 << 20) + 1) })).error;
  });
  assert.equal(big, 'big.wasm has 16,777,217 bytes; a program may have at most 16 MiB (16,777,216 bytes)');
});

test('a maximum over the cap is rewritten to it: growing stops at 1 GiB', async () => {
  assert.equal(await load('checks/grow-past-max.wasm', 'grow-past-max'), null);
  const [r] = await run('grow-past-max', [{ limitMs: 60000, maxStdout: 1024 }]);
  assert.equal(r.exit, 0);
  assert.equal(r.stdout, '\u0000\u0040\u0000\u0000', 'it printed 16,384 pages (little-endian)');
  assert.equal(r.memoryBytes, GIB);
});

test('stdout written before the limit is kept when the program is stopped', async () => {
  assert.equal(await load('checks/print-then-loop.wasm', 'print-then-loop'), null);
  const [r] = await run('print-then-loop', [{ limitMs: 1500, maxStdout: 1024 }]);
  assert.equal(r.timeout, true);
  assert.equal(r.stdout, 'one\ntwo\nthree\n');
});

test('the page works on after the hostile programs: hello again, on its seat and on a new one, no page errors', async () => {
  const [r] = await run('hello', [HELLO]);
  assert.equal(r.stdout, 'hello\n');
  assert.equal(await load('hostile/hello.wasm', 'hello-2'), null);
  const [fresh] = await run('hello-2', [HELLO]);
  assert.equal(fresh.stdout, 'hello\n');
  assert.ok(await page.evaluate(() => window.programs.hello.module === window.programs['hello-2'].module), 'compiled once, kept by hash');
  assert.ok(await page.$('body[data-ready="true"]'));
  assert.deepEqual(page.errors, []);
});

/** echo-env.wasm's seat and run as echo-env.run.json says. */
const echoSeat = { args: ECHO.args, seed: ECHO.seed, game: ECHO.game };
const echoRun = { stdin: ECHO.stdin, limitMs: ECHO.limitMs, maxStdout: 1 << 20 };

test('echo-env prints exactly echo-env.expected (args, environment, random_get, error codes, stdin), every run', async () => {
  assert.equal(await load(ECHO.file, 'echo'), null);
  const runs = await run('echo', [echoRun, echoRun], echoSeat);
  for (const r of runs) {
    assert.equal(r.stdout, EXPECTED);
    assert.deepEqual([r.exit, r.error, r.timeout], [ECHO.exitCode, null, false]);
  }
});

test('a conversation answers when the program reads and nothing is left, given what it wrote so far', async () => {
  const [r] = await run('echo', [{ ...echoRun, stdin: '', conversation: { url: '/tests/fixtures/programs/conversation.js', data: 'hi' } }]);
  const before = EXPECTED.slice(0, EXPECTED.indexOf('stdin:\n') + 'stdin:\n'.length);
  assert.equal(r.stdout, `${before}hi: you wrote ${Buffer.byteLength(before)} bytes\n`);
  assert.equal(r.exit, ECHO.exitCode);
});

test('a program runs from the sandbox worker and from the pool\'s workers (nested workers), stopped at its limit there too', async () => {
  const results = await page.evaluate(async ({ seat, echoRun, expected }) => {
    const { Sandbox } = await import('/www/sandbox.js');
    const { runPool } = await import('/www/pool.js');
    const { echo, loop } = window.programs;
    const sandbox = new Sandbox({ stopWhenIdle: true });
    const inWorker = await sandbox.run('program-run', { program: echo, seat, runs: [echoRun] });
    const stopped = await sandbox.run('program-run', { program: loop, seat, runs: [{ limitMs: 300, maxStdout: 1024 }] });
    const pool = await runPool([1, 2, 3].map(() => ({ type: 'program-run', params: { program: echo, seat, runs: [echoRun] } })));
    return {
      inWorker: inWorker.ok && inWorker.value[0].stdout === expected,
      stopped: stopped.ok && stopped.value[0].timeout && stopped.value[0].ms < 5300,
      pool: pool.values.map((v) => v[0].stdout === expected),
    };
  }, { seat: echoSeat, echoRun, expected: EXPECTED });
  assert.deepEqual(results, { inWorker: true, stopped: true, pool: [true, true, true] });
  assert.deepEqual(page.errors, []);
});
