// The sandbox worker: every game's referee runs here, off the main thread, and talks to the
// page through WorkerRpc (www/sandbox.js). User JavaScript never runs here: it runs in
// www/user-host.js, in a process of its own (www/user-frames.js), called through UserSession
// (www/user-code.js). A Play tab's game is a series run here too (`play-open`, `play-step`,
// `play-close`). A game's code and engine module load with the first request for that game.
import { loadEngine } from './engine.js';
import { serveRpc } from './worker-rpc.js';
import { acceptUserHosts } from './user-frames.js';

const pigSeats = () => import('./pig/seats.js');
const punterSeats = () => import('./punter/seats.js');
const labyrinthSeats = () => import('./labyrinth/seats.js');
const lifterRun = () => import('./lifter/user-run.js');
/**
 * Pig's engine module for these entrants. `pig-scheme` has everything (the Scheme interpreter,
 * programs' answers, debug marks, tournaments, re-runs): the lab tabs' module. `pig`, the start
 * page's, has the rules and Play: a Play game of people and built-ins only needs no more.
 */
const pigEngine = (entrants, play = false) =>
  loadEngine(play && entrants.every((e) => e.kind === 'human' || e.kind === 'builtin') ? 'pig' : 'pig-scheme');

// Games whose Play tab is a series run here (www/play-worker.js).
const PLAYS = {
  punter: async (params) => (await punterSeats()).openPlay(await loadEngine('punter'), params),
  pig: async (params) => (await pigSeats()).openPlay(await pigEngine(params.entrants, true), params),
  labyrinth: async (params) => (await labyrinthSeats()).openPlay(await loadEngine('labyrinth'), params),
  lifter: async (params) => (await lifterRun()).openPlay(await loadEngine('lifter'), params),
};
const playWorker = () => import('./play-worker.js');
// Games whose user code a replay can re-run on a seat's history (the inspector).
const RERUNS = {
  pig: async (params) => (await pigSeats()).rerun(await pigEngine([params]), params),
  labyrinth: async (params) => (await labyrinthSeats()).rerun(await loadEngine('labyrinth'), params),
  lifter: async (params) => (await lifterRun()).rerun(await loadEngine('lifter'), params),
  punter: async (params) => (await punterSeats()).rerun(await loadEngine('punter'), params),
};

// The page lends this worker its user-code frame (www/user-frames.js) before the first request.
acceptUserHosts();
serveRpc({
  /** A Pig match or the checker: { spec } → { summary, logs, failures }. */
  match: async (m, ctx) => (await pigSeats()).runMatch(await pigEngine(m.spec.entrants), m.spec, ctx),
  /** One pair of a Pig tournament, the same loop: { params: { spec, pair } } → { summary, logs, failures }. */
  'pig-pair': async (m, ctx) => (await pigSeats()).runMatch(await pigEngine(m.params.spec.entrants), m.params, ctx, 'pair'),
  /** One game of an A/B test's pair (www/pig/ab.js): a one-game match, { entrants, games, seed, target }. */
  'pig-ab-game': async (m, ctx) => (await pigSeats()).runMatch(await pigEngine(m.params.entrants), m.params, ctx),
  /** A user solver on a Lifter map (`next`: a one-seat series; `solve`: one route). */
  lifter: async (m, ctx) => (await lifterRun()).runLifter(await loadEngine('lifter'), m.params, ctx),
  /** The built-in Lifter solver as an A/B side: { text, units } → its search's result (once a map). */
  'lifter-solver': async (m, ctx) => (await import('./lifter/solver-search.js')).solveOnce(await loadEngine('lifter'), m.params, ctx),
  /** A Punter game with JavaScript bots speaking the official protocol among built-in bots. */
  punter: async (m, ctx) => (await punterSeats()).runPunter(await loadEngine('punter'), m.params, ctx),
  /** One game of a JavaScript bot's arena against built-in bots (seats rotate with the game). */
  'punter-arena-game': async (m, ctx) => (await punterSeats()).runPunterArenaGame(await loadEngine('punter'), m.params, ctx),
  /** One game of your Labyrinth strategy against the AIs (seats rotate with the game). */
  'labyrinth-game': async (m, ctx) => (await labyrinthSeats()).runLabyrinthGame(await loadEngine('labyrinth'), m.params, ctx),
  /** One game of a Labyrinth A/B test's pair: { bots, seed }. */
  'labyrinth-ab-game': async (m, ctx) => (await labyrinthSeats()).runLabyrinthAbGame(await loadEngine('labyrinth'), m.params, ctx),
  /**
   * An input read as the product reads it, off the main thread: { format, text, module } →
   * summary (or the message); `module`: the engine module that reads the format.
   */
  'check-input': async (m) => (await loadEngine(m.params.module)).checkInput(m.params.format, m.params.text),
  /**
   * A Play tab's game as a series in this worker (www/play-worker.js): { game, params } → its
   * id; `play-step` { id, answer, ms } → the moves made and the human asked; `play-close`.
   */
  'play-open': async (m) => {
    const open = PLAYS[m.game];
    if (!open) throw new Error(`no Play loop for ${m.game}`);
    return (await playWorker()).openPlay(await open(m.params));
  },
  'play-step': async (m, ctx) => (await playWorker()).stepPlay(m.params, ctx),
  'play-close': async (m) => (await playWorker()).closePlay(m.params),
  /**
   * A contest program on a seat of its own in this worker (www/program-run.js `runOnSeat`):
   * { program, seat: { args, seed, game }, runs } → each run's result.
   */
  'program-run': async (m) => (await import('./program-run.js')).runOnSeat(m.params),
  /** Re-run here: { game, source, seed, views } → the answer to the last view, after the earlier ones. */
  rerun: async (m) => {
    const rerunOf = RERUNS[m.params.game];
    if (!rerunOf) throw new Error(`no re-run for ${m.params.game}`);
    return rerunOf(m.params);
  },
});
