//! Playing a planned path with the real engine: shaving beards in the way, waiting out a
//! falling rock, and planning again (avoiding cells that proved deadly) when the mine moved.

use super::plan::{Goal, Grid, Kind, Planner, DIRS};
use crate::{Cell, Command, Lifter, Outcome};

/// How a macro move ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Done {
    Reached,
    Won,
    Failed,
}

/// Limits of one macro move.
const REPLANS: usize = 4;
const WAITS: usize = 3;

/// Counts the commands simulated.
pub(super) struct Meter {
    pub steps: u64,
    /// Other work (hashing mines, growing beards), in step equivalents.
    pub extra: u64,
    /// What a step costs beyond the first unit (beards grow at every few steps).
    pub per_step: u64,
}

impl Meter {
    pub fn count_step(&mut self) {
        self.steps += 1;
        self.extra += self.per_step;
    }

    /// Sets the cost of steps from the number of beards in `game`.
    pub fn price(&mut self, grid: &Grid, game: &Lifter) {
        if !grid.beards {
            return;
        }
        let beards = game.cells().iter().filter(|&&c| c == Cell::Beard).count() as u64;
        self.extra += game.cells().len() as u64 / 256;
        self.per_step = beards / u64::from(game.meta().growth.max(1));
    }

    fn step(&mut self, game: &mut Lifter, cmd: Command, route: &mut Vec<u8>) -> bool {
        self.count_step();
        if game.step(cmd).is_err() {
            return false;
        }
        route.push(cmd.to_char() as u8);
        true
    }

    /// Plays `cmd`; takes it back and answers false if the robot died.
    fn safe(&mut self, game: &mut Lifter, cmd: Command, route: &mut Vec<u8>) -> bool {
        if !self.step(game, cmd, route) {
            return false;
        }
        if game.outcome() == Some(Outcome::Lose) {
            game.undo();
            route.pop();
            return false;
        }
        true
    }
}

fn dir_index(cmd: Command) -> usize {
    DIRS.iter().position(|&d| d == cmd).unwrap_or(0)
}

/// Moves the robot along `path` toward `goal`, appending the commands to `route`.
pub(super) fn follow(
    grid: &Grid,
    planner: &mut Planner,
    meter: &mut Meter,
    game: &mut Lifter,
    route: &mut Vec<u8>,
    goal: Goal,
    mut path: Vec<(Command, u32)>,
) -> Done {
    let mut banned: Vec<u32> = Vec::new();
    let mut replans = 0;
    let mut i = 0;
    loop {
        if game.outcome() == Some(Outcome::Win) {
            return Done::Won;
        }
        if game.outcome().is_some() {
            return Done::Failed;
        }
        let here = grid.robot(game);
        if here == goal.cell && (i >= path.len() || goal.kind != Kind::Push) {
            if goal.kind == Kind::Shave && !meter.safe(game, Command::Shave, route) {
                return Done::Failed;
            }
            return Done::Reached;
        }
        let mut ok = i < path.len();
        if ok {
            let (cmd, expect) = path[i];
            ok = move_once(grid, meter, game, route, cmd);
            if ok && grid.robot(game) != expect && game.outcome().is_none() {
                ok = false;
            } else if !ok {
                banned.push(expect);
            }
            i += 1;
        }
        if ok {
            continue;
        }
        if game.outcome() == Some(Outcome::Win) {
            return Done::Won;
        }
        if replans >= REPLANS || game.outcome().is_some() {
            return Done::Failed;
        }
        replans += 1;
        planner.survey(grid, game, &banned, usize::MAX, Some(goal.cell));
        match planner.path(goal.cell) {
            Some(p) if !p.is_empty() => {
                path = p;
                i = 0;
            }
            _ => return Done::Failed,
        }
    }
}

/// One move, shaving first when it enters a beard, and waiting up to a few times when the move
/// would be deadly now. False when it could not be made safely (nothing is played then).
fn move_once(
    grid: &Grid,
    meter: &mut Meter,
    game: &mut Lifter,
    route: &mut Vec<u8>,
    cmd: Command,
) -> bool {
    let here = grid.robot(game);
    let into = grid.step(here, dir_index(cmd)).map(|n| game.cells()[n as usize]);
    let mut played = 0;
    if into == Some(Cell::Beard) && game.razors() > 0 {
        if !meter.safe(game, Command::Shave, route) {
            return false;
        }
        played += 1;
    }
    for wait in 0..=WAITS {
        if wait > 0 {
            if !meter.safe(game, Command::Wait, route) {
                break;
            }
            played += 1;
        }
        if meter.safe(game, cmd, route) {
            return true;
        }
    }
    for _ in 0..played {
        game.undo();
        route.pop();
    }
    false
}
