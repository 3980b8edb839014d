// ./play's static server (scripts/serve.py), the real one, against what a hostile web page can
// make a browser send it (DNS rebinding) and what a careless client sends: it answers only its
// own names, serves only the page's files (no listings, no symbolic link out of its folder),
// answers odd requests with a short 4xx and serves on, keeps its memory bounded on big files
// (chunks, no gzip above its limit, one compression per file version, a bounded cache), reads
// If-None-Match and Accept-Encoding as RFC 9110 says, and keeps its headers.
// It serves a temporary tree shaped like the checkout (`--root`), with secrets next to the page's
// folders, links out of them and a 50 MB file. ARCADE_SERVE_PY=/tmp/old-serve.py runs another
// version of the script (copied into the tree, where a version without --root serves it too):
// how to check that these tests fail against an older server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, writeFile, symlink, copyFile, rm, readFile, readdir, stat } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CHECKOUT = fileURLToPath(new URL('..', import.meta.url));
const CSP = JSON.parse(readFileSync(join(CHECKOUT, 'scripts/csp.json'), 'utf8'));
const OTHER_SCRIPT = process.env.ARCADE_SERVE_PY;
const MB = 1 << 20;
const BIG = 50 * MB;
const SECRET = 'secret-of-the-checkout';

let tmp;
let root;
let server;
const texts = {};

/** Writes `text` at `path` under the tree (folders made), remembered in `texts`. */
async function put(path, text) {
  await mkdir(join(root, path, '..'), { recursive: true });
  await writeFile(join(root, path), text);
  texts[path] = text;
}

/** Text of `n` bytes that compresses well, different for each `seed`. */
const lines = (n, seed) => Array.from({ length: Math.ceil(n / 40) }, (_, i) => `${seed} line ${i} ${(i * 7919) % 1000}\n`.padEnd(40, '.')).join('').slice(0, n);

before(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'arcade-serve-'));
  root = join(tmp, 'root');
  await put('index.html', `<!doctype html><title>Lambda Arcade</title>\n${lines(2000, 'index')}`);
  await put('www/app.js', `// app\n${lines(9000, 'app')}`);
  await put('www/user-host.js', `// host\n${lines(3000, 'host')}`);
  await put('www/user-frame.html', `<!doctype html><title>frame</title>\n${lines(1000, 'frame')}`);
  await put('www/sub/deep.js', 'export const deep = 1;\n');
  await put('www/.hidden.js', SECRET);
  await put('pkg/pig-0123456789abcdef.wasm', Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.from(lines(600000, 'wasm'))]));
  await put('pkg/pig-0123456789abcdef.js', lines(4000, 'glue'));
  await put('pkg/modules.js', "export const MODULES = { pig: { js: 'pig-0123456789abcdef.js', wasm: 'pig-0123456789abcdef.wasm' } };\n");
  await put('maps/lifter/example.map', '######\n#R\\.L#\n######\n');
  await put('maps/punter/tiny.json', '{"sites":[],"rivers":[],"mines":[]}');
  await put('docs/JAVASCRIPT-API.md', `# API\n${lines(1500, 'api')}`);
  for (const path of ['docs/SECRET.md', '.git/HEAD', '.git/config', 'src/lib.rs', 'target/release/arcade',
    'node_modules/x/index.js', 'tests/x.rs', 'scripts/setup.sh', 'Cargo.toml']) await put(path, SECRET);
  await mkdir(join(tmp, 'outside'));
  await writeFile(join(tmp, 'outside/secret.json'), SECRET);
  await symlink('app.js', join(root, 'www/alias.js'));
  await symlink('../src/lib.rs', join(root, 'www/escape.js'));
  await symlink('../src', join(root, 'www/srclink'));
  await symlink(join(tmp, 'outside/secret.json'), join(root, 'maps/outside.json'));
  await symlink(join(tmp, 'outside'), join(root, 'maps/outdir'));
  execFileSync('mkfifo', [join(root, 'www/fifo.js')]);
  // The big file, in a folder the page may read and with an extension that is compressed.
  const chunk = Buffer.from(lines(MB, 'big'));
  await writeFile(join(root, 'maps/lifter/big.map'), Buffer.concat(Array(BIG / MB).fill(chunk)));
  await mkdir(join(root, 'scripts'), { recursive: true });
  await copyFile(join(CHECKOUT, 'scripts/csp.json'), join(root, 'scripts/csp.json'));
  if (OTHER_SCRIPT) await copyFile(OTHER_SCRIPT, join(root, 'scripts/serve.py'));
  server = await start();
});

