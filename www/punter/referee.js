// Punter's referee in the sandbox worker: the engine (PunterMatch) plays the built-in bots,
// writes every official protocol message a JavaScript bot receives and applies its answers;
// the user's `punter(message)` runs in the user-code host through UserSession, timed here with
// the official limits (10 s for setup, 1 s per move; ten timeouts make a zombie).
import { UserSession } from '../user-code.js';

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
 * An arena for a JavaScript bot: `games` games against `bots`, seats rotating (the bot is
 * entrant 0), every game its own seed and a fresh start of the bot's code.
 * → { standings: per entrant (engine's), games: [{ seating, scores, link }], printed, problems }
 */
export async function runPunterArena(engine, { mapName, mapText, bots, source, games, settings, seed }, ctx) {
  const entrants = ['js', ...bots];
  const n = entrants.length;
  const played = [];
  const seating = [];
  const scores = [];
  let printed = '';
  const problems = [];
  for (let g = 0; g < games; g += 1) {
    const who = Array.from({ length: n }, (_, s) => (s + g) % n);
    const seats = who.map((e) => entrants[e]);
    const jsSeat = who.indexOf(0);
    const sessions = new Map();
    try {
      const r = await playGame(engine, { mapName, mapText, seats, sources: { [jsSeat]: source }, settings, seed: engine.punterGameSeed(seed, g) },
        { cancelled: false, progress: () => {}, get stop() { return ctx.cancelled; } }, sessions);
      if (printed.length < 20000) printed += r.printed;
      problems.push(...r.problems.slice(0, 20).map((p) => ({ ...p, game: g + 1 })));
      played.push({ seating: who, scores: r.summary.scores, link: r.link });
      seating.push(...who);
      scores.push(...r.summary.scores);
    } finally {
      sessions.forEach((s) => s.close());
    }
    if (ctx.cancelled) throw new Error('cancelled');
    ctx.progress({ games: g + 1, of: games });
    await new Promise((res) => setTimeout(res, 0)); // let a cancel message in
  }
  const standings = engine.punterStandings(n, n, Uint32Array.from(seating), Float64Array.from(scores));
  return { standings, games: played, printed, problems: problems.slice(0, 200) };
}

async function playGame(engine, { mapName, mapText, seats, sources, settings, seed }, ctx, sessions) {
  const match = new engine.PunterMatch(mapName, mapText, seats, settings, seed);
  const problems = [];
  let printed = '';
  const addPrinted = (p) => { if (p && printed.length < 20000) printed += p; };
  try {
    for (const [i, kind] of seats.entries()) {
      if (kind !== 'js') continue;
      const started = await UserSession.start({ game: 'punter', source: sources[i] ?? '', seed: match.seatSeed(i), loadMs: LOAD_MS });
      addPrinted(started.printed);
      if (started.error) throw new Error(`seat ${i + 1} does not load: ${started.error}`);
      sessions.set(i, started.session);
    }
    let lastReport = 0;
    for (;;) {
      if (ctx.cancelled || ctx.stop) throw new Error('cancelled');
      const step = match.next(200);
      if (step.status === 'over') break;
      if (step.status === 'ask') {
        const session = sessions.get(step.seat);
        const r = await session.call('punter', JSON.parse(step.message), { limitMs: step.limitMs, backstopMs: step.limitMs + BACKSTOP_EXTRA_MS });
        addPrinted(r.printed);
        const timedOut = Boolean(r.timeout || r.slow);
        const text = r.error ? undefined : JSON.stringify(r.answer ?? null);
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
  } finally {
    match.free();
  }
}
