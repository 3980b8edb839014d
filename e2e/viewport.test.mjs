// Browser tests of the one viewport of the canvas views (www/viewport.js), on Punter's map and
// Lifter's mine alike: the wheel zooms about the pointer (the map point under it stays), a drag
// pans by exactly the drag, the fit key and Fit show the whole picture, a two-finger pinch zooms
// about the fingers' midpoint (real touch events through the DevTools protocol) and pans with
// it. And Punter's hover on a 10,000-river map (the grid of map-grid.js) picks what a scan of
// every site and river picks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const VIEWS = [
  {
    name: 'Punter map', canvas: 'punter-play-canvas', fitKey: 'f',
    async open() {
      const page = await openPage(browser, `${server.url}#punter`);
      await page.waitForFunction(() => document.querySelector('[data-testid=punter-map-info]')?.textContent.includes('rivers'));
      await page.selectOption('[data-testid=punter-map]', 'nara.json');
      await page.waitForFunction(() => document.querySelector('[data-testid=punter-map-info]').textContent.startsWith('nara'));
      return page;
    },
    // The picture's extent in css px: every site where the view draws it.
    extent: (page) => page.$eval('[data-testid=punter-play-canvas]', (c) => {
      const e = [Infinity, Infinity, -Infinity, -Infinity];
      for (let i = 0; ; i += 1) {
        const p = c.pointOf('site', i);
        if (!p || Number.isNaN(p[0])) break;
        e[0] = Math.min(e[0], p[0]); e[1] = Math.min(e[1], p[1]); e[2] = Math.max(e[2], p[0]); e[3] = Math.max(e[3], p[1]);
      }
      return e;
    }),
    pad: 18,
  },
  {
    name: 'Lifter mine', canvas: 'lifter-play-canvas', fitKey: '0',
    async open() {
      const page = await openPage(browser, `${server.url}#lifter`);
      await page.waitForSelector('[data-testid=lifter-play-canvas]');
      await page.selectOption('[data-testid=lifter-map]', 'official:contest10');
      await page.waitForFunction(() => document.querySelector('[data-testid=lifter-mapinfo]').textContent.startsWith('contest10'));
      return page;
    },
    // The mine's corners (its size from the map's info line) where the view draws them.
    extent: async (page) => {
      const [, w, h] = /(\d+)×(\d+)/.exec(await page.textContent('[data-testid=lifter-mapinfo]')).map(Number);
      return page.$eval('[data-testid=lifter-play-canvas]', (c, [mw, mh]) => [...c.viewport.toScreen(0, 0), ...c.viewport.toScreen(mw, mh)], [w, h]);
    },
    pad: 0,
  },
];

/** The viewport's state: { scale, ox, oy, width, height, fitted }. */
const stateOf = (page, canvas) => page.$eval(`[data-testid=${canvas}]`, (c) => {
  const { scale, ox, oy, width, height, fitted } = c.viewport;
  return { scale, ox, oy, width, height, fitted };
});
/** The map point under css point (x, y) of the canvas, and where map point (wx, wy) is drawn. */
const toWorld = (page, canvas, x, y) => page.$eval(`[data-testid=${canvas}]`, (c, [a, b]) => c.viewport.toWorld(a, b), [x, y]);
const toScreen = (page, canvas, p) => page.$eval(`[data-testid=${canvas}]`, (c, q) => c.viewport.toScreen(...q), p);
const near = (a, b, eps, what) => assert.ok(Math.abs(a - b) <= eps, `${what}: ${a} vs ${b}`);
/** Two animation frames: input the browser aligns to frames has been handled. */
const settle = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
/** A whole page pixel near fraction (fx, fy) of the canvas `box`, and that point in css px of the canvas. */
const pixel = (box, fx, fy) => {
  const [X, Y] = [Math.round(box.x + box.width * fx), Math.round(box.y + box.height * fy)];
  return { X, Y, x: X - box.x, y: Y - box.y };
};

async function setUp(v) {
  const page = await v.open();
  await page.waitForTimeout(200);
  const box = await page.locator(`[data-testid=${v.canvas}]`).boundingBox();
  return { page, box };
}

