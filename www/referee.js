// The page's one referee loop, for every game played as a series (a wasm handle around the
// engine's arena::Series: LabyrinthSeries, …). The engine decides everything — seating, seeds,
// the turn cap, fallback moves, failures, results —; this loop only carries each question for
// an outside seat to that seat's sandbox session and its answer back, and lets a cancel in.
const PROGRESS_EVERY_MS = 150;

/**
 * Plays `handle` to its end. `open(step)` opens the seat that must answer `step` (an entrant
 * of one game: { decide(view, step) → { answer, error, printed, timeout }, close() }; it may
 * throw, which ends the series with that error); `answer(handle, answer, printed)` hands a
 * valid answer to the engine, `fail(handle, r)` a failed one (by default
 * `handle.fail(error, timeout, printed)`). Seats are opened once per entrant and game, and closed when their game
 * is over or the series ends — or, with `acrossGames` (strategies that keep their state from
 * game to game, as in a Pig match), once per entrant for the whole series. `ctx.cancelled`
 * stops it; `progress(game)`, if given, hears which game is being played now and then.
 */
const failed = (handle, r) => handle.fail(r.error, Boolean(r.timeout), r.printed ?? '');

export async function playSeries(handle, { open, answer, fail = failed, progress, acrossGames = false }, ctx) {
  const seats = new Map(); // `${game}/${entrant}` → seat
  let game = null;
  let lastReport = 0;
  const closeAll = () => { seats.forEach((s) => s.close()); seats.clear(); };
  try {
    for (;;) {
      if (ctx.cancelled) throw new Error('cancelled');
      const step = handle.next(200);
      if (step.status === 'over') break;
      if (step.status === 'ask') {
        if (step.game !== game && !acrossGames) closeAll();
        game = step.game;
        const key = acrossGames ? `${step.entrant}` : `${step.game}/${step.entrant}`;
        if (!seats.has(key)) seats.set(key, await open(step));
        const r = await seats.get(key).decide(JSON.parse(step.view), step);
        if (r.error) fail(handle, r);
        else answer(handle, r.answer, r.printed ?? '');
      }
      const now = performance.now();
      if (now - lastReport > PROGRESS_EVERY_MS) {
        lastReport = now;
        progress?.(game);
        await new Promise((res) => setTimeout(res, 0)); // let a cancel message in
      }
    }
    return handle.results?.();
  } finally {
    closeAll();
  }
}
