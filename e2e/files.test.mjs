// Files from strangers: bytes that are not UTF-8 are refused with the place of the first bad
// byte in every file input of the page (the engine reads the bytes, not the browser's lossy
// decoding), and a Punter map far over the limits is refused quickly, the page working on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

// "#####\n#R" then 0xFF: line 2, column 3.
const BINARY = Buffer.concat([Buffer.from('#####\n#R'), Buffer.from([0xff]), Buffer.from('L#\n#####\n')]);
const PLACE = 'line 2, column 3: this is not UTF-8 text (byte 0xFF)';
const file = (name) => ({ name, mimeType: 'text/plain', buffer: BINARY });

test('a file that is not UTF-8 is refused at its first bad byte, in every file input', async () => {
  const page = await openPage(browser, `${server.url}#lifter`);
  await page.setInputFiles('[data-testid=lifter-file]', file('binary.map'));
  await page.waitForSelector('[data-testid=lifter-map-error].error');
  assert.equal(await page.textContent('[data-testid=lifter-map-error]'), `binary.map does not load: ${PLACE}`);

  await page.goto(`${server.url}#punter`);
  await page.waitForSelector('[data-testid=punter-map-file]', { state: 'attached' });
  await page.setInputFiles('[data-testid=punter-map-file]', file('binary.json'));
  await page.waitForSelector('[data-testid=punter-map-error].error');
  assert.equal(await page.textContent('[data-testid=punter-map-error]'), `binary.json does not load: ${PLACE}`);

  await page.goto(`${server.url}#labyrinth`);
  await page.waitForSelector('[data-testid=labyrinth-load-file]', { state: 'attached' });
  await page.setInputFiles('[data-testid=labyrinth-load-file]', file('binary.txt'));
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-file-status]').textContent.includes('could not'));
  assert.equal(await page.textContent('[data-testid=labyrinth-file-status]'), `binary.txt could not be loaded: ${PLACE}`);

  await page.setInputFiles('[data-testid=open-link-file]', file('binary-link.txt'));
  await page.waitForFunction(() => document.body.textContent.includes('binary-link.txt could not be read'));
  assert.ok((await page.textContent('body')).includes(`binary-link.txt could not be read: ${PLACE}`));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a Punter map of a million sites is refused with the limit off the main thread, quickly, and the page works on', async () => {
  const page = await openPage(browser, `${server.url}#punter`);
  await page.waitForSelector('[data-testid=punter-map-file]', { state: 'attached' });
  const sites = Array.from({ length: 1_000_000 }, (_, i) => `{"id":${i},"x":${i % 1000}.5,"y":${Math.floor(i / 1000)}.25}`);
  const buffer = Buffer.from(`{"sites":[${sites.join(',')}],"rivers":[{"source":0,"target":1}],"mines":[0]}`);
  assert.ok(buffer.length > 30e6, `${buffer.length} bytes`);
  // Timed in the page, from the file input's change to the message (the test's own transfer of
  // the file into the browser takes seconds and is not the page's).
  await page.evaluate(() => {
    window.mapTimes = {};
    document.addEventListener('change', () => { window.mapTimes.chosen = performance.now(); }, true);
    new MutationObserver(() => {
      if (document.querySelector('[data-testid=punter-map-error].error')) window.mapTimes.refused ??= performance.now();
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    // The longest the main thread was busy at once while the map was read (a 10 ms heartbeat).
    window.mapTimes.longestGap = 0;
    let last = performance.now();
    window.mapTimes.beat = setInterval(() => {
      const now = performance.now();
      const { chosen, refused } = window.mapTimes;
      if (chosen && !refused) window.mapTimes.longestGap = Math.max(window.mapTimes.longestGap, now - Math.max(last, chosen));
      last = now;
    }, 10);
  });
  await page.setInputFiles('[data-testid=punter-map-file]', { name: 'huge.json', mimeType: 'application/json', buffer });
  await page.waitForSelector('[data-testid=punter-map-error].error', { timeout: 60000 });
  const ms = Math.round(await page.evaluate(() => window.mapTimes.refused - window.mapTimes.chosen));
  const gap = Math.round(await page.evaluate(() => window.mapTimes.longestGap));
  assert.equal(await page.textContent('[data-testid=punter-map-error]'), 'huge.json does not load: sites: more sites than the limit of 200000');
  // About half a second here; generous for a loaded 2-core machine (a full parse took 20–25 s).
  assert.ok(ms < 5000, `refused after ${ms} ms`);
  console.log(`a 1,000,000-site map refused ${ms} ms after it was chosen (timed in the page); the main thread was busy at most ${gap} ms at once`);
  // Reading the file's bytes (and checking they are UTF-8) stays on the main thread: tens of ms;
  // the parse, where the 20–25 s went, is in the worker. Generous for a loaded machine.
  assert.ok(gap < 2000, `the main thread was busy ${gap} ms at once`);
  assert.equal(await page.inputValue('[data-testid=punter-map]'), 'lambda.json', 'the form keeps its map');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
