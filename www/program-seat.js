// A program's seat in a game without an official program protocol (docs/PROGRAMS.md "our
// protocol"): every decision is a fresh instance of the module in its own worker
// (www/program-run.js), handed one line `{"view": VIEW, "state": STATE}` and answering one line
// `{"move": MOVE, "state": STATE2}`. The engine writes the request and reads the answer
// (`programRequest`, `programAnswer`: the same code as the CLI's `exe:` and `wasm:` seats); the
// state is kept here, as the program's JSON text, between its decisions.
const runner = () => import('./program-run.js');
/** The longest answer (the engine's limit, 256 KiB) and a little more, so a longer one is named. */
const MAX_STDOUT = 256 * 1024 + 1024;

/**
 * A seat for the program `{ program, args }` in game `game`, seeded with `seed`, `limitMs` a
 * decision → { ask(view) → { move (the answer's move, parsed), error, printed, ms, timeout },
 * close() }. A crash or an answer that does not read fails that decision with the reason (the
 * game plays its fallback) and the next starts a fresh instance as usual; a decision over the
 * limit stops the program for the rest of the game (every later decision fails at once, saying
 * so), as a JavaScript strategy stuck in a loop is.
 */
export async function openProgramSeat(engine, { program, args }, { game, seed, limitMs }) {
  const { ProgramSeat } = await runner();
  const seat = new ProgramSeat(program, { args, seed, game });
  let state = null;
  let stopped = null; // why it was stopped, once a decision ran over the limit
  return {
    async ask(view) {
      if (stopped) return { move: null, printed: '', ms: 0, error: `not asked: the program was stopped at an earlier decision (${stopped})`, timeout: true };
      const stdin = engine.programRequest(typeof view === 'string' ? view : JSON.stringify(view), state ?? undefined);
      const r = await seat.run({ stdin, untilLine: true, limitMs, maxStdout: MAX_STDOUT });
      const base = { move: null, printed: r.printed ?? '', ms: r.ms ?? 0 };
      if (r.timeout) {
        stopped = `no answer within ${limitMs} ms`;
        return { ...base, error: `no answer within ${limitMs} ms (an infinite loop?): the program was stopped`, timeout: true };
      }
      let read;
      try {
        read = engine.programAnswer(r.stdoutBytes ?? new TextEncoder().encode(r.stdout ?? ''));
      } catch (e) {
        return { ...base, error: r.error ? `${r.error}` : e.message, timeout: false };
      }
      if (read.state !== null && read.state !== undefined) state = read.state;
      return { ...base, move: JSON.parse(read.move), error: null, timeout: false };
    },
    close() { seat.close(); },
  };
}
