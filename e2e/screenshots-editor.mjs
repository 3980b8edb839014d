// The four labs with their code editor (www/code-editor.js), desktop 1280×900 and phone 390×844,
// each after a run whose failure names a place: the place underlined in the code, a marker in the
// gutter, the failure in the results a link to it (clicked: the cursor is there). Writes the labs'
// screenshots in docs/screenshots/ (run: node e2e/screenshots-editor.mjs).
import { serve, launch, openPage, setCode, openTab } from './browser.mjs';

const out = new URL('../docs/screenshots/', import.meta.url).pathname;
const VIEWPORTS = [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]];

const LABS = [
  {
    file: 'pig-lab', url: '', tab: 'tab-lab', editor: 'editor', language: 'scheme', run: 'run-checker', failure: '[data-testid=pig-failures]',
    code: `; Throws while the turn is short, holds at 18.
(define (player my-total other-total accum current state)
  (if (< (+ accum current) 18)
      (car current)
      #f))`,
  },
  {
    file: 'punter-bot', url: '#punter', tab: 'punter-tab-lab', editor: 'punter-lab-editor', run: 'punter-lab-run', failure: '[data-testid=punter-lab-remarks]',
    setup: async (page) => page.selectOption('[data-testid=punter-lab-map]', 'lambda.json'),
    code: `// Ready at once, then reads a field the move message does not have.
function punter(message) {
  if (message.map) return { ready: message.punter };
  const last = message.move.moves.at(-1);
  return { claim: last.claim.river.source };
}`,
  },
  {
    file: 'labyrinth-lab', url: '#labyrinth', tab: 'labyrinth-tab-lab', editor: 'labyrinth-lab-editor', run: 'labyrinth-lab-run', failure: '[data-testid=labyrinth-lab-status]',
    code: `function turn(view) {
  const [, row, column] = view.pawns[view.seat];
  return { rotation: "north" insertion: 0, row, column };
}`,
  },
  {
    file: 'lifter-lab', url: '#lifter', tab: 'lifter-tab-lab', editor: 'lifter-editor', run: 'lifter-run-code', failure: '[data-testid=lifter-code-error]',
    code: `// Waits three times, then asks for a field the state does not have.
function next(state) {
  if (state.moves < 3) return "W";
  return state.robot.direction.name;
}`,
  },
];

const server = await serve();
const browser = await launch();
try {
  for (const lab of LABS) {
    for (const [name, viewport] of VIEWPORTS) {
      const page = await openPage(browser, `${server.url}${lab.url}`, viewport);
      await openTab(page, lab.tab);
      if (lab.language) await page.selectOption('[data-testid=language]', lab.language);
      await lab.setup?.(page);
      await page.waitForSelector(`[data-testid=${lab.editor}] .cm-content`);
      await setCode(page, lab.editor, lab.code);
      await page.click(`[data-testid=${lab.run}]`);
      const link = page.locator(`${lab.failure} [data-testid=problem-link]`).first();
      await link.waitFor({ timeout: 120000 });
      await link.click();
      await page.waitForTimeout(300);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${out}${lab.file}-${name}.png`, fullPage: true });
      console.log(`${lab.file} ${name} errors:`, page.errors);
      await page.context().close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
