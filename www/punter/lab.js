// Your own Punter bot in JavaScript: `function punter(message)` answers the official protocol
// messages (setup, move, stop). It plays in the sandbox (www/pool.js → punter/seats.js →
// user-host.js) against the built-in bots, with the official time limits; the engine referees.
// An arena's games play on a pool of workers, one a core.
import { el } from '../dom.js';
import { runPool, workersLabel } from '../pool.js';
import { loadMap } from './maps.js';
import { codeOf } from '../bots.js';
import { EXAMPLES, PROGRAM_EXAMPLES, labCode } from './strategies.js';
import { botList } from '../bot-list.js';
import { codeEditor, problemsIn, problemText } from '../code-editor.js';
import { failedAt, failedLine, headline, seedField, SEED_REFUSED } from '../run-report.js';

const WATCHDOG_MS = 180000;

/**
 * ctx: { engine, watch?({ link, title, recorded }) } — watch shows a game played here in the
 * replay viewer, at its first move, with its decisions (`recorded`: the seats, decisions and
 * messages, for the inspector).
 */
export function mountLab(root, ctx) {
  const { engine } = ctx;
  const mapSelect = el('select', { 'aria-label': 'Map', 'data-testid': 'punter-lab-map' },
    ...engine.punterMaps().map((n) => el('option', { value: n }, n.replace(/\.json$/, ''))));
  const bots = engine.punterBots();
  const opponentsSelect = el('select', { 'aria-label': 'Opponents', 'data-testid': 'punter-lab-opponents' },
    ...[['greedy'], ['random'], ['strong'], ['greedy', 'random'], ['strong', 'greedy', 'random']]
      .map((o) => el('option', { value: o.join(',') }, `vs ${o.join(', ')}`)));
  const seatSelect = el('select', { 'aria-label': 'Your seat', 'data-testid': 'punter-lab-seat' },
    ...[0, 1, 2, 3].map((i) => el('option', { value: String(i) }, `seat ${i + 1}`)));
  const gamesSelect = el('select', { 'aria-label': 'Games', 'data-testid': 'punter-lab-games' },
    ...[[1, 'one game'], [6, 'arena: 6 games'], [20, 'arena: 20 games'], [60, 'arena: 60 games']].map(([v, t]) => el('option', { value: String(v) }, t)));
  gamesSelect.addEventListener('change', () => {
    run.textContent = gamesSelect.value === '1' ? 'Play a game' : `Play ${gamesSelect.value} games`;
  });
  const ext = (name) => el('label', { class: 'inline' }, el('input', { type: 'checkbox', 'data-testid': `punter-lab-${name}` }), ` ${name}`);
  const [futures, splurges, options] = ['futures', 'splurges', 'options'].map(ext);
  const editor = codeEditor({
    doc: labCode(), language: 'js', game: 'punter', testid: 'punter-lab-editor', label: 'Your bot', rows: 16,
    onRun: () => run.click(), onChange: (text) => list.edited(text),
  });
  // Your bots: the selected one plays here, in Play, in re-runs and Continue from here.
  const list = botList({
    game: 'punter', testid: 'punter-lab', languages: ['js', 'program'], languageTestid: 'punter-lab-kind',
    examples: { js: EXAMPLES }, editor, engine, linkKind: 'punter-bot',
    programs: { examples: PROGRAM_EXAMPLES, about: el('p', { class: 'muted' }, 'A program is any language compiled to WebAssembly for WASI that speaks the official offline protocol on stdin and stdout, exactly as the contest ran entries; the same file plays in the CLI as ',
      el('code', {}, 'wasm:FILE.wasm'), '. ', el('a', { href: 'pkg/PROGRAMS.html', target: '_blank', rel: 'noopener' }, 'Programs')) },
  });
  const picker = list.picker;
  const kind = {
    isProgram: () => list.selected().language === 'program',
    bot: async () => (list.selected().language === 'program' ? picker.current() : codeOf(list.selected())),
  };
  const seed = seedField(engine, 'punter-lab-seed');
  const run = el('button', { class: 'primary', 'data-testid': 'punter-lab-run' }, 'Play a game');
  const stop = el('button', { hidden: true, 'data-testid': 'punter-lab-stop' }, 'Stop');
  const status = el('div', { class: 'status', role: 'status', 'data-testid': 'punter-lab-status' });
  const results = el('div', { 'data-testid': 'punter-lab-results' });
  root.append(el('div', { class: 'panel' },
    el('p', { class: 'lead' }, 'Write ', el('code', {}, 'function punter(message)'),
      ' — or bring a program in any language compiled to WASI — answering the official ICFP 2017 protocol messages, as the contest\u2019s bots did. It plays in the seat you choose against the built-in bots ',
      `(${bots.map((b) => b.name).join(', ')}) in a sandbox: 10 s for the setup, 1 s per move, ten timeouts make a zombie. `,
      el('a', { href: 'pkg/JAVASCRIPT-API.html', target: '_blank', rel: 'noopener' }, 'The JavaScript API'), '.'),
    el('div', { class: 'row' }, mapSelect, opponentsSelect, seatSelect, gamesSelect, futures, splurges, options),
    list.box, editor.dom, picker.box, el('div', { class: 'row' }, run, stop, seed.box), status, results));

  /** The name the seat of `bot` is shown with. */
  const botName = (bot) => (typeof bot === 'string' ? 'your bot' : bot.label);
  let controller = null;
  stop.addEventListener('click', () => controller?.abort());
  run.addEventListener('click', async () => {
    results.replaceChildren();
    editor.markProblems([]);
    const seedUsed = seed.take();
    if (seedUsed === null) {
      status.textContent = SEED_REFUSED;
      status.className = 'status error';
      return;
    }
    const mapName = mapSelect.value;
    let mapText;
    let bot;
    try {
      bot = await kind.bot(editor.value);
      mapText = await loadMap(engine, mapName);
    } catch (e) {
      status.textContent = e.message;
      status.className = 'status error';
      return;
    }
    const seats = opponentsSelect.value.split(',');
    const seat = Math.min(Number(seatSelect.value), seats.length);
    seats.splice(seat, 0, 'js');
    const settings = { futures: futures.firstChild.checked, splurges: splurges.firstChild.checked, options: options.firstChild.checked };
    const games = Number(gamesSelect.value);
    if (games > 1) {
      await arena(mapName, mapText, seats.filter((k) => k !== 'js'), settings, games, seedUsed, bot);
      return;
    }
    const r = await play([{ type: 'punter', params: { mapName, mapText, seats, sources: { [seat]: bot }, settings, seed: seedUsed, name: botName(bot) } }],
      'Playing…', (s) => `Playing… turn ${s.turn} of ${s.turns}`);
    if (!r) return;
    show(r.values[0], seats, seat, seedUsed, bot);
  });

  /**
   * Runs `jobs` on the pool (workers of their own, ended when done: stopping a run touches
   * nothing else) with Run disabled and Stop shown; { values, workers }, or null when it failed
   * or was stopped (the status says which). `progress(p, k)` words a job's report.
   */
  async function play(jobs, starting, progress) {
    controller = new AbortController();
    run.disabled = true;
    stop.hidden = false;
    status.className = 'status';
    status.textContent = starting;
    let done = 0;
    try {
      return await runPool(jobs, {
        backstopMs: WATCHDOG_MS,
        signal: controller.signal,
        onProgress: (k, p) => { if (progress) status.textContent = progress(p, k); },
        onResult: () => { done += 1; if (!progress) status.textContent = `Playing… ${done} of ${jobs.length} games`; },
      });
    } catch (e) {
      status.className = 'status error';
      if (e.message === 'cancelled') status.textContent = 'Stopped.';
      else status.replaceChildren('Could not play: ', problemText(kind.isProgram() ? null : editor, e.message));
      if (!kind.isProgram()) editor.markProblems(problemsIn([e.message]));
      return null;
    } finally {
      run.disabled = false;
      stop.hidden = true;
    }
  }

  /** Several games, seats rotating, on every core; the standings come from the engine. */
  async function arena(mapName, mapText, bots, settings, games, seed, source) {
    const jobs = Array.from({ length: games }, (_, game) => ({ type: 'punter-arena-game', params: { mapName, mapText, bots, source, game, settings, seed, name: botName(source) } }));
    const r = await play(jobs, `Playing ${games} games…`);
    if (!r) return;
    const played = r.values;
    picker.noteName(played.find((g) => g.programName)?.programName);
    const n = bots.length + 1;
    const standings = engine.punterStandings(n, n, Uint32Array.from(played.flatMap((g) => g.seating)), Float64Array.from(played.flatMap((g) => g.scores)));
    const problems = played.flatMap((g) => g.problems);
    const printed = played.map((g) => g.printed).join('').slice(0, 20000);
    const names = [botName(source), ...bots];
    const pct = (x) => `${(100 * x).toFixed(0)}%`;
    const failed = { count: played.reduce((k, g) => k + g.failed, 0), unit: 'turn', fallback: played[0]?.fallback };
    headline(status, {
      failed: failed.count ? [failedLine(failed.count, failed)] : [],
      result: `${games} games, seats rotating, on ${workersLabel(r.workers)}: your bot won ${standings[0].wins} · seed ${seed}.`,
      good: standings[0].elo >= Math.max(...standings.map((s) => s.elo)),
    });
    results.append(el('div', { class: 'table-scroll' }, el('table', { class: 'results', 'data-testid': 'punter-lab-standings' },
      el('thead', {}, el('tr', {}, ...['bot', 'games', 'wins', 'win rate (95%)', 'mean', 'Elo'].map((h) => el('th', {}, h)))),
      el('tbody', {}, ...standings.map((s, i) => el('tr', {}, el('td', {}, names[i]), el('td', {}, String(s.games)), el('td', {}, String(s.wins)),
        el('td', {}, pct(s.win_rate), el('br'), el('small', { class: 'muted' }, `${pct(s.ci95[0])}–${pct(s.ci95[1])}`)), el('td', {}, s.mean_return.toFixed(0)),
        el('td', {}, s.elo.toFixed(0))))))));
    showRemarks(problems, failed);
    if (printed) results.append(el('pre', { class: 'output' }, printed));
    if (ctx.watch) {
      const kinds = ['js', ...bots];
      results.append(el('div', { class: 'row' }, ...played.slice(0, 60).map((g, i) => el('button', {
        class: 'small', 'data-testid': `punter-lab-game-${i + 1}`, title: `Watch game ${i + 1}`,
        onclick: () => ctx.watch({
          link: g.link, title: `your bot vs ${bots.join(', ')} — game ${i + 1} of ${games}`,
          recorded: { seats: g.seating.map((e) => kinds[e]), decisions: g.decisions, exchanges: g.exchanges, game: i },
        }),
      }, `Game ${i + 1}`))));
    }
  }

  /**
   * What the referee said of the bot's answers (passes and accepted oddities), game by game;
   * `failed`: how many were played as a pass (headline's words).
   */
  function showRemarks(problems, failed) {
    if (!problems.length) return;
    editor.markProblems(problemsIn(problems.map((p) => p.message)));
    const where = (p) => (p.turn === null || p.turn === undefined ? `game ${p.game}, ${p.phase}` : failedAt(p.game, 'turn', p.turn));
    results.append(el('div', { class: 'failures', role: 'alert', 'data-testid': 'punter-lab-remarks' },
      el('strong', {}, failed.count ? `${failedLine(failed.count, failed)}; the referee on ${problems.length} of your bot's answers` : `The referee on ${problems.length} of your bot's answers`),
      el('ul', {}, ...problems.slice(0, 20).map((p) => el('li', {}, `${where(p)}: `, problemText(editor, p.message))))));
  }

  function show({ summary, link, printed, problems, decisions, exchanges, programName }, seats, seat, seedUsed, bot) {
    picker.noteName(programName);
    const first = summary.winners.includes(seat); // the engine's ranking (a tie shares first place)
    const failed = { count: summary.rejected[seat] + summary.timeouts[seat], unit: 'turn', fallback: summary.fallback };
    const result = first ? (summary.winners.length > 1 ? 'Your bot shares the best score' : 'Your bot has the best score') : 'Game over';
    headline(status, { failed: failed.count ? [failedLine(failed.count, failed)] : [], result: `${result} · seed ${seedUsed}.`, good: first });
    const names = seats.map((s, i) => (i === seat ? botName(bot) : s));
    results.append(el('div', { class: 'table-scroll' }, el('table', { class: 'results', 'data-testid': 'punter-lab-scores' },
      el('thead', {}, el('tr', {}, el('th', {}, 'punter'), el('th', {}, 'score'), el('th', {}, 'timeouts'), el('th', {}, 'passed for it'))),
      el('tbody', {}, ...names.map((n, i) => el('tr', {}, el('td', {}, `${i}: ${n}`), el('td', {}, String(summary.scores[i])),
        el('td', {}, String(summary.timeouts[i])), el('td', {}, String(summary.rejected[i]))))))));
    showRemarks(problems.map((p) => ({ ...p, game: 1 })), failed);
    if (printed) results.append(el('pre', { class: 'output' }, printed));
    if (ctx.watch) {
      results.append(el('button', {
        'data-testid': 'punter-lab-watch',
        onclick: () => ctx.watch({ link, title: `your bot vs ${seats.filter((s) => s !== 'js').join(', ')}`, recorded: { seats, decisions, exchanges, game: 0 } }),
      }, 'Watch the game'));
    }
  }

  import('./ab.js').then((ab) => ab.mount(root, ctx)); // the A/B test panel (www/ab.js)
  return {
    set() {},
    destroy() { controller?.abort(); },
    /** A bot from a link: its code shown first; "Add to my bots" adds it (nothing runs). */
    openBot: (data) => list.offerLinked(data),
  };
}
