// Takes a screenshot of every screen into docs/screenshots/ (run: node e2e/screenshots.mjs).
import { serve, launch, openPage, setCode, openTab } from './browser.mjs';

const out = new URL('../docs/screenshots/', import.meta.url).pathname;

// Lambda Lifter: every screen, plus a 1000×1000 mine zoomed out and in.
async function lifterScreens(name, viewport) {
  const shot = (page, screen, fullPage = true) => page.screenshot({ path: `${out}lifter-${screen}-${name}.png`, fullPage });
  const page = await openPage(browser, `${server.url}#lifter`, viewport);
  await page.waitForSelector('[data-testid=lifter-play-canvas]');
  await page.evaluate(() => localStorage.clear());
  // Play: trampoline1 part of the way, then contest1 to a win.
  await page.selectOption('[data-testid=lifter-map]', 'official:trampoline1');
  for (const key of 'hhhhjjjjjj') await page.keyboard.press(key);
  await page.waitForTimeout(400);
  await shot(page, 'play');
  await page.selectOption('[data-testid=lifter-map]', 'official:contest1');
  await page.fill('[data-testid=lifter-route]', 'DLRDDUULLLDDL');
  await page.locator('[data-testid=lifter-route]').blur();
  await page.waitForSelector('[data-testid=lifter-announce].win');
  await shot(page, 'won');
  // The solver on flood1.
  await page.selectOption('[data-testid=lifter-map]', 'official:flood1');
  await openTab(page, 'lifter-tab-solver');
  await page.selectOption('[data-testid=lifter-budget]', '3');
  await page.selectOption('[data-testid=lifter-map]', 'official:contest10');
  await page.click('[data-testid=lifter-solve]');
  await page.waitForTimeout(1300);
  await shot(page, 'solver-running');
  await page.waitForSelector('[data-testid=lifter-solve-final]', { timeout: 30000 });
  await page.selectOption('[data-testid=lifter-map]', 'official:flood1');
  await page.click('[data-testid=lifter-solve]');
  await page.waitForSelector('[data-testid=lifter-solve-final]', { timeout: 30000 });
  await shot(page, 'solver');
  // Its route in the replay viewer, half way, beside the example routes.
  await page.click('[data-testid=lifter-solve-watch]');
  await page.click('[data-testid=lifter-best-routes] summary');
  await page.evaluate(() => document.activeElement?.blur());
  const total = Number((await page.textContent('.lifter-tab-replay .replay-counter')).split('/')[1]);
  for (let i = 0; i < Math.floor(total / 2); i += 1) await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(400);
  await shot(page, 'replay');
  // Your solver: the BFS example on flood1.
  await openTab(page, 'lifter-tab-lab');
  await page.click('[data-testid=lifter-run-code]');
  await page.waitForSelector('[data-testid=lifter-code-score]', { timeout: 30000 });
  await shot(page, 'lab');
  // Its game in the replay with the inspector, a few commands in, the code re-run there.
  await page.click('[data-testid=lifter-code-watch]');
  await page.waitForSelector('[data-testid=lifter-inspector-head]');
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
  await page.click('[data-testid=lifter-inspector-rerun]');
  await page.waitForSelector('[data-testid=rerun-answer]', { timeout: 20000 });
  await page.waitForTimeout(300);
  await shot(page, 'replay-inspector');
  // Continue from here, the chooser open: you or your strategy play on from the position shown.
  await page.click('[data-testid=lifter-continue]');
  await page.selectOption('[data-testid=lifter-fork-seat]', 'js');
  await page.waitForTimeout(200);
  await shot(page, 'replay-continue');
  // A broken pasted map.
  await openTab(page, 'lifter-tab-play');
  await page.click('[data-testid=lifter-paste-toggle]');
  await page.fill('[data-testid=lifter-paste]', '#####\n#R  #\n#  x#\n#\\ L#\n#####');
  await page.click('[data-testid=lifter-paste-use]');
  await page.waitForSelector('[data-testid=lifter-map-error].error');
  await shot(page, 'paste-error');
  await page.context().close();
  // A cut share link: a banner and the valid part.
  const cut = await openPage(browser, `${server.url}#${await linkBody('flood1', 'LLLLDDRRLDRRDRRDLLUUURRRRRDDDD')}`.slice(0, -5), viewport);
  await cut.waitForSelector('#banner:not([hidden])');
  await cut.waitForTimeout(400);
  await shot(cut, 'broken-link', false);
  await cut.context().close();
  // A 1000×1000 mine, zoomed out and in.
  const big = await openPage(browser, `${server.url}#lifter`, viewport);
  await big.selectOption('[data-testid=lifter-map]', 'extra:large1');
  await big.waitForFunction(() => document.querySelector('[data-testid=lifter-mapinfo]').textContent.includes('1000×1000'));
  await big.waitForTimeout(500);
  await shot(big, 'large-fit', false);
  const box = await big.locator('[data-testid=lifter-play-canvas]').boundingBox();
  await big.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.75);
  for (let i = 0; i < 4; i += 1) { await big.mouse.wheel(0, -250); await big.waitForTimeout(40); }
  await big.waitForTimeout(400);
  await shot(big, 'large-mid', false);
  for (let i = 0; i < 8; i += 1) { await big.mouse.wheel(0, -250); await big.waitForTimeout(40); }
  await big.waitForTimeout(400);
  await shot(big, 'large-zoom', false);
  console.log(`lifter ${name} errors:`, big.errors);
  await big.context().close();
}