after(async () => {
  await server?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** Starts the server on the tree (or `dir`): { port, pid, stderr(), stop() }. */
async function start(args = [], dir = root) {
  const script = OTHER_SCRIPT ? join(dir, 'scripts/serve.py') : join(CHECKOUT, 'scripts/serve.py');
  const child = spawn('python3', [script, '0', '--root', dir, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-200000); });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('serve.py printed no URL in 20 s')), 20000);
    child.stdout.once('data', (d) => { clearTimeout(timer); resolve(String(d).trim()); });
    exited.then((code) => { clearTimeout(timer); reject(new Error(`serve.py exited (${code}): ${stderr}`)); });
  });
  return {
    port: Number(new URL(url).port), pid: child.pid, stderr: () => stderr,
    stop: async () => { child.kill(); await exited; },
  };
}

/**
 * One request written as it is (`head`: the request line and header lines, without the blank
 * line), on a fresh connection: { status, headers, body, complete } once the server closes it
 * or after 20 s (status 0: no answer).
 */
function raw(port, head, { body = '' } = {}) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks = [];
    socket.setTimeout(20000, () => socket.destroy());
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => {});
    socket.on('close', () => resolve(parse(Buffer.concat(chunks))));
    socket.write(Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), Buffer.from(body)]));
  });
}

function parse(bytes) {
  const end = bytes.indexOf('\r\n\r\n');
  const head = bytes.subarray(0, end < 0 ? bytes.length : end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head[0])?.[1] ?? 0);
  const headers = {};
  for (const line of head.slice(1)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const body = end < 0 ? Buffer.alloc(0) : bytes.subarray(end + 4);
  return { status, headers, body, complete: status > 0 && Number(headers['content-length'] ?? -1) === body.length };
}

