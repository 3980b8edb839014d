// The inspector, shared by every game's replay: for the move shown, what the seat that decided
// it saw (the view or protocol message exactly as it was handed over), what it answered, what
// it printed during that decision and only then, how long it took, and whether the answer was
// refused (then the fallback played). Beside it, the time of every decision of the game, as a
// plot. "Re-run my current code here" (for a seat played by user code) starts the code now in
// the editor afresh, hands it the seat's own history up to that turn, and shows its answer,
// output and time beside the recorded ones, marking where they differ. It knows no rule: the
// decisions come from the engine's series and the views from the game's engine handle.
import { el } from './dom.js';
import { marksList } from './marks.js';

const MAX_TEXT = 20_000; // characters of a view or an output shown (the rest is cut, and says so)
const PLOT_HEIGHT = 70;

const cut = (s) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}\n… (${s.length - MAX_TEXT} more characters)` : s);
const ms = (x) => (x >= 100 ? `${Math.round(x)} ms` : `${x.toFixed(1)} ms`);

/** The decision that made the last move before position `t` (a turn of several moves included). */
export function decisionAt(decisions, t) {
  let found = null;
  for (const d of decisions) {
    if (d.move_index < t && d.counts) found = d;
    else if (d.move_index >= t) break;
  }
  return found;
}

/**
 * `who(d)`: the seat's name ("Red (your strategy)"); `viewOf(d)`: the text the seat was handed;
 * `canRerun(d)`: whether user code played it; `rerun(d)` → { answer, printed, ms, error };
 * `onSeek(t)`: the plot was clicked at a decision; `marksOf(d)`: the decision's debug marks
 * ({ marks, problems }, www/marks.js), listed under what it printed.
 */
export function createInspector({ testid, who, viewOf, canRerun = () => false, rerun, onSeek, marksOf }) {
  const head = el('div', { class: 'inspector-head', 'data-testid': `${testid}-head` });
  const saw = el('pre', { class: 'output inspector-view', 'data-testid': `${testid}-view` });
  const answered = el('div', { class: 'inspector-answer', 'data-testid': `${testid}-answer` });
  const printed = el('pre', { class: 'output inspector-printed', 'data-testid': `${testid}-printed` });
  const drew = el('div', { class: 'inspector-marks', 'data-testid': `${testid}-marks` });
  const rerunBtn = el('button', { class: 'small', 'data-testid': `${testid}-rerun`, hidden: true }, 'Re-run my current code here');
  const again = el('div', { class: 'inspector-rerun', 'data-testid': `${testid}-rerun-result`, hidden: true });
  const plot = el('canvas', { class: 'inspector-plot', 'data-testid': `${testid}-plot`, height: PLOT_HEIGHT, 'aria-label': 'Time of each decision' });
  const body = el('div', { class: 'inspector-body' },
    head, el('details', { class: 'inspector-saw' }, el('summary', {}, 'What it saw'), saw),
    answered, el('div', { class: 'muted' }, 'What it printed'), printed, drew, el('div', { class: 'row' }, rerunBtn), again);
  const empty = el('p', { class: 'muted', 'data-testid': `${testid}-empty` });
  const box = el('div', { class: 'inspector', 'data-testid': testid },
    el('h3', {}, 'Inspector'), empty, body, el('div', { class: 'muted' }, 'Time of each decision'), plot);
  let decisions = [];
  let current = null;
  let token = 0;

  function drawPlot() {
    const width = plot.clientWidth || 300;
    const ratio = window.devicePixelRatio || 1;
    plot.width = Math.round(width * ratio);
    plot.height = Math.round(PLOT_HEIGHT * ratio);
    const g = plot.getContext('2d');
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, width, PLOT_HEIGHT);
    const counted = decisions.filter((d) => d.counts);
    if (!counted.length) return;
    const top = Math.max(1, ...counted.map((d) => d.ms));
    const w = width / counted.length;
    counted.forEach((d, i) => {
      const h = Math.max(1, (d.ms / top) * (PLOT_HEIGHT - 14));
      g.fillStyle = d === current ? '#d9480f' : d.refused ? '#c92a2a' : '#4c6ef5';
      g.fillRect(i * w, PLOT_HEIGHT - h, Math.max(1, w - (w > 3 ? 1 : 0)), h);
    });
    g.fillStyle = '#555';
    g.font = '11px system-ui, sans-serif';
    g.fillText(`max ${ms(top)}`, 2, 11);
  }
  plot.addEventListener('click', (e) => {
    const counted = decisions.filter((d) => d.counts);
    if (!counted.length) return;
    const i = Math.min(counted.length - 1, Math.floor((e.offsetX / plot.clientWidth) * counted.length));
    onSeek?.(counted[i].move_index + 1);
  });

  rerunBtn.addEventListener('click', async () => {
    const d = current;
    if (!d) return;
    const my = ++token;
    rerunBtn.disabled = true;
    again.hidden = false;
    again.replaceChildren(el('span', { class: 'muted' }, 'Running your current code on this seat’s history…'));
    let r;
    try { r = await rerun(d); } catch (e) { r = { error: e.message ?? String(e), printed: '', ms: 0 }; }
    if (my !== token) return;
    rerunBtn.disabled = false;
    const same = (a, b) => el('span', { class: a === b ? 'same' : 'differs' }, a === b ? 'same' : 'differs');
    const answer = r.error ? `failed: ${r.error}` : r.answer;
    again.replaceChildren(
      el('strong', {}, 'Your current code here'),
      el('div', { 'data-testid': 'rerun-answer' }, 'Answered: ', el('code', {}, answer), ' ', same(answer, d.refused ? `failed: ${d.refused}` : d.answer)),
      el('div', {}, `Took ${ms(r.ms ?? 0)} (recorded: ${ms(d.ms)})`),
      el('div', {}, 'Printed ', same(r.printed ?? '', d.printed)),
      el('pre', { class: 'output', 'data-testid': 'rerun-printed' }, cut(r.printed || '(nothing)')));
  });

  /** Shows the decision behind position `t` of a game whose decisions are `list` (null: none recorded). */
  function set(list, t) {
    decisions = list ?? [];
    const d = list ? decisionAt(decisions, t) : null;
    if (d !== current) { token += 1; again.hidden = true; }
    current = d;
    body.hidden = !d;
    empty.hidden = Boolean(d);
    empty.textContent = !list ? 'Only games played here record their decisions (a link holds just the moves).'
      : decisions.length ? 'No decision yet at this position.' : 'No seat of this game was played by a bot or by code.';
    if (d) {
      head.replaceChildren(el('strong', {}, who(d)), ` · move ${d.move_index + 1} · took ${ms(d.ms)}`,
        ...(d.refused ? [el('span', { class: 'inspector-refused' }, d.timeout ? ' · too slow' : ' · refused')] : []));
      saw.textContent = cut(viewOf(d));
      answered.replaceChildren('Answered: ', el('code', {}, d.answer || '—'),
        ...(d.refused ? [el('div', { class: 'status error' }, `Refused: ${d.refused} — the fallback was played instead.`)] : []));
      printed.textContent = cut(d.printed || '(nothing)');
      const list = marksOf ? marksList(marksOf(d)) : null;
      drew.replaceChildren(...(list ? [list] : []));
      drew.hidden = !list;
      rerunBtn.hidden = !canRerun(d);
    }
    drawPlot();
  }
  return { box, set };
}
