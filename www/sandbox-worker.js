// The sandbox worker: every game's referee runs here, off the main thread, and talks to the
// page through WorkerRpc (www/sandbox.js). User JavaScript never runs here: it runs one level
// down in www/user-host.js, called through UserSession (www/user-code.js). Seats (`session`,
// `decide`, `stop`): a Pig strategy or a Labyrinth strategy playing one seat of a page's game.
import { loadEngine } from './engine.js';
import { serveRpc } from './worker-rpc.js';
import { openSeat, runMatch } from './pig/seats.js';
import { runLifter } from './lifter/user-run.js';
import { runPunter, runPunterArenaGame } from './punter/seats.js';
import { openSeat as openLabyrinthSeat, runLabyrinthGame } from './labyrinth/seats.js';

// Games whose seats a strategy can take one view at a time (the Play tabs).
const SEATS = { pig: openSeat, labyrinth: openLabyrinthSeat };
const seats = new Map();
let nextSeat = 1;

serveRpc({
  /** A Pig match or the checker: { spec } → { summary, logs, failures }. */
  match: async (m, ctx) => runMatch(await loadEngine(), m.spec, ctx),
  /** One pair of a Pig tournament, the same loop: { params: { spec, pair } } → { summary, logs, failures }. */
  'pig-pair': async (m, ctx) => runMatch(await loadEngine(), m.params, ctx, 'pair'),
  /** A user solver on a Lifter map. */
  lifter: async (m, ctx) => runLifter(await loadEngine(), m.params, ctx),
  /** A Punter game with JavaScript bots speaking the official protocol among built-in bots. */
  punter: async (m, ctx) => runPunter(await loadEngine(), m.params, ctx),
  /** One game of a JavaScript bot's arena against built-in bots (seats rotate with the game). */
  'punter-arena-game': async (m, ctx) => runPunterArenaGame(await loadEngine(), m.params, ctx),
  /** One game of your Labyrinth strategy against the AIs (seats rotate with the game). */
  'labyrinth-game': async (m, ctx) => runLabyrinthGame(await loadEngine(), m.params, ctx),
  /** An input read as the product reads it, off the main thread: { format, text } → summary (or the message). */
  'check-input': async (m) => (await loadEngine()).checkInput(m.params.format, m.params.text),
  /** A seat answering one view at a time: { game, entrant, seed, limits } → session id. */
  session: async (m) => {
    const open = SEATS[m.game];
    if (!open) throw new Error(`no seats for ${m.game}`);
    const seat = await open(await loadEngine(), m.entrant, m.seed, m.limits?.target ?? 100);
    const id = nextSeat++;
    seats.set(id, seat);
    return id;
  },
  /** { session, view } → { answer, error, printed } */
  decide: (m) => {
    const seat = seats.get(m.session);
    if (!seat) throw new Error('this strategy session has ended');
    return seat.decide(m.view);
  },
  stop: (m) => {
    seats.get(m.session)?.close();
    seats.delete(m.session);
  },
});