/** The fragment of a share link for a route, made by the page's engine. */
async function linkBody(map, route) {
  const page = await openPage(browser, `${server.url}#lifter`);
  const body = await page.evaluate(async ([m, r]) => {
    const engine = await import('./www/engine.js').then((e) => e.loadEngine('lifter'));
    const text = engine.lifterOfficialMaps().find((x) => x.name === m).text;
    return engine.lifterGameLink(m, text, r, 10);
  }, [map, route]);
  await page.context().close();
  return body;
}
// Pig: a match link carrying code asks before running it.
async function confirmScreen(name, viewport) {
  const page = await openPage(browser, server.url, viewport);
  await openTab(page, 'tab-lab');
  await page.click('[data-testid=run-checker]');
  await page.waitForSelector('[data-testid=wins]', { timeout: 20000 });
  const link = await page.inputValue('.tab-lab .link-input');
  await page.context().close();
  const fresh = await openPage(browser, link, viewport);
  await fresh.waitForSelector('[data-testid=confirm-code]', { state: 'visible' });
  await fresh.waitForTimeout(300);
  await fresh.screenshot({ path: `${out}pig-confirm-code-${name}.png` });
  await fresh.context().close();
}
// Pig: a tournament of four strategies in the arena, with its standings.
async function tournamentScreen(name, viewport) {
  const page = await openPage(browser, server.url, viewport);
  await openTab(page, 'tab-arena');
  await page.click('[data-testid=arena-add]');
  await page.click('[data-testid=arena-add]');
  await page.selectOption('[data-testid=arena-per-pair]', '200');
  await page.fill('.tab-arena input.seed', '2024');
  await page.click('[data-testid=arena-run]');
  await page.waitForSelector('[data-testid=arena-results] [data-testid=strategy-games]', { timeout: 60000 });
  await page.click('[data-testid=standings] tbody tr:nth-child(2)'); // its games, listed
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}pig-tournament-${name}.png`, fullPage: true });
  console.log(`tournament ${name} errors:`, page.errors);
  await page.context().close();
}
// Lambda Punter: a game on lambda mid-way, an official game in the replay viewer with its plot,
// and edinburgh-10000 (10,000 rivers) in play, zoomed out and in.
/** Your own Punter bot: six games against greedy, seats rotating, with the engine's standings. */
async function punterBotScreen(name, viewport) {
  const page = await openPage(browser, `${server.url}#punter`, viewport);
  await page.evaluate(() => localStorage.removeItem('arcade.punter.bot.v1'));
  await openTab(page, 'punter-tab-lab');
  await page.selectOption('[data-testid=punter-lab-map]', 'lambda.json');
  await page.selectOption('[data-testid=punter-lab-games]', '6');
  await page.click('[data-testid=punter-lab-run]');
  await page.waitForSelector('[data-testid=punter-lab-standings]', { timeout: 120000 });
  await page.screenshot({ path: `${out}punter-bot-${name}.png`, fullPage: true });
  console.log(`punter bot ${name} errors:`, page.errors);
  await page.context().close();
}

