// The strategy lab: write a Scheme or JavaScript strategy, run CodeAbbey's checker (the engine's
// `pigChecker()`: its games, target and opponent) in the sandbox, look at every game.
import { el, followLink, linkField, shareUrl } from '../dom.js';
import { sandbox } from '../sandbox.js';
import { confirmCode } from '../confirm-code.js';
import { EXAMPLES, PROGRAM, PROGRAM_EXAMPLES, entrant, loadMine, saveMine, savedMine, withPrograms } from './strategies.js';
import { programPicker } from '../program-picker.js';
import { failedLines, renderResults } from './results.js';
import { headline, seedField, SEED_REFUSED } from '../run-report.js';

export function mountLab(root, ctx) {
  const checker = ctx.engine.pigChecker();
  const mine = loadMine();
  const language = el('select', { 'aria-label': 'Language', 'data-testid': 'language' },
    el('option', { value: 'scheme' }, 'Scheme'), el('option', { value: 'js' }, 'JavaScript'), el('option', { value: 'program' }, 'A program (.wasm)'));
  const programNote = el('p', { class: 'muted' }, 'A program is any language compiled to WebAssembly for WASI: every decision it reads one line {"view": {"my_total", "other_total", "accum", "current"}, "state"} and answers one line {"move": true or false, "state"} (1 s a decision; its state lasts the match). The same file plays in the CLI as ',
    el('code', {}, 'arcade pig match wasm:FILE.wasm dummy'), '. ', el('a', { href: 'docs/PROGRAMS.md', target: '_blank', rel: 'noopener' }, 'Programs'));
  const picker = programPicker({ keep: PROGRAM, examples: PROGRAM_EXAMPLES, testid: 'pig-lab', about: programNote });
  language.value = picker.mode() === 'program' ? 'program' : mine.kind;
  const examples = el('select', { 'aria-label': 'Examples' });
  const editor = el('textarea', {
    class: 'code', spellcheck: 'false', 'aria-label': 'Strategy source', 'data-testid': 'editor', rows: '14',
  });
  editor.value = mine.source;
  const seed = seedField(ctx.engine, 'lab-seed');
  const run = el('button', { class: 'primary', 'data-testid': 'run-checker' }, 'Run the checker (49 games vs dummy)');
  const stop = el('button', { hidden: true }, 'Stop');
  const progress = el('progress', { max: String(checker.games), value: '0', hidden: true });
  const status = el('div', { class: 'status', 'aria-live': 'polite', 'data-testid': 'lab-status' });
  const results = el('div', { class: 'results', 'data-testid': 'lab-results' });
  // A strategy from a link is shown next to the user's own, never saved over it.
  const fromLinkText = el('span');
  const swap = el('button', { class: 'small', 'data-testid': 'lab-swap' });
  const fromLink = el('div', { class: 'from-link', hidden: true, 'data-testid': 'lab-from-link' }, fromLinkText, swap);
  let linked = null; // { kind, source } of the strategy from the last match link opened
  let showing = 'mine'; // what the editor holds: 'mine' (saved as you type) or 'link'
  const link = linkField('Share this result');
  link.set('');

  const fillExamples = () => {
    const program = language.value === 'program';
    [editor, examples].forEach((e) => { e.hidden = program; });
    picker.box.hidden = !program;
    if (program) return;
    examples.replaceChildren(el('option', { value: '' }, 'Examples…'),
      ...EXAMPLES[language.value].map(([name], i) => el('option', { value: String(i) }, name)));
  };
  fillExamples();
  const persist = () => {
    if (language.value === 'program') return;
    const shown = { kind: language.value, source: editor.value };
    if (showing === 'link') linked = shown;
    saveMine(shown, showing === 'mine');
  };
  function showStrategy(which) {
    showing = which;
    const s = which === 'link' ? linked : savedMine();
    language.value = s.kind;
    fillExamples();
    editor.value = s.source;
    saveMine(s, false);
    fromLink.hidden = !linked;
    fromLinkText.textContent = which === 'link'
      ? 'This strategy comes from a link. Your own is kept; edits here are not saved over it.'
      : 'Your own strategy. A strategy from a link is open too.';
    swap.textContent = which === 'link' ? 'Back to my strategy' : 'Show the link’s strategy';
  }
  swap.addEventListener('click', () => showStrategy(showing === 'link' ? 'mine' : 'link'));
  editor.addEventListener('input', persist);
  language.addEventListener('change', () => {
    picker.setMode(language.value === 'program' ? 'program' : 'code');
    fillExamples();
    if (language.value === 'program') return;
    editor.value = EXAMPLES[language.value][0][1];
    persist();
  });
  examples.addEventListener('change', () => {
    if (examples.value === '') return;
    editor.value = EXAMPLES[language.value][Number(examples.value)][1];
    examples.value = '';
    persist();
  });
  editor.addEventListener('keydown', (e) => {
    if (e.key === 'Tab') { e.preventDefault(); editor.setRangeText('  ', editor.selectionStart, editor.selectionEnd, 'end'); }
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); run.click(); }
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
      renderResults(results, { spec, ...r, fallback }, checker, (log, i) => ctx.openMatchGame(spec, log, i, spec.games, r.logs));
      const url = shareUrl(ctx.engine.pigMatchLink(spec));
      link.set(url);
      followLink(url);
    } catch (e) {
      status.textContent = e.message === 'cancelled' ? 'Stopped.' : `Could not run: ${e.message}`;
      status.className = 'status error';
      results.replaceChildren();
    } finally {
      run.disabled = false;
      stop.hidden = true;
      progress.hidden = true;
    }
  }

  run.addEventListener('click', () => {
    persist();
    const seedUsed = seed.take();
    if (seedUsed === null) {
      status.textContent = SEED_REFUSED;
      status.className = 'status error';
      return;
    }
    const spec = {
      entrants: [entrant('mine'), entrant('dummy')], games: 49, seed: seedUsed, target: 100,
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
        el('a', { href: 'docs/JAVASCRIPT-API.md', target: '_blank', rel: 'noopener', 'data-testid': 'js-api-link' }, 'The JavaScript API'), '.'),
      el('div', { class: 'row' }, language, examples, seed.box),
      fromLink,
      editor, picker.box,
      el('div', { class: 'row' }, run, stop, progress, el('span', { class: 'muted' }, 'Ctrl+Enter runs')),
      status),
    el('div', { class: 'panel' }, results, link.box));
  import('./ab.js').then((ab) => ab.mount(root, ctx)); // the A/B test panel (www/ab.js)

  return {
    /** Shows a checker run from a link: loads the strategy into the editor and runs it. */
    async runSpec(spec) {
      const program = spec.entrants.find((x) => x.kind === 'program');
      if (program) {
        // A program never travels in a link: the match runs again only with the same program here.
        seed.set(spec.seed);
        if (entrant('mine').label !== program.label) {
          status.textContent = `This match was played by the program ${program.label}. A program never travels in a link: open it in the lab (“A program (.wasm)”) and run the checker with seed ${spec.seed} to play it again.`;
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
        const own = savedMine();
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
