// Labyrinth for a newcomer (issue 31): each collection is announced, the AIs' too; the player's
// own treasures are marked on the board and listed in its words; the extra tile and its buttons
// stay in view beside the board at 1280×900, and the hand stays right under the board on a
// phone; a grey arrow says why when tapped, and arrows are 44 px targets on a phone; the board
// is played with the keyboard alone, a whole game through.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const CANVAS = '[data-testid=labyrinth-play-canvas]';
const state = (page) => page.$eval(CANVAS, (c) => c.state);

async function newGame(page, seats, seed) {
  await page.waitForFunction((c) => document.querySelector(c)?.state, CANVAS);
  for (const color of ['yellow', 'red', 'blue', 'green']) await page.selectOption(`[data-testid=labyrinth-seat-${color}]`, seats[color] ?? 'off');
  await page.fill('[data-testid=labyrinth-seed]', String(seed));
  await page.click('[data-testid=labyrinth-start]');
  await page.waitForFunction((c) => document.querySelector(c).state?.turns === 0, CANVAS);
}

const cardsLeft = async (page) => (await state(page)).players.map((p) => p.cardsLeft);

/**
 * Presses arrow keys on the focused board until its cursor is on `want`: for an arrow, → round
 * the board; for a square, ↑ or ↓ towards its row while that gets nearer, then ← or → through
 * the squares in reading order.
 */
async function steer(page, kind, want) {
  const cursorAt = async () => { const c = await page.$eval(CANVAS, (x) => x.cursor); return c?.arrow ?? c?.square; };
  const goal = await page.$eval(CANVAS, (c, [k, i]) => c.pointOf(k, i), [kind, want]);
  for (let n = 0; n < 60; n += 1) {
    const at = await cursorAt();
    if (at === want) return true;
    if (at === undefined || kind === 'arrow') { await page.keyboard.press('ArrowRight'); continue; }
    const dy = goal[1] - (await page.$eval(CANVAS, (c, i) => c.pointOf('square', i), at))[1];
    if (Math.abs(dy) > 1) {
      await page.keyboard.press(dy > 0 ? 'ArrowDown' : 'ArrowUp');
      const now = await cursorAt();
      const dy2 = goal[1] - (await page.$eval(CANVAS, (c, i) => c.pointOf('square', i), now))[1];
      if (now !== at && Math.abs(dy2) < Math.abs(dy)) continue;
    }
    await page.keyboard.press(want > (await cursorAt()) ? 'ArrowRight' : 'ArrowLeft');
  }
  return false;
}

test('every collection is announced, the AI\'s too, and the counts drop by what was said', async () => {
  const page = await openPage(browser, `${server.url}#labyrinth`);
  await newGame(page, { yellow: 'greedy', red: 'greedy' }, 11);
  await page.waitForFunction(() => /found card/.test(document.querySelector('[data-testid=labyrinth-found]').textContent), null, { timeout: 20000 });
  const line = await page.textContent('[data-testid=labyrinth-found] div');
  assert.match(line, /^(Yellow|Red) \(AI greedy\) found cards? \d+((, \d+)* and \d+)?\.$/);
  assert.equal(await page.getAttribute('[data-testid=labyrinth-found]', 'role'), 'status');

  // A human's own collection: push at the first allowed arrow and stay, until something is found.
  await newGame(page, { yellow: 'human' }, 5);
  for (let turn = 0; turn < 12; turn += 1) {
    const s = await state(page);
    const before = s.players[0].cardsLeft;
    const at = [...Array(12).keys()].find((i) => !s.blocked.some(([k]) => k === i));
    const [x, y] = await page.$eval(CANVAS, (c, i) => c.pointOf('arrow', i), (at + turn) % 12 === 0 ? at : at);
    const box = await page.locator(CANVAS).boundingBox();
    await page.mouse.click(box.x + x, box.y + y);
    await page.waitForFunction((c) => document.querySelector(c).state.phase === 'move', CANVAS);
    const after = (await cardsLeft(page))[0];
    if (after < before) {
      const said = await page.textContent('[data-testid=labyrinth-found]');
      const numbers = said.match(/You found cards? ([\d, and]+)\./)[1].match(/\d+/g);
      assert.equal(numbers.length, before - after, said);
      return;
    }
    await page.click('[data-testid=labyrinth-stay]');
    await page.waitForFunction((c) => document.querySelector(c).state.phase === 'shift', CANVAS);
  }
  assert.fail('nothing was found in 12 turns');
});