/** A GET (or `method`) through node:http on a fresh connection: { status, headers, body } (`count`: only the length). */
function get(port, path, headers = {}, { method = 'GET', count = false } = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, agent: false, timeout: 60000 }, (res) => {
      const chunks = [];
      let length = 0;
      res.on('data', (d) => { length += d.length; if (!count) chunks.push(d); });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks), length }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${path}: no answer in 60 s`)));
    req.on('error', reject);
    req.end();
  });
}

const rssMB = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
/** CPU seconds the process has used (user + system). */
const cpu = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
};

test('only the page\'s files: no secrets of the checkout, no listings, no hidden files', async () => {
  for (const path of ['/', '/index.html', '/www/app.js', '/www/app.js?v=1', '/www/sub/deep.js', '/pkg/modules.js',
    '/pkg/pig-0123456789abcdef.wasm', '/maps/lifter/example.map', '/maps/punter/tiny.json', '/docs/JAVASCRIPT-API.md']) {
    const r = await get(server.port, path);
    assert.equal(r.status, 200, path);
    const file = path === '/' ? 'index.html' : path.slice(1).replace(/\?.*/, '');
    assert.deepEqual(r.body, Buffer.from(texts[file]), path);
  }
  for (const path of ['/.git/HEAD', '/.git/config', '/src/lib.rs', '/target/release/arcade', '/node_modules/x/index.js',
    '/tests/x.rs', '/scripts/setup.sh', '/scripts/csp.json', '/Cargo.toml', '/docs/SECRET.md', '/www/.hidden.js',
    '/www/', '/www', '/maps/', '/maps/lifter/', '/pkg/', '/docs/', '//.git/HEAD', '/www/nothing.js']) {
    const r = await get(server.port, path);
    assert.equal(r.status, 404, path);
    assert.ok(!r.body.includes(SECRET) && !r.body.includes('app.js') && r.body.length < 200, `${path}: ${r.body}`);
  }
});

test('no symbolic link leads out of its folder; links within it and odd files', async () => {
  assert.equal((await get(server.port, '/www/alias.js')).body.toString(), texts['www/app.js']);
  for (const path of ['/www/escape.js', '/www/srclink/lib.rs', '/maps/outside.json', '/maps/outdir/secret.json']) {
    const r = await get(server.port, path);
    assert.equal(r.status, 404, path);
    assert.ok(!r.body.includes(SECRET), path);
  }
  const fifo = await raw(server.port, `GET /www/fifo.js HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close`);
  assert.equal(fifo.status, 404, 'a named pipe is no file to serve (and does not hang the server)');
});

test('answers only the names it was started for (421), and a missing Host is refused (400)', async () => {
  const p = server.port;
  const ask = (hostLines, target = '/www/app.js') => raw(p, [`GET ${target} HTTP/1.1`, ...hostLines, 'Connection: close'].join('\r\n'));
  for (const host of [`127.0.0.1:${p}`, `localhost:${p}`, `LocalHost:${p}`, `[::1]:${p}`]) {
    assert.equal((await ask([`Host: ${host}`])).status, 200, host);
  }
  for (const host of ['evil.example', `evil.example:${p}`, 'localhost', '127.0.0.1', `localhost:${p === 1 ? 2 : 1}`,
    `127.0.0.1.evil.example:${p}`, `localhost.evil.example:${p}`, '']) {
    const r = await ask([`Host: ${host}`]);
    assert.equal(r.status, 421, `Host: ${host}`);
    assert.ok(r.complete && r.body.length < 300 && !r.body.includes('app'), `Host: ${host}: ${r.body}`);
  }
  assert.equal((await ask([])).status, 400, 'no Host header');
  assert.equal((await ask([`Host: 127.0.0.1:${p}`, 'Host: evil.example'])).status, 400, 'two Host headers');
  // An absolute request target names the host itself (RFC 9112 3.2.2).
  assert.equal((await ask([`Host: 127.0.0.1:${p}`], 'http://evil.example/www/app.js')).status, 421);
  assert.equal((await ask([`Host: 127.0.0.1:${p}`], `http://127.0.0.1:${p}/www/app.js`)).status, 200);

  const script = OTHER_SCRIPT ? join(root, 'scripts/serve.py') : join(CHECKOUT, 'scripts/serve.py');
  for (const name of ['evil/x', 'a b', '::1', 'host:port']) {
    const run = spawnSync('python3', [script, '0', '--root', root, '--host', name], { timeout: 10000, encoding: 'utf8' });
    assert.equal(run.status, 2, `--host ${name} is refused: ${run.stderr}`);
  }
  const named = await start(['--host', 'arcade.test', '--host', 'Box.LAN:9999']);
  try {
    const q = named.port;
    const at = async (host) => (await raw(q, `GET /www/app.js HTTP/1.1\r\nHost: ${host}\r\nConnection: close`)).status;
    assert.equal(await at(`arcade.test:${q}`), 200);
    assert.equal(await at('box.lan:9999'), 200);
    assert.equal(await at(`localhost:${q}`), 200);
    assert.equal(await at('arcade.test'), 421);
    if (q !== 9999) assert.equal(await at(`box.lan:${q}`), 421);
    assert.equal(await at(`evil.example:${q}`), 421);
  } finally {
    await named.stop();
  }
});

