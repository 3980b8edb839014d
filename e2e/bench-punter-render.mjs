// Frame times of the Punter map view on edinburgh-10000 (10,000 rivers, 7,357 sites) while a
// script pans (drags) and zooms (wheel) over a game in progress: every river claimed by one of
// 8 punters for half the map. Reports the draw time (the map view's own time per redraw) and
// the time between animation frames, median and worst, and the cost of a hover (the hit test).
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
  // Hover: the hit test under the pointer (what a move of the mouse costs), at the fitted view
  // and zoomed in about 15× at the centre, over a grid of points across the canvas.
  const hover = async () => page.evaluate(() => {
    const c = document.querySelector('[data-testid=punter-play-canvas]');
    const w = c.clientWidth; const h = c.clientHeight;
    const points = [];
    for (let i = 0; i < 40; i += 1) for (let j = 0; j < 25; j += 1) points.push([(i + 0.5) * w / 40, (j + 0.5) * h / 25]);
    let found = 0;
    const t0 = performance.now();
    for (let k = 0; k < 5; k += 1) for (const [x, y] of points) if (c.hitAt(x, y)) found += 1;
    return { perHoverMs: ((performance.now() - t0) / (5 * points.length)).toFixed(4), found: found / 5, of: points.length };
  });
  await page.keyboard.press('f');
  await page.waitForTimeout(200);
  const hoverFitted = await hover();
  await page.mouse.move(cx, cy);
  for (let i = 0; i < 15; i += 1) await page.mouse.wheel(0, -100);
  await page.waitForTimeout(200);
  const hoverZoomed = await hover();
  const stat = (a) => {
    const s = [...a].sort((x, y) => x - y);
    return { n: s.length, median: s[Math.floor(s.length / 2)]?.toFixed(1), p95: s[Math.floor(s.length * 0.95)]?.toFixed(1), worst: s[s.length - 1]?.toFixed(1) };
  };
  console.log('edinburgh-10000, 8 punters, half the rivers claimed, 1280×900');
  console.log('draw time per redraw (ms):', stat(draws));
  console.log('time between animation frames while panning/zooming (ms):', stat(frames));
  console.log('hover hit test, fitted view (ms per hover):', hoverFitted);
  console.log('hover hit test, zoomed in (ms per hover):', hoverZoomed);
  console.log('errors:', page.errors);
  await page.context().close();
} finally {
  await browser.close();
  server.close();
}
