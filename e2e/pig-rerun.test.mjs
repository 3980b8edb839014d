// Re-run here, for Pig: the inspector runs the code now in the lab again at a strategy's
// decision, fed every question its entrant was asked in the match before (a strategy keeps its
// state from game to game), started with the seed the match gave it. An unchanged strategy with
// a memory and draws of its own answers and prints what it did in the match; the Play tab's own
// game opens in Replay with its decisions too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, setCode, openTab } from './browser.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

// Strategies with a memory (a count of the questions, the ones after a 1 included) and draws of
// their own: their answers and what they print follow from every earlier question and the seed.
const STATEFUL = {
  js: `let n = 0;
function player(myTotal, otherTotal, accum, current) {
  n += 1;
  const r = Math.floor(Math.random() * 10);
  console.log(n, r);
  return accum + current < 14 + r && n % 7 !== 0;
}`,
  scheme: `(define n 0)
(define (player my-total other-total accum current state)
  (set! n (+ n 1))
  (let ((r (random 10)))
    (display n) (display " ") (display r) (newline)
    (and (< (+ accum current) (+ 14 r)) (not (= 0 (remainder n 7))))))`,
};

async function useStrategy(page, language, source) {
  await openTab(page, 'tab-lab');
  await page.selectOption('[data-testid=language]', language);
  await setCode(page, 'editor', source);
}

/** Steps the replay forward to a decision of the strategy at least `from` moves in. */
async function toStrategyDecision(page, from, mine) {
  for (let i = 0; i < 300; i += 1) {
    const t = Number((await page.textContent('.tab-replay .replay-counter')).split(' ')[0]);
    if (t >= from && await page.isVisible('[data-testid=pig-inspector-rerun]')) {
      const head = await page.textContent('[data-testid=pig-inspector-head]');
      if (mine.test(head) && head.includes(`move ${t} `)) return t;
    }
    await page.keyboard.press('ArrowRight');
  }
  throw new Error('no decision of the strategy found');
}

async function rerun(page) {
  await page.click('[data-testid=pig-inspector-rerun]');
  await page.waitForSelector('[data-testid=rerun-answer]', { timeout: 60000 });
  return {
    answer: await page.textContent('[data-testid=rerun-answer]'),
    printed: await page.textContent('[data-testid=rerun-printed]'),
  };
}

for (const [language, source] of Object.entries(STATEFUL)) {
  test(`Re-run here: an unchanged ${language} strategy with a memory and draws gives its recorded answer and output in a later game of the match`, async () => {
    const page = await openPage(browser, server.url);
    await useStrategy(page, language, source);
    await page.fill('.tab-lab input.seed', '4242');
    await page.click('[data-testid=run-checker]');
    await page.waitForSelector('[data-testid=lab-results] [data-testid=wins]', { timeout: 60000 });
    // Game 6 of 49: its questions are the strategy's after five whole games.
    await page.click('[data-testid=lab-results] tbody tr:nth-child(6) button');
    assert.match(await page.textContent('[data-testid=replay-title]'), /— game 6 of 49/);
    await toStrategyDecision(page, 12, /^my (JS|Scheme) strategy/);
    const recorded = await page.textContent('[data-testid=pig-inspector-printed]');
    const [count] = recorded.split(' ').map(Number);
    assert.ok(count > 50, `the strategy had been asked ${count} questions by then`);
    const again = await rerun(page);
    assert.match(again.answer, /^Answered: (throw again|hold · \d+ banked) same$/, again.answer);
    assert.equal(again.printed, recorded);
    // Edited code is what runs: its output differs, and says so.
    await useStrategy(page, language, language === 'js' ? source.replace('console.log(n, r)', 'console.log("edited", n, r)') : source.replace('(display n)', '(display "edited ") (display n)'));
    await openTab(page, 'tab-replay');
    const edited = await rerun(page);
    assert.equal(edited.printed, `edited ${recorded}`);
    assert.match(await page.textContent('[data-testid=pig-inspector-rerun-result]'), /Printed differs/);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('the Play tab\'s game opens in Replay with the opponent\'s decisions, and Re-run here gives the strategy\'s recorded answer', async () => {
  const page = await openPage(browser, server.url);
  await useStrategy(page, 'js', STATEFUL.js);
  await openTab(page, 'tab-play');
  await page.selectOption('[data-testid=opponent]', 'mine');
  await page.selectOption('[aria-label="Who starts"]', '1');
  await page.fill('[data-testid=play-seed]', '77');
  await page.selectOption('[data-testid=pig-speed]', 'instant'); // the opponent's turns at once
  await page.click('[data-testid=new-game]');
  await page.click('[data-testid=throw]'); // Start: a new game waits for your first press
  // Hold at once whenever asked, until the strategy has decided a dozen times.
  const strategyMoves = () => page.$$eval('[data-testid=play-log] li', (lis) => lis.filter((l) => / · my JS strategy · (throw again|hold)/.test(l.textContent)).length);
  for (;;) {
    await page.waitForFunction(() => document.querySelector('[data-testid=hold]:enabled')
      || /win/i.test(document.querySelector('[data-testid=play-status]').textContent), null, { timeout: 60000 });
    if (await strategyMoves() >= 12 || !(await page.isEnabled('[data-testid=hold]'))) break;
    await page.click('[data-testid=hold]');
  }
  await openTab(page, 'tab-replay');
  assert.match(await page.textContent('[data-testid=replay-title]'), /^Your game against my JS strategy/);
  await page.click('.tab-replay .replay-btn[title^="First"]');
  await toStrategyDecision(page, 8, /^my JS strategy/);
  const recorded = await page.textContent('[data-testid=pig-inspector-printed]');
  const again = await rerun(page);
  assert.match(again.answer, / same$/, again.answer);
  assert.equal(again.printed, recorded);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
