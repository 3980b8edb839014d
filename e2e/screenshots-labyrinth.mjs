// Labyrinth screenshots (run: node e2e/screenshots-labyrinth.mjs): a game on seed 7 after the first push, desktop and phone.
import { serve, launch, openPage } from './browser.mjs';
const server = await serve(); const browser = await launch();
for (const [name, vp] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  const page = await openPage(browser, `${server.url}#labyrinth`, vp);
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]')?.state);
  await page.fill('[data-testid=labyrinth-seed]', '7');
  await page.click('[data-testid=labyrinth-start]');
  const s = await page.$eval('[data-testid=labyrinth-play-canvas]', (c) => c.state);
  const at = [...Array(12).keys()].find((i) => !s.blocked.some(([k]) => k === i));
  const [x, y] = await page.$eval('[data-testid=labyrinth-play-canvas]', (c, i) => c.pointOf('arrow', i), at);
  await page.locator('[data-testid=labyrinth-play-canvas]').scrollIntoViewIfNeeded();
  const box = await page.locator('[data-testid=labyrinth-play-canvas]').boundingBox();
  await page.mouse.click(box.x + x, box.y + y);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${new URL('../docs/screenshots/', import.meta.url).pathname}labyrinth-play-${name}.png`, fullPage: true });
  console.log(name, page.errors);
}
await browser.close(); server.close();