// Punter's study tools: a Your bot game in Replay with the inspector and a re-run of the code on
// one of its turns, Continue from here with its seat chooser, and the game continued in Play.
const STUDY_BOT = `let calls = 0;
function punter(message) {
  if (message.map) return { ready: message.punter, state: { rivers: message.map.rivers } };
  if (!message.move) return;
  calls += 1;
  const taken = new Set(message.move.moves.flatMap((m) => (m.claim ? [m.claim.source + "-" + m.claim.target] : [])));
  const free = message.state.rivers.filter((r) => !taken.has(r.source + "-" + r.target));
  const r = free[(calls * 7) % free.length];
  console.log("call " + calls + ": " + free.length + " rivers look free, I take " + r.source + "-" + r.target);
  return { claim: { punter: message.punter ?? 0, source: r.source, target: r.target }, state: message.state };
}`;
async function punterStudyScreen(name, viewport) {
  const shot = (page, screen) => page.screenshot({ path: `${out}punter-${screen}-${name}.png`, fullPage: true });
  const page = await openPage(browser, `${server.url}#punter`, viewport);
  await page.evaluate(() => localStorage.removeItem('arcade.punter.bot.v1'));
  await openTab(page, 'punter-tab-lab');
  await setCode(page, 'punter-lab-editor', STUDY_BOT);
  await page.selectOption('[data-testid=punter-lab-map]', 'lambda.json');
  await page.selectOption('[data-testid=punter-lab-opponents]', 'greedy');
  await page.fill('[data-testid=punter-lab-seed]', '5');
  await page.click('[data-testid=punter-lab-run]');
  await page.waitForSelector('[data-testid=punter-lab-watch]', { timeout: 120000 });
  await page.click('[data-testid=punter-lab-watch]');
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('ArrowRight');
  await page.click('[data-testid=punter-inspector-rerun]');
  await page.waitForSelector('[data-testid=rerun-answer]', { timeout: 20000 });
  await page.evaluate(() => document.querySelector('.inspector-saw')?.setAttribute('open', ''));
  await page.waitForTimeout(300);
  await shot(page, 'replay-inspector');
  await page.click('[data-testid=punter-continue]');
  await page.selectOption('[data-testid=punter-fork-seat-0]', 'human');
  await page.waitForTimeout(200);
  await shot(page, 'continue');
  await page.click('[data-testid=punter-fork-start]');
  await page.waitForFunction(() => /Your turn/.test(document.querySelector('[data-testid=punter-status]')?.textContent));
  await page.waitForTimeout(400);
  await shot(page, 'continued');
  console.log(`punter study ${name} errors:`, page.errors);
  await page.context().close();
}