for (const v of VIEWS) {
  test(`${v.name}: the wheel zooms about the pointer, keeping the map point under it`, async () => {
    const { page, box } = await setUp(v);
    for (const [fx, fy, dy] of [[0.3, 0.6, -300], [0.7, 0.25, -200], [0.55, 0.5, 250]]) {
      const { X, Y, x, y } = pixel(box, fx, fy);
      await page.mouse.move(X, Y);
      const before = await stateOf(page, v.canvas);
      const under = await toWorld(page, v.canvas, x, y);
      await page.mouse.wheel(0, dy);
      await page.waitForFunction(([c, s]) => document.querySelector(`[data-testid=${c}]`).viewport.scale !== s, [v.canvas, before.scale]);
      const after = await stateOf(page, v.canvas);
      assert.equal(after.fitted, false);
      assert.ok(dy < 0 ? after.scale > before.scale : after.scale < before.scale, `wheel ${dy}: scale ${before.scale} → ${after.scale}`);
      const [sx, sy] = await toScreen(page, v.canvas, under);
      near(sx, x, 0.01, 'x of the point under the pointer');
      near(sy, y, 0.01, 'y of the point under the pointer');
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test(`${v.name}: a drag pans by the drag`, async () => {
    const { page, box } = await setUp(v);
    await page.keyboard.press('+');
    const before = await stateOf(page, v.canvas);
    const { X, Y, x, y } = pixel(box, 0.5, 0.5);
    const under = await toWorld(page, v.canvas, x, y);
    await page.mouse.move(X, Y);
    await page.mouse.down();
    await page.mouse.move(X + 70, Y + 40, { steps: 10 });
    await page.mouse.up();
    await settle(page);
    const after = await stateOf(page, v.canvas);
    assert.equal(after.scale, before.scale, 'a drag does not zoom');
    near(after.ox - before.ox, 70, 1e-9, 'moved right');
    near(after.oy - before.oy, 40, 1e-9, 'moved down');
    const [sx, sy] = await toScreen(page, v.canvas, under);
    near(sx, x + 70, 1e-6, 'the point dragged follows the pointer');
    near(sy, y + 40, 1e-6, 'the point dragged follows the pointer');
    assert.equal(await page.$eval(`[data-testid=${v.canvas}]`, (c) => c.classList.contains('dragging')), false);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test(`${v.name}: the fit key and the Fit button show the whole picture`, async () => {
    const { page, box } = await setUp(v);
    const fits = async (how) => {
      const s = await stateOf(page, v.canvas);
      assert.equal(s.fitted, true, how);
      const [x0, y0, x1, y1] = await v.extent(page);
      assert.ok(x0 >= v.pad - 0.01 && y0 >= v.pad - 0.01 && x1 <= s.width - v.pad + 0.01 && y1 <= s.height - v.pad + 0.01,
        `${how}: the picture [${x0}, ${y0}, ${x1}, ${y1}] is inside ${s.width}×${s.height}`);
      // As large as fits: it fills the width or the height (or Lifter's cells are at their fitted most).
      const fills = Math.abs(x1 - x0 - (s.width - 2 * v.pad)) < 1 || Math.abs(y1 - y0 - (s.height - 2 * v.pad)) < 1 || s.scale === 44;
      assert.ok(fills, `${how}: the picture fills the canvas one way (${x1 - x0} × ${y1 - y0} in ${s.width} × ${s.height})`);
      near((x0 + x1) / 2, s.width / 2, 0.5, `${how}: centred across`);
      near((y0 + y1) / 2, s.height / 2, 0.5, `${how}: centred down`);
    };
    await fits('at first');
    const zoomInAndPan = async () => {
      await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.3);
      for (let i = 0; i < 4; i += 1) await page.mouse.wheel(0, -200);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.6, { steps: 5 });
      await page.mouse.up();
      const s = await stateOf(page, v.canvas);
      assert.equal(s.fitted, false);
      const [x0, , x1] = await v.extent(page);
      assert.ok(x0 < 0 || x1 > s.width, 'zoomed in, the picture is wider than the canvas');
    };
    await zoomInAndPan();
    await page.keyboard.press(v.fitKey);
    await fits(`key ${v.fitKey}`);
    await zoomInAndPan();
    await page.click(`[data-testid=${v.canvas}] ~ .mine-tools .mine-fit`);
    await fits('the Fit button');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test(`${v.name}: two fingers pinch about their midpoint and pan with it`, async () => {
    const { page, box } = await setUp(v);
    await page.keyboard.press('-');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 2 });
    const { X, Y, x: mx, y: my } = pixel(box, 0.45, 0.55);
    const touch = (type, spread, dx = 0, dy = 0) => cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [
        { x: X + dx - spread, y: Y + dy, id: 1 },
        { x: X + dx + spread, y: Y + dy, id: 2 },
      ],
    });
    const before = await stateOf(page, v.canvas);
    const under = await toWorld(page, v.canvas, mx, my);
    // Spread from 40 to 80 px apart: twice the scale, the midpoint's map point stays.
    await touch('touchStart', 20);
    for (let s = 25; s <= 40; s += 5) await touch('touchMove', s);
    await settle(page);
    let after = await stateOf(page, v.canvas);
    near(after.scale / before.scale, 2, 1e-9, 'the scale follows the fingers\' spread');
    let [sx, sy] = await toScreen(page, v.canvas, under);
    near(sx, mx, 0.01, 'x of the midpoint');
    near(sy, my, 0.01, 'y of the midpoint');
    // Both fingers move 30 px right and 20 px up: the picture goes with them, unzoomed.
    for (let k = 1; k <= 5; k += 1) await touch('touchMove', 40, 6 * k, -4 * k);
    await touch('touchEnd', 0);
    await settle(page);
    const moved = await stateOf(page, v.canvas);
    near(moved.scale, after.scale, 1e-9, 'moving both fingers does not zoom');
    [sx, sy] = await toScreen(page, v.canvas, under);
    near(sx, mx + 30, 0.01, 'the midpoint\'s map point followed across');
    near(sy, my - 20, 0.01, 'the midpoint\'s map point followed up');
    after = moved;
    assert.equal(after.fitted, false);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('Punter hover on a 10,000-river map picks what a scan of every site and river picks', async () => {
  const page = await openPage(browser, `${server.url}#punter`);
  await page.waitForFunction(() => document.querySelector('[data-testid=punter-map-info]')?.textContent.includes('rivers'));
  await page.selectOption('[data-testid=punter-map]', 'edinburgh-10000.json');
  await page.waitForFunction(() => document.querySelector('[data-testid=punter-map-info]').textContent.includes('10,000 rivers'), null, { timeout: 30000 });
  assert.equal(await page.isChecked('[data-testid=punter-futures]'), false, 'clicks prefer rivers (no futures to pick)');
  const canvas = '[data-testid=punter-play-canvas]';
  const box = await page.locator(canvas).boundingBox();
  // The scan, over the geometry the engine gives for the map, with the view's rule: a site
  // within 4.5 px (or a mine within 9 px) first, else the nearest river within 7 px, else the
  // nearest site within 9 px; strictly within, the lowest index on a tie.
  const compare = (points) => page.evaluate(async ({ points: pts, sel }) => {
    const engine = await import('./www/engine.js').then((e) => e.loadEngine('punter'));
    const text = await fetch('maps/punter/edinburgh-10000.json').then((r) => r.text());
    const game = new engine.PunterGame('edinburgh-10000.json', text, ['random', 'random'], {}, null, 1);
    const { ids, x, y, rivers, mines } = game.geometry();
    game.free();
    const c = document.querySelector(sel);
    const { scale } = c.viewport;
    const scan = (px, py) => {
      const [mx, my] = c.viewport.toWorld(px, py);
      let site = -1; let sd = (9 / scale) ** 2;
      for (let i = 0; i < ids.length; i += 1) {
        const d = (x[i] - mx) ** 2 + (y[i] - my) ** 2;
        if (d < sd) { sd = d; site = i; }
      }
      if (site >= 0 && (mines.includes(site) || Math.sqrt(sd) * scale < 4.5)) return { kind: 'site', i: site };
      let river = -1; let rd = 7 / scale;
      for (let r = 0; r < rivers.length / 2; r += 1) {
        const a = rivers[2 * r]; const b = rivers[2 * r + 1];
        const dx = x[b] - x[a]; const dy = y[b] - y[a];
        const len2 = dx * dx + dy * dy;
        const t = len2 ? Math.max(0, Math.min(1, ((mx - x[a]) * dx + (my - y[a]) * dy) / len2)) : 0;
        const d = Math.hypot(x[a] + t * dx - mx, y[a] + t * dy - my);
        if (d < rd) { rd = d; river = r; }
      }
      if (river >= 0) return { kind: 'river', i: river };
      return site >= 0 ? { kind: 'site', i: site } : null;
    };
    const name = (h) => (!h ? 'nothing' : h.kind === 'site' ? `Site ${ids[h.i]}` : `River ${ids[rivers[2 * h.i]]}–${ids[rivers[2 * h.i + 1]]}`);
    return pts.map(([px, py]) => ({ at: [px, py], scan: name(scan(px, py)), view: name(c.hitAt(px, py)) }));
  }, { points, sel: canvas });
  const grid = (n, m) => {
    const pts = [];
    for (let i = 0; i < n; i += 1) for (let j = 0; j < m; j += 1) { const p = pixel(box, (i + 0.37) / n, (j + 0.61) / m); pts.push([p.x, p.y]); }
    return pts;
  };
  const check = async (label) => {
    const results = await compare(grid(60, 40));
    const wrong = results.filter((r) => r.scan !== r.view);
    assert.deepEqual(wrong, [], `${label}: the view and the scan disagree`);
    const rivers = results.filter((r) => r.scan.startsWith('River')).length;
    assert.ok(rivers > 100, `${label}: the points hit rivers (${rivers} of ${results.length})`);
    return results;
  };
  await page.waitForTimeout(200);
  await check('fitted');
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.45);
  for (let i = 0; i < 10; i += 1) await page.mouse.wheel(0, -200);
  await page.waitForTimeout(100);
  const zoomed = await check('zoomed in');
  // The pointer itself: the tooltip names what the scan finds, for several points.
  const found = zoomed.filter((r) => r.scan !== 'nothing');
  const hits = found.filter((_, k) => k % Math.floor(found.length / 12) === 0).slice(0, 12);
  assert.equal(hits.length, 12);
  const tip = () => page.$eval('[data-testid=punter-play-canvas-tip]', (t) => (t.hidden ? 'nothing' : t.textContent));
  for (const { at: [px, py], scan } of hits) {
    await page.mouse.move(box.x + px, box.y + py);
    await page.waitForFunction((want) => {
      const t = document.querySelector('[data-testid=punter-play-canvas-tip]');
      return !t.hidden && (t.textContent === want || t.textContent.startsWith(`${want} · `));
    }, scan, { timeout: 5000 }).catch(() => {});
    const shown = await tip();
    assert.ok(shown === scan || shown.startsWith(`${scan} · `), `at ${px}, ${py} the tooltip says ${shown}, the scan ${scan}`);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
