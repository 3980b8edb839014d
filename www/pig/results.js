// Shows a finished (or running) match: score line, failures, and the list of games, each of
// which opens in the replay viewer.
import { el } from '../dom.js';
import { failedLine } from '../run-report.js';
import { problemText } from '../code-editor.js';

export function pct(x) { return `${(100 * x).toFixed(1)}%`; }

/**
 * The headline's words for the failed decisions, one per entrant that failed ("3 of my JS
 * strategy’s decisions failed (hold played them)"); `fallback`: the engine's name for it.
 */
export function failedLines(spec, failures, fallback) {
  const counts = new Map();
  for (const f of failures) counts.set(f.entrant, (counts.get(f.entrant) ?? 0) + 1);
  return [...counts].map(([e, n]) => failedLine(n, { whose: `${spec.entrants[e].label}’s`, unit: 'decision', fallback }));
}

/**
 * The failed decisions, the first of each kind (an entrant's message with its numbers left out:
 * "took 53 ms" and "took 58 ms" are one kind), five kinds at most, each with how many more were
 * like it: a strategy that was slow a hundred times and then ran out of memory shows both.
 * `game`: how a failure's game number is named; `editor`: the editor holding entrant 0's code
 * (its failures' places jump there), or none.
 */
function failureList(spec, failures, game, fallback, editor = null) {
  const kinds = new Map(); // kind → { f: its first failure, more }
  for (const f of failures) {
    const kind = `${f.entrant} ${f.message.replace(/\d+/g, '#')}`;
    const k = kinds.get(kind);
    if (k) k.more += 1;
    else kinds.set(kind, { f, more: 0 });
  }
  const groups = [...kinds.values()];
  const shown = groups.slice(0, 5).map(({ f, more }) => el('li', {},
    el('strong', {}, spec.entrants[f.entrant].label), ` — ${game} ${f.game + 1}, move ${f.move_index + 1}: `,
    f.entrant === 0 ? problemText(editor, f.message) : el('code', {}, f.message),
    more ? el('span', { class: 'muted' }, ` (and ${more} more like it)`) : null));
  const rest = groups.slice(5).reduce((n, g) => n + 1 + g.more, 0);
  if (rest) shown.push(el('li', { class: 'muted' }, `… and ${rest} more of other kinds`));
  return el('div', { class: 'failures', role: 'alert', 'data-testid': 'pig-failures' },
    el('strong', {}, `${failures.length} failed decision${failures.length > 1 ? 's' : ''} (${fallback} played ${failures.length > 1 ? 'them' : 'it'})`),
    el('ul', {}, ...shown));
}

/**
 * Renders into `root`; `checker`: the engine's `pigChecker()` (a match of its games against its
 * opponent is passed or not); `onView(log, index)` opens a game; `fallback`: the engine's name
 * for what plays a failed decision; `editor`: the lab's editor, holding entrant 0's code.
 */
export function renderResults(root, { spec, summary, logs = [], failures = [], fallback, editor = null }, checker, onView) {
  const [a, b] = spec.entrants.map((e) => e.label);
  const [wa, wb] = summary.wins;
  // Failed decisions come first, and nothing is green while there are any.
  const failed = failedLines(spec, failures, fallback);
  const verdict = summary.games === checker.games && spec.entrants[1].source === checker.opponent
    ? el('span', { class: summary.passed ? (failed.length ? '' : 'pass') : 'fail' }, summary.passed ? 'passed' : 'not passed')
    : null;
  const head = el('div', { class: 'result-head' },
    el('div', { class: 'big-score', 'data-testid': 'wins' }, `${wa} – ${wb}`),
    el('div', {},
      ...failed.map((line) => el('div', { class: 'fail', 'data-testid': 'pig-failed' }, `${line}.`)),
      el('div', {}, el('strong', {}, a), ` won ${wa} of ${summary.games_done} games `, verdict),
      el('div', { class: 'muted' }, `win rate ${pct(summary.win_rate)} (95% CI ${pct(summary.ci95[0])}–${pct(summary.ci95[1])}) · challenge score `,
        el('strong', { 'data-testid': 'score' }, summary.score.toFixed(2)), ` · ${b} won ${wb}`)));
  const parts = [head];
  if (failures.length) parts.push(failureList(spec, failures, 'game', fallback, editor));
  if (logs.length) {
    const rows = logs.map((log, i) => {
      const seat0 = spec.entrants[log.first].label;
      const seat1 = spec.entrants[1 - log.first].label;
      const winner = spec.entrants[log.winner].label;
      const scores = log.first === 0 ? log.totals : [log.totals[1], log.totals[0]];
      return el('tr', { class: log.winner === 0 ? 'won' : 'lost' },
        el('td', {}, String(i + 1)),
        el('td', { class: 'wrap' }, `${seat0} → ${seat1}`),
        el('td', { title: `${winner} won` }, `${scores[0]} : ${scores[1]}`),
        el('td', {}, String(log.moves.length)),
        el('td', {}, el('button', { class: 'small', onclick: () => onView(log, i) }, 'View')));
    });
    parts.push(el('details', { class: 'games', open: logs.length <= 60 },
      el('summary', {}, `Games (${logs.length})`, el('span', { class: 'muted' }, ` · scores are ${a} : ${b}, green when ${a} won`)),
      el('div', { class: 'table-wrap' }, el('table', {},
        el('thead', {}, el('tr', {},
          el('th', {}, '#'), el('th', {}, 'first → second'), el('th', { title: `${a} : ${b}` }, 'score'),
          el('th', {}, 'moves'), el('th', {}))),
        el('tbody', {}, ...rows)))));
  }
  root.replaceChildren(...parts);
}

