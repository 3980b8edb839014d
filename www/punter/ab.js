// Punter's side of the A/B panel (www/ab.js): two punters, A and B — the Your bot tab's code,
// your bots (www/bots.js: code or programs) or a built-in bot — on the maps chosen, with the
// extensions chosen (futures, splurges, options: the run's settings, as the lab's games take
// them); pair k plays map k (round and round) twice from the pair's seed, A in seat 0 then B
// (the sandbox worker's 'punter' game, a PunterSeries). The higher score wins a game; equal
// scores draw.
import { el } from '../dom.js';
import { abSlot, mapPicker, programSides } from '../ab.js';
import { bots } from '../bots.js';
import { labCode } from './strategies.js';
import { loadMap } from './maps.js';

const FIRST_MAPS = ['sample.json', 'circle.json', 'lambda.json'];
const EXTENSIONS = ['futures', 'splurges', 'options'];
const slot = abSlot();
const programs = programSides('punter');

function choices(engine) {
  const list = [{ id: 'lab', label: 'Your bot tab’s code', bot: { label: 'lab code', language: 'js', code: labCode() } }];
  for (const b of bots.list('punter')) {
    const code = b.code?.js;
    if (b.language === 'program') list.push({ id: `bot:${b.id}`, label: `${b.name} (program)`, bot: { label: b.name.slice(0, 60), language: 'program', code: b.id } });
    else if (b.language === 'js' && typeof code === 'string') list.push({ id: `bot:${b.id}`, label: b.name, bot: { label: b.name.slice(0, 60), language: 'js', code } });
  }
  for (const b of engine.punterBots()) list.push({ id: `builtin:${b.name}`, label: `${b.name} — ${b.description}`, bot: { label: b.name, language: 'builtin', code: b.name } });
  return list;
}

/** Mounts the panel under the Your bot tab (`root`). */
export function mount(root, ctx) {
  const { engine } = ctx;
  const texts = new Map();
  const all = engine.punterMaps();
  const boxes = EXTENSIONS.map((name) => el('input', { type: 'checkbox', 'data-testid': `ab-${name}` }));
  slot.mount(root, {
    engine,
    adapter: {
      game: 'punter',
      kind: 'punter-ab',
      choices: () => choices(engine),
      maps: mapPicker(all, FIRST_MAPS.filter((m) => all.includes(m)), (n) => n.replace(/\.json$/, '')),
      options: el('span', { class: 'row' }, ...boxes.map((b, i) => el('label', { class: 'inline' }, b, ` ${EXTENSIONS[i]}`))),
      settings: () => Object.fromEntries(EXTENSIONS.map((name, i) => [name, boxes[i].checked])),
      async prepare(run) {
        await Promise.all(run.maps.map(async (m) => { texts.set(m, await loadMap(engine, m)); }));
        await programs.prepare(run);
      },
      jobs(run, k) {
        const seed = engine.abPairSeed(run.seed, k);
        const mapName = run.maps[k % run.maps.length];
        const settings = JSON.parse(run.settings || '{}');
        const [a, b] = run.bots;
        return [[a, b], [b, a]].map((seated) => ({
          type: 'punter',
          params: {
            mapName, mapText: texts.get(mapName), settings, seed,
            seats: seated.map((x) => (x.language === 'builtin' ? x.code : 'js')),
            sources: Object.fromEntries(seated.flatMap((x, i) => (x.language === 'builtin' ? [] : [[i, programs.source(x)]]))),
            name: 'a bot',
          },
        }));
      },
      // B sits in seat 1 of the first game and seat 0 of the second.
      scores(run, k, [first, second]) {
        const score = (s, b) => Math.sign(s[b] - s[1 - b]) / 2 + 0.5;
        const failed = (r, seat) => r.summary.rejected[seat] + r.summary.timeouts[seat];
        return {
          b: [score(first.summary.scores, 1), score(second.summary.scores, 0)],
          map: run.maps[k % run.maps.length].replace(/\.json$/, ''),
          failed: failed(first, 0) + failed(first, 1) + failed(second, 0) + failed(second, 1),
        };
      },
      entrantOf: (b) => ({ label: b.label, kind: b.language, source: b.code }),
    },
  });
}

/** Opens a `punter-ab` link's run in the panel (once the Your bot tab has mounted it). */
export const openLink = (data) => slot.open(data);
