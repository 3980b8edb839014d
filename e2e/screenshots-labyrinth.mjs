// Labyrinth screenshots (run: node e2e/screenshots-labyrinth.mjs), desktop and phone, into
// docs/screenshots/: labyrinth-play (seed 7 after the first push), labyrinth-seat (your strategy
// in the yellow seat against the greedy AI: a turn it got wrong, played by the greedy AI, and
// what it printed), labyrinth-lab (the Your strategy tab after a run of 2 games) and
// labyrinth-replay (the Replay tab on the game played), labyrinth-inspector (a lab game's
// decision, re-run here), labyrinth-continue and labyrinth-continued (Continue from here).
import { serve, launch, openPage, setCode, openTab } from './browser.mjs';

const DIR = new URL('../docs/screenshots/', import.meta.url).pathname;
const CANVAS = '[data-testid=labyrinth-play-canvas]';
// Walks to the middle square whether or not it can be reached: some turns are not allowed.
const WANDERER = `function turn(view) {
  const [, row, column] = view.pawns[view.seat];
  console.log("at " + row + "," + column + ", walking to 4,4 (" + view.cards.length + " cards left)");
  return { rotation: "north", insertion: 1, row: 4, column: 4 };
}`;

const server = await serve();
const browser = await launch();
for (const [name, vp] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  const page = await openPage(browser, `${server.url}#labyrinth`, vp);
  const shot = (what) => page.screenshot({ path: `${DIR}labyrinth-${what}-${name}.png`, fullPage: true });
  await page.waitForFunction((c) => document.querySelector(c)?.state, CANVAS);
  await page.fill('[data-testid=labyrinth-seed]', '7');
  await page.click('[data-testid=labyrinth-start]');
  const s = await page.$eval(CANVAS, (c) => c.state);
  const at = [...Array(12).keys()].find((i) => !s.blocked.some(([k]) => k === i));
  const [x, y] = await page.$eval(CANVAS, (c, i) => c.pointOf('arrow', i), at);
  await page.locator(CANVAS).scrollIntoViewIfNeeded();
  const box = await page.locator(CANVAS).boundingBox();
  await page.mouse.click(box.x + x, box.y + y);
  await page.waitForTimeout(400);
  await shot('play');

  // Your strategy in the yellow seat.
  await openTab(page, 'labyrinth-tab-lab');
  await setCode(page, 'labyrinth-lab-editor', WANDERER);
  await openTab(page, 'labyrinth-tab-play');
  await page.selectOption('[data-testid=labyrinth-seat-yellow]', 'js');
  await page.selectOption('[data-testid=labyrinth-seat-red]', 'greedy');
  await page.click('[data-testid=labyrinth-start]');
  await page.waitForFunction((c) => document.querySelector(c).state.turns >= 5 && document.querySelector('[data-testid=labyrinth-message]').textContent, CANVAS, { timeout: 30000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('seat');

  // The Your strategy tab after 2 games of the example.
  await openTab(page, 'labyrinth-tab-lab');
  await page.selectOption('[data-testid=labyrinth-lab-examples]', '0');
  await page.click('[data-testid=labyrinth-lab-example-ask-replace]'); // the bot's code was the wanderer: it asks
  await page.selectOption('[data-testid=labyrinth-lab-games]', '2');
  await page.click('[data-testid=labyrinth-lab-run]');
  await page.waitForSelector('[data-testid=labyrinth-lab-games-list] li', { timeout: 120000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('lab');

  // The Replay tab: the game played in the Play tab.
  await openTab(page, 'labyrinth-tab-replay');
  await page.waitForFunction(() => /\d+ \/ \d+/.test(document.querySelector('.labyrinth-tab-replay .replay-counter')?.textContent ?? ''));
  await page.waitForTimeout(300);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('replay');

  // The inspector: game 2 of the lab run at the strategy's second turn, re-run with the code
  // unchanged; then Continue from here with its seat choice.
  await openTab(page, 'labyrinth-tab-lab');
  await page.click('[data-testid=labyrinth-lab-games-list] li:nth-child(2) button');
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('ArrowRight');
  await page.click('[data-testid=labyrinth-inspector-rerun]');
  await page.waitForSelector('[data-testid=rerun-answer]');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('inspector');
  await page.click('[data-testid=labyrinth-continue]');
  await page.selectOption('[data-testid=labyrinth-fork-red]', 'human');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('continue');
  await page.click('[data-testid=labyrinth-fork-start]');
  await page.waitForTimeout(600);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('continued');
  console.log(name, page.errors);
  await page.context().close();
}
await browser.close();
server.close();