async function punterScreens(name, viewport) {
  const shot = (page, screen, fullPage = true) => page.screenshot({ path: `${out}punter-${screen}-${name}.png`, fullPage });
  const page = await openPage(browser, `${server.url}#punter`, viewport);
  await page.evaluate(() => localStorage.clear());
  await page.waitForFunction(() => document.querySelector('[data-testid=punter-map-info]')?.textContent.includes('rivers'));
  await page.selectOption('[data-testid=punter-count]', '3');
  await page.selectOption('[data-testid=punter-seat-1]', 'greedy');
  await page.selectOption('[data-testid=punter-seat-2]', 'strong');
  await page.check('[data-testid=punter-options]');
  await page.check('[data-testid=punter-futures]');
  await page.selectOption('[data-testid=punter-future-mine]', '32');
  await page.fill('[data-testid=punter-future-target]', '10');
  await page.click('[data-testid=punter-future-add]');
  await page.waitForTimeout(200);
  await shot(page, 'setup');
  await page.fill('[data-testid=punter-seed]', '3');
  await page.selectOption('[data-testid=punter-speed]', 'fast');
  await page.click('[data-testid=punter-start]');
  const click = async (kind, i) => {
    await page.locator('[data-testid=punter-play-canvas]').scrollIntoViewIfNeeded();
    const [x, y] = await page.$eval('[data-testid=punter-play-canvas]', (c, [k, j]) => c.pointOf(k, j), [kind, i]);
    const box = await page.locator('[data-testid=punter-play-canvas]').boundingBox();
    await page.mouse.click(box.x + x, box.y + y);
  };
  for (const r of [10, 11, 40, 41, 24, 2, 30]) {
    await page.waitForFunction(() => /Your turn/.test(document.querySelector('[data-testid=punter-status]').textContent));
    await click('river', r);
    await page.waitForTimeout(150);
  }
  await page.waitForFunction(() => /Your turn/.test(document.querySelector('[data-testid=punter-status]').textContent));
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.locator('[data-testid=punter-play-canvas]').boundingBox();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.45);
  await page.waitForTimeout(300);
  await shot(page, 'play');
  // The end: every score taken apart (the winner's opened).
  await page.click('[data-testid=punter-finish]');
  await page.waitForSelector('[data-testid=punter-breakdown]:not([hidden])', { timeout: 60000 });
  await page.click('[data-testid=punter-breakdown] details summary');
  await page.waitForTimeout(300);
  await shot(page, 'end');
  // The official example game, half way, with the plot.
  await openTab(page, 'punter-tab-replay');
  await page.click('[data-testid=punter-example]');
  await page.waitForFunction(() => document.querySelector('[data-testid=punter-replay-title]').textContent.includes('Example'));
  await page.keyboard.press('Home');
  const total = Number((await page.textContent('.punter-tab-replay .replay-counter')).split('/')[1]);
  for (let i = 0; i < Math.floor(total * 0.6); i += 1) await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(400);
  await shot(page, 'replay');
  console.log(`punter ${name} errors:`, page.errors);
  await page.context().close();
  // edinburgh-10000: eight greedy bots (strong thinks 0.3 s a move there), 4,000 moves in.
  const big = await openPage(browser, `${server.url}#punter`, viewport);
  await big.evaluate(() => localStorage.clear());
  await big.waitForFunction(() => document.querySelector('[data-testid=punter-map-info]')?.textContent.includes('rivers'));
  await big.selectOption('[data-testid=punter-count]', '8');
  await big.selectOption('[data-testid=punter-your-seat]', 'none');
  for (let i = 0; i < 8; i += 1) await big.selectOption(`[data-testid=punter-seat-${i}]`, 'greedy');
  await big.selectOption('[data-testid=punter-map]', 'edinburgh-10000.json');
  await big.waitForFunction(() => document.querySelector('[data-testid=punter-map-info]').textContent.includes('10,000 rivers'), null, { timeout: 30000 });
  await big.fill('[data-testid=punter-seed]', '5');
  await big.selectOption('[data-testid=punter-speed]', 'instant');
  await big.click('[data-testid=punter-start]');
  await big.waitForFunction(() => Number((/Turn ([\d,]+)/.exec(document.querySelector('[data-testid=punter-status]').textContent)?.[1] ?? '0').replace(/,/g, '')) > 4000, null, { timeout: 240000 });
  await big.selectOption('[data-testid=punter-speed]', 'slow');
  await big.waitForTimeout(500);
  await shot(big, 'large-fit', false);
  const bb = await big.locator('[data-testid=punter-play-canvas]').boundingBox();
  await big.mouse.move(bb.x + bb.width * 0.5, bb.y + bb.height * 0.5);
  for (let i = 0; i < 4; i += 1) { await big.mouse.wheel(0, -250); await big.waitForTimeout(40); }
  await big.waitForTimeout(400);
  await shot(big, 'large-zoom', false);
  console.log(`punter large ${name} errors:`, big.errors);
  await big.context().close();
}

