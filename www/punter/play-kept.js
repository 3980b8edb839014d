// The Punter game in progress, kept and played on: the Play series that plays its bots in the
// sandbox (opened from the game's link), and the kept game (www/kept.js), with the one-time
// upgrade of a version 1 entry (parameters and your moves) to a link.
import { sandbox } from '../sandbox.js';
import { keptGame, storage } from '../kept.js';
import { assetsFor, loadMap } from './maps.js';
import { labBot } from './strategies.js';

const V1 = 'arcade.punter.game.v1'; // before version 2: parameters and your moves

/**
 * The game `g` (seated `seats`) as a Play series in the sandbox, opened from its link at its end;
 * a "js" seat plays the bot of the Your bot tab (its code or its program).
 */
export const openLoop = async (engine, g, seats, game = 0) => {
  const link = g.link(g.length);
  const source = seats.includes('js') ? await labBot() : undefined;
  return sandbox.play('punter', { link, seats, assets: assetsFor(engine, link), source, game });
};

/**
 * The kept Punter game. A version 1 entry (parameters + your moves) becomes a link once, by
 * playing its game again as a Play series with your moves (the bots are deterministic): the
 * last time its bots are replayed.
 */
export const keptPunter = (engine) => keptGame('punter', {
  label: 'Punter',
  legacyKeys: [V1],
  async legacy() {
    const p = storage.json(V1);
    if (p?.v !== 1 || !Array.isArray(p.seats)) throw new Error('it is not a kept Punter game');
    const text = p.custom ? p.custom.text : await loadMap(engine, p.map);
    const g = new engine.PunterGame(p.map, text, p.seats, p.settings, p.futures, p.seed);
    try {
      const human = p.human ?? [];
      const loop = await openLoop(engine, g, p.seats);
      try {
        let answer = null;
        for (let k = 0; ;) {
          const r = await loop.step(answer);
          answer = null;
          r.moves.forEach((i) => g.playIndex(i));
          if (r.over || (r.ask && k >= human.length)) break;
          if (r.ask) { answer = g.play(human[k][0], human[k][1]); k += 1; }
        }
      } finally { loop.close(); }
      return { link: g.link(g.length), view: g.length, extra: { seats: p.seats } };
    } finally { g.free(); }
  },
});
