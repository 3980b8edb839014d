// Screenshots of one replay per game with its debug marks: each game's "draw the plan" example
// run in its lab, its game watched a few turns in (run: node e2e/screenshots-marks.mjs; the PNGs
// go to docs/screenshots/<game>-marks-desktop.png).
import { mkdirSync } from 'node:fs';
import { serve, launch, openPage, setCode, openTab } from './browser.mjs';

const out = new URL('../docs/screenshots/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const server = await serve();
const browser = await launch();
const viewport = { width: 1280, height: 1000 };
const steps = async (page, n) => { for (let i = 0; i < n; i += 1) await page.keyboard.press('ArrowRight'); };
const example = (page, module, pick) => page.evaluate(async ([m, p]) => {
  const lab = await import(m);
  return p === null ? lab.EXAMPLE : (lab.EXAMPLES.js ?? lab.EXAMPLES).find(([name]) => name.includes(p))[1];
}, [module, pick]);

try {
  // Lifter: the nearest-lambda walker drawing its path and goal.
  let page = await openPage(browser, `${server.url}#lifter`, viewport);
  await page.waitForSelector('[data-testid=lifter-play-canvas]');
  await page.selectOption('[data-testid=lifter-map]', 'official:contest2');
  await openTab(page, 'lifter-tab-lab');
  await setCode(page, 'lifter-editor', await example(page, './www/lifter/strategies.js', 'draw the plan'));
  await page.click('[data-testid=lifter-run-code]');
  await page.waitForFunction(() => /^Done/.test(document.querySelector('[data-testid=lifter-code-status]').textContent), null, { timeout: 30000 });
  await page.click('[data-testid=lifter-code-watch]');
  await steps(page, 2);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}lifter-marks-desktop.png`, fullPage: true });
  await page.context().close();

  // Pig: values beside the board.
  page = await openPage(browser, server.url, viewport);
  await openTab(page, 'tab-lab');
  await page.selectOption('[data-testid=language]', 'js');
  await setCode(page, 'editor', await example(page, './www/pig/strategies.js', 'Draw its plan'));
  await page.click('[data-testid=run-checker]');
  await page.waitForSelector('[data-testid=lab-results] [data-testid=wins]', { timeout: 30000 });
  await page.click('[data-testid=lab-results] tbody tr:nth-child(1) button');
  await page.waitForSelector('[data-testid=pig-values]', { state: 'attached' }); // the Replay tab loads with its first show
  for (let i = 0; i < 60; i += 1) {
    if (!(await page.$eval('[data-testid=pig-values]', (v) => v.parentElement.hidden))) break;
    await page.keyboard.press('ArrowRight');
  }
  await page.screenshot({ path: `${out}pig-marks-desktop.png`, fullPage: true });
  await page.context().close();

  // Punter: mines ringed, the river claimed.
  page = await openPage(browser, `${server.url}#punter`, viewport);
  await openTab(page, 'punter-tab-lab');
  await setCode(page, 'punter-lab-editor', await example(page, './www/punter/strategies.js', 'Draw the plan'));
  await page.selectOption('[data-testid=punter-lab-map]', 'lambda.json');
  await page.selectOption('[data-testid=punter-lab-opponents]', 'greedy');
  await page.click('[data-testid=punter-lab-run]');
  await page.waitForSelector('[data-testid=punter-lab-watch]', { timeout: 120000 });
  await page.click('[data-testid=punter-lab-watch]');
  await steps(page, 6);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}punter-marks-desktop.png`, fullPage: true });
  await page.context().close();

  // Labyrinth: the treasure sought and the square kept.
  page = await openPage(browser, `${server.url}#labyrinth`, viewport);
  await openTab(page, 'labyrinth-tab-lab');
  await setCode(page, 'labyrinth-lab-editor', await example(page, './www/labyrinth/strategies.js', null));
  await page.click('[data-testid=labyrinth-lab-run]');
  await page.waitForSelector('[data-testid=labyrinth-lab-games-list] li', { timeout: 180000 });
  await page.click('[data-testid=labyrinth-lab-games-list] li:nth-child(1) button');
  await steps(page, 1);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}labyrinth-marks-desktop.png`, fullPage: true });
  await page.context().close();
} finally {
  await browser.close();
  server.close();
}
