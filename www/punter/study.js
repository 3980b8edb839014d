// The replay's study tools for Punter: the inspector (for a game played here: what the punter
// behind each move was sent — the official protocol message, a JavaScript bot's own state
// included —, what it answered, printed and took; and "Re-run my current code here" for a
// JavaScript bot's turn, which hands the code now in the Your bot tab the seat's recorded
// messages, setup first) and "Continue from here" (the position in Play, each seat played by
// you, a built-in bot or your bot). Messages come from the engine: a JavaScript bot's as the
// series kept them (`PunterSeries.exchanges`), a built-in bot's written again from the position
// (`PunterGame.moveRequest`).
import { el } from '../dom.js';
import { createInspector, decisionAt } from '../inspector.js';
import { marksOf, marksShown } from '../marks.js';
import { sandbox } from '../sandbox.js';
import { labBot } from './strategies.js';

/**
 * `game()`: the PunterGame shown; `at()`: the position shown; `seek(t)`: show position t;
 * `ctx.continueFrom(link, seats)`: the position in Play. → { inspectorBox, forkBox, set(t),
 * watch(recorded) }: `recorded` = { seats: per seat 'js' | 'human' | a bot's name, decisions,
 * exchanges: { list, cut }, game: its number in its series } for a game played here, else null.
 */
export function createStudy({ ctx, game, at, seek }) {
  let recorded = null;
  let asked = new Map(); // `${seat}/${move_index}` → the move request a JavaScript bot was sent then
  const seatOf = (d) => recorded?.seats?.[d.seat];
  /** The exchange of decision `d` (a JavaScript bot's), if kept. */
  const exchangeOf = (d) => asked.get(`${d.seat}/${d.move_index}`);
  const inspector = createInspector({
    testid: 'punter-inspector',
    who: (d) => {
      const name = game().state().names[d.seat];
      const kind = seatOf(d);
      if (kind === 'js') return name === 'your bot' ? name : `${name} (your bot)`;
      return kind && kind !== name && kind !== 'human' ? `${name} (${kind})` : name;
    },
    viewOf: (d) => exchangeOf(d)?.message ?? game().moveRequest(d.seat, d.move_index),
    canRerun: (d) => seatOf(d) === 'js' && !recorded.exchanges.cut,
    rerun: (d) => rerunAt(d),
    onSeek: (t) => seek(t),
    marksOf: (d) => marksOf(game(), d),
  });

  /** The code now in the Your bot tab, on the seat's recorded messages up to `d`. */
  async function rerunAt(d) {
    const messages = recorded.exchanges.list
      .filter((e) => e.seat === d.seat && e.phase === 'move' && e.move_index <= d.move_index)
      .map((e) => e.message);
    const views = [game().setupMessage(d.seat), ...messages];
    return sandbox.rerun('punter', await labBot(), d.seed, views);
  }

  // Continue from here: the position in Play, each seat played as chosen (at most one is you).
  const picks = [];
  const forkSeats = el('div', { class: 'punter-fork-seats', 'data-testid': 'punter-fork-seats', hidden: true });
  const forkBtn = el('button', { class: 'primary', 'data-testid': 'punter-continue' }, 'Continue from here');
  const startBtn = el('button', { class: 'primary', 'data-testid': 'punter-fork-start' }, 'Play from this position');
  const choices = () => [['human', 'You'], ...ctx.bots.map((b) => [b.name, b.name]), ['js', 'Your bot (the Your bot tab’s code or program)']];
  function renderSeats() {
    const s = game().state();
    picks.length = 0;
    const rows = s.names.map((name, i) => {
      const played = recorded?.seats?.[i];
      const initial = played && played !== 'log' ? played : i === 0 ? 'human' : 'strong';
      const select = el('select', { 'aria-label': `Seat ${i + 1}`, 'data-testid': `punter-fork-seat-${i}` },
        ...choices().map(([v, t]) => el('option', { value: v, selected: v === initial }, t)));
      select.addEventListener('change', () => {
        if (select.value === 'human') picks.forEach((p) => { if (p !== select && p.value === 'human') p.value = 'strong'; });
      });
      picks.push(select);
      return el('label', { class: 'punter-fork-seat' }, `${i + 1}. ${name}`, select);
    });
    forkSeats.replaceChildren(el('div', { class: 'muted' }, `Turn ${Math.min(s.turn + 1, s.turns)}: who plays each seat from here?`), ...rows, el('div', { class: 'row' }, startBtn));
  }
  forkBtn.addEventListener('click', () => {
    forkSeats.hidden = !forkSeats.hidden;
    if (!forkSeats.hidden) renderSeats();
  });
  startBtn.addEventListener('click', () => {
    const g = game();
    forkSeats.hidden = true;
    ctx.continueFrom(g.link(at()), picks.map((p) => p.value), recorded?.game ?? 0);
  });

  return {
    inspectorBox: inspector.box,
    forkBox: el('div', {}, el('div', { class: 'row' }, forkBtn), forkSeats),
    /** The debug marks of the decision behind position `t` (none when switched off). */
    marksAt(t) {
      const d = recorded?.decisions && marksShown() ? decisionAt(recorded.decisions, t) : null;
      return marksOf(game(), d).marks;
    },
    /** Whether the game shown has recorded decisions (so marks). */
    get recorded() { return Boolean(recorded?.decisions); },
    /** The position shown changed. */
    set(t) {
      inspector.set(recorded?.decisions ?? null, t);
      if (!forkSeats.hidden) renderSeats();
      forkBtn.disabled = game().state().over;
      forkBtn.title = forkBtn.disabled ? 'The game is over here: step back to a position before its end' : '';
    },
    /** A new game shown: its recording (null for a link or a log). */
    watch(r) {
      // A JavaScript bot's answer is shown as it sent it (its reply, state and all).
      asked = new Map((r?.exchanges?.list ?? []).filter((e) => e.phase === 'move' && !e.witness).map((e) => [`${e.seat}/${e.move_index}`, e]));
      recorded = r && { ...r, decisions: r.decisions?.map((d) => ({ ...d, answer: exchangeOf(d)?.reply ?? d.answer })) };
      forkSeats.hidden = true;
    },
  };
}
