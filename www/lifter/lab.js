// Your own solver in JavaScript: `solve(map)` returns a whole route, or `next(state)` returns one
// command at a time. It runs in the sandbox (www/sandbox.js → lifter/user-run.js → user-host.js)
// with time limits; the engine scores the route. A `next` run is a one-seat series of the engine:
// a command that fails is a wait, and every decision is kept for the replay's inspector.
import { el } from '../dom.js';
import { Sandbox } from '../sandbox.js';
import { codeOf } from '../bots.js';
import { EXAMPLES, PROGRAM_EXAMPLES, loadCode } from './strategies.js';
import { botList } from '../bot-list.js';
import { codeEditor, problemsIn, problemText } from '../code-editor.js';
import { STEP_LIMIT_MS } from './user-run.js';
import { seedField, SEED_REFUSED } from '../run-report.js';

const BUDGETS = [[2, '2 s'], [5, '5 s'], [10, '10 s'], [30, '30 s']];
const WATCHDOG_EXTRA_MS = 5000;

export function mountLab(root, ctx) {
  const sandbox = new Sandbox({ stopWhenIdle: true }); // its own worker, ended when idle: stopping a run never touches Pig's
  let map = null;
  let controller = null; // the run in progress
  let last = null;

  const budget = el('select', { 'aria-label': 'Time budget', 'data-testid': 'lifter-code-budget' },
    ...BUDGETS.map(([s, label]) => el('option', { value: String(s) }, label)));
  budget.value = '10';
  const seed = seedField(ctx.engine, 'lifter-lab-seed');
  const editor = codeEditor({
    doc: loadCode(), language: 'js', game: 'lifter', testid: 'lifter-editor', label: 'Solver source', rows: 18,
    onRun: () => run.click(), onChange: (text) => list.edited(text),
  });
  // Your bots: the selected one runs here, in re-runs and Continue from here.
  const list = botList({
    game: 'lifter', testid: 'lifter-lab', languages: ['js', 'program'], languageTestid: 'lifter-lab-kind',
    examples: { js: EXAMPLES }, editor, engine: ctx.engine, linkKind: 'lifter-bot',
    programs: { examples: PROGRAM_EXAMPLES, about: el('p', { class: 'muted' }, 'A program is any language compiled to WebAssembly for WASI, run as the 2012 contest ran entries: the map on its stdin, the route on its stdout. ',
        'A browser cannot send SIGINT: at the time budget the program is stopped and the route printed by then is judged (ARCADE_TIME_LIMIT_MS tells it the budget). The same file runs in the CLI as ',
        el('code', {}, 'arcade lifter judge wasm:FILE.wasm'), '. ', el('a', { href: 'pkg/PROGRAMS.html', target: '_blank', rel: 'noopener' }, 'Programs')) },
  });
  const picker = list.picker;
  const kind = {
    isProgram: () => list.selected().language === 'program',
    bot: async () => (list.selected().language === 'program' ? picker.current() : codeOf(list.selected())),
  };
  const run = el('button', { class: 'primary', 'data-testid': 'lifter-run-code' }, 'Run on this map');
  const stop = el('button', { hidden: true, 'data-testid': 'lifter-stop-code' }, 'Stop');
  const status = el('div', { class: 'status', 'aria-live': 'polite', 'data-testid': 'lifter-code-status' });
  const mapName = el('strong');
  const result = el('div', { class: 'lifter-result', 'data-testid': 'lifter-code-result' },
    el('p', { class: 'muted' }, 'Run your code to see its score here.'));
  const watch = el('button', { class: 'primary', disabled: true, 'data-testid': 'lifter-code-watch' }, 'Watch in the replay viewer');
  let runs = 0; // runs on this page, to title their games
  const play = el('button', { disabled: true }, 'Play it');


  root.append(
    el('div', { class: 'panel' },
      el('p', { class: 'lead' }, 'Write ', el('code', {}, 'function solve(map)'), ' returning a whole route, or ',
        el('code', {}, 'function next(state)'), ' returning one command each step. It runs on ', mapName,
        ' in a sandboxed worker (', el('code', {}, 'next'), ` gets ${STEP_LIMIT_MS} ms per command); the engine plays and scores the route. `,
        el('a', { href: 'pkg/JAVASCRIPT-API.html', target: '_blank', rel: 'noopener', 'data-testid': 'js-api-link' }, 'The JavaScript API'), '.'),
      list.box,
      el('div', { class: 'row' }, el('label', { class: 'inline' }, 'Time budget ', budget), seed.box),
      editor.dom, picker.box,
      el('div', { class: 'row' }, run, stop, el('span', { class: 'muted' }, 'Ctrl+Enter runs')),
      status),
    el('div', { class: 'panel side' }, el('h3', {}, 'Result'), result, el('div', { class: 'row' }, watch, play)));

  function end() {
    controller = null;
    run.disabled = false;
    stop.hidden = true;
  }

  function show(m) {
    const s = m.state;
    last = m;
    if (m.loadFailed) {
      // Not a game result: the code never ran, so there is no score to show.
      result.replaceChildren(
        el('div', { class: 'failures', role: 'alert', 'data-testid': 'lifter-code-error' },
          el('strong', {}, 'Your code does not load: '), problemText(editor, m.error)),
        el('p', { class: 'muted', 'data-testid': 'lifter-code-not-run' }, `Nothing was played on ${map?.name ?? 'the map'}: fix the code and run it again.`),
        ...(m.printed ? [el('pre', { class: 'output' }, `Printed:\n${m.printed}`)] : []));
      editor.markProblems(problemsIn([m.error]));
      watch.disabled = play.disabled = true;
      return;
    }
    const outcome = s.ending ?? 'route ends while playing';
    const parts = [
      el('div', { class: 'result-head' },
        el('div', { class: 'big-score', 'data-testid': 'lifter-code-score' }, String(s.score)),
        el('div', {},
          el('div', {}, el('strong', {}, outcome), ` · ${s.lambdas} of ${s.totalLambdas} λ · ${s.position} commands`),
          el('div', { class: 'muted' }, `${m.kind === 'program' ? m.label : m.kind === 'solve' ? 'solve' : 'next'} · ${(m.elapsed / 1000).toFixed(2)} s · ${m.kind === 'program' ? 'ARCADE_SEED 0, as the judge gives it' : `seed ${m.seed}`} · scored by the engine`))),
    ];
    if (m.error) parts.push(el('div', { class: 'failures', role: 'alert', 'data-testid': 'lifter-code-error' }, el('strong', {}, 'Error: '), problemText(m.kind === 'program' ? null : editor, m.error)));
    if (m.failures?.length) {
      // The first failure with its place; each failed command was played as the engine's fallback.
      const [f] = m.failures;
      const n = m.failures.length;
      parts.push(el('div', { class: 'failures', role: 'alert', 'data-testid': 'lifter-code-error' },
        el('strong', {}, 'Error: '), problemText(m.kind === 'program' ? null : editor, `next ${f.message} (at command ${f.command})`),
        el('div', { 'data-testid': 'lifter-code-failures' },
          `${n}${n === 200 ? '+' : ''} command${n === 1 ? '' : 's'} failed in all; the engine played “${m.fallback}” for each. The replay's inspector shows every one.`)));
    }
    if (m.note) parts.push(el('p', { class: 'muted' }, `Note: ${m.note}.`));
    parts.push(el('pre', { class: 'lifter-route-out', 'data-testid': 'lifter-code-route' }, m.route || '(empty route)'));
    if (m.printed) parts.push(el('pre', { class: 'output' }, `Printed:\n${m.printed}`));
    result.replaceChildren(...parts);
    if (m.kind !== 'program') editor.markProblems(problemsIn([m.error, ...(m.failures ?? []).map((f) => f.message)].filter(Boolean)));
    watch.disabled = play.disabled = !m.route;
  }

  run.addEventListener('click', async () => {
    if (!map) return;
    const seedUsed = seed.take();
    if (seedUsed === null) {
      status.textContent = SEED_REFUSED;
      status.className = 'status error';
      return;
    }
    let source;
    try {
      source = await kind.bot(editor.value);
    } catch (e) {
      status.textContent = e.message;
      status.className = 'status error';
      return;
    }
    controller?.abort();
    end();
    const budgetMs = Number(budget.value) * 1000;
    run.disabled = true;
    stop.hidden = false;
    status.textContent = `Running on ${map.name}…`;
    result.replaceChildren(el('p', { class: 'muted' }, 'Running…'));
    editor.markProblems([]);
    status.className = 'status';
    watch.disabled = play.disabled = true;
    const mine = new AbortController();
    controller = mine;
    const r = await sandbox.run('lifter', {
      source, name: map.name, text: map.text, budgetMs, seed: seedUsed,
    }, {
      backstopMs: budgetMs + WATCHDOG_EXTRA_MS,
      signal: mine.signal,
      graceMs: 600,
      onProgress: (m) => {
        status.textContent = `Running… ${m.commands} commands · ${(m.elapsed / 1000).toFixed(1)} s`;
      },
    });
    if (controller !== mine) return; // a newer run or a map change took over
    end();
    if (!r.ok) {
      status.textContent = r.kind === 'cancelled' ? 'Stopped.'
        : r.kind === 'timeout' ? 'The sandbox stopped reporting and was shut down.' : `Could not run: ${r.error}`;
      status.className = r.kind === 'cancelled' ? 'status' : 'status error';
      return;
    }
    const m = r.value;
    runs += 1;
    const who = typeof source === 'string' ? 'Your solver' : source.label;
    show({ ...m, seed: seedUsed, label: who, program: typeof source === 'string' ? null : source.program.name, title: `${who} on ${map.name} — run ${runs}` });
    const failed = m.error || m.failures?.length;
    status.textContent = m.loadFailed ? 'Your code does not load: nothing was played (the result says where and why).'
      : m.stopped ? 'Stopped; the route so far is scored.' : m.error ? 'Your code failed; the route up to the failure is scored.'
      : failed ? 'Done, with failed commands (played as waits).' : 'Done.';
    status.className = failed ? 'status error' : 'status pass';
  });
  stop.addEventListener('click', () => controller?.abort());
  // A `next` run opens at its first command with its decisions (the inspector); a route at its
  // start, with the one decision that answered it all (a `solve` or a program: what it printed
  // and drew) when there is one.
  watch.addEventListener('click', () => ctx.showTab('replay').openGame({
    route: last.route, title: last.title, decisions: last.decisions ?? wholeRoute(last), view: last.decisions ? Math.min(1, last.route.length) : 0, seed: last.seed,
  }));
  /** A `solve` or program run as one decision at the start (`whole`: it answered the route). */
  function wholeRoute(m) {
    if (m.kind !== 'solve' && m.kind !== 'program') return null;
    const answer = m.route.length > 200 ? `${m.route.slice(0, 200)}… (${m.route.length} commands)` : m.route;
    return [{
      seat: 0, move_index: 0, counts: true, whole: true, who: m.kind === 'program' ? `Your program (${m.program})` : 'Your code (solve)',
      view: map.text, answer, printed: m.printed ?? '', ms: m.elapsed ?? 0, seed: m.seed,
    }];
  }
  play.addEventListener('click', () => ctx.showTab('play').playRoute(last.route));
  import('./ab.js').then((ab) => ab.mount(root, ctx)); // the A/B test panel (www/ab.js)

  return {
    /** A bot from a link: its code shown first; "Add to my bots" adds it (nothing runs). */
    openBot: (data) => list.offerLinked(data),
    setMap(m) {
      if (controller) { controller.abort(); end(); status.textContent = 'Stopped: the map changed.'; }
      map = m;
      mapName.textContent = m.name;
      last = null;
      watch.disabled = play.disabled = true;
      result.replaceChildren(el('p', { class: 'muted' }, 'Run your code to see its score here.'));
    },
  };
}