test('odd requests get a short, complete 4xx and the server serves on, without a traceback', async () => {
  const p = server.port;
  const host = `Host: 127.0.0.1:${p}\r\nConnection: close`;
  const cases = [
    [414, `GET /${'a'.repeat(70000)} HTTP/1.1\r\n${host}`],
    [400, `GET /www/%00 HTTP/1.1\r\n${host}`],
    [400, `GET /www/app.js%00.png HTTP/1.1\r\n${host}`],
    [400, `GET /www/%ed%a0%80 HTTP/1.1\r\n${host}`],
    [400, `GET /www/%ff.js HTTP/1.1\r\n${host}`],
    [400, `GET /www/%zz HTTP/1.1\r\n${host}`],
    [400, `GET /www/\xff.js HTTP/1.1\r\n${host}`],
    [400, `GET /www/../.git/HEAD HTTP/1.1\r\n${host}`],
    [400, `GET /www/%2e%2e/.git/HEAD HTTP/1.1\r\n${host}`],
    [400, `GET /www/..%2f..%2f.git/HEAD HTTP/1.1\r\n${host}`],
    [400, `GET /www/./app.js HTTP/1.1\r\n${host}`],
    [400, `GET /www\\..\\.git\\HEAD HTTP/1.1\r\n${host}`],
    [400, `GET /www/%5c..%5c.git/HEAD HTTP/1.1\r\n${host}`],
    [421, `GET http://evil.example/.git/HEAD HTTP/1.1\r\n${host}`],
    [400, `GET * HTTP/1.1\r\n${host}`],
    [400, `GET file:///etc/passwd HTTP/1.1\r\n${host}`],
    [405, `DELETE /www/app.js HTTP/1.1\r\n${host}`],
    [405, `POST /www/app.js HTTP/1.1\r\n${host}\r\nContent-Length: 5`, 'hello'],
    [431, `GET /www/app.js HTTP/1.1\r\n${host}\r\nX-Long: ${'b'.repeat(70000)}`],
    [400, 'GET /www/app.js'],
    [400, '\x01\x02 garbage'],
  ];
  const wrong = [];
  for (const [status, head, body] of cases) {
    const r = await raw(p, head, { body });
    const what = JSON.stringify(head.slice(0, 50));
    if (r.status !== status) wrong.push(`${what}: ${r.status || 'no answer'}, not ${status}`);
    else if (!r.complete) wrong.push(`${what}: an incomplete answer`);
    else if (!(r.body.length > 0 && r.body.length < 300) || r.body.includes(SECRET)) wrong.push(`${what}: body ${r.body}`);
    else if (!/^text\/plain/.test(r.headers['content-type'])) wrong.push(`${what}: ${r.headers['content-type']}`);
    const next = await get(p, '/www/app.js');
    assert.equal(next.status, 200, `after ${what}, the server serves on`);
  }
  assert.deepEqual(wrong, []);
  assert.doesNotMatch(server.stderr(), /Traceback/);
});

test('If-None-Match: weak tags, lists and * give 304; If-Modified-Since without it', async () => {
  const p = server.port;
  const first = await get(p, '/www/app.js', { 'accept-encoding': 'gzip' });
  const etag = first.headers.etag;
  assert.match(etag, /^"[^"]+"$/);
  for (const value of [etag, `W/${etag}`, `"nope", ${etag}`, `"nope",W/${etag}`, `W/"nope" , ${etag} ,"x"`, '*']) {
    for (const encoding of ['gzip', 'identity']) {
      const r = await get(p, '/www/app.js', { 'if-none-match': value, 'accept-encoding': encoding });
      assert.equal(r.status, 304, `If-None-Match: ${value} (${encoding})`);
      assert.equal(r.body.length, 0);
      assert.equal(r.headers.etag, etag);
    }
  }
  for (const value of ['"nope"', 'W/"nope"', `"${etag}"`, etag.slice(0, -2) + '"']) {
    assert.equal((await get(p, '/www/app.js', { 'if-none-match': value })).status, 200, `If-None-Match: ${value}`);
  }
  const since = first.headers['last-modified'];
  assert.equal((await get(p, '/www/app.js', { 'if-modified-since': since })).status, 304);
  assert.equal((await get(p, '/www/app.js', { 'if-modified-since': 'Thu, 01 Jan 1998 00:00:00 GMT' })).status, 200);
  assert.equal((await get(p, '/www/app.js', { 'if-modified-since': 'not a date' })).status, 200);
  assert.equal((await get(p, '/www/app.js', { 'if-modified-since': since, 'if-none-match': '"nope"' })).status, 200,
    'If-None-Match decides when both are sent');
});

test('Accept-Encoding: q-values are read, * counts, identity is always there', async () => {
  const p = server.port;
  const cases = [
    ['gzip', true], ['gzip;q=0', false], ['gzip; q=0.000', false], ['GZIP;Q=0.5', true], ['*', true],
    ['*;q=0', false], ['br, *;q=0.1', true], ['gzip;q=0, *', false], ['identity', false], ['deflate, gzip;q=0.001', true],
    ['br', false], ['x-gzip', true], ['gzip;q=nonsense', false], [null, false],
  ];
  for (const [value, gzipped] of cases) {
    const r = await get(p, '/www/app.js', value === null ? {} : { 'accept-encoding': value });
    assert.equal(r.status, 200);
    assert.equal(r.headers['content-encoding'] === 'gzip', gzipped, `Accept-Encoding: ${value}`);
    assert.equal((gzipped ? gunzipSync(r.body) : r.body).toString(), texts['www/app.js'], `Accept-Encoding: ${value}`);
  }
});

