// Browser tests of Pig's Play tab pace (issue 31): a new game waits for the player's first press;
// the opponent's speed (Slow, Normal, Fast, At once) is chosen and kept; your own throws are never
// waited for: the buttons come back as the die lands, while it still tumbles.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

/**
 * Records, for every batch of moves the Play tab adds to its move list at once, how many moves
 * it held and whether the throw button was enabled right after: `window.batches`.
 */
const recordBatches = (page) => page.evaluate(() => {
  const log = document.querySelector('[data-testid=play-log]');
  const watching = Array.isArray(window.batches);
  window.batches = [];
  if (watching) return;
  new MutationObserver((records) => {
    const added = records.reduce((n, r) => n + r.addedNodes.length, 0);
    if (added) window.batches.push({ added, throwEnabled: !document.querySelector('[data-testid=throw]').disabled, moves: log.children.length });
  }).observe(log, { childList: true });
});

async function newGame(page, { speed, starts, seed }) {
  await page.selectOption('[data-testid=pig-speed]', speed);
  await page.selectOption('[aria-label="Who starts"]', starts);
  await page.fill('[data-testid=play-seed]', seed);
  await page.click('[data-testid=new-game]');
  await page.waitForSelector('[data-testid=throw]:enabled');
}

test('a new game waits for the player: nothing is thrown before Start, whoever begins', async () => {
  const page = await openPage(browser, server.url);
  await newGame(page, { speed: 'normal', starts: '1', seed: '5' });
  assert.equal(await page.textContent('[data-testid=throw]'), 'Start (T)');
  assert.equal(await page.isEnabled('[data-testid=hold]'), false);
  assert.match(await page.textContent('[data-testid=play-status]'), /^hold20 begins: press Start when you are ready\.$/);
  await page.waitForTimeout(300); // nothing happens meanwhile
  assert.equal(await page.$$eval('[data-testid=play-log] li', (l) => l.length), 0);
  await page.keyboard.press('t');
  // hold20 plays its turn, then it is yours.
  await page.waitForSelector('[data-testid=hold]:enabled', { timeout: 30000 });
  assert.equal(await page.textContent('[data-testid=throw]'), 'Throw again (T)');
  assert.match(await page.textContent('[data-testid=play-log] li'), /^turn 1 · hold20 · die \d/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the opponent\'s speed: At once plays its turn in one go, Slow a move at a time; the choice is kept', async () => {
  const page = await openPage(browser, server.url);
  await recordBatches(page);
  await newGame(page, { speed: 'instant', starts: '1', seed: '11' });
  await page.keyboard.press('t');
  await page.waitForSelector('[data-testid=hold]:enabled', { timeout: 30000 });
  const instant = await page.evaluate(() => window.batches);
  assert.ok(instant[0].added >= 2, `hold20's turn came in one batch: ${JSON.stringify(instant)}`);

  await newGame(page, { speed: 'slow', starts: '1', seed: '11' });
  await recordBatches(page);
  await page.keyboard.press('t');
  await page.waitForSelector('[data-testid=hold]:enabled', { timeout: 30000 });
  const slow = await page.evaluate(() => window.batches);
  assert.ok(slow.length >= 2 && slow.every((b) => b.added === 1), `one move at a time: ${JSON.stringify(slow)}`);
  assert.equal(slow.at(-1).moves, instant[0].moves, 'the same moves, the same seed');

  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.inputValue('[data-testid=pig-speed]'), 'slow');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('your own throws are not waited for: the buttons are back as the die lands, at every speed', async () => {
  const page = await openPage(browser, server.url);
  for (const speed of ['slow', 'normal']) {
    // Seed 3: your first two dice are not 1s.
    await newGame(page, { speed, starts: '0', seed: '3' });
    await recordBatches(page);
    await page.keyboard.press('t'); // the first throw
    await page.waitForSelector('[data-testid=hold]:enabled');
    await page.keyboard.press('t'); // throw again
    await page.waitForSelector('[data-testid=hold]:enabled');
    // Each die landed with the buttons enabled in the same moment (the page does not wait out
    // the die's tumble); "throw again" itself went in with them disabled.
    const batches = await page.evaluate(() => window.batches.map((b) => [b.added, b.throwEnabled]));
    assert.deepEqual(batches, [[1, true], [1, false], [1, true]], speed);
    assert.match(await page.textContent('[data-testid=play-log]'), /turn 1 · You · die [2-6].*turn 1 · You · throw again.*turn 1 · You · die [2-6]/s);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a whole game with the keyboard alone: Enter starts it, T throws, H holds at 20, until someone wins', async () => {
  const page = await openPage(browser, server.url);
  await page.selectOption('[data-testid=pig-speed]', 'instant');
  await page.fill('[data-testid=play-seed]', '21');
  await page.focus('[data-testid=new-game]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=throw]:enabled');
  let presses = 0;
  for (; presses < 400; presses += 1) {
    const over = await page.evaluate(() => /win/i.test(document.querySelector('[data-testid=play-status]').textContent)
      && document.querySelector('[data-testid=throw]').disabled);
    if (over) break;
    await page.waitForFunction(() => !document.querySelector('[data-testid=throw]').disabled
      || /win/i.test(document.querySelector('[data-testid=play-status]').textContent), null, { timeout: 30000 });
    const words = await page.textContent('[data-testid=pig-board-text]');
    const sum = Number(words.match(/You have (\d+) this turn/)?.[1] ?? 0);
    await page.keyboard.press(sum >= 20 && await page.isEnabled('[data-testid=hold]') ? 'h' : 't');
  }
  assert.match(await page.textContent('[data-testid=play-status]'), /^(You win|hold20 wins) \d+ to \d+/);
  assert.ok(presses > 10, `${presses} presses`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