// Pig's replay of a checker game with the inspector showing Re-run here: the code now in the lab
// (a JavaScript strategy with a memory and draws) asked again at one of its decisions in game 3.
async function pigRerunScreen(name, viewport) {
  const page = await openPage(browser, server.url, viewport);
  await openTab(page, 'tab-lab');
  await page.selectOption('[data-testid=language]', 'js');
  await setCode(page, 'editor', `// Counts its questions and draws: a re-run replays both.
let asked = 0;
function player(myTotal, otherTotal, accum, current) {
  asked += 1;
  const dare = 14 + Math.floor(Math.random() * 10);
  console.log(\`question \${asked}: turn \${accum + current}, dare \${dare}\`);
  return accum + current < dare;
}`);
  await page.fill('.tab-lab input.seed', '4242');
  await page.click('[data-testid=run-checker]');
  await page.waitForSelector('[data-testid=lab-results] [data-testid=wins]', { timeout: 30000 });
  await page.click('[data-testid=lab-results] tbody tr:nth-child(3) button');
  for (let i = 0; i < 200; i += 1) {
    const t = Number((await page.textContent('.tab-replay .replay-counter')).split(' ')[0]);
    if (t >= 9 && await page.isVisible('[data-testid=pig-inspector-rerun]')
      && (await page.textContent('[data-testid=pig-inspector-head]')).includes(`move ${t} `)) break;
    await page.keyboard.press('ArrowRight');
  }
  await page.click('[data-testid=pig-inspector-rerun]');
  await page.waitForSelector('[data-testid=rerun-answer]', { timeout: 30000 });
  await page.locator('[data-testid=pig-inspector-rerun-result]').scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}pig-rerun-${name}.png`, fullPage: true });
  console.log(name, 'rerun errors:', page.errors);
  await page.context().close();
}

// The A/B panel (www/ab.js) after a finished run: a Pig lab's, decided (`ab`: only these).
async function abScreen(name, viewport) {
  const page = await openPage(browser, server.url, viewport);
  await openTab(page, 'tab-lab');
  await page.waitForSelector('[data-testid=ab-panel]');
  await page.selectOption('[data-testid=ab-a]', 'builtin:hold25');
  await page.selectOption('[data-testid=ab-b]', 'lab');
  await page.fill('[data-testid=ab-seed]', '77');
  await page.fill('[data-testid=ab-max]', '200');
  await page.fill('[data-testid=ab-elo1]', '40');
  await page.click('[data-testid=ab-start]');
  await page.waitForFunction(() => /^Done/.test(document.querySelector('[data-testid=ab-status]')?.textContent ?? ''), null, { timeout: 60000 });
  await page.locator('[data-testid=ab-panel]').screenshot({ path: `${out}ab-${name}.png` });
  await page.context().close();
  // Lifter: the lab's solver against the built-in solver, at the budget chosen.
  const lifter = await openPage(browser, `${server.url}#lifter`, viewport);
  await openTab(lifter, 'lifter-tab-lab');
  await lifter.waitForSelector('[data-testid=ab-panel]');
  await lifter.selectOption('[data-testid=ab-a]', 'builtin:solver');
  await lifter.selectOption('[data-testid=ab-b]', 'lab');
  await lifter.selectOption('[data-testid=ab-budget]', '1');
  await lifter.fill('[data-testid=ab-max]', '4');
  await lifter.click('[data-testid=ab-start]');
  await lifter.waitForFunction(() => /^Done/.test(document.querySelector('[data-testid=ab-status]')?.textContent ?? ''), null, { timeout: 60000 });
  await lifter.locator('[data-testid=ab-panel]').screenshot({ path: `${out}ab-lifter-${name}.png` });
  await lifter.context().close();
}

