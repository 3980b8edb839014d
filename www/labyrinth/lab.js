// Your own Labyrinth strategy in JavaScript: `function turn(view)` chooses the extra tile's
// rotation, the insertion point and where to walk. It plays in the sandbox (www/pool.js →
// labyrinth/seats.js → user-host.js) against the AIs, in every seat in turn, a game a job on
// a pool of workers (one a core); the engine
// referees, and a turn that fails is played by the greedy AI. Your bots are kept (www/bots.js)
// as they are typed; strategies.js hands the selected one to the Play tab, where it can take any
// AI seat.
import { el } from '../dom.js';
import { runPool, workersLabel } from '../pool.js';
import { codeOf } from '../bots.js';
import { EXAMPLE, PROGRAM_EXAMPLES, loadStrategy } from './strategies.js';
import { botList } from '../bot-list.js';
import { codeEditor, problemsIn, problemText } from '../code-editor.js';
import { failedAt, failedLine, headline, seedField, SEED_REFUSED } from '../run-report.js';

const WATCHDOG_MS = 300000;

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
