// Punter's referee in the sandbox worker: the engine (PunterMatch) plays the built-in bots,
// writes every official protocol message a JavaScript bot receives and applies its answers;
// the user's `punter(message)` runs in the user-code host through UserSession, timed here with
// the official limits (10 s for setup, 1 s per move; ten timeouts make a zombie).
import { UserSession } from '../user-code.js';
import { freeAfter } from '../engine.js';

const BACKSTOP_EXTRA_MS = 1000;
const LOAD_MS = 2000;
const PROGRESS_EVERY_MS = 150;

/**
 * { mapName, mapText, seats: ['js' | bot name, …], sources: { [seat]: source }, settings, seed }
 * → { summary, link, printed, problems: [{ seat, phase, message }] }
 */
export async function runPunter(engine, params, ctx) {
  const sessions = new Map();
  try {
    return await playGame(engine, params, ctx, sessions);
  } finally {
    sessions.forEach((s) => s.close());
  }
}

/**
 * Game `game` of an arena for a JavaScript bot (entrant 0) against `bots`: seats rotate from game
 * to game, every game has its own seed and a fresh start of the bot's code, so games can be
 * played in any order, on any worker.
 * → { seating: entrant per seat, scores, link, printed, problems: [{ game, seat, phase, message }] }
 */
export async function runPunterArenaGame(engine, { mapName, mapText, bots, source, game, settings, seed }, ctx) {
  const entrants = ['js', ...bots];
  const n = entrants.length;
  const seating = Array.from({ length: n }, (_, s) => (s + game) % n);
  const seats = seating.map((e) => entrants[e]);
  const r = await runPunter(engine, { mapName, mapText, seats, sources: { [seating.indexOf(0)]: source }, settings, seed: engine.punterGameSeed(seed, game) }, ctx);
  return { seating, scores: r.summary.scores, link: r.link, printed: r.printed, problems: r.problems.slice(0, 20).map((p) => ({ ...p, game: game + 1 })) };
}

async function playGame(engine, { mapName, mapText, seats, sources, settings, seed }, ctx, sessions) {
  const match = new engine.PunterMatch(mapName, mapText, seats, settings, seed);
  return freeAfter(match, () => play(match, { seats, sources }, ctx, sessions));
}

async function play(match, { seats, sources }, ctx, sessions) {
  const problems = [];
  let printed = '';
  const addPrinted = (p) => { if (p && printed.length < 20000) printed += p; };
  for (const [i, kind] of seats.entries()) {
    if (kind !== 'js') continue;
    const started = await UserSession.start({ game: 'punter', source: sources[i] ?? '', seed: match.seatSeed(i), loadMs: LOAD_MS });
    addPrinted(started.printed);
    if (started.error) throw new Error(`seat ${i + 1} does not load: ${started.error}`);
    sessions.set(i, started.session);
  }
  let lastReport = 0;
  for (;;) {
    if (ctx.cancelled) throw new Error('cancelled');
    const step = match.next(200);
    if (step.status === 'over') break;
    if (step.status === 'ask') {
      const session = sessions.get(step.seat);
      const r = await session.call('punter', JSON.parse(step.message), { limitMs: step.limitMs, backstopMs: step.limitMs + BACKSTOP_EXTRA_MS });
      addPrinted(r.printed);
      const timedOut = Boolean(r.timeout || r.slow);
      const text = r.error ? undefined : r.json ?? 'null';
      const reply = match.reply(step.seat, text, r.error ?? undefined, timedOut);
      if (reply.rejected && problems.length < 200) problems.push({ seat: step.seat, phase: step.phase, message: reply.rejected });
    }
    const now = performance.now();
    if (now - lastReport > PROGRESS_EVERY_MS) {
      lastReport = now;
      ctx.progress(match.summary());
      await new Promise((res) => setTimeout(res, 0)); // let a cancel message in
    }
  }
  return { summary: match.summary(), link: match.link(), printed, problems };
}