/** Elo as shown: one decimal place. */
export const elo = (x) => x.toFixed(1);

/**
 * Renders a tournament (running or finished) into `root`: the standings as the engine ranks
 * them (best Elo first) and, once `logs` are there, the games of one strategy (a row of the
 * standings picks it), each of which opens with `onView(log, index)`.
 */
export function renderStandings(root, { spec, summary, logs = [], failures = [], fallback }, onView) {
  let chosen = summary.standings[0]?.entrant ?? 0;
  const rows = summary.standings.map((s, rank) => {
    const games = logs.length
      ? el('button', { class: 'small linkish', title: `Show the games of ${s.name}`, onclick: (e) => { e.stopPropagation(); pick(s.entrant, true); } }, String(s.games))
      : String(s.games);
    const tr = el('tr', { 'data-entrant': String(s.entrant) },
      el('td', {}, String(rank + 1)),
      el('td', { class: 'wrap' }, el('strong', {}, s.name)),
      el('td', { class: 'num' }, games),
      el('td', { class: 'num' }, String(s.wins)),
      el('td', { class: 'num rate' }, pct(s.win_rate),
        el('span', { class: 'ci', title: '95% confidence interval (Wilson)' }, `${pct(s.ci95[0])}–${pct(s.ci95[1])}`)),
      el('td', { class: 'num elo' }, elo(s.elo)));
    if (logs.length) {
      tr.classList.add('pickable');
      tr.tabIndex = 0;
      tr.addEventListener('click', () => pick(s.entrant, true));
      tr.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); pick(s.entrant, true); } });
    }
    return tr;
  });
  const table = el('table', { 'data-testid': 'standings' },
    el('thead', {}, el('tr', {},
      el('th', { title: 'rank (best Elo first)' }, '#'), el('th', {}, 'strategy'), el('th', { class: 'num' }, 'games'),
      el('th', { class: 'num' }, 'wins'), el('th', { class: 'num', title: 'win rate and its 95% confidence interval' }, 'win rate'),
      el('th', { class: 'num' }, 'Elo'))),
    el('tbody', {}, ...rows));
  const done = summary.games_done === summary.games;
  const parts = [
    el('div', { class: 'standings-head' },
      el('strong', {}, done ? 'Standings' : 'Standings so far'),
      el('span', { class: 'muted' }, ` · ${summary.games_done} of ${summary.games} games · best Elo first`)),
    el('div', { class: 'standings' }, table),
  ];
  if (failures.length) parts.push(failureList(spec, failures, 'match game', fallback));
  const gamesBox = el('div', { class: 'strategy-games' });
  if (logs.length) parts.push(gamesBox);
  root.replaceChildren(...parts);
  if (logs.length) pick(chosen);

  /** Lists the games of entrant `who` (tournament index), marks its row; `asked`: the user picked it. */
  function pick(who, asked = false) {
    chosen = who;
    for (const tr of rows) tr.classList.toggle('chosen', tr.dataset.entrant === String(who));
    const label = spec.entrants[who].label;
    const mine = [];
    logs.forEach((log, i) => { if (log.first === who || log.second === who) mine.push([log, i]); });
    const trs = mine.map(([log, i]) => {
      const first = log.first === who;
      const other = spec.entrants[first ? log.second : log.first].label;
      const [own, theirs] = first ? log.totals : [log.totals[1], log.totals[0]];
      return el('tr', { class: log.winner === who ? 'won' : 'lost' },
        el('td', {}, String(i + 1)),
        el('td', { class: 'wrap' }, other, first ? el('span', { class: 'muted' }, ' · moved first') : null),
        el('td', { title: `${spec.entrants[log.winner].label} won` }, `${own} : ${theirs}`),
        el('td', {}, String(log.moves.length)),
        el('td', {}, el('button', { class: 'small', onclick: () => onView(log, i) }, 'View')));
    });
    const details = el('details', { class: 'games', open: asked || mine.length <= 60, 'data-testid': 'strategy-games' },
      el('summary', {}, `Games of ${label} (${mine.length})`,
        el('span', { class: 'muted' }, ` · scores are ${label} : opponent, green when ${label} won · a row of the table shows another strategy’s games`)),
      el('div', { class: 'table-wrap' }, el('table', {},
        el('thead', {}, el('tr', {},
          el('th', {}, '#'), el('th', {}, 'opponent'), el('th', {}, 'score'), el('th', {}, 'moves'), el('th', {}))),
        el('tbody', {}, ...trs))));
    gamesBox.replaceChildren(details);
    if (asked) details.scrollIntoView({ block: 'nearest' });
  }
}