test('your treasures are marked and said; the extra tile and Turn stay in view at 1280×900; the hand sits under the board on a phone', async () => {
  const page = await openPage(browser, `${server.url}#labyrinth`, { width: 1280, height: 900 });
  await newGame(page, { yellow: 'human', red: 'greedy' }, 7);
  const cards = await page.$$eval('[data-testid=labyrinth-cards] .card', (cs) => cs.map((c) => c.textContent));
  assert.equal(cards.length, 12);
  const label = await page.getAttribute(CANVAS, 'aria-label');
  assert.equal(await page.getAttribute(CANVAS, 'role'), 'img');
  for (const c of cards) assert.match(label, new RegExp(`\\b${c} at (row \\d, column \\d|the extra tile)`), label);
  assert.match(label, /Yellow at row 1, column 1/);
  assert.match(await page.textContent('[data-testid=labyrinth-cards-rule]'), /ringed in blue/);
  for (const id of ['labyrinth-extra', 'labyrinth-rotate', 'labyrinth-stay']) {
    const box = await page.locator(`[data-testid=${id}]`).boundingBox();
    assert.ok(box.y + box.height <= 900, `${id} ends at ${box.y + box.height}`);
  }

  const phone = await openPage(browser, `${server.url}#labyrinth`, { width: 390, height: 844 });
  await newGame(phone, { yellow: 'human', red: 'greedy' }, 7);
  const board = await phone.locator(CANVAS).boundingBox();
  const hand = await phone.locator('[data-testid=labyrinth-cards]').boundingBox();
  assert.ok(hand.y > board.y && hand.y - (board.y + board.height) < 160, `the hand is ${hand.y - board.y - board.height} px under the board`);
  assert.deepEqual([...page.errors, ...phone.errors], []);
  await page.context().close();
  await phone.context().close();
});

