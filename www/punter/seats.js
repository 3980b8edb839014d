// Punter's side of the sandbox worker: a game of the engine's series (PunterSeries) through the
// page's one referee loop (www/referee.js). The engine seats everyone, plays the built-in bots,
// writes every official protocol message a JavaScript bot receives and reads its answers; the
// user's `punter(message)` runs in the user-code host through UserSession, timed here with the
// official limits the engine gives (10 s for setup, 1 s per move; ten timeouts make a zombie).
import { UserSession } from '../user-code.js';
import { playSeries } from '../referee.js';
import { freeAfter } from '../engine.js';

const BACKSTOP_EXTRA_MS = 1000;
const LOAD_MS = 2000;
const PRINTED_MAX = 20000;

/**
 * One game of `entrants` (per entrant 'js' or a bot name; entrant e sits in seat (e − game)
 * mod n), the JavaScript entrants' code in `sources` (by entrant):
 * → { seating, summary, link, printed, problems: [{ seat, phase, message, turn }] } (`turn`: the
 * engine's turn of an answer played as a pass).
 */
async function playGame(engine, { mapName, mapText, entrants, names, sources, settings, seed, game }, ctx) {
  const handle = new engine.PunterSeries(mapName, mapText, entrants, names, settings, seed, game);
  let printed = '';
  const keep = (p) => { if (p && printed.length < PRINTED_MAX) printed += p; };
  return freeAfter(handle, async () => {
    const open = async (step) => {
      const started = await UserSession.start({ game: 'punter', source: sources[step.entrant] ?? '', seed: step.seed, loadMs: LOAD_MS });
      keep(started.printed);
      if (started.error) throw new Error(`seat ${step.seat + 1} does not load: ${started.error}`);
      const { session } = started;
      return {
        async decide(message, { limitMs }) {
          const r = await session.call('punter', message, { limitMs, backstopMs: limitMs + BACKSTOP_EXTRA_MS });
          keep(r.printed);
          // The answer as the host sent it (JSON text, its size checked before it was parsed).
          return { answer: r.json ?? 'null', error: r.error, timeout: Boolean(r.timeout || r.slow), stopped: Boolean(r.timeout) };
        },
        close() { session.close(); },
      };
    };
    const answer = (h, json) => h.answer(json, '');
    const fail = (h, r) => h.fail(r.error, r.timeout, r.stopped, '');
    const progress = () => ctx.progress(handle.summary());
    await playSeries(handle, { open, answer, fail, progress }, ctx);
    return { seating: Array.from(handle.seating()), summary: handle.summary(), link: handle.link(), printed, problems: handle.remarks() };
  });
}

/**
 * A single game: { mapName, mapText, seats: ['js' | bot name, …], sources: { [seat]: source },
 * settings, seed } → { summary, link, printed, problems }. Seat i is entrant i (game 0).
 */
export async function runPunter(engine, { mapName, mapText, seats, sources, settings, seed }, ctx) {
  const names = seats.map((s) => (s === 'js' ? 'your bot' : s));
  return playGame(engine, { mapName, mapText, entrants: seats, names, sources, settings, seed, game: 0 }, ctx);
}

/**
 * Game `game` of an arena for a JavaScript bot (entrant 0) against `bots`: the engine rotates
 * the seats from game to game and seeds every game; each game starts the bot's code afresh, so
 * games can be played in any order, on any worker.
 * → { seating: entrant per seat, scores, link, printed, failed (the bot's answers played as a pass,
 * `fallback`, the engine's name for it), problems: [{ game, seat, phase, message, turn }] }
 */
export async function runPunterArenaGame(engine, { mapName, mapText, bots, source, game, settings, seed }, ctx) {
  const r = await playGame(engine, { mapName, mapText, entrants: ['js', ...bots], names: ['your bot', ...bots], sources: { 0: source }, settings, seed, game }, ctx);
  const seat = r.seating.indexOf(0);
  return {
    seating: r.seating, scores: r.summary.scores, link: r.link, printed: r.printed,
    failed: r.summary.rejected[seat] + r.summary.timeouts[seat], fallback: r.summary.fallback,
    problems: r.problems.slice(0, 20).map((p) => ({ ...p, game: game + 1 })),
  };
}

/**
 * A Play tab's game as a one-game series from `link`'s position (www/play-worker.js):
 * `seats[i]` plays seat i — "human" (answered by the page, with a move's index) or a built-in
 * bot, seated, seeded and bidding its futures as in an arena; `assets` hands in the bundled map
 * the link names. → { handle, humans, open, answer }.
 */
export function openPlay(engine, { link, seats, assets }) {
  const handle = engine.PunterPlay.fromLink(link, seats, assets);
  const humans = new Set(seats.flatMap((e, i) => (e === 'human' ? [i] : [])));
  const open = () => { throw new Error('only built-in bots and humans play here'); };
  return { handle, humans, open, answer: () => {} };
}
