// The bundled example routes: per official map the best route the built-in solver found
// (maps/lifter/best-routes.tsv, scored by the engine), each a link that opens its replay.
import { el } from '../dom.js';

/** A panel listing `official` maps ({ name, text, bestKnown, bestRoute, bestRouteScore }) that have a route. */
export function bestRoutesBox(engine, official) {
  const items = official.filter((m) => m.bestRoute != null).map((m) => {
    let fragment = '';
    try { fragment = engine.lifterGameLink(m.name, m.text, m.bestRoute, m.bestRoute.length); } catch { return null; }
    return el('li', { 'data-testid': `lifter-example-${m.name}` },
      el('a', { href: `#${fragment}`, title: `Watch the route on ${m.name}` }, m.name), ' ',
      el('span', { class: 'muted' }, `Best known: ${m.bestKnown ?? '–'}; ours: ${m.bestRouteScore}`,
        ...(m.bestKnown != null && m.bestRouteScore > m.bestKnown ? [el('strong', { class: 'lifter-example-beats', title: 'New best: above the best known score' }, ' ★')] : [])));
  }).filter(Boolean);
  return el('details', { class: 'lifter-examples', 'data-testid': 'lifter-best-routes' },
    el('summary', {}, 'Example routes: the solver’s best per map'),
    el('p', { class: 'muted' }, 'The best route the built-in solver found on each official map, next to the best score known from the contest (★: ours is higher).'),
    el('ul', { class: 'lifter-example-list' }, ...items));
}
