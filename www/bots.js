// Your bots (issue 30 contract): each game's list of named bots, kept in this browser through
// www/kept.js `storage`. A bot: { id, name, language: 'js' | 'scheme' | 'program',
//   code: { js?, scheme? } (each language's code kept when the language switches),
//   program?: { name, bytes (base64), args, example } , modified (ms since 1970) }.
import { storage } from './kept.js';

const key = (game) => `arcade.bots.v1.${game}`;

function read(game) {
  try {
    const v = storage.json(key(game));
    return v && Array.isArray(v.bots) ? v : { bots: [], selected: null };
  } catch {
    return { bots: [], selected: null };
  }
}
const write = (game, v) => storage.setJson(key(game), v);
const freshId = () => Math.random().toString(36).slice(2, 10);

/** A name not yet in the list: `name`, else `name (2)`, `name (3)`, … */
export function freeName(game, name) {
  const taken = new Set(read(game).bots.map((b) => b.name));
  if (!taken.has(name)) return name;
  for (let n = 2; ; n += 1) if (!taken.has(`${name} (${n})`)) return `${name} (${n})`;
}

export const bots = {
  list(game) { return read(game).bots; },
  get(game, id) { return read(game).bots.find((b) => b.id === id) ?? null; },
  selected(game) { const v = read(game); return v.bots.find((b) => b.id === v.selected) ?? v.bots[0] ?? null; },
  select(game, id) { const v = read(game); v.selected = id; write(game, v); },
  /** Adds a bot under a free name; → the bot. */
  create(game, { name, language, code = {}, program = null }) {
    const v = read(game);
    const bot = { id: freshId(), name: freeName(game, name), language, code, program, modified: Date.now() };
    v.bots.push(bot);
    write(game, v);
    return bot;
  },
  update(game, id, patch) {
    const v = read(game);
    const b = v.bots.find((x) => x.id === id);
    if (!b) return null;
    Object.assign(b, patch, { modified: Date.now() });
    write(game, v);
    return b;
  },
  remove(game, id) {
    const v = read(game);
    v.bots = v.bots.filter((b) => b.id !== id);
    if (v.selected === id) v.selected = v.bots[0]?.id ?? null;
    write(game, v);
  },
};
