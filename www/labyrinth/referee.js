// Labyrinth's referee in the sandbox worker: the engine plays the built-in AIs and applies the
// user's turns; the user's `turn(view)` runs in the user-code host through UserSession, timed
// here. A turn that fails (throws, is too slow, is not allowed) is played by the greedy AI.
import { UserSession } from '../user-code.js';

const LOAD_MS = 2000;
const TURN_MS = 500;
const BACKSTOP_EXTRA_MS = 1000;
const MAX_TURNS = 400;

/**
 * { source, games, levels: [AI level per opponent], seed, ravensburger }
 * → { results: [{ seating, winner, turns, link }], wins: [yours, theirs], draws, problems, printed }
 * Your strategy sits in every seat in turn (seats rotate from game to game).
 */
export async function runLabyrinth(engine, { source, games, levels, seed, ravensburger }, ctx) {
  const colours = ['yellow', 'red', 'blue', 'green'];
  const n = levels.length + 1;
  const results = [];
  const problems = [];
  let printed = '';
  const wins = [0, 0];
  let draws = 0;
  for (let g = 0; g < games; g += 1) {
    const mine = g % n;
    const seatLevels = Array.from({ length: n }, (_, s) => (s === mine ? 'js' : levels[(s - (s > mine ? 1 : 0)) % levels.length]));
    const game = new engine.LabyrinthGame(seatLevels.map((l, s) => `${colours[s]}:ai`), Boolean(ravensburger), engine.seatSeed(seed, g));
    const started = await UserSession.start({ game: 'labyrinth', source, seed: engine.seatSeed(seed, 100 + g), loadMs: LOAD_MS });
    if (printed.length < 20000) printed += started.printed;
    if (started.error) { game.free(); throw new Error(`your strategy does not load: ${started.error}`); }
    const { session } = started;
    try {
      for (;;) {
        if (ctx.cancelled) throw new Error('cancelled');
        const s = game.state();
        if (s.winner !== null || s.turns >= MAX_TURNS) break;
        if (s.toMove !== mine) {
          game.aiMove(seatLevels[s.toMove]);
          continue;
        }
        const r = await session.call('turn', game.view(mine), { limitMs: TURN_MS, backstopMs: TURN_MS + BACKSTOP_EXTRA_MS });
        if (printed.length < 20000) printed += r.printed;
        let problem = r.error;
        if (!problem) {
          try {
            const { insertion, rotation, row, column } = r.answer;
            game.playTurn(insertion, rotation, row, column);
          } catch (e) {
            problem = e.message;
          }
        }
        if (problem) {
          if (problems.length < 200) problems.push({ game: g + 1, turn: s.turns + 1, message: problem });
          game.aiMove('greedy');
          game.aiMove('greedy');
        }
      }
      const s = game.state();
      if (s.winner === null) draws += 1; else wins[s.winner === mine ? 0 : 1] += 1;
      results.push({ seat: mine, winner: s.winner === null ? null : s.players[s.winner].color, turns: s.turns, link: game.link(game.length) });
    } finally {
      session.close();
      game.free();
    }
    ctx.progress({ games: g + 1, of: games });
    await new Promise((res) => setTimeout(res, 0));
  }
  return { results, wins, draws, problems, printed };
}
