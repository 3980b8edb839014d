// Shows a finished (or running) match: score line, failures, and the list of games, each of
// which opens in the replay viewer.
import { el } from '../dom.js';

export function pct(x) { return `${(100 * x).toFixed(1)}%`; }

/** Renders into `root`; `onView(log, index)` opens a game. */
export function renderResults(root, { spec, summary, logs = [], failures = [] }, onView) {
  const [a, b] = spec.entrants.map((e) => e.label);
  const [wa, wb] = summary.wins;
  const verdict = summary.games === 49 && spec.entrants[1].source === 'dummy'
    ? el('span', { class: summary.passed ? 'pass' : 'fail' }, summary.passed ? 'passed' : 'not passed')
    : null;
  const head = el('div', { class: 'result-head' },
    el('div', { class: 'big-score', 'data-testid': 'wins' }, `${wa} – ${wb}`),
    el('div', {},
      el('div', {}, el('strong', {}, a), ` won ${wa} of ${summary.games_done} games `, verdict),
      el('div', { class: 'muted' }, `win rate ${pct(summary.win_rate)} (95% CI ${pct(summary.ci95[0])}–${pct(summary.ci95[1])}) · challenge score `,
        el('strong', { 'data-testid': 'score' }, summary.score.toFixed(2)), ` · ${b} won ${wb}`)));
  const parts = [head];
  if (failures.length) {
    const shown = failures.slice(0, 5).map((f) => el('li', {},
      el('strong', {}, spec.entrants[f.entrant].label), ` — game ${f.game + 1}, move ${f.move_index + 1}: `,
      el('code', {}, f.message)));
    if (failures.length > 5) shown.push(el('li', { class: 'muted' }, `… and ${failures.length - 5} more`));
    parts.push(el('div', { class: 'failures', role: 'alert' },
      el('strong', {}, `${failures.length} failed decision${failures.length > 1 ? 's' : ''} (each counted as “hold”)`),
      el('ul', {}, ...shown)));
  }
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
