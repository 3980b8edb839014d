// A program's Punter seat (docs/PROGRAMS.md), on the sandbox side: every request is a fresh
// instance of the module in its own worker (www/program-run.js) speaking the official offline
// protocol — it says its name, is answered (www/punter/offline.js, inside the worker), gets the
// request and answers one message, which the engine reads (`offlineAnswer`) as the CLI reads an
// `exe:` or `wasm:` seat's. The clock is this side's: the official 10 s setup and 1 s a move
// (the engine's limit for the request) cover the whole instance. A timeout is a timeout (ten make
// a zombie); a program that crashed, wrote something that is not a message or was refused is
// gone, as the official server made such a punter a zombie.
const CONVERSATION = new URL('./offline.js', import.meta.url).href;
/** The largest message (16 MiB, the engine's limit) and its handshake. */
const MAX_STDOUT = (16 << 20) + 64;
const runner = () => import('../program-run.js');

/**
 * A seat for the program `{ program, args, label }`, seeded with `seed` → { decide(message,
 * step) → { answer, error, printed, ms, timeout, stopped, name }, close() }.
 */
export async function openProgramSeat(engine, { program, args }, seed) {
  const { ProgramSeat } = await runner();
  const seat = new ProgramSeat(program, { args, seed, game: 'punter' });
  return {
    async decide(message, { limitMs = 10000, view } = {}) {
      // The request exactly as the engine wrote it (a state's numbers untouched).
      const request = typeof view === 'string' ? view : typeof message === 'string' ? message : JSON.stringify(message);
      const parsed = typeof message === 'string' ? JSON.parse(message) : message;
      const answers = !(parsed && 'stop' in parsed);
      const r = await seat.run({ conversation: { url: CONVERSATION, data: { request, answers, sent: false } }, limitMs, maxStdout: MAX_STDOUT });
      const base = { printed: r.printed ?? '', ms: r.ms ?? 0 };
      if (r.timeout) return { ...base, answer: 'null', error: `no answer within ${limitMs / 1000} s`, timeout: true, stopped: false };
      const out = r.stdoutBytes ?? new TextEncoder().encode(r.stdout ?? '');
      let read;
      try {
        read = engine.offlineAnswer(out, answers);
      } catch (e) {
        const why = r.error ? `${r.error}` : e.message;
        return { ...base, answer: 'null', error: why, timeout: false, stopped: true };
      }
      return { ...base, answer: read.answer ?? 'null', error: null, timeout: false, stopped: false, name: read.name };
    },
    close() { seat.close(); },
  };
}
