// A Play tab's game series in the sandbox worker, from the page's side (www/play-worker.js is
// the worker's): opened the first time the series must move, from the game's link at that point;
// the human's moves played on the page since it opened queue here and go to it one per step.
export class PlayLoop {
  /** `open()` → the series (`sandbox.play(…)` or the like), called when it is first needed. */
  constructor(open) {
    this.open = open;
    this.opening = null;
    this.answers = []; // human moves (indices) not yet handed to the series
  }

  /** Whether the series is open (a human's move before that is in the link it opens from). */
  get started() { return this.opening !== null; }

  /** Human moves not yet handed to the series. */
  get pending() { return this.answers.length; }

  /** A human's move (its index among the legal moves), for the series once it is open. */
  handOver(index) {
    if (this.opening) this.answers.push(index);
  }

  /**
   * Opens the series if needed and goes on: the next human move, if any, is handed over, and the
   * series plays until a human is asked → { moves, ask, over, link, decisions }, or { error }
   * when it could not go on; null when `wanted()` turned false meanwhile (the game was replaced:
   * what came back, answer or error, is for a game no longer shown).
   */
  async step(wanted = () => true) {
    try {
      this.opening ??= this.open();
      const series = await this.opening;
      if (!wanted()) return null;
      const r = await series.step(this.answers.length ? this.answers.shift() : null);
      return wanted() ? r : null;
    } catch (error) {
      return wanted() ? { error } : null;
    }
  }

  /** Ends the series in the sandbox; the next step opens a new one. */
  close() {
    this.opening?.then((s) => s.close(), () => {});
    this.opening = null;
    this.answers = [];
  }
}
