// Frame times of the Punter map view on edinburgh-10000 (10,000 rivers, 7,357 sites) while a
// script pans (drags) and zooms (wheel) over a game in progress: every river claimed by one of
// 8 punters for half the map. Reports the draw time (the map view's own time per redraw) and
// the time between animation frames, median and worst.
// Run: node e2e/bench-punter-render.mjs
import { serve, launch, openPage } from './browser.mjs';

const server = await serve();
const browser = await launch();
try {
  const page = await openPage(browser, `${server.url}#punter`, { width: 1280, height: 900 });
  await page.evaluate(() => localStorage.clear());
  await page.waitForFunction(() => document.querySelector('[data-testid=punter-map-info]')?.textContent.includes('rivers'));
  await page.selectOption('[data-testid=punter-count]', '8');
  await page.selectOption('[data-testid=punter-your-seat]', 'none');
  for (let i = 0; i < 8; i += 1) await page.selectOption(`[data-testid=punter-seat-${i}]`, 'random');
  await page.check('[data-testid=punter-options]');
  await page.selectOption('[data-testid=punter-map]', 'edinburgh-10000.json');
  await page.waitForFunction(() => document.querySelector('[data-testid=punter-map-info]').textContent.includes('10,000 rivers'), null, { timeout: 30000 });
  await page.selectOption('[data-testid=punter-speed]', 'instant');
  await page.click('[data-testid=punter-start]');
  // Half the rivers claimed.
  await page.waitForFunction(() => /Turn (\d+)/.test(document.querySelector('[data-testid=punter-status]').textContent)
    && Number(/Turn ([\d,]+)/.exec(document.querySelector('[data-testid=punter-status]').textContent)[1].replace(/,/g, '')) > 5000, null, { timeout: 120000 });
  await page.selectOption('[data-testid=punter-speed]', 'slow');
  await page.waitForTimeout(800);
  const canvas = page.locator('[data-testid=punter-play-canvas]');
  const box = await canvas.boundingBox();
  await page.evaluate(() => {
    const c = document.querySelector('[data-testid=punter-play-canvas]');
    window.benchDraws = [];
    window.benchFrames = [];
    let last = performance.now();
    let drawn = c.drawStats.draws;
    const loop = (now) => {
      window.benchFrames.push(now - last);
      last = now;
      if (c.drawStats.draws !== drawn) { drawn = c.drawStats.draws; window.benchDraws.push(c.drawStats.lastMs); }
      if (!window.benchStop) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  // Zoom in step by step, pan around, zoom out.
  for (let i = 0; i < 12; i += 1) await page.mouse.wheel(0, -200);
  for (let round = 0; round < 3; round += 1) {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let k = 0; k < 30; k += 1) await page.mouse.move(cx + 10 * k * (round % 2 ? -1 : 1), cy + 6 * k);
    await page.mouse.up();
  }
  for (let i = 0; i < 12; i += 1) await page.mouse.wheel(0, 200);
  await page.mouse.down();
  for (let k = 0; k < 30; k += 1) await page.mouse.move(cx - 8 * k, cy - 5 * k);
  await page.mouse.up();
  await page.waitForTimeout(300);
  const { draws, frames } = await page.evaluate(() => { window.benchStop = true; return { draws: window.benchDraws, frames: window.benchFrames.slice(1) }; });
  const stat = (a) => {
    const s = [...a].sort((x, y) => x - y);
    return { n: s.length, median: s[Math.floor(s.length / 2)]?.toFixed(1), p95: s[Math.floor(s.length * 0.95)]?.toFixed(1), worst: s[s.length - 1]?.toFixed(1) };
  };
  console.log('edinburgh-10000, 8 punters, half the rivers claimed, 1280×900');
  console.log('draw time per redraw (ms):', stat(draws));
  console.log('time between animation frames while panning/zooming (ms):', stat(frames));
  console.log('errors:', page.errors);
  await page.context().close();
} finally {
  await browser.close();
  server.close();
}
