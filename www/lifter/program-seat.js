// A Lifter program (docs/PROGRAMS.md): the 2012 contest's interface in a worker of its own
// (www/program-run.js). The map text goes on its stdin, its route comes out on stdout. A browser
// cannot send SIGINT, so at the time limit the program is stopped and the route printed by then
// is judged (the worker hands its output out as it is written); ARCADE_TIME_LIMIT_MS tells the
// program the limit, so it can print in time. Characters that are not commands are ignored and
// the route is cut at width × height, as `arcade lifter judge` does (the engine's `setRoute`).
const runner = () => import('../program-run.js');
/** A Lifter program's ARCADE_SEED: 0, as `arcade lifter judge` gives it (a map is the whole game). */
const PROGRAM_SEED = 0;
/** The most route read (far beyond any map's width × height), as the CLI's judge. */
const MAX_ROUTE = 16 << 20;

const ignoredCount = (text) => (text.match(/[^LRUDWSA\s]/g) ?? []).length;

/** One run of the program on `text` within `limitMs` → { route, printed, note, error }. */
async function runOnce({ program, args }, seed, text, limitMs) {
  const { ProgramSeat } = await runner();
  const seat = new ProgramSeat(program, { args, seed, game: 'lifter' });
  try {
    const r = await seat.run({ stdin: text, limitMs, maxStdout: MAX_ROUTE });
    const route = r.stdout ?? '';
    const notes = [];
    if (r.timeout) notes.push(`stopped at the time limit (${limitMs / 1000} s): the route printed by then is judged`);
    else if (r.error) notes.push(`${r.error}; the route printed before is judged`);
    const ignored = ignoredCount(route);
    if (ignored) notes.push(`${ignored} characters ignored`);
    return { route, printed: r.printed ?? '', note: notes.join('; ') || undefined, ms: r.ms };
  } finally { seat.close(); }
}

/**
 * The Your solver tab's run of a program: { source: { program, args }, text, budgetMs } → the
 * scored result (`scored(route, extra)`, as a `solve` run).
 */
export async function solveByProgram(params, scored) {
  const r = await runOnce(params.source, PROGRAM_SEED, params.text, params.budgetMs);
  return scored(r.route, { kind: 'program', printed: r.printed, note: r.note });
}

/**
 * The program as a seat of the series, a command a question (Continue from here with a program,
 * a re-run): at its first question it is run on the mine as it is then (the view's map) with
 * the route's time, 150 s as in the contest; its route is then answered command by command, and
 * when it is used up the robot aborts (the game ends as a route's end ends it).
 */
export async function programCommands(source, limitMs = 150000) {
  let route = null;
  let k = 0;
  return {
    async decide(view) {
      if (route === null) {
        const r = await runOnce(source, PROGRAM_SEED, view.map, limitMs);
        route = (r.route.match(/[LRUDWSA]/g) ?? []);
        return { answer: route[k++] ?? 'A', error: null, printed: r.printed, timeout: false, ms: r.ms };
      }
      return { answer: route[k++] ?? 'A', error: null, printed: '', timeout: false, ms: 0 };
    },
    close() {},
  };
}
