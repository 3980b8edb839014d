// A Pig tournament in the page: every pair's match is a job of its own for the worker pool
// (www/pool.js), so the pairs play on every core; the engine puts the pairs' results together
// (`PigTournament.fromPairs`), the same tournament whichever worker played which pair.
import { poolSize, runPool } from '../pool.js';

const STANDINGS_EVERY_MS = 500;

/** The engine's summary (standings) of a tournament from its pairs' results (null: not yet). */
function summaryOf(engine, spec, results) {
  const t = engine.PigTournament.fromPairs(spec, results);
  try {
    return t.summary();
  } finally {
    t.free();
  }
}

/**
 * Plays the tournament `spec`. `onProgress({ games_done, games, workers })` as games finish;
 * `onStandings(summary)` as pairs finish (the standings of the pairs done so far, at most twice a
 * second).
 * Resolves to { summary, logs, failures, workers }; rejects with an Error naming the reason.
 */
export async function runTournament(engine, spec, { signal, onProgress = () => {}, onStandings = () => {} } = {}) {
  const pairs = engine.pigTournamentPairs(spec);
  const results = pairs.map(() => null);
  const done = pairs.map(() => 0);
  const games = pairs.length * spec.games;
  const workers = poolSize(pairs.length);
  let shown = -Infinity;
  const report = () => onProgress({ games_done: done.reduce((a, b) => a + b, 0), games, workers });
  await runPool(pairs.map((_, pair) => ({ type: 'pig-pair', params: { spec, pair } })), {
    signal,
    onProgress: (k, s) => { done[k] = s.games_done; report(); },
    onResult: (k, r) => {
      results[k] = { logs: r.logs, failures: r.failures };
      done[k] = spec.games;
      report();
      // The standings so far, at most every STANDINGS_EVERY_MS (each is made from every game in);
      // the last pair's are the final ones, made below.
      const now = performance.now();
      if (results.includes(null) && now - shown >= STANDINGS_EVERY_MS) {
        shown = now;
        onStandings(summaryOf(engine, spec, results));
      }
    },
  });
  const t = engine.PigTournament.fromPairs(spec, results);
  try {
    return { summary: t.summary(), logs: t.logs(), failures: t.failures(), workers };
  } finally {
    t.free();
  }
}
