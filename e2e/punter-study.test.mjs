// Punter's study tools on the one game loop: a game of the Your bot tab opens in Replay at move 1
// with its decisions; the inspector shows each punter's official protocol message (a JavaScript
// bot's with its own state), its answer, what it printed then and its time; "Re-run my current
// code here" hands the code the seat's recorded messages and reproduces the answer of an
// unchanged bot; "Continue from here" plays the position on in Play (the fork's link holds the
// moves up to it), and with the same seats and seed it goes on as the recorded game did.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, setCode, openTab } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

// A bot with a memory (globals), an offline state it threads through the messages, and draws of
// its own: a re-run must see what it saw to answer and print the same.
const BOT = `let n = 0, me = 0, rivers = [];
const taken = new Set();
const key = (a, b) => (a < b ? a + "," + b : b + "," + a);
function punter(message) {
  if (message.map) {
    me = message.punter;
    rivers = message.map.rivers.map((r) => [r.source, r.target]);
    return { ready: me, state: { calls: 0 } };
  }
  if (!message.move) return;
  n += 1;
  const calls = message.state.calls + 1;
  for (const m of message.move.moves) {
    const c = m.claim || m.option;
    if (c) taken.add(key(c.source, c.target));
    if (m.splurge) m.splurge.route.forEach((s, i, r) => i && taken.add(key(r[i - 1], s)));
  }
  const free = rivers.filter(([a, b]) => !taken.has(key(a, b)));
  const draw = Math.floor(Math.random() * 1000);
  console.log("call " + n + " state " + calls + " draw " + draw);
  if (!free.length) return { pass: { punter: me }, state: { calls } };
  const [a, b] = free[draw % free.length];
  return { claim: { punter: me, source: a, target: b }, state: { calls } };
}`;

const counter = async (page) => Number((await page.textContent('.replay-counter')).split(' ')[0]);
const fragment = (link) => link.slice(link.indexOf('#'));
const replayLink = async (page) => {
  await page.waitForTimeout(400); // the link follows 120 ms after a seek
  return fragment(await page.inputValue('.punter-tab-replay .link-input'));
};
/** The move labels of each link's game (names aside). */
const labelsOf = (page, links) => page.evaluate(async (links) => {
  const engine = await (await import('./www/engine.js')).loadEngine('punter');
  const { loadMap } = await import('./www/punter/maps.js');
  const assets = { 'lambda.json': await loadMap(engine, 'lambda.json') };
  return links.map((l) => {
    const g = engine.PunterGame.fromLink(l, assets);
    const labels = Array.from({ length: g.length }, (_, i) => g.label(i).replace(/ · [^·]+ · /, ' · '));
    g.free();
    return labels;
  });
}, links);

