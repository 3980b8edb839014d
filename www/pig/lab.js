// The strategy lab: write a Scheme or JavaScript strategy, run CodeAbbey's checker (the engine's
// `pigChecker()`: its games, target and opponent) in the sandbox, look at every game.
import { el, followLink, linkField, shareUrl } from '../dom.js';
import { sandbox } from '../sandbox.js';
import { confirmCode } from '../confirm-code.js';
import { EXAMPLES, GAME, PROGRAM_EXAMPLES, entrant, loadMine, withPrograms } from './strategies.js';
import { codeEditor, problemsIn, problemText } from '../code-editor.js';
import { botList } from '../bot-list.js';
import { bots } from '../bots.js';
import { failedLines, renderResults } from './results.js';
import { headline, seedField, SEED_REFUSED } from '../run-report.js';

export function mountLab(root, ctx) {
  const checker = ctx.engine.pigChecker();
  const programNote = el('p', { class: 'muted' }, 'A program is any language compiled to WebAssembly for WASI: every decision it reads one line {"view": {"my_total", "other_total", "accum", "current"}, "state"} and answers one line {"move": true or false, "state"} (1 s a decision; its state lasts the match). The same file plays in the CLI as ',
    el('code', {}, 'arcade pig match wasm:FILE.wasm dummy'), '. ', el('a', { href: 'pkg/PROGRAMS.html', target: '_blank', rel: 'noopener' }, 'Programs'));
  const mine = loadMine();
  let linked = null; // { kind, source } of the strategy from the last match link opened
  let showing = 'mine'; // what the editor holds: 'mine' (the selected bot, kept as you type) or 'link'
  const editor = codeEditor({
    doc: mine.source, language: mine.kind, game: GAME, testid: 'editor', label: 'Strategy source', rows: 14,
    onRun: () => run.click(), onChange: (text) => persist(text),
  });
  // Your bots: the selected one is what the checker, Play, the Arena and re-runs use.
  const list = botList({
    game: GAME, testid: 'pig-lab', languages: ['scheme', 'js', 'program'], languageTestid: 'language', examples: EXAMPLES,
    editor, engine: ctx.engine, linkKind: 'pig-bot', programs: { examples: PROGRAM_EXAMPLES, about: programNote },
    onSelect: () => { if (showing === 'link') { showing = 'mine'; showLinkBar(); } },
  });
  const picker = list.picker;
  const seed = seedField(ctx.engine, 'lab-seed');
  const run = el('button', { class: 'primary', 'data-testid': 'run-checker' }, 'Run the checker (49 games vs dummy)');
  const stop = el('button', { hidden: true }, 'Stop');
  const progress = el('progress', { max: String(checker.games), value: '0', hidden: true });
  const status = el('div', { class: 'status', 'aria-live': 'polite', 'data-testid': 'lab-status' });
  const results = el('div', { class: 'results', 'data-testid': 'lab-results' });
  // A strategy from a match link is shown next to your bots, never saved over one; "Add to my
  // bots" keeps it as a new bot.
  const fromLinkText = el('span');
  const swap = el('button', { class: 'small', 'data-testid': 'lab-swap' });
  const keepLinked = el('button', { class: 'small', 'data-testid': 'lab-keep-link' }, 'Add to my bots');
  const fromLink = el('div', { class: 'from-link', hidden: true, 'data-testid': 'lab-from-link' }, fromLinkText, swap, keepLinked);
  const link = linkField('Share this result');
  link.set('');

  function persist(text) {
    if (showing === 'link') linked = { ...linked, source: text };
    else list.edited(text);
  }
  function showLinkBar() {
    fromLink.hidden = !linked;
    fromLinkText.textContent = showing === 'link'
      ? 'This strategy comes from a link. Your bots are kept; edits here are not saved over them.'
      : 'Your own strategy. A strategy from a link is open too.';
    swap.textContent = showing === 'link' ? 'Back to my strategy' : 'Show the link’s strategy';
  }
  function showStrategy(which) {
    showing = which;
    if (which === 'link') {
      editor.setLanguage(linked.kind);
      editor.value = linked.source;
    } else {
      list.refresh();
    }
    showLinkBar();
  }
  swap.addEventListener('click', () => showStrategy(showing === 'link' ? 'mine' : 'link'));
  keepLinked.addEventListener('click', () => {
    if (!linked) return;
    const b = bots.create(GAME, { name: 'From a link', language: linked.kind, code: { [linked.kind]: linked.source } });
    bots.select(GAME, b.id);
    linked = null;
    showStrategy('mine');
  });

  let controller = null;
  let openedOnce = false;
  async function check(spec) {
    controller?.abort();
    controller = new AbortController();
    run.disabled = true;
    stop.hidden = false;
    progress.hidden = false;
    progress.value = 0;
    status.textContent = `Running ${checker.games} games in the sandbox…`;
    status.className = 'status';
    results.replaceChildren(el('p', { class: 'muted' }, 'Running… the results appear here.'));
    link.set('');
    editor.markProblems([]);
    const t0 = performance.now();
    try {
      const r = await sandbox.runMatch(spec, {
        signal: controller.signal,
        onProgress: (s) => { progress.value = s.games_done; },
      });
      const ms = performance.now() - t0;
      const fallback = ctx.engine.pigFallback();
      headline(status, {
        failed: failedLines(spec, r.failures, fallback),
        result: `Done in ${ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(1)} s`} · seed ${spec.seed}`,
      });
      // Failures of the editor's code (entrant 0) with a place are marked in it.
      editor.markProblems(problemsIn(r.failures.filter((f) => f.entrant === 0).map((f) => f.message)));
      renderResults(results, { spec, ...r, fallback, editor }, checker, (log, i) => ctx.openMatchGame(spec, log, i, spec.games, r.logs));
      const url = shareUrl(ctx.engine.pigMatchLink(spec));
      link.set(url);
      followLink(url);
    } catch (e) {
      if (e.message === 'cancelled') status.textContent = 'Stopped.';
      else status.replaceChildren('Could not run: ', problemText(editor, e.message));
      status.className = 'status error';
      editor.markProblems(problemsIn([e.message]));
      results.replaceChildren();
    } finally {
      run.disabled = false;
      stop.hidden = true;
      progress.hidden = true;
    }
  }

  run.addEventListener('click', () => {
    const seedUsed = seed.take();
    if (seedUsed === null) {
      status.textContent = SEED_REFUSED;
      status.className = 'status error';
      return;
    }
    const spec = {
      entrants: [showing === 'link' ? { label: `my ${linked.kind === 'js' ? 'JS' : 'Scheme'} strategy`, ...linked } : entrant('mine'), entrant('dummy')], games: 49, seed: seedUsed, target: 100,
    };
    withPrograms(spec.entrants).then((entrants) => check({ ...spec, entrants }), (e) => {
      status.textContent = e.message;
      status.className = 'status error';
    });
  });
  stop.addEventListener('click', () => controller?.abort());

  root.append(
    el('div', { class: 'panel' },
      el('p', { class: 'lead' }, 'Write ', el('code', {}, 'player'),
        ': it is called after every throw with your total, the other total, the sum of the earlier throws of this turn, the throw just made, and a one-element ',
        el('code', {}, 'state'), ` list that lasts the whole match. Answer true to throw again. A 1 loses the turn; reaching ${checker.target} wins at once. The checker passes with ${checker.winsNeeded} wins of ${checker.games}. `,
        el('a', { href: 'pkg/JAVASCRIPT-API.html', target: '_blank', rel: 'noopener', 'data-testid': 'js-api-link' }, 'The JavaScript API'), '.'),
      list.box,
      fromLink,
      editor.dom, picker.box,
      el('div', { class: 'row' }, seed.box),
      el('div', { class: 'row' }, run, stop, progress, el('span', { class: 'muted' }, 'Ctrl+Enter runs')),
      status),
    el('div', { class: 'panel' }, results, link.box));
  import('./ab.js').then((ab) => ab.mount(root, ctx)); // the A/B test panel (www/ab.js)

  return {
    /** A bot from a link: its code shown first; "Add to my bots" adds it (nothing runs). */
    openBot: (data) => list.offerLinked(data),
    /** Shows a checker run from a link: loads the strategy into the editor and runs it. */
    async runSpec(spec) {
      const program = spec.entrants.find((x) => x.kind === 'program');
      if (program) {
        // A program never travels in a link: the match runs again only with the same program here.
        seed.set(spec.seed);
        if (entrant('mine').label !== program.label) {
          status.textContent = `This match was played by the program ${program.label}. A program never travels in a link: open it in the lab (Open file…, or “A program (.wasm)”), select it and run the checker with seed ${spec.seed} to play it again.`;
          status.className = 'status';
          return;
        }
        try {
          return await check({ ...spec, entrants: await withPrograms(spec.entrants) });
        } catch (e) {
          status.textContent = e.message;
          status.className = 'status error';
          return;
        }
      }
      if (!(await confirmCode(spec.entrants))) { // code from a link runs only after a yes
        status.textContent = 'The code from the link was not run.';
        status.className = 'status';
        return;
      }
      const e = spec.entrants[0];
      if (e.kind === 'scheme' || e.kind === 'js') {
        // The linked strategy is shown marked "from a link"; the user's own stays saved. On a
        // reload the user's draft wins (the link in the address bar may be their older run).
        const own = loadMine();
        linked = own.kind === e.kind && own.source === e.source ? null : { kind: e.kind, source: e.source };
        const reload = !openedOnce && performance.getEntriesByType?.('navigation')[0]?.type === 'reload';
        openedOnce = true;
        showStrategy(linked && !reload ? 'link' : 'mine');
      }
      seed.set(spec.seed);
      return check(spec);
    },
  };
}
