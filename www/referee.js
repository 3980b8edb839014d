// The page's one referee loop, for every game played as a series (a wasm handle around the
// engine's arena::Series: PigMatch, PunterSeries, LabyrinthSeries). The engine decides
// everything — seating, seeds, the turn cap, fallback moves, failures, results —; this loop only
// carries each question for an outside seat to that seat's sandbox session and its answer back,
// and lets a cancel in. A Play tab's game is the same loop stopped at every human seat
// (`Referee.run` with `humans`): the page answers it and the loop goes on.
const PROGRESS_EVERY_MS = 150;
const HEARTBEAT_MS = 1000;

/**
 * `open(step)` opens the seat that must answer `step` (an entrant of one game:
 * { decide(view, step) → { answer, error, printed, timeout, ms }, close() }; it may throw, which
 * ends the run with that error); `answer(handle, answer, printed, ms)` hands a valid answer to
 * the engine, `fail(handle, r)` a failed one (by default `handle.fail(error, timeout, printed,
 * ms)`). Seats are opened once per entrant and game, and closed when their game is over or the
 * referee is closed — or, with `acrossGames` (strategies that keep their state from game to
 * game, as in a Pig match), once per entrant for the whole series. `ctx.cancelled` stops it;
 * `progress(game)`, if given, hears which game is being played now and then.
 */
const failed = (handle, r) => handle.fail(r.error, Boolean(r.timeout), r.printed ?? '', r.ms ?? 0);

export class Referee {
  constructor(handle, { open, answer, fail = failed, progress, acrossGames = false }) {
    Object.assign(this, { handle, open, answer, fail, progress, acrossGames });
    this.seats = new Map(); // `${game}/${entrant}` or `${entrant}` → seat
    this.game = null;
    this.lastReport = 0;
  }

  /**
   * Plays until the series is over ('over'), or until an entrant of `humans` (a Set of entrant
   * numbers) is asked (the step, for the page to answer with the handle), or until `untilMs`
   * of `performance.now()` has passed with moves made ('running').
   */
  async run(ctx, { humans = null, untilMs = Infinity } = {}) {
    for (;;) {
      if (ctx.cancelled) throw new Error('cancelled');
      const step = this.handle.next(humans ? 1 : 200);
      if (step.status === 'over') return 'over';
      if (step.status === 'ask') {
        if (humans?.has(step.entrant)) return step;
        if (step.game !== this.game && !this.acrossGames) this.closeAll();
        this.game = step.game;
        const key = this.acrossGames ? `${step.entrant}` : `${step.game}/${step.entrant}`;
        if (!this.seats.has(key)) this.seats.set(key, await this.open(step));
        const r = await this.heartbeat(this.seats.get(key).decide(JSON.parse(step.view), step));
        if (r.error) this.fail(this.handle, r);
        else this.answer(this.handle, r.answer, r.printed ?? '', r.ms ?? 0);
      }
      const now = performance.now();
      if (now >= untilMs) return 'running';
      if (now - this.lastReport > PROGRESS_EVERY_MS) {
        this.lastReport = now;
        this.progress?.(this.game);
        await new Promise((res) => setTimeout(res, 0)); // let a cancel message in
      }
    }
  }

  /**
   * `decision`, with progress heard every second while it is pending: a seat that takes long
   * (a program's worker starting on a loaded machine, a 10 s Punter setup) is the seat's limits'
   * business, not the watchdog's — a worker that is really stuck sends nothing.
   */
  async heartbeat(decision) {
    const beat = setInterval(() => this.progress?.(this.game), HEARTBEAT_MS);
    try { return await decision; } finally { clearInterval(beat); }
  }

  closeAll() {
    this.seats.forEach((s) => s.close());
    this.seats.clear();
  }
}

/** Plays `handle` to its end (options as for `Referee`); its results. */
export async function playSeries(handle, options, ctx) {
  const referee = new Referee(handle, options);
  try {
    await referee.run(ctx);
    return handle.results?.();
  } finally {
    referee.closeAll();
  }
}