test('Punter: a Your bot game in Replay — the inspector, re-run here, and continue from here', async () => {
  const page = await openPage(browser, `${server.url}#punter`);
  await page.evaluate(() => localStorage.clear());
  await openTab(page, 'punter-tab-lab');
  await setCode(page, 'punter-lab-editor', BOT);
  await page.selectOption('[data-testid=punter-lab-map]', 'lambda.json');
  await page.selectOption('[data-testid=punter-lab-opponents]', 'greedy');
  await page.selectOption('[data-testid=punter-lab-seat]', '0');
  await page.fill('[data-testid=punter-lab-seed]', '5');
  await page.click('[data-testid=punter-lab-run]');
  await page.waitForSelector('[data-testid=punter-lab-watch]', { timeout: 120000 });
  await page.click('[data-testid=punter-lab-watch]');
  // In Replay at move 1, never in Play.
  assert.equal(await page.textContent('[data-testid=punter-replay-title]'), 'your bot vs greedy');
  assert.equal(await counter(page), 1);
  assert.match(await page.textContent('[data-testid=punter-inspector-head]'), /^your bot · move 1 · took [\d.]+ ms/);
  // The message as the bot received it: the official move request, its own state in it.
  const first = JSON.parse(await page.textContent('[data-testid=punter-inspector-view]'));
  assert.deepEqual(first.state, { calls: 0 });
  assert.equal(first.move.moves.length, 2);
  assert.match(await page.textContent('[data-testid=punter-inspector-printed]'), /^call 1 state 1 draw \d+\n$/);
  assert.match(await page.textContent('[data-testid=punter-inspector-answer]'), /"claim":\{"punter":0,/);
  // Move 2 is greedy's: the same position in the protocol's words, and no re-run.
  await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('[data-testid=punter-inspector-head]'), /^greedy · move 2/);
  assert.match(await page.textContent('[data-testid=punter-inspector-view]'), /^\{"move":\{"moves":\[/);
  assert.equal(await page.isHidden('[data-testid=punter-inspector-rerun]'), true, 'only code can be re-run');
  // A later turn of the bot, re-run with the code unchanged: the same answer and output.
  for (let i = 0; i < 7; i += 1) await page.keyboard.press('ArrowRight');
  assert.equal(await counter(page), 9);
  const recorded = await page.textContent('[data-testid=punter-inspector-printed]');
  assert.match(recorded, /^call 5 state 5 draw \d+\n$/);
  await page.click('[data-testid=punter-inspector-rerun]');
  await page.waitForSelector('[data-testid=rerun-answer]', { timeout: 30000 });
  assert.match(await page.textContent('[data-testid=rerun-answer]'), /same$/);
  assert.equal(await page.textContent('[data-testid=rerun-printed]'), recorded);
  // Edited code answers otherwise here, and the inspector says so.
  await openTab(page, 'punter-tab-lab');
  await setCode(page, 'punter-lab-editor', BOT.replace('draw % free.length', '(draw + 1) % free.length'));
  await openTab(page, 'punter-tab-replay');
  await page.click('[data-testid=punter-inspector-rerun]');
  await page.waitForFunction(() => /differs$/.test(document.querySelector('[data-testid=rerun-answer]')?.textContent), null, { timeout: 30000 });
  // Continue from here with the seats as played and the code as it was: the game goes on as the
  // recorded one did (the bot is told of its earlier turns; greedy of its moves).
  await openTab(page, 'punter-tab-lab');
  await setCode(page, 'punter-lab-editor', BOT);
  await openTab(page, 'punter-tab-replay');
  const whole = await replayLink(page);
  await page.click('[data-testid=punter-continue]');
  assert.equal(await page.inputValue('[data-testid=punter-fork-seat-0]'), 'js');
  assert.equal(await page.inputValue('[data-testid=punter-fork-seat-1]'), 'greedy');
  await page.click('[data-testid=punter-fork-start]');
  await page.selectOption('[data-testid=punter-speed]', 'instant');
  await page.waitForFunction(() => /Game over/.test(document.querySelector('[data-testid=punter-status]')?.textContent), null, { timeout: 60000 });
  await page.waitForTimeout(500);
  const continued = fragment(await page.inputValue('.punter-tab-play .link-input'));
  const [a, b] = await labelsOf(page, [whole, continued]);
  assert.ok(a.length > 20);
  assert.deepEqual(b, a, 'Continue from here with the same seats and seed is the same game');
  // The continued game's decisions open with it in Replay: the bot's turns after the fork.
  await page.click('[data-testid=punter-to-replay]');
  await page.keyboard.press('End');
  assert.match(await page.textContent('[data-testid=punter-inspector-head]'), /^(your bot|greedy) · move \d+/);
  // Continue from here as you: your turn at the fork, the link holding the moves up to it.
  await page.keyboard.press('Home');
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
  await page.click('[data-testid=punter-continue]');
  await page.selectOption('[data-testid=punter-fork-seat-0]', 'human');
  await page.click('[data-testid=punter-fork-start]');
  await page.waitForFunction(() => /Your turn \(turn 5 /.test(document.querySelector('[data-testid=punter-status]')?.textContent), null, { timeout: 30000 });
  await page.waitForTimeout(500);
  const [forked] = await labelsOf(page, [fragment(await page.inputValue('.punter-tab-play .link-input'))]);
  assert.deepEqual(forked, a.slice(0, 4), 'the fork holds the moves up to it');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Punter: your bot takes a seat in Play; its decisions open with the game in Replay', async () => {
  const page = await openPage(browser, `${server.url}#punter`);
  await page.evaluate(() => localStorage.clear());
  await openTab(page, 'punter-tab-lab');
  await setCode(page, 'punter-lab-editor', BOT);
  await openTab(page, 'punter-tab-play');
  await page.waitForFunction(() => document.querySelector('[data-testid=punter-map-info]')?.textContent.includes('rivers'));
  await page.selectOption('[data-testid=punter-seat-1]', 'js');
  await page.fill('[data-testid=punter-seed]', '8');
  await page.selectOption('[data-testid=punter-speed]', 'instant');
  await page.click('[data-testid=punter-start]');
  const statusIs = (re) => page.waitForFunction((s) => new RegExp(s).test(document.querySelector('[data-testid=punter-status]')?.textContent ?? ''), re.source, { timeout: 30000 });
  await statusIs(/Your turn \(turn 1 /);
  await page.keyboard.press('p');
  await statusIs(/Your turn \(turn 3 /);
  await page.keyboard.press('p');
  await statusIs(/Your turn \(turn 5 /);
  await page.click('[data-testid=punter-to-replay]');
  assert.match(await page.textContent('[data-testid=punter-inspector-head]'), /^your bot · move 4/);
  assert.deepEqual(JSON.parse(await page.textContent('[data-testid=punter-inspector-view]')).state, { calls: 1 });
  assert.match(await page.textContent('[data-testid=punter-inspector-printed]'), /^call 2 state 2 draw \d+\n$/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
