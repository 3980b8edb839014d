// What Play says about a Punter game so a newcomer can follow it: the moves so far (newest
// first), each punter's score taken apart at the end (per mine the sites reached and their
// distance², the futures won or lost), what a site is worth to you now, and the map in words
// for screen readers. Every figure comes from the engine (PunterGame.label, breakdown,
// siteWorth, lastTurns); nothing is counted here.
import { el } from '../dom.js';
import { colorOf } from './map-view.js';

const fmt = (n) => Number(n).toLocaleString('en-US');
const MOVES_SHOWN = 40;
const plural = (n, one, many = `${one}s`) => `${fmt(n)} ${n === 1 ? one : many}`;

/** The moves of the game so far, newest first (at most 40), in the engine's words. */
export function createMoveList() {
  const list = el('ol', { class: 'punter-moves', tabindex: '0', 'data-testid': 'punter-moves', 'aria-label': 'Moves, newest first' });
  const box = el('details', { class: 'punter-moves-box', open: true }, el('summary', {}, 'Moves'), list);
  let labels = []; // labels[i]: move i's label (the tape only grows in a game; a new game resets)
  let shown = -1;
  return {
    box,
    /** `game` at position `n`; `fresh`: a new game (the labels kept are dropped). */
    update(game, n, fresh = false) {
      if (fresh) { labels = []; shown = -1; }
      if (labels.length > n) labels.length = n;
      if (n === shown) return;
      for (let i = Math.max(labels.length, n - MOVES_SHOWN); i < n; i += 1) labels[i] = game.label(i);
      shown = n;
      const items = [];
      for (let i = n - 1; i >= Math.max(0, n - MOVES_SHOWN); i -= 1) items.push(el('li', { value: String(i + 1) }, labels[i] ?? ''));
      list.replaceChildren(...(items.length ? items : [el('li', { class: 'muted' }, 'No move yet.')]));
    },
  };
}

/** "Mine 3: 4 sites joined: 2 × 1² + 2 × 3² = 20" (the sites counted by distance). */
function mineLine(m) {
  if (!m.sites.length) return `Mine ${m.mine}: no site joined, 0`;
  const byDistance = new Map();
  for (const [, d] of m.sites) byDistance.set(d, (byDistance.get(d) ?? 0) + 1);
  const terms = [...byDistance].map(([d, n]) => `${n} × ${d}²`).join(' + ');
  return `Mine ${m.mine}: ${plural(m.sites.length, 'site')} joined: ${terms} = ${fmt(m.points)}`;
}

/**
 * Each punter's score taken apart (the engine's breakdown as `viewer` may see it): a line per
 * punter (rivers per mine + futures = total), opened for the detail of each mine and future.
 */
export function renderBreakdown(box, game, state, viewer) {
  const order = state.scores.map((_, p) => p).sort((a, b) => state.scores[b] - state.scores[a]);
  box.replaceChildren(el('h3', {}, 'How the scores were made'),
    el('p', { class: 'muted' }, 'A punter scores, for every mine, the square of the distance from the mine to each site its rivers join to that mine; a future won adds the cube of its distance, one lost takes it away.'),
    ...order.map((p) => {
      const b = game.breakdown(p, viewer);
      const rivers = b.mines.reduce((sum, m) => sum + m.points, 0);
      const futures = b.futures ? b.futures.reduce((sum, f) => sum + f.points, 0) : null;
      const swatch = el('span', { class: 'swatch' });
      swatch.style.background = colorOf(p);
      const sum = [`rivers ${fmt(rivers)}`, ...(b.futures?.length ? [`futures ${futures < 0 ? '−' : '+'}${fmt(Math.abs(futures))}`] : [])].join(' ');
      const scored = b.mines.filter((m) => m.points > 0);
      return el('details', { class: 'punter-breakdown-one', 'data-testid': `punter-breakdown-${p}` },
        el('summary', {}, swatch, ` ${state.names[p]}: ${fmt(b.total)} = ${sum} · ${plural(scored.length, 'mine')} of ${b.mines.length} reached`),
        el('ul', {}, ...b.mines.map((m) => el('li', {}, mineLine(m))),
          ...(b.futures ?? []).map((f) => el('li', { class: f.won ? 'ok' : 'no' },
            `Future mine ${f.mine} → site ${f.target} (distance ${f.distance}): ${f.won ? `won, +${fmt(f.points)}` : `lost, −${fmt(-f.points)}`}`)),
          ...(b.futures === null ? [el('li', { class: 'muted' }, 'Futures: hidden until the end.')] : [])));
    }));
}

/** What site `i` is worth to seat `you` now, in words (null when you do not play). */
export function worthNote(game, you, i) {
  if (you < 0) return null;
  const worth = game.siteWorth(you, i);
  if (!worth.length) return 'worth nothing to you: no mine can be reached from it';
  const now = worth.filter((w) => w.joined);
  const later = worth.filter((w) => !w.joined).sort((a, b) => b.distance - a.distance);
  const part = (ws) => ws.slice(0, 3).map((w) => `mine ${w.mine}: ${w.distance}² = ${w.distance ** 2}`).join(', ') + (ws.length > 3 ? ', …' : '');
  const total = now.reduce((s, w) => s + w.distance ** 2, 0);
  const bits = [now.length ? `worth ${fmt(total)} to you now (${part(now)})` : 'worth 0 to you now'];
  if (later.length) bits.push(`joined to ${later.length === 1 ? 'its mine' : 'a mine'} it would add ${part(later)}`);
  return bits.join(' · ');
}

/** The map in words: claims per punter, free rivers, scores, whose turn. */
export function describeMap(state, owners, mapName) {
  const counts = new Array(state.punters).fill(0);
  let free = 0;
  for (const o of owners) { if (o >= 0) counts[o] += 1; else free += 1; }
  const who = state.names.map((n, p) => `${n}: ${plural(counts[p], 'river')}, score ${fmt(state.scores[p])}`).join('; ');
  const turn = state.over ? 'The game is over.' : `Turn ${state.turn + 1} of ${fmt(state.turns)}, ${state.names[state.mover]} to move.`;
  return `Lambda Punter map ${mapName.replace(/\.json$/, '')}: ${plural(owners.length, 'river')}, ${fmt(free)} free. ${who}. ${turn}`;
}

/** The others' latest turns, for your turn's announcement: "strong claimed 3–4; greedy passed". */
export function othersLately(game, state, you) {
  const turns = game.lastTurns();
  const what = (t) => (t.kind === 'splurge' ? `splurge of ${plural(t.rivers.length, 'river')}` : game.label(t.at).split(' · ').at(-1));
  return turns.map((t, p) => (t && p !== you ? `${state.names[p]}: ${what(t)}` : null)).filter(Boolean).join('; ');
}
