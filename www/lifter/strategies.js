// Your Lifter solvers, as every tab takes them: the kept list's configuration (its examples and
// program examples, the drafts kept before the list), the selected solver's code and what a run
// plays. The lab (lab.js), the A/B test (ab.js), all maps, Play and the replay import it; it
// imports none of them.
import { bots, botSource, configureBots, legacyBots } from '../bots.js';

const DRAFT = 'lifter.code.v1';
const PROGRAM = 'lifter.program.v1';
/** Example programs (docs/PROGRAMS.md), their sources in the repository. */
export const PROGRAM_EXAMPLES = [
  { name: 'A lambda collector in C', url: 'examples/programs/lifter-c/lifter-c.wasm', note: 'source: examples/programs/lifter-c' },
];

export const EXAMPLES = [
  ['next(state): walk to the nearest lambda', `// Called before every command with the mine as it is now. Return one
// command: "L" "R" "U" "D" (move), "W" (wait), "S" (shave), "A" (abort).
// state: { map, width, height, robot: {x, y}, score, moves, lambdas,
//   totalLambdas, liftOpen, razors, water, flooding, waterproof,
//   underwater, growth, growthIn, trampolines, commandsLeft }
// x and y count from 1; y = 1 is the bottom row of the map.
function next(state) {
  const rows = state.map.split("\\n");
  const at = (x, y) => (rows[state.height - y] ?? "")[x - 1] ?? "#";
  const goal = state.liftOpen ? "O" : "\\\\";
  const open = (c) => " .\\\\!O".includes(c);
  const moves = [["L", -1, 0], ["R", 1, 0], ["U", 0, 1], ["D", 0, -1]];
  // Breadth-first search to the nearest goal; answer its first step.
  const seen = new Set([state.robot.x + "," + state.robot.y]);
  const queue = [[state.robot.x, state.robot.y, null]];
  for (let i = 0; i < queue.length; i++) {
    const [x, y, first] = queue[i];
    if (first && at(x, y) === goal) return first;
    for (const [m, dx, dy] of moves) {
      const nx = x + dx, ny = y + dy;
      if (seen.has(nx + "," + ny) || !open(at(nx, ny))) continue;
      if (m === "D" && at(x, y + 1) === "*") continue; // the rock above would follow us down
      seen.add(nx + "," + ny);
      queue.push([nx, ny, first ?? m]);
    }
  }
  return "A"; // nothing reachable: abort and keep 50 points per lambda
}
`],
  ['next(state): draw the plan (debug marks)', `// The nearest-lambda walker, drawing its plan on the mine: the path it
// means to walk and its goal. Watch a run: the replay draws each
// command's marks at its turn ("Show marks" switches them off).
function next(state) {
  const rows = state.map.split("\\n");
  const at = (x, y) => (rows[state.height - y] ?? "")[x - 1] ?? "#";
  const goal = state.liftOpen ? "O" : "\\\\";
  const open = (c) => " .\\\\!O".includes(c);
  const moves = [["L", -1, 0], ["R", 1, 0], ["U", 0, 1], ["D", 0, -1]];
  const from = new Map([[state.robot.x + "," + state.robot.y, null]]);
  const queue = [[state.robot.x, state.robot.y]];
  for (let i = 0; i < queue.length; i++) {
    const [x, y] = queue[i];
    if (i > 0 && at(x, y) === goal) {
      const path = [];
      for (let p = [x, y]; p; p = from.get(p[0] + "," + p[1])) path.unshift(p);
      draw.path(path, { colour: "cyan", label: "plan" });
      draw.cell(x, y, { colour: "yellow", label: state.liftOpen ? "lift" : "lambda" });
      const [nx, ny] = path[1];
      return nx < state.robot.x ? "L" : nx > state.robot.x ? "R" : ny > state.robot.y ? "U" : "D";
    }
    for (const [m, dx, dy] of moves) {
      const nx = x + dx, ny = y + dy;
      if (from.has(nx + "," + ny) || !open(at(nx, ny))) continue;
      if (m === "D" && at(x, y + 1) === "*") continue;
      from.set(nx + "," + ny, [x, y]);
      queue.push([nx, ny]);
    }
  }
  return "A";
}
`],
  ['solve(map): a fixed route', `// Called once with the map text (rows from the top, then metadata lines).
// Return the whole route as a string of commands: L R U D W S A.
function solve(map) {
  const rows = map.split("\\n");
  console.log("rows:", rows.length);
  return "DLRDDUULLLDDL"; // wins contest1; on other maps the engine scores what it does
}
`],
  ['next(state): a random walk', `// Math.random is seeded, so every run gives the same walk.
function next(state) {
  if (state.moves >= 60) return "A";
  return "LRUD"[Math.floor(Math.random() * 4)];
}
`],
  ['A loop (watch the sandbox stop it)', `function next(state) {
  while (true) {}
}
`],
];

// Your bots: the draft and program kept before the list existed become the first.
configureBots('lifter', {
  fresh: () => ({ name: 'My bot', language: 'js', code: { js: EXAMPLES[0][1] } }),
  legacy: () => legacyBots({ draft: DRAFT, program: PROGRAM }),
  programExamples: PROGRAM_EXAMPLES,
});

/** The selected bot's code (a program bot: the code it keeps): what re-runs and Continue from here run. */
export function loadCode() {
  return bots.selected('lifter').code?.js ?? EXAMPLES[0][1];
}

/** Your selected solver: its code, or the program it runs (`{ program, args, label }`). */
export async function labSolver() {
  return botSource('lifter');
}
