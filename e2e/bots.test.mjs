// Browser tests of your bots (www/bots.js, www/bot-list.js): a bot created, renamed, duplicated
// and deleted (asking first); the list survives a reload; a language switch keeps both codes; an
// example over your own code asks; a bot saved as a file and opened from one; a bot link shows its
// code first, runs nothing, and joins under a new name; a malformed bot link keeps the page and
// the bots; the labs' older drafts become bots, the old entries left as they were.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { serve, launch, openPage, setCode, getCode, openTab } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const names = (page, t) => page.$$eval(`[data-testid=${t}-bots] option`, (os) => os.map((o) => o.textContent));
const chosen = (page, t) => page.$eval(`[data-testid=${t}-bots]`, (s) => s.selectedOptions[0]?.textContent);
const ready = (page) => page.waitForSelector('body[data-ready="true"]');

const SCHEME = '(define (player a b c d s) (< (+ c d) 17)) ; mine';
const JS = 'function player(a, b, c, d, s) { return c + d < 19; } // mine';

test('Pig: a bot created, renamed, duplicated, deleted, kept across a reload, saved and opened as a file', async () => {
  const page = await openPage(browser, server.url);
  page.on('dialog', (d) => { page.errors.push(`an unexpected browser dialog: ${d.message()}`); d.dismiss(); });
  await openTab(page, 'tab-lab');
  assert.deepEqual(await names(page, 'pig-lab'), ['My bot']);
  await setCode(page, 'editor', SCHEME);

  await page.click('[data-testid=pig-lab-new]');
  assert.deepEqual(await names(page, 'pig-lab'), ['My bot', 'New bot']);
  assert.equal(await chosen(page, 'pig-lab'), 'New bot');
  await page.click('[data-testid=pig-lab-rename]');
  await page.fill('[data-testid=pig-lab-rename-name]', 'Version 2');
  await page.click('[data-testid=pig-lab-rename-ask-ok]');
  assert.deepEqual(await names(page, 'pig-lab'), ['My bot', 'Version 2']);

  // A language switch keeps each language's code.
  await page.selectOption('[data-testid=language]', 'js');
  await setCode(page, 'editor', JS);
  await page.selectOption('[data-testid=language]', 'scheme');
  const schemeOfV2 = await getCode(page, 'editor');
  await setCode(page, 'editor', `${schemeOfV2}; v2`);
  await page.selectOption('[data-testid=language]', 'js');
  assert.equal(await getCode(page, 'editor'), JS, 'the JavaScript code came back');
  await page.selectOption('[data-testid=language]', 'scheme');
  assert.equal(await getCode(page, 'editor'), `${schemeOfV2}; v2`, 'the Scheme code came back');

  await page.click('[data-testid=pig-lab-duplicate]');
  assert.deepEqual(await names(page, 'pig-lab'), ['My bot', 'Version 2', 'Version 2 (2)']);
  assert.equal(await getCode(page, 'editor'), `${schemeOfV2}; v2`);

  // Delete asks; Cancel keeps the bot.
  await page.click('[data-testid=pig-lab-delete]');
  await page.waitForSelector('[data-testid=pig-lab-delete-ask]');
  await page.click('[data-testid=pig-lab-delete-ask-cancel]');
  assert.equal((await names(page, 'pig-lab')).length, 3);
  await page.click('[data-testid=pig-lab-delete]');
  await page.click('[data-testid=pig-lab-delete-ask-delete]');
  assert.deepEqual(await names(page, 'pig-lab'), ['My bot', 'Version 2']);

  // An example over your own code asks: "New bot from the example" leaves the code as it was.
  await page.selectOption('[data-testid=pig-lab-bots]', { label: 'My bot' });
  assert.equal(await getCode(page, 'editor'), SCHEME);
  await page.selectOption('[data-testid=pig-lab-examples]', '1');
  await page.waitForSelector('[data-testid=pig-lab-example-ask]');
  await page.click('[data-testid=pig-lab-example-ask-new]');
  assert.equal(await chosen(page, 'pig-lab'), 'Count my turns with state');
  await page.selectOption('[data-testid=pig-lab-bots]', { label: 'My bot' });
  assert.equal(await getCode(page, 'editor'), SCHEME, 'the example replaced nothing');

  // The list and each bot's code survive a reload.
  await page.reload();
  await ready(page);
  await openTab(page, 'tab-lab');
  assert.deepEqual(await names(page, 'pig-lab'), ['My bot', 'Version 2', 'Count my turns with state']);
  assert.equal(await chosen(page, 'pig-lab'), 'My bot');
  assert.equal(await getCode(page, 'editor'), SCHEME);

  // Save file: a download holding the code; Open file: a new bot named after the file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=pig-lab-save]')]);
  assert.equal(download.suggestedFilename(), 'My-bot.scm');
  assert.equal(await readFile(await download.path(), 'utf8'), SCHEME);
  await page.setInputFiles('[data-testid=pig-lab-open-file]', { name: 'hold 19.js', mimeType: 'text/javascript', buffer: Buffer.from(JS) });
  assert.equal(await chosen(page, 'pig-lab'), 'hold 19');
  assert.equal(await page.inputValue('[data-testid=language]'), 'js');
  assert.equal(await getCode(page, 'editor'), JS);
  assert.equal((await names(page, 'pig-lab')).length, 4, 'a file never replaces a bot');
  // The selected bot is what the checker plays.
  await page.fill('.tab-lab input.seed', '7');
  await page.click('[data-testid=run-checker]');
  await page.waitForFunction(() => /Done in/.test(document.querySelector('[data-testid=lab-status]')?.textContent ?? ''), null, { timeout: 20000 });
  assert.match(await page.textContent('[data-testid=lab-results]'), /my JS strategy/);
  // The Arena offers each of your bots, so version 1 can play version 2.
  await openTab(page, 'tab-arena');
  const arena = await page.$eval('.tab-arena select', (s) => [...s.options].map((o) => o.textContent));
  assert.ok(['My bot', 'Version 2', 'hold 19'].every((n) => arena.includes(`Your bot: ${n}`)), JSON.stringify(arena));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Pig: a bot link shows the code first, runs nothing, and joins under a new name; a malformed one keeps everything', async () => {
  const page = await openPage(browser, server.url);
  await openTab(page, 'tab-lab');
  await setCode(page, 'editor', SCHEME);
  // Share link: the selected bot in a link.
  await page.click('[data-testid=pig-lab-share]');
  const own = await page.inputValue('[data-testid=pig-lab-bot-link]');
  assert.match(own, /#pig-bot\/1\//);
  // Someone else's bot of the same name, in a link.
  const theirs = 'function player(a, b, c, d, s) { return c + d < 25; } // theirs';
  const link = await page.evaluate(async (code) => {
    const engine = await import('./www/engine.js').then((m) => m.loadEngine('pig'));
    return `${location.origin}/#${engine.botLink('pig-bot', 'My bot', 'js', code)}`;
  }, theirs);
  let ran = false;
  page.on('request', (r) => { if (/sandbox|user-host/.test(r.url())) ran = true; });
  await page.evaluate((url) => { location.hash = new URL(url).hash; }, link);
  await page.waitForSelector('[data-testid=pig-lab-linked]');
  assert.equal(await page.textContent('[data-testid=pig-lab-linked-source]'), theirs);
  await page.click('[data-testid=pig-lab-linked-cancel]');
  assert.deepEqual(await names(page, 'pig-lab'), ['My bot'], 'Cancel adds nothing');
  assert.equal(await getCode(page, 'editor'), SCHEME);

  // Again, and add it: a new name, the existing bot unchanged, nothing run.
  await page.evaluate(() => { location.hash = ''; });
  await page.evaluate((url) => { location.hash = new URL(url).hash; }, link);
  await page.waitForSelector('[data-testid=pig-lab-linked]');
  await page.click('[data-testid=pig-lab-linked-add]');
  assert.deepEqual(await names(page, 'pig-lab'), ['My bot', 'My bot (2)']);
  assert.equal(await chosen(page, 'pig-lab'), 'My bot (2)');
  assert.equal(await getCode(page, 'editor'), theirs);
  assert.equal(await page.textContent('[data-testid=lab-status]'), '', 'nothing ran');
  assert.equal(ran, false);
  await page.selectOption('[data-testid=pig-lab-bots]', { label: 'My bot' });
  assert.equal(await getCode(page, 'editor'), SCHEME, 'the existing bot is unchanged');

  // A malformed bot link: a banner; the page and the bots are kept.
  const broken = link.replace(/.{4}$/, 'AAAA');
  await page.evaluate((url) => { location.hash = new URL(url).hash; }, broken);
  await page.waitForFunction(() => /could not be opened/.test(document.getElementById('banner')?.textContent ?? ''));
  assert.match(await page.textContent('#banner'), /altered or cut|malformed|ends too early/);
  assert.deepEqual(await names(page, 'pig-lab'), ['My bot', 'My bot (2)']);
  assert.equal(await getCode(page, 'editor'), SCHEME);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the other labs: older drafts become bots (the old entries kept), and a bot link opens in each', async () => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.errors = [];
  let app = false; // errors are the app's (not those of the page outside it, e.g. its favicon)
  page.on('console', (m) => { if (app && m.type() === 'error') page.errors.push(m.text()); });
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(`${server.url}README.md`); // the same origin, where the app does not run
  const OLD = { 'arcade.punter.bot.v1': 'function punter(m) { /* old punter */ }', 'arcade.labyrinth.strategy.v1': 'function turn(v) { /* old maze */ }' };
  await page.evaluate((e) => { localStorage.clear(); for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v); }, OLD);
  for (const [game, tab, t, editor, old] of [
    ['punter', 'punter-tab-lab', 'punter-lab', 'punter-lab-editor', OLD['arcade.punter.bot.v1']],
    ['labyrinth', 'labyrinth-tab-lab', 'labyrinth-lab', 'labyrinth-lab-editor', OLD['arcade.labyrinth.strategy.v1']],
    ['lifter', 'lifter-tab-lab', 'lifter-lab', 'lifter-editor', null],
  ]) {
    await page.goto(`${server.url}#${game}`);
    app = true;
    await ready(page);
    await openTab(page, tab);
    assert.deepEqual(await names(page, t), ['My bot'], game);
    if (old) assert.equal(await getCode(page, editor), old, `${game}: the draft is the first bot`);
    const code = `// a ${game} bot from a link\n`;
    const link = await page.evaluate(async ([g, c]) => {
      const engine = await import('./www/engine.js').then((m) => m.loadEngine(g));
      return engine.botLink(`${g}-bot`, 'Shared', 'js', c);
    }, [game, code]);
    await page.evaluate((l) => { location.hash = l; }, link);
    await page.waitForSelector(`[data-testid=${t}-linked]`);
    await page.click(`[data-testid=${t}-linked-add]`);
    assert.deepEqual(await names(page, t), ['My bot', 'Shared'], game);
    assert.equal(await getCode(page, editor), code);
  }
  const kept = await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), Object.keys(OLD));
  assert.deepEqual(kept, Object.values(OLD), 'the old entries are left as they were');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
