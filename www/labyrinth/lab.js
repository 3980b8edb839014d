// Your own Labyrinth strategy in JavaScript: `function turn(view)` chooses the extra tile's
// rotation, the insertion point and where to walk. It plays in the sandbox (www/pool.js →
// labyrinth/seats.js → user-host.js) against the AIs, in every seat in turn, a game a job on
// a pool of workers (one a core); the engine
// referees, and a turn that fails is played by the greedy AI. Your bots are kept (www/bots.js)
// as they are typed; `loadStrategy()` hands the selected one to the Play tab, where it can take
// any AI seat.
import { el } from '../dom.js';
import { runPool, workersLabel } from '../pool.js';
import { bots, botSource, codeOf, configureBots, legacyBots } from '../bots.js';
import { botList } from '../bot-list.js';
import { codeEditor, problemsIn, problemText } from '../code-editor.js';
import { failedAt, failedLine, headline, seedField, SEED_REFUSED } from '../run-report.js';

const DRAFT = 'labyrinth.strategy.v1';
const PROGRAM = 'labyrinth.program.v1';
/** Example programs (docs/PROGRAMS.md), their sources in the repository. */
export const PROGRAM_EXAMPLES = [
  { name: 'A treasure seeker in Rust', url: 'examples/programs/labyrinth-rust/labyrinth-rust.wasm', note: 'source: examples/programs/labyrinth-rust' },
];
const WATCHDOG_MS = 300000;

export const EXAMPLE = `// view: { seat, tiles: 49 × "kind[ treasure] direction" (rows from the top),
//   extra, pawns: [[colour, row, column]], cards (yours), cards_left, phase, to_move }
// Answer { rotation: "north"|"east"|"south"|"west", insertion: 0–11, row, column }.
// Insertion points: 0–2 top of columns 2, 4, 6; 3–5 right of rows 2, 4, 6;
// 6–8 bottom of columns 2, 4, 6; 9–11 left of rows 2, 4, 6. Rows and columns count from 1.
function turn(view) {
  const [, row, column] = view.pawns[view.seat];
  // Debug marks, drawn in the replay at this turn: the treasure sought and where we stay.
  const sought = view.tiles.findIndex((t) => t.split(" ")[1] === String(view.cards[0]));
  if (sought >= 0) draw.tile(Math.floor(sought / 7) + 1, sought % 7 + 1, { colour: "yellow", label: "treasure " + view.cards[0] });
  draw.square(row, column, { colour: "cyan", label: "stay" });
  // Push a line with no pawn in it, then stay where we are.
  const lines = [2, 4, 6];
  for (let i = 0; i < 12; i++) {
    const line = lines[i % 3];
    const isColumn = Math.floor(i / 3) % 2 === 0;
    const busy = view.pawns.some(([, r, c]) => (isColumn ? c === line : r === line));
    if (!busy) return { rotation: "north", insertion: i, row, column };
  }
  return { rotation: "north", insertion: 0, row, column };
}`;

// Your bots: the draft and program kept before the list existed become the first.
configureBots('labyrinth', {
  fresh: () => ({ name: 'My bot', language: 'js', code: { js: EXAMPLE } }),
  legacy: () => legacyBots({ draft: DRAFT, program: PROGRAM }),
  programExamples: PROGRAM_EXAMPLES,
});

/** The code of the selected bot (a program bot: the code it keeps), or EXAMPLE. */
export function loadStrategy() {
  return bots.selected('labyrinth').code?.js ?? EXAMPLE;
}

/** Your selected bot: its code, or the program it plays (`{ program, args, label }`). */
export async function labStrategy() {
  return botSource('labyrinth');
}

