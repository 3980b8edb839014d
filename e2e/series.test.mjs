// One match runner for every host: the same series (entrants, seed, seats) gives the same games
// in the CLI (native, arena::Series) and in the page (wasm, the same Series through
// www/referee.js), compared game by game through their links.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, launch, openPage, arcade, setCode, openTab } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const fragment = (link) => link.slice(link.indexOf('#') + 1);

test('a Pig match gives the same games in the CLI and in the page', async () => {
  // It draws: the same seed gives it the same draws in both hosts (Series::entrant_seed).
  const scheme = '(define (player my-total other-total accum current state) (< (+ accum current) (if (> other-total my-total) (+ 20 (random 8)) 18)))';
  const dir = mkdtempSync(join(tmpdir(), 'series-'));
  const file = join(dir, 'mine.scm');
  writeFileSync(file, scheme);
  const cli = JSON.parse(arcade('pig', 'match', file, 'optimal', '--games', '40', '--seed', '11', '--json'));
  const page = await openPage(browser, server.url);
  const logs = await page.evaluate(async ({ scheme }) => {
    const { sandbox } = await import('./www/sandbox.js');
    const spec = { entrants: [{ label: 'mine', kind: 'scheme', source: scheme }, { label: 'optimal', kind: 'builtin', source: 'optimal' }], games: 40, seed: 11, target: 100 };
    const r = await sandbox.runMatch(spec);
    return r.logs;
  }, { scheme });
  assert.equal(logs.length, 40);
  assert.deepEqual(logs.map((l) => l.winner), cli.winners);
  assert.deepEqual(logs.map((l) => l.moves.length), cli.moves);
  assert.deepEqual([0, 1].map((e) => logs.filter((l) => l.winner === e).length), cli.wins);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a Labyrinth arena gives the same games in the CLI and in the page', async () => {
  const page = await openPage(browser, server.url);
  for (const seats of [2, 4]) {
    const cli = JSON.parse(arcade('labyrinth', 'arena', 'strong', 'greedy', '--games', '4', '--seed', '7', '--seats', String(seats), '--json'));
    const inPage = await page.evaluate(async ({ seats }) => {
      const { loadEngine } = await import('./www/engine.js');
      const { playSeries } = await import('./www/referee.js');
      const engine = await loadEngine('labyrinth');
      const games = [];
      // Each game apart, as the page's pool plays them: game g of the same series.
      for (let g = 0; g < 4; g += 1) {
        const series = new engine.LabyrinthSeries(['strong', 'greedy'], ['strong', 'greedy'], seats, false, 7, g, 1);
        const r = await playSeries(series, { open: () => { throw new Error('no outside seat'); }, answer: () => {} }, { cancelled: false });
        games.push(r.games[0]);
        series.free();
      }
      return games;
    }, { seats });
    assert.equal(inPage.length, 4);
    inPage.forEach((g, i) => assert.equal(g.link, fragment(cli.links[i]), `${seats} seats, game ${i + 1}`));
    const wins = [0, 1].map((e) => inPage.filter((g) => g.winner !== null && g.seating[g.winner] === e).length);
    assert.deepEqual(wins, cli.wins);
    // The whole series at once plays the same games as the games played apart.
    const whole = await page.evaluate(async ({ seats }) => {
      const { loadEngine } = await import('./www/engine.js');
      const { playSeries } = await import('./www/referee.js');
      const engine = await loadEngine('labyrinth');
      const series = new engine.LabyrinthSeries(['strong', 'greedy'], ['strong', 'greedy'], seats, false, 7, 0, 4);
      const r = await playSeries(series, { open: () => { throw new Error('no outside seat'); }, answer: () => {} }, { cancelled: false });
      series.free();
      return r.games.map((g) => g.link);
    }, { seats });
    assert.deepEqual(whole, inPage.map((g) => g.link));
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a Punter arena gives the same games in the CLI and in the page', async () => {
  const cli = JSON.parse(arcade('punter', 'arena', 'strong', 'greedy', '--map', 'circle', '--games', '4', '--seed', '5', '--futures', '--splurges', '--options', '--json'));
  const page = await openPage(browser, server.url);
  const links = await page.evaluate(async () => {
    const { loadEngine } = await import('./www/engine.js');
    const { playSeries } = await import('./www/referee.js');
    const engine = await loadEngine('punter');
    // As the page does: a bundled map is handed to the engine, so links name it.
    const { loadMap } = await import('./www/punter/maps.js');
    const text = await loadMap(engine, 'circle.json');
    const out = [];
    for (let g = 0; g < 4; g += 1) {
      const handle = new engine.PunterSeries('circle.json', text, ['strong', 'greedy'], ['strong', 'greedy'], { futures: true, splurges: true, options: true }, 5, g);
      await playSeries(handle, { open: () => { throw new Error('no outside seat'); }, answer: () => {} }, { cancelled: false });
      out.push(handle.link());
      handle.free();
    }
    return out;
  });
  assert.deepEqual(links, cli.links.map(fragment));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a Lifter route gives the same game in the CLI and in the page', async () => {
  const cases = [['contest1', 'DLRDDUULLLDDL'], ['flood1', 'LLLLDDRRRDDLLLWWWRRRA'], ['trampoline1', 'RRRRLLLLDDDDUURRW'], ['beard1', 'DDDLLLSRRRUUUW'], ['horock1', 'LLDDRRUUWWLLDD']];
  const cli = cases.map(([map, route]) => ({ run: JSON.parse(arcade('lifter', 'run', map, route)), link: fragment(arcade('lifter', 'link', map, route, '--view', '0')) }));
  const page = await openPage(browser, server.url);
  const inPage = await page.evaluate(async (list) => {
    const { loadEngine } = await import('./www/engine.js');
    const engine = await loadEngine('lifter');
    const official = engine.lifterOfficialMaps();
    return list.map(([map, route]) => {
      const g = new engine.LifterGame(map, official.find((o) => o.name === map).text);
      g.setRoute(route);
      const s = g.state();
      const out = { score: s.score, link: g.link(0) };
      g.free();
      return out;
    });
  }, cases);
  inPage.forEach((p, i) => {
    assert.equal(p.score, cli[i].run.score, cases[i][0]);
    assert.equal(p.link, cli[i].link, cases[i][0]);
  });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** The first `n` moves of each link's game, in the engine's words, with its dealt board. */
async function openings(page, module, links, n) {
  return page.evaluate(async ({ module, links, n }) => {
    const engine = await (await import('./www/engine.js')).loadEngine(module);
    return links.map((l) => {
      const g = engine.LabyrinthGame.fromLink(l);
      // Turn and move, without the seat's name (each host names its seats its own way).
      const labels = Array.from({ length: Math.min(n, g.length) }, (_, i) => g.label(i).split(' · ').filter((_, k) => k !== 1).join(' · '));
      g.seek(0);
      const board = JSON.stringify(g.state().tiles);
      g.free();
      return { labels, board };
    });
  }, { module, links, n });
}

test('Labyrinth: Play, an arena game and the CLI give the same game for the same seats and seed', async () => {
  const page = await openPage(browser, `${server.url}#labyrinth`);
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]')?.state);
  for (const [color, value] of [['yellow', 'greedy'], ['red', 'greedy'], ['blue', 'off'], ['green', 'off']]) await page.selectOption(`[data-testid=labyrinth-seat-${color}]`, value);
  await page.fill('[data-testid=labyrinth-seed]', '7');
  await page.click('[data-testid=labyrinth-start]');
  await page.waitForFunction(() => document.querySelector('[data-testid=labyrinth-play-canvas]').state.turns >= 6, null, { timeout: 30000 });
  const played = fragment(await page.$eval('.labyrinth-side .link-input', (i) => i.value));
  const cli = fragment(JSON.parse(arcade('labyrinth', 'play', '--seed', '7', '--players', 'yellow:ai,red:ai', '--ai', 'greedy', '--json')).link);
  const arena = await page.evaluate(async () => {
    const engine = await (await import('./www/engine.js')).loadEngine('labyrinth');
    const { playSeries } = await import('./www/referee.js');
    const series = new engine.LabyrinthSeries(['greedy', 'greedy'], ['greedy', 'greedy'], 2, false, 7, 0, 1);
    const r = await playSeries(series, { open: () => { throw new Error('no outside seat'); }, answer: () => {} }, { cancelled: false });
    series.free();
    return r.games[0].link;
  });
  const [p, c, a] = await openings(page, 'labyrinth', [played, cli, arena], 12);
  assert.ok(p.labels.length >= 12, `Play made ${p.labels.length} moves`);
  assert.equal(p.board, c.board, 'the same deal as the CLI');
  assert.equal(p.board, a.board, 'the same deal as the arena');
  assert.deepEqual(p.labels, c.labels, 'the same moves as the CLI');
  assert.deepEqual(p.labels, a.labels, 'the same moves as the arena');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** Each Punter link's moves in the engine's words (without the seat's name), scores and futures at its end. */
async function punterGames(page, links) {
  return page.evaluate(async (list) => {
    const engine = await (await import('./www/engine.js')).loadEngine('punter');
    const { prepareLink } = await import('./www/punter/maps.js');
    const out = [];
    for (const l of list) {
      const g = engine.PunterGame.fromLink(l, await prepareLink(l, engine));
      const labels = Array.from({ length: g.length }, (_, i) => g.label(i).split(' · ').filter((_, k) => k !== 1).join(' · '));
      g.seek(g.length);
      const s = g.state();
      out.push({ labels, scores: s.scores, futures: s.futures });
      g.free();
    }
    return out;
  }, links);
}

/** Starts a Punter Play game from the form: `seats` per seat 'human' or a bot, every extension on. */
async function startPunterPlay(page, { map = 'lambda.json', seats, seed, speed = 'instant' }) {
  await page.waitForFunction(() => document.querySelector('[data-testid=punter-map-info]')?.textContent.includes('rivers'));
  if (await page.inputValue('[data-testid=punter-map]') !== map) {
    await page.selectOption('[data-testid=punter-map]', map);
    await page.waitForFunction((m) => document.querySelector('[data-testid=punter-map-info]')?.textContent.startsWith(m), map, { timeout: 30000 });
  }
  await page.selectOption('[data-testid=punter-count]', String(seats.length));
  const you = seats.indexOf('human');
  await page.selectOption('[data-testid=punter-your-seat]', you < 0 ? 'none' : String(you));
  for (const [i, bot] of seats.entries()) if (bot !== 'human') await page.selectOption(`[data-testid=punter-seat-${i}]`, bot);
  for (const ext of ['futures', 'splurges', 'options']) await page.check(`[data-testid=punter-${ext}]`);
  await page.fill('[data-testid=punter-seed]', String(seed));
  await page.selectOption('[data-testid=punter-speed]', speed);
  await page.click('[data-testid=punter-start]');
}

const punterStatusIs = (page, re, timeout = 60000) => page.waitForFunction((s) => new RegExp(s).test(document.querySelector('[data-testid=punter-status]')?.textContent ?? ''), re.source, { timeout });
const punterPlayLink = async (page) => {
  await page.waitForTimeout(500); // the link follows 150 ms after the last move
  return fragment(await page.inputValue('.punter-side .link-input'));
};

test('Punter: Play, an arena game and the CLI give the same game for the same seats and seed', async () => {
  const page = await openPage(browser, `${server.url}#punter`);
  await page.evaluate(() => localStorage.clear());
  await startPunterPlay(page, { seats: ['strong', 'greedy'], seed: 7 });
  await punterStatusIs(page, /Game over/);
  const played = await punterPlayLink(page);
  const cli = fragment(JSON.parse(arcade('punter', 'play', 'lambda', '--bots', 'strong,greedy', '--seed', '7', '--futures', '--splurges', '--options', '--json')).link);
  const arena = await page.evaluate(async () => {
    const engine = await (await import('./www/engine.js')).loadEngine('punter');
    const { playSeries } = await import('./www/referee.js');
    const { loadMap } = await import('./www/punter/maps.js');
    const text = await loadMap(engine, 'lambda.json');
    const handle = new engine.PunterSeries('lambda.json', text, ['strong', 'greedy'], ['strong', 'greedy'], { futures: true, splurges: true, options: true }, 7, 0);
    await playSeries(handle, { open: () => { throw new Error('no outside seat'); }, answer: () => {} }, { cancelled: false });
    const link = handle.link();
    handle.free();
    return link;
  });
  const [p, c, a] = await punterGames(page, [played, cli, arena]);
  assert.ok(p.labels.length > 50, `Play made ${p.labels.length} moves`);
  assert.ok(p.futures[0].length > 0, 'strong bid its futures (Decider::prepare)');
  assert.deepEqual(p, c, 'the same game as the CLI');
  assert.deepEqual(p, a, 'the same game as the arena');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Punter: a kept Play game reloaded mid-game goes on as the uninterrupted series would', async () => {
  const seats = ['human', 'strong', 'random'];
  const page = await openPage(browser, `${server.url}#punter`);
  await page.evaluate(() => localStorage.clear());
  await startPunterPlay(page, { seats, seed: 99, speed: 'fast' });
  // You pass (a fixed rule), the bots answer; reload at your third turn; then you pass to the end.
  await page.keyboard.press('p');
  await punterStatusIs(page, /Your turn \(turn 4 /);
  await page.keyboard.press('p');
  await punterStatusIs(page, /Your turn \(turn 7 /);
  await punterPlayLink(page); // kept with the link
  await page.reload();
  await punterStatusIs(page, /Your turn \(turn 7 /);
  await page.click('[data-testid=punter-finish]');
  await punterStatusIs(page, /Game over/);
  const played = await punterPlayLink(page);
  // The same game played through without a stop: the Play series, you passing.
  const whole = await page.evaluate(async (seats) => {
    const engine = await (await import('./www/engine.js')).loadEngine('punter');
    const { loadMap } = await import('./www/punter/maps.js');
    const text = await loadMap(engine, 'lambda.json');
    const assets = { 'lambda.json': text };
    const g = new engine.PunterGame('lambda.json', text, seats, { futures: true, splurges: true, options: true }, [[], [], []], 99);
    const series = engine.PunterSeries.fromLink(g.link(0), seats, assets);
    for (;;) {
      const r = series.next(1);
      series.moves().forEach((i) => g.playIndex(i));
      if (r.status === 'over') break;
      if (r.status === 'ask') series.answerIndex(g.play('pass', 0), 0);
    }
    const link = g.link(g.length);
    series.free();
    g.free();
    return link;
  }, seats);
  const [p, w] = await punterGames(page, [played, whole]);
  assert.ok(p.labels.length > 50, `Play made ${p.labels.length} moves`);
  assert.deepEqual(p, w, 'the reloaded game went on as the uninterrupted one');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Punter: the bots of Play think in the sandbox worker: the page answers while strong plays a large map', async () => {
  const page = await openPage(browser, `${server.url}#punter`);
  await page.evaluate(() => localStorage.clear());
  await startPunterPlay(page, { map: 'edinburgh-10000.json', seats: ['strong', 'strong'], seed: 3 });
  await punterStatusIs(page, /Turn [2-9]\d* of/, 60000);
  // For 3 s: the longest the page's main thread was away (a 10 ms timer's largest gap) and how
  // long a click on the form takes to show its effect.
  const gap = await page.evaluate(() => new Promise((resolve) => {
    let last = performance.now();
    let worst = 0;
    const t = setInterval(() => { const now = performance.now(); worst = Math.max(worst, now - last); last = now; }, 10);
    setTimeout(() => { clearInterval(t); resolve(worst); }, 3000);
  }));
  const before = await page.textContent('[data-testid=punter-status]');
  const t0 = Date.now();
  await page.click('[data-testid=punter-paste-toggle]');
  await page.waitForSelector('[data-testid=punter-paste]', { state: 'visible' });
  const clickMs = Date.now() - t0;
  await page.waitForFunction((b) => document.querySelector('[data-testid=punter-status]').textContent !== b, before, { timeout: 30000 });
  assert.ok(gap < 250, `the main thread was away ${Math.round(gap)} ms at most`);
  assert.ok(clickMs < 1000, `a click answered in ${clickMs} ms`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/**
 * Plays your seat of the Pig Play tab as the built-in hold20 does (throw while the turn sum is
 * below 20) until the game has `moves` moves or is over; the game's link then.
 */
async function playPigAsHold20(page, moves) {
  for (;;) {
    await page.waitForFunction((n) => document.querySelector('[data-testid=throw]:enabled')
      || document.querySelectorAll('[data-testid=play-log] li').length >= n
      || /win|lose/i.test(document.querySelector('[data-testid=play-status]').textContent), moves, { timeout: 60000 });
    const link = fragment(await page.inputValue('.tab-play .link-input'));
    const s = await page.evaluate(async (l) => {
      const engine = await (await import('./www/engine.js')).loadEngine('pig');
      const g = engine.PigGame.fromLink(l);
      const out = { ...g.state(), moves: g.moves().length };
      g.free();
      return out;
    }, link);
    if (s.phase === 'over' || s.moves >= moves) return link;
    if (!(await page.isEnabled('[data-testid=throw]'))) continue;
    await page.click(s.turn_sum < 20 ? '[data-testid=throw]' : '[data-testid=hold]');
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=play-log] li').length > n, s.moves);
  }
}

/** The move codes of pig links' games (up to the position each is viewed at). */
async function moveCodes(page, links) {
  return page.evaluate(async (list) => {
    const engine = await (await import('./www/engine.js')).loadEngine('pig');
    return list.map((l) => { const g = engine.PigGame.fromLink(l); const m = Array.from(g.moves()); g.free(); return m; });
  }, links);
}

/** Game 1 of a match of `entrants` with `seed`, played in the page as the Arena plays it: its moves. */
async function matchGame(page, entrants, seed) {
  return page.evaluate(async (spec) => (await (await import('./www/sandbox.js')).sandbox.runMatch(spec)).logs[0].moves, { entrants, games: 1, seed, target: 100 });
}

test('Pig: Play, a match game and the CLI give the same game for the same seats and seed', async () => {
  const page = await openPage(browser, server.url);
  await page.waitForSelector('[data-testid=new-game]');
  await page.selectOption('[data-testid=opponent]', 'optimal');
  await page.selectOption('[aria-label="Who starts"]', '0');
  await page.fill('[data-testid=play-seed]', '7');
  await page.selectOption('[data-testid=pig-speed]', 'instant'); // the opponent's turns at once
  await page.click('[data-testid=new-game]');
  const played = await playPigAsHold20(page, 40);
  // Game 1 of the match hold20 (in seat 0) against optimal: entrant B sits first in game 1.
  const cli = fragment(arcade('pig', 'link', 'optimal', 'hold20', '--seed', '7', '--game', '1').trim());
  const builtin = (name) => ({ label: name, kind: 'builtin', source: name });
  const [p, c] = await moveCodes(page, [played, cli]);
  const match = await matchGame(page, [builtin('optimal'), builtin('hold20')], 7);
  assert.ok(p.length >= 40 || p.length === c.length, `Play made ${p.length} moves`);
  assert.deepEqual(p, c.slice(0, p.length), 'the same dice and decisions as the CLI');
  assert.deepEqual(match, c, 'the match game is the CLI game');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// Strategies with a memory and draws of their own: they count the questions they were asked (the
// ones after a 1 too) and draw from their seeded randomness, so a resumed game goes on the same
// only if each is asked its earlier questions again (Scheme in the engine, JavaScript in the
// sandbox), and Play gives the match's game only if the strategy in a seat is seeded as the
// match's entrant there (Series::entrant_seed).
const COUNTING = {
  scheme: '(define n 0) (define (player my-total other-total accum current state) (set! n (+ n 1)) (and (< (+ accum current) (+ 16 (random 10))) (not (= 0 (remainder n 5)))))',
  js: 'let n = 0;\nfunction player(myTotal, otherTotal, accum, current) { n += 1; return accum + current < 16 + Math.floor(Math.random() * 10) && n % 5 !== 0; }',
};

for (const [language, source] of Object.entries(COUNTING)) {
  test(`Pig: a kept Play game reloaded mid-game goes on with the same dice and the same ${language} strategy state and draws as an uninterrupted match game`, async () => {
    const page = await openPage(browser, server.url);
    await openTab(page, 'tab-lab');
    await page.selectOption('[data-testid=language]', language);
    await setCode(page, 'editor', source);
    await openTab(page, 'tab-play');
    await page.selectOption('[data-testid=opponent]', 'mine');
    await page.selectOption('[aria-label="Who starts"]', '1');
    await page.fill('[data-testid=play-seed]', '9');
    await page.selectOption('[data-testid=pig-speed]', 'instant'); // the opponent's turns at once
  await page.click('[data-testid=new-game]');
    const before = await playPigAsHold20(page, 16);
    await page.reload();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=play-log] li').length >= n, 16);
    const resumed = fragment(await page.inputValue('.tab-play .link-input'));
    const after = await playPigAsHold20(page, 44);
    // Play's seats: the strategy in seat 0, you (as hold20) in seat 1; game 1 of a match seats
    // entrant B first. The match is played in the page, as the Arena plays it.
    const entrants = [{ label: 'hold20', kind: 'builtin', source: 'hold20' }, { label: 'mine', kind: language, source }];
    const [b, r, a] = await moveCodes(page, [before, resumed, after]);
    const match = await matchGame(page, entrants, 9);
    assert.ok(b.length >= 16 && r.length >= b.length, `${b.length} moves before the reload, ${r.length} after it`);
    assert.ok(a.length >= 44 || a.length === match.length, `Play made ${a.length} moves`);
    assert.deepEqual(a, match.slice(0, a.length), 'the same game as the match played through');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('Lifter: the lab run of next, Play continued by the strategy from the start, and the CLI give the same game', async () => {
  // A strategy whose commands depend on its seeded Math.random: the same seed in every host.
  const source = 'function next(s) { return s.moves >= 25 ? "A" : "LRUDW"[Math.floor(Math.random() * 5)]; }';
  const page = await openPage(browser, server.url);
  const { lab, play, fork } = await page.evaluate(async (source) => {
    const { loadEngine } = await import('./www/engine.js');
    const { sandbox } = await import('./www/sandbox.js');
    const engine = await loadEngine('lifter');
    const text = engine.lifterOfficialMaps()[0].text;
    const r = await sandbox.run('lifter', { source, name: 'contest1', text, budgetMs: 20000 }, { backstopMs: 30000 });
    if (!r.ok) throw new Error(r.error);
    const start = engine.lifterGameLink('contest1', text, '', 0);
    const handle = await sandbox.play('lifter', { link: start, entrants: ['js'], source });
    let step;
    do step = await handle.step(null); while (!step.over);
    handle.close();
    // Continue from here after 7 commands of the lab's game: the rest is the same game.
    const at7 = engine.lifterGameLink('contest1', text, r.value.route.slice(0, 7), 7);
    const forked = await sandbox.play('lifter', { link: at7, entrants: ['js'], source });
    let rest;
    do rest = await forked.step(null); while (!rest.over);
    forked.close();
    return { lab: { route: r.value.route, link: r.value.link, score: r.value.state.score }, play: step.link, fork: rest };
  }, source);
  assert.equal(play, lab.link, 'Play continued by the strategy from the start is the lab game');
  assert.ok(lab.route.length > 5 && lab.route.endsWith('A'), lab.route);
  const cli = fragment(arcade('lifter', 'link', 'contest1', lab.route, '--view', String(lab.route.length)));
  assert.equal(cli, fragment(lab.link), 'the CLI gives the same link for its route');
  assert.equal(JSON.parse(arcade('lifter', 'run', 'contest1', lab.route)).score, lab.score);
  // The fork's strategy started afresh at command 8 (its Math.random from the game's seed):
  // its decisions start there, and its game keeps the lab's first 7 commands.
  assert.equal(fork.decisions[0].move_index, 7);
  assert.ok(fork.moves.length > 0);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Pig: the CLI game continued from a move in Play, you playing its seat as it did, goes on as the CLI game', async () => {
  // Game 1 of the match optimal–hold20 with seed 7 (hold20 in seat 0), forked at move 9: you
  // take hold20's seat and play its rule; optimal, the dice and the chance stream go on.
  const cli = fragment(arcade('pig', 'link', 'optimal', 'hold20', '--seed', '7', '--game', '1').trim());
  const page = await openPage(browser, `${server.url}#${cli}`);
  await page.waitForSelector('[data-testid=pig-continue]:not([hidden])');
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Home');
  for (let i = 0; i < 9; i += 1) await page.keyboard.press('ArrowRight');
  await page.click('[data-testid=pig-continue]');
  await page.selectOption('[data-testid=pig-fork-seat]', '0');
  await page.selectOption('[data-testid=pig-fork-opponent]', 'optimal');
  await page.evaluate(() => localStorage.setItem('arcade.pig.speed', 'instant')); // the Play tab's, when it opens
  await page.click('[data-testid=pig-fork-start]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=play-log] li').length >= 9);
  const played = await playPigAsHold20(page, 40);
  const [p, c] = await moveCodes(page, [played, cli]);
  assert.ok(p.length >= 40 || p.length === c.length, `Play made ${p.length} moves`);
  assert.deepEqual(p, c.slice(0, p.length), 'the fork goes on as the CLI game');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