test('headers: policies, nosniff, types, validators, cache rules, Vary, HEAD', async () => {
  const p = server.port;
  const expect = [
    ['/', 'text/html', CSP.page, 'no-cache'],
    ['/www/app.js', 'text/javascript', CSP.page, 'no-cache'],
    ['/www/user-host.js', 'text/javascript', CSP.userHost, 'no-cache'],
    ['/www/user-frame.html', 'text/html', CSP.userFrame, 'no-cache'],
    ['/pkg/pig-0123456789abcdef.wasm', 'application/wasm', CSP.page, 'public, max-age=31536000, immutable'],
    ['/pkg/pig-0123456789abcdef.js', 'text/javascript', CSP.page, 'public, max-age=31536000, immutable'],
    ['/pkg/modules.js', 'text/javascript', CSP.page, 'no-cache'],
    ['/docs/JAVASCRIPT-API.md', 'text/plain', CSP.page, 'no-cache'],
    ['/maps/lifter/example.map', 'text/plain', CSP.page, 'no-cache'],
    ['/maps/punter/tiny.json', 'application/json', CSP.page, 'no-cache'],
  ];
  for (const [path, type, policy, cache] of expect) {
    for (const encoding of ['gzip', 'identity']) {
      const r = await get(p, path, { 'accept-encoding': encoding });
      assert.equal(r.status, 200, path);
      assert.ok(r.headers['content-type'].startsWith(type), `${path}: ${r.headers['content-type']}`);
      assert.equal(r.headers['content-security-policy'], policy, path);
      assert.equal(r.headers['x-content-type-options'], 'nosniff', path);
      assert.equal(r.headers['cache-control'], cache, path);
      assert.equal(r.headers.vary, 'Accept-Encoding', path);
      assert.match(r.headers.etag, /^"/, path);
      assert.ok(Date.parse(r.headers['last-modified']) > 0, path);
      const head = await raw(p, `HEAD ${path} HTTP/1.1\r\nHost: localhost:${p}\r\nAccept-Encoding: ${encoding}\r\nConnection: close`);
      assert.equal(head.status, 200, `HEAD ${path}`);
      assert.equal(head.body.length, 0, `HEAD ${path}: no body`);
      assert.equal(Number(head.headers['content-length']), r.body.length, `HEAD ${path}: the GET's length`);
      assert.equal(head.headers['content-encoding'], r.headers['content-encoding'], `HEAD ${path}`);
    }
  }
  const wasm = await get(p, '/pkg/pig-0123456789abcdef.wasm', { 'accept-encoding': 'gzip' });
  assert.equal(wasm.headers['content-encoding'], 'gzip');
  assert.deepEqual(gunzipSync(wasm.body), Buffer.from(texts['pkg/pig-0123456789abcdef.wasm']));
  const missing = await get(p, '/www/nothing.js');
  assert.equal(missing.headers['content-security-policy'], CSP.page);
  assert.equal(missing.headers['x-content-type-options'], 'nosniff');
});

test('six parallel GETs of a 50 MB file: streamed, not gzipped, memory bounded', { timeout: 300000 }, async (t) => {
  const s = await start();
  try {
    const before = rssMB(s.pid);
    let peak = before;
    const sampler = setInterval(() => { try { peak = Math.max(peak, rssMB(s.pid)); } catch {} }, 50);
    const answers = await Promise.all(Array.from({ length: 6 }, () =>
      get(s.port, '/maps/lifter/big.map', { 'accept-encoding': 'gzip, deflate' }, { count: true })));
    clearInterval(sampler);
    peak = Math.max(peak, rssMB(s.pid));
    t.diagnostic(`serve.py memory: ${before.toFixed(1)} MB at start, ${peak.toFixed(1)} MB at most during six 50 MB downloads`);
    assert.ok(peak < 150, `the server grew to ${peak.toFixed(1)} MB`);
    for (const r of answers) {
      assert.equal(r.status, 200);
      assert.equal(r.headers['content-encoding'], undefined, 'a file over the limit is never compressed');
      assert.equal(r.length, BIG);
      assert.equal(Number(r.headers['content-length']), BIG);
    }
  } finally {
    await s.stop();
  }
});

test('one compression per file version, however many ask at once; the kept ones are bounded', { timeout: 300000 }, async (t) => {
  // Text just under the limit, slow to compress: 8 parallel first requests cost about one
  // compression (measured on a first file asked alone), not eight.
  for (const name of ['alone', 'crowd']) await put(`maps/${name}.map`, lines(3.5 * MB, name));
  const s = await start();
  try {
    const zipped = (path) => get(s.port, path, { 'accept-encoding': 'gzip' });
    let mark = cpu(s.pid);
    const alone = await zipped('/maps/alone.map');
    const one = cpu(s.pid) - mark;
    assert.equal(alone.headers['content-encoding'], 'gzip');
    mark = cpu(s.pid);
    const crowd = await Promise.all(Array.from({ length: 8 }, () => zipped('/maps/crowd.map')));
    const eight = cpu(s.pid) - mark;
    for (const r of crowd) assert.deepEqual(r.body, crowd[0].body);
    assert.equal(gunzipSync(crowd[0].body).toString(), texts['maps/crowd.map']);
    t.diagnostic(`serve.py CPU: ${one.toFixed(2)} s for one gzipped 3.5 MB file, ${eight.toFixed(2)} s for 8 parallel requests of another`);
    assert.ok(eight < 3 * one + 0.3, `8 parallel requests cost ${eight.toFixed(2)} s of CPU, one alone ${one.toFixed(2)} s`);
    // A new version of the file is compressed anew.
    await put('maps/crowd.map', lines(3.5 * MB, 'crowd2'));
    assert.equal(gunzipSync((await zipped('/maps/crowd.map')).body).toString(), texts['maps/crowd.map']);

    // 30 files of 3 MB that do not compress: 90 MB if every compressed copy were kept.
    const before = rssMB(s.pid);
    for (let i = 0; i < 30; i += 1) await put(`pkg/noise-${i}.wasm`, randomBytes(3 * MB));
    let peak = before;
    for (let i = 0; i < 30; i += 1) {
      const r = await zipped(`/pkg/noise-${i}.wasm`);
      assert.equal(r.headers['content-encoding'], 'gzip');
      peak = Math.max(peak, rssMB(s.pid));
    }
    t.diagnostic(`serve.py memory: ${before.toFixed(1)} MB before, ${peak.toFixed(1)} MB at most while gzipping 90 MB of files`);
    assert.ok(peak < before + 60, `kept copies grew the server from ${before.toFixed(1)} to ${peak.toFixed(1)} MB`);
  } finally {
    await s.stop();
  }
});

test('the checkout as ./play serves it: the page\'s largest files go gzipped, its secrets do not go', async (t) => {
  if (OTHER_SCRIPT) return t.skip('ARCADE_SERVE_PY: the checkout is served by its own script only');
  const s = await start([], CHECKOUT);
  try {
    const largest = async (dir, re) => {
      const found = [];
      const walk = async (d) => {
        for (const e of await readdir(join(CHECKOUT, d), { withFileTypes: true })) {
          if (e.isDirectory()) await walk(`${d}/${e.name}`);
          else if (re.test(e.name)) found.push({ path: `${d}/${e.name}`, size: (await stat(join(CHECKOUT, d, e.name))).size });
        }
      };
      if (existsSync(join(CHECKOUT, dir))) await walk(dir);
      return found.sort((a, b) => b.size - a.size).slice(0, 2);
    };
    const files = [...await largest('maps', /\.(map|json|tsv)$/), ...await largest('pkg', /\.(wasm|js)$/)];
    assert.ok(files.length >= 2);
    for (const { path, size } of files) {
      const r = await get(s.port, `/${path}`, { 'accept-encoding': 'gzip' });
      assert.equal(r.status, 200, path);
      assert.equal(r.headers['content-encoding'], 'gzip', `${path} (${size} bytes) is compressed`);
      assert.deepEqual(gunzipSync(r.body), await readFile(join(CHECKOUT, path)), path);
    }
    for (const path of ['/', '/www/app.js', '/www/user-host.js', '/docs/JAVASCRIPT-API.md']) {
      assert.equal((await get(s.port, path)).status, 200, path);
    }
    for (const path of ['/.git/HEAD', '/.git/config', '/Cargo.toml', '/src/lib.rs', '/scripts/serve.py', '/e2e/browser.mjs']) {
      assert.equal((await get(s.port, path)).status, 404, path);
    }
  } finally {
    await s.stop();
  }
});