/** ctx: { engine, watch?({ link, title, seats, decisions }) } */
export function mountLab(root, ctx) {
  const editor = codeEditor({
    doc: loadStrategy(), language: 'js', game: 'labyrinth', testid: 'labyrinth-lab-editor', label: 'Your strategy', rows: 16,
    onRun: () => run.click(), onChange: (text) => list.edited(text),
  });
  const opponents = el('select', { 'aria-label': 'Opponents', 'data-testid': 'labyrinth-lab-opponents' },
    ...[['greedy'], ['simple'], ['strong'], ['greedy', 'strong', 'simple']].map((o) => el('option', { value: o.join(',') }, `vs ${o.join(', ')}`)));
  const games = el('select', { 'aria-label': 'Games', 'data-testid': 'labyrinth-lab-games' },
    ...[2, 6, 20].map((g) => el('option', { value: String(g) }, `${g} games`)));
  const seed = seedField(ctx.engine, 'labyrinth-lab-seed');
  // Your bots: the selected one plays here, in Play, in re-runs and Continue from here.
  const list = botList({
    game: 'labyrinth', testid: 'labyrinth-lab', languages: ['js', 'program'], languageTestid: 'labyrinth-lab-kind',
    examples: { js: [['Push a free line, stay', EXAMPLE]] }, editor, engine: ctx.engine, linkKind: 'labyrinth-bot',
    programs: { examples: PROGRAM_EXAMPLES, about: el('p', { class: 'muted' }, 'A program is any language compiled to WebAssembly for WASI: it reads one line {"view", "state"} and answers one line {"move", "state"}, ',
      "2 s a turn; the same file plays in the CLI as ", el('code', {}, 'wasm:FILE.wasm'), '. ', el('a', { href: 'pkg/PROGRAMS.html', target: '_blank', rel: 'noopener' }, 'Programs')) },
  });
  const picker = list.picker;
  const kind = {
    isProgram: () => list.selected().language === 'program',
    bot: async () => (list.selected().language === 'program' ? picker.current() : codeOf(list.selected())),
  };
  const run = el('button', { class: 'primary', 'data-testid': 'labyrinth-lab-run' }, 'Play');
  const stop = el('button', { hidden: true, 'data-testid': 'labyrinth-lab-stop' }, 'Stop');
  const status = el('div', { class: 'status', role: 'status', 'data-testid': 'labyrinth-lab-status' });
  const results = el('div', { 'data-testid': 'labyrinth-lab-results' });
  const limits = ctx.engine.decisionLimits('labyrinth');
  root.append(el('div', { class: 'panel' },
    el('p', { class: 'lead' }, 'Write ', el('code', {}, 'function turn(view)'),
      ` choosing the rotation, the insertion point and where to walk. It plays against the AIs in every seat in turn, in a sandbox with ${limits.decisionMs} ms a ${limits.decision}; a turn that fails is played by the greedy AI. In the Play tab it can also take any seat (“Your strategy”). `,
      el('a', { href: 'pkg/JAVASCRIPT-API.html', target: '_blank', rel: 'noopener' }, 'The JavaScript API'), '.'),
    el('div', { class: 'row' }, opponents, games, seed.box),
    list.box, editor.dom, picker.box,
    el('div', { class: 'row' }, run, stop), status, results));

  let controller = null;
  stop.addEventListener('click', () => controller?.abort());

  run.addEventListener('click', async () => {
    results.replaceChildren();
    editor.markProblems([]);
    const seedUsed = seed.take();
    if (seedUsed === null) {
      status.className = 'status error';
      status.textContent = SEED_REFUSED;
      return;
    }
    let source;
    try {
      source = await kind.bot(editor.value);
    } catch (e) {
      status.className = 'status error';
      status.textContent = e.message;
      return;
    }
    controller = new AbortController();
    run.disabled = true;
    stop.hidden = false;
    status.className = 'status';
    status.textContent = 'Playing…';
    const params = { source, levels: opponents.value.split(','), seed: seedUsed, ravensburger: false };
    const count = Number(games.value);
    let done = 0;
    let r;
    try {
      r = await runPool(Array.from({ length: count }, (_, game) => ({ type: 'labyrinth-game', params: { ...params, game } })), {
        backstopMs: WATCHDOG_MS,
        signal: controller.signal,
        onResult: () => { done += 1; status.textContent = `Playing… ${done} of ${count} games`; },
      });
    } catch (e) {
      status.className = 'status error';
      if (e.message === 'cancelled') status.textContent = 'Stopped.';
      else status.replaceChildren('Could not play: ', problemText(kind.isProgram() ? null : editor, e.message));
      if (!kind.isProgram()) editor.markProblems(problemsIn([e.message]));
      return;
    } finally {
      run.disabled = false;
      stop.hidden = true;
    }
    const played = r.values;
    const won = played.filter((g) => g.won).length;
    const draws = played.filter((g) => g.winner === null).length;
    const problems = played.flatMap((g) => g.problems);
    const failed = { count: played.reduce((n, g) => n + g.failed, 0), unit: 'turn', fallback: played[0]?.fallback };
    const printed = played.map((g) => g.printed).join('').slice(0, 20000);
    headline(status, {
      failed: failed.count ? [failedLine(failed.count, failed)] : [],
      result: `Your strategy won ${won} of ${played.length} games (${draws} without a winner in 400 turns) · seed ${seedUsed} · on ${workersLabel(r.workers)}.`,
      good: won > played.length - won - draws,
    });
    results.append(el('ul', { 'data-testid': 'labyrinth-lab-games-list' }, ...played.map((g, i) => el('li', {},
      `Game ${i + 1}: you in seat ${g.seat + 1}; ${g.winner ? `${g.winner} won` : 'no winner'} after ${g.turns} turns `,
      ctx.watch ? el('button', { class: 'small', onclick: () => ctx.watch({
        link: g.link, seats: g.seats, decisions: g.decisions, game: i,
        title: `your strategy vs ${params.levels.join(', ')} — game ${i + 1} of ${played.length}`,
      }) }, 'Watch') : null))));
    editor.markProblems(problemsIn(problems.map((p) => p.message)));
    if (problems.length) {
      results.append(el('div', { class: 'failures', role: 'alert', 'data-testid': 'labyrinth-lab-failures' }, el('strong', {}, failedLine(failed.count, failed)),
        el('ul', {}, ...problems.slice(0, 20).map((p) => el('li', {}, `${failedAt(p.game, 'turn', p.turn)}: `, problemText(editor, p.message))))));
    }
    if (printed) results.append(el('pre', { class: 'output' }, printed));
  });

  import('./ab.js').then((ab) => ab.mount(root, ctx)); // the A/B test panel (www/ab.js)
  return {
    set() {},
    destroy() { controller?.abort(); },
    /** A bot from a link: its code shown first; "Add to my bots" adds it (nothing runs). */
    openBot: (data) => list.offerLinked(data),
  };
}
