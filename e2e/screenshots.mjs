// Takes a screenshot of every screen into docs/screenshots/ (run: node e2e/screenshots.mjs).
import { serve, launch, openPage } from './browser.mjs';

const out = new URL('../docs/screenshots/', import.meta.url).pathname;
const server = await serve();
const browser = await launch();
try {
  for (const [name, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    const page = await openPage(browser, server.url, viewport);
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `${out}pig-play-${name}.png`, fullPage: true });
    for (const tab of ['lab', 'arena', 'policy']) {
      await page.click(`[data-testid=tab-${tab}]`);
      if (tab === 'lab') {
        await page.click('[data-testid=run-checker]');
        await page.waitForSelector('[data-testid=wins]', { timeout: 20000 });
      }
      if (tab === 'arena') {
        await page.click('[data-testid=arena-run]');
        await page.waitForSelector('[data-testid=arena-results] [data-testid=wins]', { timeout: 20000 });
      }
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}pig-${tab}-${name}.png`, fullPage: true });
    }
    await page.click('[data-testid=tab-arena]');
    await page.click('[data-testid=arena-results] button:has-text("View")');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}pig-replay-${name}.png`, fullPage: true });
    console.log(name, 'errors:', page.errors);
    await page.context().close();
  }
} finally {
  await browser.close();
  server.close();
}