test('on a phone an arrow is a 44 px target, and a grey one says why when tapped', async () => {
  const page = await openPage(browser, `${server.url}#labyrinth`, { width: 390, height: 844 }, { touch: true });
  // Under the Ravensburger rules no push may undo the one before: after red's, one arrow is grey.
  await page.selectOption('[data-testid=labyrinth-rules]', 'ravensburger');
  await newGame(page, { yellow: 'human', red: 'greedy' }, 7);
  const s0 = await state(page);
  const first = [...Array(12).keys()].find((i) => !s0.blocked.some(([k]) => k === i));
  const [fx, fy] = await page.$eval(CANVAS, (c, i) => c.pointOf('arrow', i), first);
  const b0 = await page.locator(CANVAS).boundingBox();
  await page.touchscreen.tap(b0.x + fx, b0.y + fy);
  await page.waitForFunction((c) => document.querySelector(c).state.phase === 'move', CANVAS);
  await page.click('[data-testid=labyrinth-stay]');
  await page.waitForFunction((c) => { const t = document.querySelector(c).state; return t.turns === 2 && t.toMove === 0; }, CANVAS);
  const s = await state(page);
  const [blocked, why] = s.blocked[0];
  const [x, y] = await page.$eval(CANVAS, (c, i) => c.pointOf('arrow', i), blocked);
  const box = await page.locator(CANVAS).boundingBox();
  // 20 px off the arrow's centre, along the board's edge: still the arrow.
  const along = s.insertions[blocked].match(/top|bottom/) ? [20, 0] : [0, 20];
  await page.touchscreen.tap(box.x + x + along[0], box.y + y + along[1]);
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-message]').textContent.includes('Not allowed'));
  assert.ok((await page.textContent('[data-testid=labyrinth-message]')).includes(why));
  const allowed = [...Array(12).keys()].find((i) => !s.blocked.some(([k]) => k === i));
  const [ax, ay] = await page.$eval(CANVAS, (c, i) => c.pointOf('arrow', i), allowed);
  const box2 = await page.locator(CANVAS).boundingBox(); // the message above the board moved it
  const off = s.insertions[allowed].match(/top|bottom/) ? [-20, 0] : [0, -20];
  await page.touchscreen.tap(box2.x + ax + off[0], box2.y + ay + off[1]);
  await page.waitForFunction((c) => document.querySelector(c).state.phase === 'move', CANVAS);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/**
 * What a keen player would do now (yellow, alone): the push and the square that collect the most
 * cards and end nearest a treasure still sought (or home when none is left), found by trying
 * every push on a copy of the game the page's engine opens from the share link; `turn` varies
 * the choice among near equals, so the player does not stand still behind a wall.
 */
function advice(page, turn) {
  return page.evaluate(async (turn) => {
    const { loadEngine } = await import('/www/engine.js');
    const m = await loadEngine('labyrinth');
    const g = m.LabyrinthGame.fromLink(document.querySelector('.labyrinth-side .link-input').value.split('#')[1]);
    const s = g.state();
    const N = 7;
    const dist = (a, b) => Math.abs(Math.floor(a / N) - Math.floor(b / N)) + Math.abs((a % N) - (b % N));
    let best = null;
    for (let at = 0; at < 12; at += 1) {
      if (s.blocked.some(([k]) => k === at)) continue;
      for (const dir of ['north', 'east', 'south', 'west']) {
        const f = g.fork(s.position, ['human']);
        f.shift(at, dir);
        const t = f.state();
        const hand = f.view(0).cards;
        const me = t.players[0];
        const home = (me.start[0] - 1) * N + me.start[1] - 1;
        const targets = hand.length ? hand.map((c) => t.tiles.findIndex((x) => x.treasure === c)).filter((i) => i >= 0) : [home];
        for (const square of t.reachable) {
          const near = targets.length ? Math.min(...targets.map((x) => dist(square, x))) : 7;
          // Ties (and being stuck behind walls) are broken by a varying preference.
          const cost = hand.length * 100 + near * 4 + ((at * 7 + square * 3 + turn * 5) % 11);
          if (!best || cost < best.cost) best = { cost, at, dir, square };
        }
        f.free();
      }
    }
    g.free();
    return best;
  }, turn);
}

test('a whole game played with the keyboard alone: arrows choose, R turns, Enter pushes and walks', async () => {
  const page = await openPage(browser, `${server.url}#labyrinth`);
  await newGame(page, { yellow: 'human' }, 3);
  // The board is the tab stop before the extra tile's Turn button.
  await page.focus('[data-testid=labyrinth-rotate]');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'labyrinth-play-canvas');
  let turns = 0;
  for (; turns < 80; turns += 1) {
    const s = await state(page);
    if (s.winner !== null) break;
    const { at, dir, square } = await advice(page, turns);
    if (process.env.DEBUG_LEARN) console.log(turns, at, dir, square, s.players[0].cardsLeft, s.players[0].row, s.players[0].column);
    for (let k = 0; k < 4 && (await page.getAttribute('[data-testid=labyrinth-extra]', 'data-dir')) !== dir; k += 1) await page.keyboard.press('r');
    assert.ok(await steer(page, 'arrow', at), `the cursor reaches arrow ${at}`);
    assert.match(await page.textContent('[data-testid=labyrinth-board-text]'), /^Push in at the /);
    await page.keyboard.press('Enter');
    await page.waitForFunction((c) => document.querySelector(c).state.phase === 'move', CANVAS);
    assert.ok(await steer(page, 'square', square), `the cursor reaches square ${square}`);
    assert.match(await page.textContent('[data-testid=labyrinth-board-text]'), /^Row \d, column \d/);
    await page.keyboard.press('Enter');
    await page.waitForFunction(([c, t]) => document.querySelector(c).state.turns > t, [CANVAS, s.turns]);
  }
  const end = await state(page);
  assert.equal(end.winner, 0, `not won after ${turns} turns`);
  assert.match(await page.textContent('[data-testid=labyrinth-status]'), /^Yellow wins after \d+ turns?/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