const server = await serve();
const browser = await launch();
// Each lab playing its example program (docs/PROGRAMS.md): chosen in one click, run, the result.
async function programScreens(name, viewport) {
  const labs = [
    ['pig', '', 'tab-lab', 'language', 'pig-lab', 'run-checker', async (p) => p.waitForFunction(() => /Done in/.test(document.querySelector('[data-testid=lab-status]')?.textContent ?? ''), null, { timeout: 120000 })],
    ['lifter', '#lifter', 'lifter-tab-lab', 'lifter-lab-kind', 'lifter-lab', 'lifter-run-code', async (p) => p.waitForFunction(() => /Done/.test(document.querySelector('[data-testid=lifter-code-status]')?.textContent ?? ''), null, { timeout: 60000 })],
    ['punter', '#punter', 'punter-tab-lab', 'punter-lab-kind', 'punter-lab', 'punter-lab-run', async (p) => p.waitForSelector('[data-testid=punter-lab-scores]', { timeout: 120000 })],
    ['labyrinth', '#labyrinth', 'labyrinth-tab-lab', 'labyrinth-lab-kind', 'labyrinth-lab', 'labyrinth-lab-run', async (p) => p.waitForSelector('[data-testid=labyrinth-lab-games-list]', { timeout: 240000 })],
  ];
  for (const [game, hash, tab, kind, prefix, run, done] of labs) {
    const page = await openPage(browser, `${server.url}${hash}`, viewport);
    await page.evaluate(() => localStorage.clear());
    await openTab(page, tab);
    await page.selectOption(`[data-testid=${kind}]`, 'program');
    await page.selectOption(`[data-testid=${prefix}-program-examples]`, '0');
    if (game === 'lifter') await page.selectOption('select[aria-label=Map]', 'contest3');
    if (game === 'punter') await page.selectOption('[data-testid=punter-lab-map]', 'lambda.json');
    await page.click(`[data-testid=${run}]`);
    await done(page);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}${game}-program-${name}.png`, fullPage: true });
    console.log(`${game} program ${name} errors:`, page.errors);
    await page.context().close();
  }
}

// `node e2e/screenshots.mjs lifter` retakes only one game's screens (`pig-tournament`: only
// the tournament; `pig-rerun`: only Pig's Re-run here; `programs`: only each lab's program; `ab`:
// only the A/B panel).
const only = process.argv[2];
try {
  for (const [name, viewport] of only && only !== 'programs' ? [] : [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) await programScreens(name, viewport);
  if (only === 'pig-tournament') {
    for (const [name, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) await tournamentScreen(name, viewport);
  }
  for (const [name, viewport] of only && only !== 'ab' ? [] : [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) await abScreen(name, viewport);
  if (only === 'pig-rerun') {
    for (const [name, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) await pigRerunScreen(name, viewport);
  }
  for (const [name, viewport] of only && only !== 'pig' ? [] : [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    const page = await openPage(browser, server.url, viewport);
    // A game a few throws in (a new game waits for your first press).
    await page.fill('[data-testid=play-seed]', '3');
    await page.click('[data-testid=new-game]');
    for (let i = 0; i < 3; i += 1) {
      await page.waitForSelector('[data-testid=throw]:enabled', { timeout: 30000 });
      await page.keyboard.press('t');
    }
    await page.waitForSelector('[data-testid=throw]:enabled', { timeout: 30000 });
    await page.waitForTimeout(700);
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
    await openTab(page, 'tab-arena');
    await page.click('[data-testid=arena-results] button:has-text("View")');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}pig-replay-${name}.png`, fullPage: true });
    // The inspector a few moves on (what the strategy behind the move saw, answered, printed and
    // took; the time of each decision) with Continue from here open.
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
    await page.click('[data-testid=pig-continue]');
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${out}pig-replay-inspector-${name}.png`, fullPage: true });
    // Changing the opponent says when it applies.
    await openTab(page, 'tab-play');
    await page.selectOption('[data-testid=opponent]', 'optimal');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}pig-play-pending-${name}.png` });
    console.log(name, 'errors:', page.errors);
    await page.context().close();
    // A broken link: a message over a working page.
    const broken = await openPage(browser, `${server.url}#pig/1/%E0%A4%A`, viewport);
    await broken.waitForSelector('#banner:not([hidden])');
    await broken.waitForTimeout(800);
    await broken.screenshot({ path: `${out}pig-broken-link-${name}.png` });
    await broken.context().close();
    await confirmScreen(name, viewport);
    await tournamentScreen(name, viewport);
    await pigRerunScreen(name, viewport);
  }
  for (const [name, viewport] of only && only !== 'lifter' ? [] : [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    await lifterScreens(name, viewport);
  }
  for (const [name, viewport] of only && only !== 'punter' ? [] : [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    await punterScreens(name, viewport);
  }
  for (const [name, viewport] of only && only !== 'punter-bot' && only !== 'punter' ? [] : [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    await punterBotScreen(name, viewport);
  }
  for (const [name, viewport] of only && only !== 'punter-study' && only !== 'punter' ? [] : [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    await punterStudyScreen(name, viewport);
  }
} finally {
  await browser.close();
  server.close();
}
